/*
 * kernel/time/delay.c - udelay and mdelay (see kernel/time/delay.h).
 *
 * Linux i386 calibrates a delay loop (loops_per_jiffy) and uses the TSC
 * when it has one; Mapback skips the loop and counts real time directly:
 * TSC cycles when the rate is known, otherwise PIT channel 2 counted down
 * in pieces of at most 0xFFFF input cycles (55 ms).
 */
#include "kernel/time/delay.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/div64.h"
#include "kernel/time/timer.h"
#include "kernel/time/tsc.h"

#define PIT_CH2 0x42
#define PIT_CH2_LOHI_MODE0 0xB0 /* channel 2, low then high byte, mode 0 */
#define PORT_B 0x61
#define PORT_B_GATE2 0x01 /* channel 2 counts while this is set */
#define PORT_B_SPEAKER 0x02 /* channel 2's output drives the speaker */
#define PORT_B_OUT2 0x20 /* channel 2's output (read only) */
#define USEC_PER_TICK (1000000 / HZ)
#define PIT_SPINS 10000000 /* reads of port B before giving up on it */

void pit_ch2_start(u16 count)
{
	outb(PORT_B, (inb(PORT_B) & ~PORT_B_SPEAKER) | PORT_B_GATE2);
	outb(PIT_CMD, PIT_CH2_LOHI_MODE0);
	outb(PIT_CH2, count & 0xFF);
	outb(PIT_CH2, count >> 8);
}

bool pit_ch2_done(void)
{
	return (inb(PORT_B) & PORT_B_OUT2) != 0;
}

static void tsc_delay(u32 usecs)
{
	u64 cycles = (u64)usecs * tsc_cycles_per_tick();
	u64 start = tsc_cycles();

	do_div(&cycles, USEC_PER_TICK);
	while (tsc_cycles() - start < cycles)
		asm volatile("" : : : "memory");
}

static void pit_delay(u32 usecs)
{
	while (usecs) {
		u32 piece = min(usecs, 50000u);
		u64 count = (u64)piece * PIT_INPUT_HZ;
		u32 spins = 0;

		do_div(&count, 1000000);
		pit_ch2_start(count ? (u16)count : 1);
		while (!pit_ch2_done() && ++spins < PIT_SPINS)
			;
		usecs -= piece;
	}
}

void udelay(u32 usecs)
{
	if (tsc_measured())
		tsc_delay(usecs);
	else
		pit_delay(usecs);
}

void mdelay(u32 msecs)
{
	while (msecs--)
		udelay(1000);
}
