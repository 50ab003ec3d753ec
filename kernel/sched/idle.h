/*
 * kernel/sched/idle.h - the idle loop, and how long the CPU has been idle.
 */
#ifndef KERNEL_SCHED_IDLE_H
#define KERNEL_SCHED_IDLE_H

#include "kernel/types.h"

/* The boot thread ends as the idle task here. */
void __noreturn cpu_idle(void);
/* An interrupt has woken the CPU: its handler's work is not idle time.
 * irq_dispatch calls it first, with interrupts off. */
void idle_stop(void);
/* The ticks that found the idle task running (/proc/stat, /proc/uptime). */
u32 idle_ticks(void);
/* Nanoseconds the CPU has spent halted since boot, and the number of
 * halts (idle_calls); /proc/timer_list prints them. */
u64 get_cpu_idle_time_ns(void);
u32 idle_calls(void);

#endif
