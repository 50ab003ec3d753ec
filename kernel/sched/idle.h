/*
 * kernel/sched/idle.h - the idle loop, and how long each CPU has been idle.
 */
#ifndef KERNEL_SCHED_IDLE_H
#define KERNEL_SCHED_IDLE_H

#include "kernel/types.h"

/* Each CPU's idle task ends here (the boot thread on CPU 0), holding the
 * big kernel lock. */
void __noreturn cpu_idle(void);
/* An interrupt has woken the CPU: its handler's work is not idle time.
 * trap() calls it first, with interrupts off.  True if the CPU was halted
 * in idle. */
bool idle_stop(void);
/* The ticks that found an idle task running, all CPUs (/proc/stat,
 * /proc/uptime), and those of one CPU. */
u32 idle_ticks(void);
u32 idle_ticks_cpu(int cpu);
/* Nanoseconds spent halted since boot, all CPUs summed as /proc/uptime
 * sums them, or one CPU's up to the TSC reading cycles (a halt under way
 * included); and the number of halts (idle_calls, all CPUs);
 * /proc/timer_list prints them. */
u64 get_cpu_idle_time_ns(void);
u64 get_cpu_idle_time_ns_at(int cpu, u64 cycles);
u32 idle_calls(void);

#endif
