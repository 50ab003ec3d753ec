/*
 * kernel/cpu/nmi.h - the non-maskable interrupt: a look at every CPU and
 * task, then the machine carries on (kernel/cpu/nmi.c).
 */
#ifndef KERNEL_CPU_NMI_H
#define KERNEL_CPU_NMI_H

void nmi_init(void);

#endif
