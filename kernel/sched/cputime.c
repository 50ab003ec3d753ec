/*
 * kernel/sched/cputime.c - charging each tick to its CPU's user, system,
 * interrupt or idle time (see kernel/sched/cputime.h), as Linux's
 * tick-based accounting does.
 *
 * The scheduler's tick (sched_tick) calls account_process_tick with the
 * task it interrupted; a CPU that runs no task yet counts its ticks as
 * idle with account_idle_ticks (its local APIC timer's handler).  Both run
 * in the timer interrupt of the CPU they charge, with interrupts off.
 *
 * Not counted, as Mapback has no such state: nice (no task has a nice
 * value above 0), iowait (no count of tasks waiting for I/O), softirq (no
 * softirqs), steal and guest (no hypervisor).  Those columns read 0.
 */
#include "kernel/sched/cputime.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/smp/percpu.h"

static void account(enum cpu_usage_stat index, u32 ticks)
{
	this_cpu_area()->kcpustat.cpustat[index] += ticks;
}

void account_process_tick(struct task_struct *p, int user_tick)
{
	if (user_tick)
		account(CPUTIME_USER, 1);
	else if (p->irq_depth > 1)
		account(CPUTIME_IRQ, 1);
	else if (p->flags & PF_IDLE)
		account(CPUTIME_IDLE, 1);
	else
		account(CPUTIME_SYSTEM, 1);
}

void account_idle_ticks(u32 ticks)
{
	account(CPUTIME_IDLE, ticks);
}

const struct kernel_cpustat *kcpustat_cpu(int cpu)
{
	return &cpu_area(cpu)->kcpustat;
}
