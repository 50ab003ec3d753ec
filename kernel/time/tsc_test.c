/*
 * kernel/time/tsc_test.c - ktests for the clock between ticks (kernel/time/tsc.h).
 * Waits are counted in HLTs, each ending at the next interrupt.
 */
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/lib/div64.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "kernel/time/tsc.h"

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
	u32 start;
	int i, back = 0;

	for (i = 0; i < 2000; i++) {
		b = ktime_get_ns();
		back += b < a;
		a = b;
	}
	KEXPECT_EQ(back, 0);
	/* From just after a tick, whose handler counted every PIT edge up
	 * to it (those lost too, docs/cpu.md), the third tick counted is at
	 * least two whole ticks on, give or take the error of the TSC's
	 * measured rate.  Not from any moment: a tick that came late counts
	 * an edge that was before it. */
	wait_ticks(jiffies, 1);
	start = jiffies;
	a = ktime_get_ns();
	wait_ticks(start, 3);
	b = ktime_get_ns();
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

/* A TSC of 10 000 000 cycles a tick (1 GHz) measured at boot in a window
 * where the PIT lost a millisecond: the rate came out 10% high, a clock
 * 10% slow.  The tick's window of 2 s puts it right; a window within
 * 1/1000 of the rate in use, an empty one or an absurd one changes
 * nothing. */
KTEST(tsc_refine_rate_corrects_a_boot_window_that_lost_time)
{
	const u32 rate = 10000000, boot = rate + rate / 10;
	const u64 window = (u64)rate * TSC_REFINE_TICKS;

	KEXPECT_EQ(tsc_refine_rate(boot, window, TSC_REFINE_TICKS), rate);
	KEXPECT_EQ(tsc_refine_rate(rate - rate / 10, window, TSC_REFINE_TICKS),
		   rate);
	KEXPECT_EQ(tsc_refine_rate(rate, window + window / 2000,
				   TSC_REFINE_TICKS),
		   rate);
	KEXPECT_EQ(tsc_refine_rate(rate, window - window / 2000,
				   TSC_REFINE_TICKS),
		   rate);
	/* A window in which the host lost ticks: fewer ticks for the
	 * cycles, a slower clock, which the ticks' floor then holds up. */
	KEXPECT_EQ(tsc_refine_rate(rate, window, TSC_REFINE_TICKS / 2),
		   2 * rate);
	KEXPECT_EQ(tsc_refine_rate(boot, window, 0), boot);
	KEXPECT_EQ(tsc_refine_rate(boot, 0, TSC_REFINE_TICKS), boot);
	KEXPECT_EQ(tsc_refine_rate(boot, 1ULL << 40, 1), boot);
}

/* Feed w n ticks, their PIT edges gap cycles apart, at rate; returns the
 * ticks they stood for, and in *refined the last rate the window chose. */
static u32 feed_ticks(struct tsc_window *w, u64 *edge, u32 n, u64 gap, u32 rate,
		      u32 *refined)
{
	u32 ticks = 0;

	*refined = rate;
	while (n--) {
		*edge += gap;
		ticks += tsc_window_tick(w, *edge, rate, refined);
		if (*refined != rate)
			break;
	}
	return ticks;
}

/* Ticks made up on a TSC of 10 000 000 cycles a tick.  The cycles from
 * edge to edge, in ticks rounded, count the ticks lost between; an edge
 * read 0.4 tick late moves a tick from one interrupt to the next but
 * loses or adds none; an interrupt whose edge the last one read already
 * (it came between that interrupt and its reading) counts none; with a
 * rate four times too high every interrupt still counts one.  A window that lost a tick counts it and keeps the
 * right rate, where counting only the interrupts would have taught one
 * 1/200 too high; a rate 10% high is put right by a window, whether it
 * lost no tick or one in twenty. */
