/*
 * kernel/cpu/idt.h - the interrupt descriptor table.  kernel/cpu/trap.c fills it
 * through idt_set_gate() at boot; nothing else touches it.
 */
#ifndef KERNEL_CPU_IDT_H
#define KERNEL_CPU_IDT_H

#include "kernel/types.h"

#define IDT_ENTRIES 256		/* every vector the CPU has */

#define GATE_INTERRUPT 0xE	/* IF cleared on entry */
#define GATE_TRAP 0xF		/* IF left as it was */
#define GATE_TASK 0x5		/* hardware task switch to a TSS */

void idt_set_gate(int vector, u32 handler, int type, int dpl);
/* Vector switches to the task whose TSS descriptor is tss_selector. */
void idt_set_task_gate(int vector, u16 tss_selector);
void idt_load(void);

#endif
