/*
 * kernel/sched/cputime.c - charging each tick to its CPU's user, system,
 * interrupt or idle time (see kernel/sched/cputime.h), as Linux's
 * tick-based accounting does.
 *
 * Every CPU's tick calls account_process_tick with the task it
 * interrupted: sched_tick does, and an AP's local APIC timer handler for
 * a tick that came while the CPU was without the big kernel lock.  It
 * runs in the timer interrupt of the CPU it charges, interrupts off.
 *
 * Not counted, as Mapback has no such state: nice (no task has a nice
 * value above 0), iowait (no count of tasks waiting for I/O), softirq (no
 * softirqs), steal and guest (no hypervisor).  Those columns read 0.
 */
#include "kernel/sched/cputime.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/smp/percpu.h"

static void account(enum cpu_usage_stat index)
{
	this_cpu_area()->kcpustat.cpustat[index]++;
}

void account_process_tick(struct task_struct *p, int user_tick)
{
	if (user_tick)
		account(CPUTIME_USER);
	else if (p->irq_depth > 1)
		account(CPUTIME_IRQ);
	else if (p->flags & PF_IDLE)
		account(CPUTIME_IDLE);
	else
		account(CPUTIME_SYSTEM);
}

const struct kernel_cpustat *kcpustat_cpu(int cpu)
{
	return &cpu_area(cpu)->kcpustat;
}
