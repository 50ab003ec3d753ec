/*
 * kernel/time/tick_timer_test.c - ktests for the tick timer: never early,
 * read back as set, periodic expiries counted without drift.  Interrupts
 * stay off so that jiffies stand still (the ktests run on CPU 0, whose
 * tick counts them).
 */
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/time/tick_timer.h"
#include "kernel/time/timer.h"

KTEST(tick_timer_set_reads_back_and_is_never_early)
{
	struct timespec64 value = { 0, 3 * NSEC_PER_TICK };
	struct timespec64 interval = { 0, 2 * NSEC_PER_TICK };
	struct itimerspec64 cur;
	struct tick_timer t;
	LIST_HEAD(list);
	u32 flags = irq_save();

	tick_timer_init(&t);
	tick_timer_set(&t, &list, &value, &interval);
	KEXPECT_TRUE(tick_timer_armed(&t));
	KEXPECT_EQ(t.expires, jiffies + 4); /* the tick under way too */
	tick_timer_get(&t, &cur);
	KEXPECT_EQ(cur.it_value.tv_nsec, 3 * NSEC_PER_TICK);
	KEXPECT_EQ(cur.it_interval.tv_nsec, 2 * NSEC_PER_TICK);
	KEXPECT_EQ(tick_timer_expired(&t), 0);
	value.tv_nsec = 0;
	tick_timer_set(&t, &list, &value, &interval);
	KEXPECT_FALSE(tick_timer_armed(&t));
	KEXPECT_TRUE(list_empty(&list));
	irq_restore(flags);
}

KTEST(tick_timer_periodic_counts_missed_periods_without_drift)
{
	struct timespec64 value = { 0, NSEC_PER_TICK };
	struct timespec64 interval = { 0, 2 * NSEC_PER_TICK };
	struct tick_timer t;
	LIST_HEAD(list);
	u32 flags = irq_save(), due;

	tick_timer_init(&t);
	tick_timer_set(&t, &list, &value, &interval);
	due = jiffies - 5;
	t.expires = due; /* as if five ticks overdue */
	KEXPECT_EQ(tick_timer_expired(&t), 3);
	KEXPECT_EQ(t.expires, due + 6);
	KEXPECT_TRUE(tick_timer_armed(&t));
	KEXPECT_EQ(tick_timer_expired(&t), 0);
	tick_timer_disarm(&t);
	KEXPECT_TRUE(list_empty(&list));
	irq_restore(flags);
}

KTEST(tick_timer_one_shot_disarms_when_it_fires)
{
	struct timespec64 value = { 1, 0 }, none = { 0, 0 };
	struct tick_timer t;
	LIST_HEAD(list);
	u32 flags = irq_save();

	tick_timer_init(&t);
	tick_timer_set(&t, &list, &value, &none);
	t.expires = jiffies;
	KEXPECT_EQ(tick_timer_expired(&t), 1);
	KEXPECT_FALSE(tick_timer_armed(&t));
	KEXPECT_TRUE(list_empty(&list));
	irq_restore(flags);
}
