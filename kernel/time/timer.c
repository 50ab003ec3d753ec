/*
 * kernel/time/timer.c - the 8253 PIT as the system clock.
 *
 * Channel 0 in mode 2 (rate generator) divides the 1 193 182 Hz input by
 * PIT_DIVISOR; the output edge on IRQ 0 is the tick.  Only the command
 * and data ports of the original 8253 are used (no 8254 read-back).
 *
 * Mode 2, as Linux programs it, not mode 3: the output drops for one
 * input clock per period and rises again, one edge per tick.
 * QEMU's PIT in mode 3 reports its output high at both transitions of the
 * square wave; its 8259 sees one edge, but its I/O APIC takes each report
 * as an edge, and when CPU 0 was busy every half period ended in an
 * interrupt: jiffies, and the clock that keeps up with them, ran at twice
 * the speed of time.
 */
#include "kernel/time/timer.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/time/tsc.h"

#define PIT_CH0 0x40
#define PIT_CH0_LOHI_MODE2 0x34	/* channel 0, low then high byte, mode 2 */
#define PIT_CH0_LATCH 0x00 /* channel 0: hold its count for reading */
#define TIMER_IRQ 0

volatile u32 jiffies;
static tick_hook_t tick_hook;

static void timer_interrupt(struct trapframe *tf)
{
	jiffies += tsc_tick();
	if (tick_hook)
		tick_hook(tf);
}

/*
 * In mode 2 the count runs down from PIT_DIVISOR to 1 and is reloaded at
 * the tick's edge, so the clocks since the edge are PIT_DIVISOR less the
 * count.  The latch command holds the count of that instant, which the
 * TSC is read beside; the two bytes are read after.
 */
u32 pit_clocks_since_tick(u64 *tsc)
{
	u32 count;

	outb(PIT_CMD, PIT_CH0_LATCH);
	*tsc = tsc_cycles();
	count = inb(PIT_CH0);
	count |= inb(PIT_CH0) << 8;
	return count && count <= PIT_DIVISOR ? PIT_DIVISOR - count : 0;
}

tick_hook_t timer_set_tick_hook(tick_hook_t fn)
{
	tick_hook_t old = tick_hook;

	tick_hook = fn;
	return old;
}

void timer_init(void)
{
	outb(PIT_CMD, PIT_CH0_LOHI_MODE2);
	outb(PIT_CH0, PIT_DIVISOR & 0xFF);
	outb(PIT_CH0, PIT_DIVISOR >> 8);
	request_irq(TIMER_IRQ, timer_interrupt, "timer");
}
