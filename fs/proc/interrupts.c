/*
 * fs/proc/interrupts.c - /proc/interrupts in Linux 6.1's format: a column
 * per online CPU, a line per device IRQ, then the interrupts the local
 * APIC delivers (Linux's show_interrupts and x86's arch_show_interrupts).
 *
 *              CPU0       CPU1
 *     0:       2081          0    XT-PIC   0-edge      timer
 *   LOC:          0       2079   Local timer interrupts
 *
 * Device interrupts come to CPU 0 only, through the I/O APIC (the line
 * names the pin: "IO-APIC   2-edge      timer", ISA IRQ 0 on QEMU's pin 2)
 * or the 8259 ("XT-PIC"), so their other columns are 0.  CPU 0's tick is the
 * PIT's IRQ 0; only the APs' local APIC timers count in LOC.  TLB counts
 * the flush requests a CPU received (mm/phys/tlb.c); each also came as a
 * function call, so CAL counts it too, as on Linux.  The width
 * of the number column is Linux's for fewer than 1000 IRQs.
 */
#include "fs/proc/procfs.h"
#include "kernel/cpu/trap.h"
#include "kernel/smp/percpu.h"
#include "mm/phys/tlb.h"

/* A per-CPU line: field is the offset of a u32 counter in cpu_area. */
static void cpu_line(struct seq_buf *m, const char *name, size_t field,
		     const char *what)
{
	int cpu;

	seq_printf(m, "%3s: ", name);
	for_each_online_cpu(cpu)
		seq_printf(m, "%10u ", *(u32 *)((char *)cpu_area(cpu) + field));
	seq_printf(m, "  %s\n", what);
}

static u32 total_errors(void)
{
	u32 n = 0;
	int cpu;

	for_each_online_cpu(cpu)
		n += cpu_area(cpu)->irq_error_count;
	return n;
}

void proc_interrupts_show(struct seq_buf *m, struct task_struct *t)
{
	int irq, cpu, hwirq;
	const struct irq_chip *chip;
	const char *flow;

	(void)t;
	seq_printf(m, "%11s", "");
	for_each_online_cpu(cpu)
		seq_printf(m, "CPU%-8d", cpu);
	seq_putc(m, '\n');
	for (irq = 0; irq < NR_IRQS; irq++) {
		if (!irq_name(irq))
			continue;
		seq_printf(m, "%3d: ", irq);
		for_each_online_cpu(cpu)
			seq_printf(m, "%10u ", cpu == 0 ? kstat_irqs(irq) : 0);
		chip = irq_get_chip(irq, &hwirq, &flow);
		seq_printf(m, " %8s %3d-%-8s  %s\n", chip->name, hwirq, flow,
			   irq_name(irq));
	}
	cpu_line(m, "LOC", offsetof(struct cpu_area, apic_timer_irqs),
		 "Local timer interrupts");
	cpu_line(m, "SPU", offsetof(struct cpu_area, irq_spurious_count),
		 "Spurious interrupts");
	cpu_line(m, "RES", offsetof(struct cpu_area, irq_resched_count),
		 "Rescheduling interrupts");
	cpu_line(m, "CAL", offsetof(struct cpu_area, irq_call_count),
		 "Function call interrupts");
	seq_printf(m, "%3s: ", "TLB");
	for_each_online_cpu(cpu)
		seq_printf(m, "%10u ", irq_tlb_count[cpu]);
	seq_printf(m, "  %s\n", "TLB shootdowns");
	seq_printf(m, "%3s: %10u\n", "ERR", total_errors());
}
