/*
 * kernel/sched/cputime.h - where each CPU's time goes, tick by tick: the
 * columns of /proc/stat's cpuN lines.
 *
 * Every tick charges one tick to one column of the CPU that took it:
 * user, system or idle (Linux's tick-based accounting, CONFIG_TICK_CPU_-
 * ACCOUNTING).  Each CPU writes only its own counters (struct cpu_area's
 * kcpustat, kernel/smp/percpu.h), in its own timer interrupt, so none
 * needs a lock; a reader on another CPU sees each u32 whole.
 */
#ifndef KERNEL_SCHED_CPUTIME_H
#define KERNEL_SCHED_CPUTIME_H

#include "kernel/types.h"

struct task_struct;

/* /proc/stat's columns, in its order (Linux's enum cpu_usage_stat). */
enum cpu_usage_stat {
	CPUTIME_USER,
	CPUTIME_NICE,
	CPUTIME_SYSTEM,
	CPUTIME_IDLE,
	CPUTIME_IOWAIT,
	CPUTIME_IRQ,
	CPUTIME_SOFTIRQ,
	CPUTIME_STEAL,
	CPUTIME_GUEST,
	CPUTIME_GUEST_NICE,
	NR_STATS,
};

/* Ticks (HZ is USER_HZ, 100, so they are /proc/stat's units). */
struct kernel_cpustat {
	u32 cpustat[NR_STATS];
};

/*
 * The tick found p running on this CPU, in user mode if user_tick:
 * charge the tick to user time, to idle time (p is this CPU's idle task
 * and the tick interrupted nothing else), to interrupt time (the tick
 * interrupted another handler) or to system time.  Interrupts are off.
 */
void account_process_tick(struct task_struct *p, int user_tick);

/* CPU cpu's counters (its area must exist). */
const struct kernel_cpustat *kcpustat_cpu(int cpu);

#endif
