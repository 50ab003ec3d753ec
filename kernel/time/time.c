/*
 * kernel/time/time.c - the clocks (see kernel/time/time.h).
 *
 * CLOCK_REALTIME = (base_sec, base_nsec) at jiffy base_jiffies, plus the
 * ticks since.  time_init takes the base from the CMOS clock (assumed to
 * hold UTC); settimeofday and clock_settime move it.  The base changes
 * with interrupts off.
 */
#include "kernel/time/time.h"
#include "compat/timerfd.h"
#include "kernel/drivers/rtc.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/io.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"

static s64 base_sec;
static s32 base_nsec;
static u32 base_jiffies;

void time_init(void)
{
	base_sec = rtc_read_epoch();
	base_nsec = 0;
	base_jiffies = jiffies;
}

/* ts = (sec, nsec) + ticks, normalised. */
static void add_ticks(struct timespec64 *ts, s64 sec, s64 nsec, u32 ticks)
{
	sec += ticks / HZ;
	nsec += (s64)(ticks % HZ) * NSEC_PER_TICK;
	if (nsec >= NSEC_PER_SEC) {
		sec++;
		nsec -= NSEC_PER_SEC;
	}
	ts->tv_sec = sec;
	ts->tv_nsec = nsec;
}

int clock_read(int clock, struct timespec64 *ts)
{
	u32 flags;

	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_COARSE:
		flags = irq_save();
		add_ticks(ts, base_sec, base_nsec, jiffies - base_jiffies);
		irq_restore(flags);
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
		add_ticks(ts, 0, 0, jiffies);
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
		/* Every thread's, those gone too (kernel/time/cpu_timers.c). */
		add_ticks(ts, 0, 0, current->signal->cputime);
		return 0;
	case CLOCK_THREAD_CPUTIME_ID:
		add_ticks(ts, 0, 0, current->utime + current->stime);
		return 0;
	default:
		return -EINVAL;
	}
}

void set_realtime(const struct timespec64 *ts)
{
	u32 flags = irq_save();

	base_sec = ts->tv_sec;
	base_nsec = ts->tv_nsec;
	base_jiffies = jiffies;
	irq_restore(flags);
	timerfd_clock_was_set();
}

u32 timespec64_to_jiffies(const struct timespec64 *ts)
{
	u32 nsec_ticks;

	if (ts->tv_sec >= 0x7fffffff / HZ - 1)
		return 0x7fffffff;
	nsec_ticks = ((u32)ts->tv_nsec + NSEC_PER_TICK - 1) / NSEC_PER_TICK;
	return (u32)ts->tv_sec * HZ + nsec_ticks;
}

void jiffies_to_timespec64(u32 j, struct timespec64 *ts)
{
	add_ticks(ts, 0, 0, j);
}

void jiffies_to_timeval(u32 j, struct old_timeval32 *tv)
{
	tv->tv_sec = j / HZ;
	tv->tv_usec = (j % HZ) * (USEC_PER_SEC / HZ);
}

u32 get_seconds(void)
{
	struct timespec64 ts;

	clock_read(CLOCK_REALTIME, &ts);
	return (u32)ts.tv_sec;
}

void itimerspec_from_old(struct itimerspec64 *v,
			 const struct old_itimerspec32 *o)
{
	v->it_interval.tv_sec = o->it_interval.tv_sec;
	v->it_interval.tv_nsec = o->it_interval.tv_nsec;
	v->it_value.tv_sec = o->it_value.tv_sec;
	v->it_value.tv_nsec = o->it_value.tv_nsec;
}

void itimerspec_to_old(struct old_itimerspec32 *o, const struct itimerspec64 *v)
{
	o->it_interval.tv_sec = v->it_interval.tv_sec;
	o->it_interval.tv_nsec = v->it_interval.tv_nsec;
	o->it_value.tv_sec = v->it_value.tv_sec;
	o->it_value.tv_nsec = v->it_value.tv_nsec;
}

bool itimerspec64_valid(const struct itimerspec64 *v)
{
	return v->it_value.tv_sec >= 0 && v->it_value.tv_nsec >= 0 &&
	       v->it_value.tv_nsec < NSEC_PER_SEC &&
	       v->it_interval.tv_sec >= 0 && v->it_interval.tv_nsec >= 0 &&
	       v->it_interval.tv_nsec < NSEC_PER_SEC;
}
