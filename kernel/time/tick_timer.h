/*
 * kernel/time/tick_timer.h - a timer counted in ticks: alarm and
 * ITIMER_REAL, the POSIX timers and timerfd are each one of these.
 *
 * Each kind keeps its armed timers on a list of its own, and its tick
 * function (run_real_timers, run_posix_timers, run_timerfds, from CPU 0's
 * tick) asks tick_timer_expired of each; what an expiry does (a signal,
 * a wake-up) is the kind's business.  A value is rounded up to whole ticks
 * and the tick under way is added, since part of it has passed already:
 * a timer never fires early.  A periodic timer moves on by whole intervals
 * from when it was due, so it does not drift, and the intervals it missed
 * are counted for the kind (a POSIX timer's overrun, timerfd's count).
 *
 *   list --> [tick_timer: expires = jiffies + ticks + 1, interval] --> ...
 *
 * Everything here runs with interrupts off.
 */
#ifndef KERNEL_TIME_TICK_TIMER_H
#define KERNEL_TIME_TICK_TIMER_H

#include "kernel/list.h"
#include "kernel/time/time.h"

struct tick_timer {
	struct list_head active;	/* on its kind's list while armed */
	u32 expires;			/* jiffies, while armed */
	u32 interval;			/* ticks; 0 for a one-shot timer */
};

static inline void tick_timer_init(struct tick_timer *t)
{
	INIT_LIST_HEAD(&t->active);
	t->expires = 0;
	t->interval = 0;
}

static inline bool tick_timer_armed(const struct tick_timer *t)
{
	return !list_empty(&t->active);
}

/* Disarm t, then arm it on list to expire after value and every interval
 * after that; a zero value leaves it disarmed. */
void tick_timer_set(struct tick_timer *t, struct list_head *list,
		    const struct timespec64 *value,
		    const struct timespec64 *interval);
/* Take t off its list. */
void tick_timer_disarm(struct tick_timer *t);
/*
 * t's time left and interval.  The whole ticks left are one less than
 * expires - jiffies (the tick under way is partly gone), never more than
 * the value set; an armed timer shows at least one.
 */
void tick_timer_get(const struct tick_timer *t, struct itimerspec64 *cur);
/* At a tick: 0 while t is not due; else the expiries since the last time
 * it was due (at least 1), a periodic t moved on past now and a one-shot
 * one disarmed. */
u32 tick_timer_expired(struct tick_timer *t);

#endif
