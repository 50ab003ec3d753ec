/*
 * kernel/smp/percpu.h - each processor's own area: who it is, its
 * descriptor tables, its idle stack and its counters.
 *
 * An AP's area is one page; its idle task, with an ordinary kernel stack,
 * is made for it before it starts (kernel/smp/smpboot.c):
 *
 *   +------------------------+
 *   | struct cpu_area        |
 *   |   cpu, apicid          |
 *   |   gdt -> gdt_table     |    GDT_ENTRIES descriptors
 *   |   tss -> tss_table     |
 *   |   idle, curr, ...      |    the scheduler's per-CPU state
 *   |   counters             |
 *   |   cpu_data (CPUID)     |
 *   +------------------------+
 *
 * CPU 0's area is a static struct: its GDT and TSS are the ones
 * kernel/cpu/gdt.c loaded at the first instruction (boot_gdt, cpu_tss)
 * and its idle task is the boot thread.
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

struct task_struct;

struct cpu_area {
	int cpu; /* smp_processor_id() */
	u8 apicid; /* its local APIC's id */
	struct desc_struct *gdt;
	struct tss_struct *tss;
	u32 stack_top; /* the idle stack's top (CPU 0: boot_stack_top) */

	/* The scheduler's (kernel/sched/sched.c), under the BKL. */
	struct task_struct *idle; /* this CPU's idle task */
	struct task_struct *curr; /* the task running here */
	struct task_struct *last_prev; /* switched away from, for schedule_tail */
	u32 rt_period_ticks; /* ticks of this RT_PERIOD so far */
	u32 rt_ticks; /* of them, those a real-time task ran */
	bool rt_throttled; /* RT_RUNTIME used up: others run */

	/* Idle time (kernel/sched/idle.c), this CPU's own. */
	bool idle_halted; /* halted in idle since idle_entry */
	u64 idle_entry;
	u64 idle_ns; /* finished idle periods */
	u32 nr_idle_calls;

	/* Statistics, /proc/interrupts' columns. */
	u32 apic_timer_irqs; /* LOC */
	u32 irq_call_count; /* CAL */
	u32 irq_spurious_count; /* SPU */
	u32 irq_error_count; /* APIC errors (ERR sums them) */
	u32 irq_resched_count; /* RES */
	struct kernel_cpustat kcpustat; /* /proc/stat's cpuN line */

	/* What CPUID says about this CPU (/proc/cpuinfo): CPU 0's is
	 * boot_cpu, an AP's is read when it calls in. */
	struct cpuinfo_x86 cpu_data;

	/* Start-up: set by the AP when it runs (callin) and when its
	 * timer is ticking and it is ready for calls (online). */
	volatile int callin;
	volatile int online;

	/* smp_call_function's handshake (kernel/smp/smp.c): the sequence
	 * number of the last call sent to this CPU, and of the last one it
	 * took and finished. */
	volatile u32 call_wanted;
	volatile u32 call_started;
	volatile u32 call_finished;

	/* An AP's own tables; CPU 0 uses kernel/cpu/gdt.c's.  The
	 * double-fault TSS and stack too (kernel/cpu/doublefault.c). */
	struct desc_struct gdt_table[GDT_ENTRIES];
	struct tss_struct tss_table;
	struct tss_struct doublefault_tss;
	void *doublefault_stack;
};

_Static_assert(sizeof(struct cpu_area) <= 4096, "one page");

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
