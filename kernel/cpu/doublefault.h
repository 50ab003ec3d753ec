/*
 * kernel/cpu/doublefault.h - vector 8 as a task gate to a TSS of its own, so a
 * kernel stack overflow ends in a panic with a backtrace, not a reset.
 */
#ifndef KERNEL_CPU_DOUBLEFAULT_H
#define KERNEL_CPU_DOUBLEFAULT_H

/* After gdt_init and trap_init: the TSS descriptor and the task gate. */
void doublefault_init(void);

#endif