KTEST(tsc_window_counts_lost_ticks)
{
	const u32 rate = 10000000;
	struct tsc_window w = { 0 };
	u64 edge = 0;
	u32 refined, i;

	KEXPECT_EQ(feed_ticks(&w, &edge, 1, rate, rate, &refined), 1);
	KEXPECT_EQ(feed_ticks(&w, &edge, 1, 2 * rate, rate, &refined), 2);
	KEXPECT_EQ(feed_ticks(&w, &edge, 1, 4 * rate + rate / 5, rate,
			      &refined),
		   4);
	KEXPECT_EQ(feed_ticks(&w, &edge, 1, 2 * rate - rate / 5, rate,
			      &refined),
		   2);
	KEXPECT_EQ(feed_ticks(&w, &edge, 1, rate + rate * 2 / 5, rate,
			      &refined),
		   1);
	KEXPECT_EQ(feed_ticks(&w, &edge, 1, rate * 3 / 5, rate, &refined), 1);
	KEXPECT_EQ(feed_ticks(&w, &edge, 1, 0, rate, &refined), 0);
	KEXPECT_EQ(feed_ticks(&w, &edge, 4, rate, 4 * rate, &refined), 4);

	/* A whole window, a tick lost in the middle of it. */
	w = (struct tsc_window){ 0 };
	edge = 0;
	KEXPECT_EQ(feed_ticks(&w, &edge, TSC_REFINE_TICKS / 2, rate, rate,
			      &refined),
		   TSC_REFINE_TICKS / 2);
	KEXPECT_EQ(feed_ticks(&w, &edge, 1, 2 * rate, rate, &refined), 2);
	KEXPECT_EQ(feed_ticks(&w, &edge, TSC_REFINE_TICKS, rate, rate,
			      &refined),
		   TSC_REFINE_TICKS);
	KEXPECT_EQ(refined, rate);

	/* A rate 10% high, no tick lost: one window puts it right. */
	w = (struct tsc_window){ 0 };
	edge = 0;
	feed_ticks(&w, &edge, TSC_REFINE_TICKS + 2, rate, rate + rate / 10,
		   &refined);
	KEXPECT_EQ(refined, rate);

	/* The same, a tick in twenty lost: those gaps read 1.8 ticks and
	 * count two. */
	w = (struct tsc_window){ 0 };
	edge = 0;
	refined = rate + rate / 10;
	for (i = 0; i < 2 * TSC_REFINE_TICKS && refined == rate + rate / 10;
	     i++)
		feed_ticks(&w, &edge, 1, i % 20 ? rate : 2 * rate,
			   rate + rate / 10, &refined);
	KEXPECT_EQ(refined, rate);
}

/* A rate 10% high, then 50% low, then the real one: the clock goes on
 * from where it was at each change. */
KTEST(tsc_rate_change_never_moves_the_clock_back)
{
	u32 rate = tsc_cycles_per_tick(), flags;
	u64 a, b, c, d;

	if (!tsc_measured()) {
		ktest_skip("no TSC, or its rate is unknown");
		return;
	}
	/* No tick in between: at half the rate, a tick would count two. */
	flags = irq_save();
	a = ktime_get_ns();
	tsc_set_cycles_per_tick(rate + rate / 10);
	KEXPECT_EQ(tsc_cycles_per_tick(), rate + rate / 10);
	b = ktime_get_ns();
	tsc_set_cycles_per_tick(rate / 2);
	c = ktime_get_ns();
	tsc_set_cycles_per_tick(rate);
	d = ktime_get_ns();
	irq_restore(flags);
	KEXPECT_GE(b, a);
	KEXPECT_GE(c, b);
	KEXPECT_GE(d, c);
}

/* A clock at a quarter of its speed (a rate four times too high) still
 * reads at least jiffies' time: the base moves up to the tick. */
KTEST(ktime_get_ns_never_falls_behind_jiffies)
{
	u32 rate = tsc_cycles_per_tick(), start, j;
	u64 prev, now;
	int i, behind = 0, back = 0;

	if (!tsc_measured()) {
		ktest_skip("no TSC, or its rate is unknown");
		return;
	}
	tsc_set_cycles_per_tick(rate * 4);
	prev = ktime_get_ns();
	start = jiffies;
	for (i = 0; i < 1000 && jiffies - start < 5; i++) {
		hlt();
		j = jiffies;
		now = ktime_get_ns();
		behind += now < (u64)j * NSEC_PER_TICK;
		back += now < prev;
		prev = now;
	}
	tsc_set_cycles_per_tick(rate);
	KEXPECT_EQ(behind, 0);
	KEXPECT_EQ(back, 0);
	KEXPECT_GE(jiffies - start, 5);
}

static u64 u64_distance(u64 a, u64 b)
{
	return a > b ? a - b : b - a;
}

/* The whole path: a rate made 50% wrong is replaced by the tick's next
 * window (within 2 s) with what the ticks say, which this test measures
 * too, over its own wait.  Loose: an emulator on a busy host delivers
 * ticks late and unevenly, so the two windows can disagree by far more
 * than a real PIT would allow; the refined rate need only be much nearer
 * the ticks' rate than the wrong one was. */
KTEST(tsc_tick_refines_a_wrong_rate)
{
	u32 rate = tsc_cycles_per_tick(), wrong = rate + rate / 2, start;
	u64 c0, measured;
	int spins = 0;

	if (!tsc_measured()) {
		ktest_skip("no TSC, or its rate is unknown");
		return;
	}
	wait_ticks(jiffies, 1);
	start = jiffies;
	c0 = tsc_cycles();
	tsc_set_cycles_per_tick(wrong);
	while (tsc_cycles_per_tick() == wrong &&
	       jiffies - start < TSC_REFINE_TICKS + HZ / 2 && spins++ < 5000)
		hlt();
	KEXPECT_NE(tsc_cycles_per_tick(), wrong);
	if (tsc_cycles_per_tick() == wrong || jiffies == start) {
		tsc_set_cycles_per_tick(rate);
		return;
	}
	measured = tsc_cycles() - c0;
	do_div(&measured, jiffies - start);
	KEXPECT_LT(u64_distance(tsc_cycles_per_tick(), measured),
		   u64_distance(wrong, measured) / 2);
}
