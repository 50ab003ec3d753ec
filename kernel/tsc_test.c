/*
 * kernel/tsc_test.c - ktests for the clock between ticks (kernel/tsc.h).
 * Waits are counted in HLTs, each ending at the next interrupt.
 */
#include "kernel/io.h"
#include "kernel/ktest.h"
#include "kernel/time.h"
#include "kernel/timer.h"
#include "kernel/tsc.h"

/* Halt until jiffies has moved n times from start (at most 1000 HLTs). */
static void wait_ticks(u32 start, u32 n)
{
	int spins;

	for (spins = 0; spins < 1000 && jiffies - start < n; spins++)
		hlt();
}

KTEST(ktime_get_ns_never_goes_back)
{
	u64 a = ktime_get_ns(), b;
	u32 start = jiffies;
	int i, back = 0;

	for (i = 0; i < 2000; i++) {
		b = ktime_get_ns();
		back += b < a;
		a = b;
	}
	KEXPECT_EQ(back, 0);
	a = ktime_get_ns();
	wait_ticks(start, 3);
	b = ktime_get_ns();
	/* Three ticks from start, which may have been just before the next
	 * one: at least two whole ticks later, give or take the error of the
	 * TSC's measured rate. */
	KEXPECT_GE(b - a, 2ULL * NSEC_PER_TICK * 9 / 10);
}

KTEST(tsc_cycles_to_ns_matches_the_ticks)
{
	u64 c0, ns;
	u32 start;

	if (!tsc_measured()) {
		ktest_skip("no TSC, or its rate is unknown");
		return;
	}
	start = jiffies;
	wait_ticks(start, 1); /* now just after a tick */
	start = jiffies;
	c0 = tsc_cycles();
	wait_ticks(start, 5);
	ns = tsc_cycles_to_ns(tsc_cycles() - c0);
	/* Five ticks by the TSC's rate measured at boot; loose, since an
	 * emulator may deliver a tick late. */
	KEXPECT_GE(ns, 5ULL * NSEC_PER_TICK / 2);
	KEXPECT_LE(ns, 5ULL * NSEC_PER_TICK * 2);
}
