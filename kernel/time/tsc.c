/*
 * kernel/time/tsc.c - the time-stamp counter as a clock finer than the tick.
 *
 * The TSC counts CPU cycles at a rate nobody tells the kernel, so
 * tsc_init() measures it at boot against the PIT: channel 2, gated on
 * with the speaker off, counts down one tick's worth of PIT input
 * (PIT_DIVISOR, 10 ms) in mode 0, and the TSC is read when it starts and
 * when port 0x61 shows channel 2's output high; the shortest of three
 * such ticks is the rate.  The clock is the cycles since a base, at that
 * rate:
 *
 *   base                   now
 *   ----|-------------------x-----
 *    base_tsc             rdtsc
 *   ktime_get_ns() = base_ns + (rdtsc - base_tsc) * 10 ms / cycles_per_tick
 *
 * Ten milliseconds is short: an emulator on a busy host can lose time in
 * it and learn a rate 10% off.  So the tick refines it, as Linux
 * re-calibrates its TSC against another clock over a longer window: every
 * TSC_REFINE_TICKS ticks (2 s) tsc_tick() divides the cycles since the last
 * window by the ticks, and a rate that differs from the one in use by more
 * than 1/REFINE_SLACK replaces it.  A new rate moves the base to now first
 * (the ns so far at the old rate), so the clock never goes back, and starts
 * the next window.
 *
 * A tick can be lost: the PIT's interrupt waits while interrupts are off,
 * and a second one meanwhile is gone (a CPU that waits for the big kernel
 * lock in an interrupt waits with them off), and an emulator whose timer
 * runs late skips the periods it missed.  jiffies would then fall behind
 * time, and with them CLOCK_REALTIME, CLOCK_MONOTONIC and every timeout;
 * and a window that lost ticks would teach a rate too high.  So each tick
 * finds when the PIT's last edge was, in TSC cycles: the TSC now less the
 * PIT's clocks since the edge (pit_clocks_since_tick) at the rate.  The
 * edges are a whole number of ticks apart, so the cycles between this
 * edge and the last one, divided by the rate and rounded, are the ticks
 * this interrupt stands for, lost ones included, however late it came
 * and however late the one before it.  tsc_tick() returns them to the
 * timer.  An edge that comes between the interrupt and the reading is
 * counted early, and the interrupt it raised counts none: jiffies stay
 * right.  The refining window runs from edge to edge and counts ticks
 * the same way, so ticks lost in it do not make its rate too high.
 *
 * It is the TSC, not jiffies plus the TSC since the last tick: a tick can
 * come late or be lost (an emulator on a busy host, interrupts held off),
 * and idle time (kernel/sched/idle.c) is TSC cycles too, so the two share one
 * counter and idle time never outruns the clock.  But it never reads less
 * than jiffies' time either: should the TSC fall behind, the base moves
 * up to the tick, so a clock whose rate is still wrong runs no slower than
 * the ticks that time a sleep.  Under QEMU's -icount the TSC counts guest
 * instructions and the PIT runs on the same virtual clock, so these
 * nanoseconds are the guest's own (make bench).  Without a TSC, or when
 * channel 2 never answers, time is whole ticks.
 */
#include "kernel/time/tsc.h"
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/div64.h"
#include "kernel/time/delay.h"
#include "kernel/printk.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"

#define PORT_B 0x61
#define PORT_B_GATE2 0x01 /* channel 2 counts while this is set */
#define PORT_B_SPEAKER 0x02 /* channel 2's output drives the speaker */
#define CALIBRATE_SPINS 10000000 /* reads of port B before giving up */
#define CALIBRATE_TRIES 3
#define REFINE_SLACK 1000 /* a rate off by more than 1/1000 is replaced */

/* The clock: base_ns at TSC base_tsc, then cycles_per_tick per tick.
 * Changed with interrupts off. */
static u32 cycles_per_tick; /* 0: no TSC, or not measured */
static u64 base_tsc;
static u64 base_ns;
/* The tick's window (tsc.h), changed by the tick only. */
static struct tsc_window window;

/* TSC cycles while PIT channel 2 counts one tick; 0 if it never ends. */
static u64 cycles_in_one_tick(void)
{
	u64 start, end;
	u32 spins = 0;

	pit_ch2_start(PIT_DIVISOR);
	start = cpu_rdtsc();
	while (!pit_ch2_done() && ++spins < CALIBRATE_SPINS)
		;
	end = cpu_rdtsc();
	return spins < CALIBRATE_SPINS ? end - start : 0;
}

/* The TSC at the PIT's last edge, at rate cycles a tick. */
static u64 tick_edge_tsc(u32 rate)
{
	u64 tsc, since = pit_clocks_since_tick(&tsc);

	since *= rate;
	do_div(&since, PIT_DIVISOR);
	return tsc - since;
}

