/*
 * kernel/time/cpu_timers.h - what counts a process's CPU time: the
 * ITIMER_VIRTUAL and ITIMER_PROF interval timers and RLIMIT_CPU
 * (kernel/time/cpu_timers.c).
 */
#ifndef KERNEL_TIME_CPU_TIMERS_H
#define KERNEL_TIME_CPU_TIMERS_H

#include "kernel/types.h"

struct task_struct;

/* One CPU-time interval timer, in ticks of the process's CPU time: value
 * ticks to go (0: disarmed), then interval ticks again (0: once). */
struct cpu_itimer {
	u32 value;
	u32 interval;
};

/* The two timers of struct signal_struct's it[]. */
#define CPU_ITIMER_VIRTUAL 0 /* user time: SIGVTALRM */
#define CPU_ITIMER_PROF 1 /* user and system time: SIGPROF */

/*
 * From every CPU's tick, with the big kernel lock: the tick found t
 * running (in user mode if user_tick).  Charges it to t's process and
 * sends what its timers and its CPU limit call for.
 */
void cpu_timers_tick(struct task_struct *t, bool user_tick);

#endif
