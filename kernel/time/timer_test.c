/*
 * kernel/time/timer_test.c - ktests for the PIT tick.  The wait is bounded by
 * a count of HLTs, not by time: each HLT ends at the next interrupt.
 */
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/time/timer.h"

KTEST(timer_ticks_advance)
{
	u32 start = jiffies;
	int spins;

	KASSERT_TRUE(read_eflags() & EFLAGS_IF);
	for (spins = 0; spins < 1000 && jiffies - start < 3; spins++)
		hlt();
	KEXPECT_GE(jiffies - start, 3);
}

static u32 hook_calls, hook_jiffies;

static void count_tick(struct trapframe *tf)
{
	(void)tf;
	hook_calls++;
	hook_jiffies = jiffies;
}

KTEST(timer_tick_hook_runs_each_tick)
{
	tick_hook_t old;
	u32 start;
	int spins;

	hook_calls = 0;
	old = timer_set_tick_hook(count_tick);
	start = jiffies;
	for (spins = 0; spins < 1000 && hook_calls < 2; spins++)
		hlt();
	timer_set_tick_hook(old);
	KEXPECT_GE(hook_calls, 2);
	KEXPECT_GT(hook_jiffies, start);
}