void tsc_init(void)
{
	u8 portb;
	u64 best = ~0ULL, c;
	int i;

	if (!boot_cpu.has_tsc)
		return;
	portb = inb(PORT_B);
	outb(PORT_B, (portb & ~PORT_B_SPEAKER) | PORT_B_GATE2);
	/* The smallest of three: an emulator's CPU taken off the host
	 * between the output going high and the last rdtsc makes a tick
	 * look longer, never shorter. */
	for (i = 0; i < CALIBRATE_TRIES; i++) {
		c = cycles_in_one_tick();
		if (c && c < best)
			best = c;
	}
	outb(PORT_B, portb);
	if (best == ~0ULL || best > 0xFFFFFFFFu) {
		printk("tsc: PIT channel 2 did not count; time is whole ticks\n");
		return;
	}
	cycles_per_tick = (u32)best;
	base_tsc = cpu_rdtsc();
	base_ns = (u64)jiffies * NSEC_PER_TICK;
	window.last_tsc = tick_edge_tsc(cycles_per_tick);
	printk("tsc: %u.%03u MHz\n", cycles_per_tick / (1000000 / HZ),
	       cycles_per_tick % (1000000 / HZ) / (1000 / HZ));
}

u64 tsc_cycles(void)
{
	return boot_cpu.has_tsc ? cpu_rdtsc() : 0;
}

/* Whole ticks, then the rest of a tick, so that nothing overflows:
 * cycles * NSEC_PER_TICK would pass 2^64 after an hour at 1 GHz. */
u64 tsc_cycles_to_ns(u64 cycles)
{
	u64 ns, rest;

	if (cycles_per_tick == 0)
		return 0;
	rest = do_div(&cycles, cycles_per_tick);
	ns = cycles * NSEC_PER_TICK;
	rest *= NSEC_PER_TICK;
	do_div(&rest, cycles_per_tick);
	return ns + rest;
}

bool tsc_measured(void)
{
	return cycles_per_tick != 0;
}

u32 tsc_cycles_per_tick(void)
{
	return cycles_per_tick;
}

/* The clock at TSC tsc, not less than jiffies' time: the base moves up
 * to the tick if the TSC has fallen behind it.  Interrupts are off. */
static u64 clock_at(u64 tsc)
{
	u64 ns = base_ns + tsc_cycles_to_ns(tsc - base_tsc);
	u64 floor = (u64)jiffies * NSEC_PER_TICK;

	if (ns < floor) {
		base_ns = floor;
		base_tsc = tsc;
		ns = floor;
	}
	return ns;
}

void tsc_set_cycles_per_tick(u32 rate)
{
	u32 flags;
	u64 tsc;

	if (!cycles_per_tick || !rate)
		return;
	flags = irq_save();
	tsc = cpu_rdtsc();
	base_ns = clock_at(tsc);
	base_tsc = tsc;
	cycles_per_tick = rate;
	/* A new window from the next tick: the rate is judged against
	 * ticks that came after it was set. */
	window.open = false;
	irq_restore(flags);
}

u32 tsc_refine_rate(u32 rate, u64 cycles, u32 ticks)
{
	u64 measured = cycles, off;

	if (!ticks)
		return rate;
	do_div(&measured, ticks);
	if (measured == 0 || measured > 0xFFFFFFFFu)
		return rate;
	off = measured > rate ? measured - rate : rate - measured;
	return off <= rate / REFINE_SLACK ? rate : (u32)measured;
}

/* The ticks between two edges cycles apart, at rate (see the top of the
 * file): the cycles in ticks, rounded; but at least one unless they are
 * under an eighth of a tick, so that a rate up to eight times too high
 * still counts every interrupt.  Only an interrupt whose edge the last
 * one counted comes so soon. */
static u32 ticks_between_edges(u64 cycles, u32 rate)
{
	u64 ticks = cycles + rate / 2;

	if (cycles < rate / 8)
		return 0;
	do_div(&ticks, rate);
	return ticks ? (u32)ticks : 1;
}

u32 tsc_window_tick(struct tsc_window *w, u64 edge, u32 rate, u32 *refined)
{
	u32 ticks = ticks_between_edges(edge - w->last_tsc, rate);

	*refined = rate;
	w->last_tsc = edge;
	if (w->open && (w->ticks += ticks) < TSC_REFINE_TICKS)
		return ticks;
	if (w->open)
		*refined = tsc_refine_rate(rate, edge - w->start_tsc, w->ticks);
	w->start_tsc = edge;
	w->ticks = 0;
	w->open = true;
	return ticks;
}

u32 tsc_tick(void)
{
	u32 ticks, rate;

	if (!cycles_per_tick)
		return 1;
	ticks = tsc_window_tick(&window, tick_edge_tsc(cycles_per_tick),
				cycles_per_tick, &rate);
	if (rate != cycles_per_tick)
		tsc_set_cycles_per_tick(rate);
	return ticks;
}

u64 ktime_get_ns(void)
{
	u32 flags;
	u64 ns;

	if (!cycles_per_tick)
		return (u64)jiffies * NSEC_PER_TICK;
	flags = irq_save();
	ns = clock_at(cpu_rdtsc());
	irq_restore(flags);
	return ns;
}
