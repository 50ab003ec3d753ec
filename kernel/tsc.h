/*
 * kernel/tsc.h - time finer than the tick, from the time-stamp counter.
 *
 * jiffies counts 10 ms ticks.  On a CPU with a TSC (a Pentium or later)
 * its rate is measured at boot, and the time since then can be read to
 * the nanosecond; on a 386 or 486 it stays whole ticks.
 */
#ifndef KERNEL_TSC_H
#define KERNEL_TSC_H

#include "kernel/types.h"

/* Measure the TSC's rate against the PIT (10 ms of busy waiting); kmain
 * calls it once, after timer_init, with interrupts off. */
void tsc_init(void);
/* Whether tsc_init found the rate: the times below are finer than a tick. */
bool tsc_measured(void);
/* Nanoseconds since tsc_init by the TSC, or since timer_init in whole
 * ticks without one.  Never goes back. */
u64 ktime_get_ns(void);
/* The TSC now, or 0 on a CPU without one. */
u64 tsc_cycles(void);
/* A count of TSC cycles in nanoseconds; 0 when !tsc_measured(). */
u64 tsc_cycles_to_ns(u64 cycles);

#endif
