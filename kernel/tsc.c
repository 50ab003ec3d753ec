/*
 * kernel/tsc.c - the time-stamp counter as a clock finer than the tick.
 *
 * The TSC counts CPU cycles at a rate nobody tells the kernel, so
 * tsc_init() measures it once at boot against the PIT: channel 2, gated
 * on with the speaker off, counts down one tick's worth of PIT input
 * (PIT_DIVISOR, 10 ms) in mode 0, and the TSC is read when it starts and
 * when port 0x61 shows channel 2's output high; the shortest of three
 * such ticks is the rate.  From then on the clock is the cycles since,
 * at that rate:
 *
 *   calibration            now
 *   ----|-------------------x-----
 *    boot_tsc             rdtsc
 *   ktime_get_ns() = (rdtsc - boot_tsc) * 10 ms / cycles_per_tick
 *
 * It is the TSC alone, not jiffies plus the TSC since the last tick: a
 * tick can come late or be lost (an emulator on a busy host, interrupts
 * held off), and idle time (kernel/idle.c) is TSC cycles too, so the two
 * share one counter and idle time never outruns the clock.  Under QEMU's
 * -icount the TSC counts guest instructions and the PIT runs on the same
 * virtual clock, so these nanoseconds are the guest's own (make bench).
 * Without a TSC, or when channel 2 never answers, time is whole ticks.
 */
#include "kernel/tsc.h"
#include "kernel/cpu.h"
#include "kernel/io.h"
#include "kernel/lib/div64.h"
#include "kernel/printk.h"
#include "kernel/time.h"
#include "kernel/timer.h"

#define PIT_CH2 0x42
#define PIT_CH2_LOHI_MODE0 0xB0 /* channel 2, low then high byte, mode 0 */
#define PORT_B 0x61
#define PORT_B_GATE2 0x01 /* channel 2 counts while this is set */
#define PORT_B_SPEAKER 0x02 /* channel 2's output drives the speaker */
#define PORT_B_OUT2 0x20 /* channel 2's output (read only) */
#define CALIBRATE_SPINS 10000000 /* reads of port B before giving up */
#define CALIBRATE_TRIES 3

static u32 cycles_per_tick; /* 0: no TSC, or not measured */
static u64 boot_tsc; /* the TSC when it was measured */

/* TSC cycles while PIT channel 2 counts one tick; 0 if it never ends. */
static u64 cycles_in_one_tick(void)
{
	u64 start, end;
	u32 spins = 0;

	outb(PIT_CMD, PIT_CH2_LOHI_MODE0);
	outb(PIT_CH2, PIT_DIVISOR & 0xFF);
	outb(PIT_CH2, PIT_DIVISOR >> 8);
	start = cpu_rdtsc();
	while (!(inb(PORT_B) & PORT_B_OUT2) && ++spins < CALIBRATE_SPINS)
		;
	end = cpu_rdtsc();
	return spins < CALIBRATE_SPINS ? end - start : 0;
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
	boot_tsc = cpu_rdtsc();
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

u64 ktime_get_ns(void)
{
	if (!cycles_per_tick)
		return (u64)jiffies * NSEC_PER_TICK;
	return tsc_cycles_to_ns(cpu_rdtsc() - boot_tsc);
}
