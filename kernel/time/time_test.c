/*
 * kernel/time/time_test.c - ktests for the clocks and the tick conversions.
 */
#include "kernel/drivers/rtc.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"

KTEST(time_timespec_to_jiffies_rounds_up)
{
	struct timespec64 ts = { 0, 0 };

	KEXPECT_EQ(timespec64_to_jiffies(&ts), 0);
	ts.tv_nsec = 1;
	KEXPECT_EQ(timespec64_to_jiffies(&ts), 1);
	ts.tv_nsec = NSEC_PER_TICK;
	KEXPECT_EQ(timespec64_to_jiffies(&ts), 1);
	ts.tv_nsec = NSEC_PER_TICK + 1;
	KEXPECT_EQ(timespec64_to_jiffies(&ts), 2);
	ts.tv_sec = 3;
	ts.tv_nsec = 0;
	KEXPECT_EQ(timespec64_to_jiffies(&ts), 3 * HZ);
}

KTEST(time_jiffies_to_timespec_and_timeval)
{
	struct timespec64 ts;
	struct old_timeval32 tv;

	jiffies_to_timespec64(HZ + 3, &ts);
	KEXPECT_EQ(ts.tv_sec, 1);
	KEXPECT_EQ(ts.tv_nsec, 3 * NSEC_PER_TICK);
	jiffies_to_timeval(2 * HZ + 50, &tv);
	KEXPECT_EQ(tv.tv_sec, 2);
	KEXPECT_EQ(tv.tv_usec, 500000);
}

KTEST(time_clocks_are_monotonic_and_known)
{
	struct timespec64 a, b;

	KEXPECT_EQ(clock_read(CLOCK_MONOTONIC, &a), 0);
	KEXPECT_EQ(clock_read(CLOCK_MONOTONIC, &b), 0);
	KEXPECT_TRUE(b.tv_sec > a.tv_sec ||
		     (b.tv_sec == a.tv_sec && b.tv_nsec >= a.tv_nsec));
	KEXPECT_EQ(clock_read(CLOCK_REALTIME, &a), 0);
	/* Realtime started from the CMOS clock and runs with it. */
	KEXPECT_LE(a.tv_sec - rtc_read_epoch(), 2);
	KEXPECT_LE(rtc_read_epoch() - a.tv_sec, 2);
	KEXPECT_EQ(clock_read(42, &a), -EINVAL);
}

KTEST(time_settime_moves_realtime_only)
{
	struct timespec64 saved, set = { 2000000000, 0 }, now, mono_before,
			  mono_after;

	clock_read(CLOCK_REALTIME, &saved);
	clock_read(CLOCK_MONOTONIC, &mono_before);
	set_realtime(&set);
	clock_read(CLOCK_REALTIME, &now);
	clock_read(CLOCK_MONOTONIC, &mono_after);
	set_realtime(&saved);
	KEXPECT_GE(now.tv_sec, 2000000000);
	KEXPECT_LT(now.tv_sec, 2000000000 + 10);
	KEXPECT_GE(mono_after.tv_sec, mono_before.tv_sec);
}
