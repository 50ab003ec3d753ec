/*
 * kernel/smp/percpu.h - each processor's own area: who it is, its
 * descriptor tables, its idle stack and its counters.
 *
 * An AP's area is two pages, the struct at the bottom and the idle stack
 * above it, growing down towards it (as Linux keeps thread_info under a
 * kernel stack):
 *
 *   area + CPU_AREA_SIZE +------------------------+ <- idle stack top, the
 *                        | idle stack             |    AP's first esp (and
 *                        |   grows down           |    its TSS esp0)
 *                        |          ...           |
 *                        +------------------------+
 *                        | struct cpu_area        |
 *                        |   cpu, apicid          |
 *                        |   gdt -> gdt_table     |    GDT_ENTRIES descriptors
 *                        |   tss -> tss_table     |
 *                        |   counters             |
 *                        |   cpu_data (CPUID)     |
 *   area                 +------------------------+
 *
 * CPU 0's area is a static struct: its GDT and TSS are the ones
 * kernel/cpu/gdt.c loaded at the first instruction (boot_gdt, cpu_tss)
 * and its stack is boot.asm's, so its gdt and tss point there.
 *
 * Each counter is written only by its own CPU (in its interrupt
 * handlers), so none needs a lock; anyone may read them.
 */
#ifndef KERNEL_SMP_PERCPU_H
#define KERNEL_SMP_PERCPU_H

#include "kernel/cpu/cpu.h"
#include "kernel/cpu/gdt.h"
#include "kernel/sched/cputime.h"
#include "kernel/smp/smp.h"
#include "kernel/types.h"

#define CPU_AREA_ORDER 1
#define CPU_AREA_SIZE (4096u << CPU_AREA_ORDER)

struct cpu_area {
	int cpu; /* smp_processor_id() */
	u8 apicid; /* its local APIC's id */
	struct desc_struct *gdt;
	struct tss_struct *tss;
	u32 stack_top; /* the idle stack's top (CPU 0: boot_stack_top) */

	/* Statistics, /proc/interrupts' columns. */
	u32 apic_timer_irqs; /* LOC */
	u32 irq_call_count; /* CAL */
	u32 irq_spurious_count; /* SPU */
	u32 irq_error_count; /* APIC errors (ERR sums them) */
	struct kernel_cpustat kcpustat; /* /proc/stat's cpuN line */

	/* What CPUID says about this CPU (/proc/cpuinfo): CPU 0's is
	 * boot_cpu, an AP's is read when it calls in. */
	struct cpuinfo_x86 cpu_data;

	/* Start-up: set by the AP when it runs (callin) and when its
	 * timer is ticking and it is ready for calls (online). */
	volatile int callin;
	volatile int online;

	/* smp_call_function's handshake (kernel/smp/smp.c): the sequence
	 * number of the last call this CPU took and finished. */
	volatile u32 call_started;
	volatile u32 call_finished;

	/* An AP's own tables; CPU 0 uses kernel/cpu/gdt.c's. */
	struct desc_struct gdt_table[GDT_ENTRIES];
	struct tss_struct tss_table;
};

_Static_assert(sizeof(struct cpu_area) <= 1024, "the idle stack keeps room");

/* The area of CPU cpu; NULL if it was never started. */
extern struct cpu_area *cpu_areas[NR_CPUS];

static inline struct cpu_area *cpu_area(int cpu)
{
	return cpu_areas[cpu];
}

/* This CPU's area (see smp_processor_id() for when that is stable). */
static inline struct cpu_area *this_cpu_area(void)
{
	return cpu_areas[smp_processor_id()];
}

#endif
