/*
 * kernel/time/tsc.h - time finer than the tick, from the time-stamp counter.
 *
 * jiffies counts 10 ms ticks.  On a CPU with a TSC (a Pentium or later)
 * its rate is measured at boot and refined by the tick every two seconds,
 * and the time since boot can be read to the nanosecond; on a 386 or 486
 * it stays whole ticks.
 */
#ifndef KERNEL_TIME_TSC_H
#define KERNEL_TIME_TSC_H

#include "kernel/time/timer.h"
#include "kernel/types.h"

/* The window over which the tick measures the TSC's rate: 2 s. */
#define TSC_REFINE_TICKS (2 * HZ)

/* Measure the TSC's rate against the PIT (10 ms of busy waiting); kmain
 * calls it once, after timer_init, with interrupts off. */
void tsc_init(void);
/* Whether tsc_init found the rate: the times below are finer than a tick. */
bool tsc_measured(void);
/* Nanoseconds since timer_init: by the TSC, in whole ticks without one.
 * Never goes back, and never reads less than jiffies * 10 ms. */
u64 ktime_get_ns(void);
/* The timer interrupt calls it at each tick, before it counts it: it
 * returns the ticks this one stands for (1, or more when the ones before
 * it were lost, or 0 when the last counted this one already; 1 when
 * !tsc_measured()), and measures the TSC's rate against the ticks over a
 * window and adopts a better one. */
u32 tsc_tick(void);
/* The rate in use, TSC cycles per tick; 0 when !tsc_measured(). */
u32 tsc_cycles_per_tick(void);
/* Use a new rate from now on; the clock goes on from what it reads now.
 * Nothing happens when !tsc_measured(). */
void tsc_set_cycles_per_tick(u32 rate);
/* The rate to use after a window of ticks ticks took cycles TSC cycles,
 * when rate was in use: the window's, unless it is within 1/1000 of rate
 * (or the window is empty). */
u32 tsc_refine_rate(u32 rate, u64 cycles, u32 ticks);
/* The tick's window: the TSC at the PIT's edge for its first tick and
 * for the last, and the ticks since the first, lost ones included.  It
 * opens at the first tick after a rate was set. */
struct tsc_window {
	u64 start_tsc;
	u64 last_tsc;
	u32 ticks;
	bool open;
};
/* One tick, whose PIT edge was at TSC edge, with rate in use: the ticks
 * it stands for, as tsc_tick() returns them, and in *refined the rate to
 * use from now on (rate, or the window's once TSC_REFINE_TICKS passed). */
u32 tsc_window_tick(struct tsc_window *w, u64 edge, u32 rate, u32 *refined);
/* The TSC now, or 0 on a CPU without one. */
u64 tsc_cycles(void);
/* A count of TSC cycles in nanoseconds; 0 when !tsc_measured(). */
u64 tsc_cycles_to_ns(u64 cycles);

#endif
