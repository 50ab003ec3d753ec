/*
 * kernel/cpu/doublefault.h - vector 8 as a task gate to a TSS of its own, so a
 * kernel stack overflow ends in a panic with a backtrace, not a reset.
 */
#ifndef KERNEL_CPU_DOUBLEFAULT_H
#define KERNEL_CPU_DOUBLEFAULT_H

#include "kernel/types.h"

struct cpu_area;

/* After gdt_init and trap_init: CPU 0's TSS descriptor, and the task gate
 * every CPU uses. */
void doublefault_init(void);
/* An AP's double-fault stack and TSS, when its cpu_area is made: false
 * without memory. */
bool doublefault_alloc_cpu(struct cpu_area *area);
/* On the AP, once its GDT is loaded: the slot the task gate names. */
void doublefault_init_cpu(struct cpu_area *area);

#endif
