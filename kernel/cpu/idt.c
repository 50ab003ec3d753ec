/*
 * kernel/cpu/idt.c - the 256 gate descriptors and LIDT.
 *
 * A gate names the code segment and offset of a stub in kernel/cpu/entry.asm,
 * its type (interrupt gate: the CPU clears IF; trap gate: it does not) and
 * the lowest privilege allowed to reach it with an INT instruction.  A task
 * gate names a TSS instead: the CPU switches to that task (the double
 * fault's, kernel/cpu/doublefault.c).
 * Vectors without a gate are not present: hitting one is a #GP.
 */
#include "kernel/cpu/idt.h"
#include "kernel/cpu/gdt.h"

struct gate_desc {
	u16 offset_low;
	u16 selector;
	u8 zero;
	u8 type_attr;	/* P, DPL, 0, type */
	u16 offset_high;
} __packed;

struct idt_ptr {
	u16 limit;
	u32 base;
} __packed;

static struct gate_desc idt[IDT_ENTRIES];

void idt_set_gate(int vector, u32 handler, int type, int dpl)
{
	struct gate_desc *g = &idt[vector];

	g->offset_low = handler & 0xFFFF;
	g->offset_high = handler >> 16;
	g->selector = KERNEL_CS;
	g->zero = 0;
	g->type_attr = 0x80 | (dpl << 5) | type;
}

void idt_set_task_gate(int vector, u16 tss_selector)
{
	struct gate_desc *g = &idt[vector];

	g->offset_low = 0;
	g->offset_high = 0;
	g->selector = tss_selector;
	g->zero = 0;
	g->type_attr = 0x80 | GATE_TASK;
}

void idt_load(void)
{
	struct idt_ptr idtr = { sizeof(idt) - 1, (u32)idt };

	asm volatile("lidt %0" : : "m"(idtr));
}
