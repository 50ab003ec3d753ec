/*
 * kernel/time/tick_timer.c - arming, reading and expiring a timer counted
 * in ticks (kernel/time/tick_timer.h).
 */
#include "kernel/time/tick_timer.h"
#include "kernel/lib/string.h"
#include "kernel/time/timer.h"

void tick_timer_disarm(struct tick_timer *t)
{
	list_del_init(&t->active);
}

void tick_timer_set(struct tick_timer *t, struct list_head *list,
		    const struct timespec64 *value,
		    const struct timespec64 *interval)
{
	tick_timer_disarm(t);
	t->interval = 0;
	if (!value->tv_sec && !value->tv_nsec)
		return;
	/* Rounded up, plus the tick under way: never early. */
	t->expires = jiffies + timespec64_to_jiffies(value) + 1;
	t->interval = timespec64_to_jiffies(interval);
	list_add_tail(&t->active, list);
}

void tick_timer_get(const struct tick_timer *t, struct itimerspec64 *cur)
{
	s32 left = (s32)(t->expires - jiffies) - 1;

	memset(cur, 0, sizeof(*cur));
	if (tick_timer_armed(t))
		jiffies_to_timespec64(left > 0 ? (u32)left : 1, &cur->it_value);
	jiffies_to_timespec64(t->interval, &cur->it_interval);
}

u32 tick_timer_expired(struct tick_timer *t)
{
	u32 n;

	if ((s32)(jiffies - t->expires) < 0)
		return 0;
	if (!t->interval) {
		tick_timer_disarm(t);
		return 1;
	}
	n = (jiffies - t->expires) / t->interval + 1;
	t->expires += n * t->interval;
	return n;
}
