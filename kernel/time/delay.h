/*
 * kernel/time/delay.h - busy waits of a given length, for hardware that
 * asks for one (the INIT and STARTUP IPIs' 10 ms and 200 us).
 *
 * With a measured TSC the wait counts TSC cycles at the rate
 * kernel/time/tsc.c found; without one, PIT channel 2 counts it down, as
 * tsc_init() itself measures the TSC.  Neither needs interrupts, so both
 * work before sti() and with interrupts off.
 */
#ifndef KERNEL_TIME_DELAY_H
#define KERNEL_TIME_DELAY_H

#include "kernel/types.h"

void udelay(u32 usecs);
void mdelay(u32 msecs);

/* PIT channel 2 in mode 0 (speaker off, gate on): start counting count
 * input cycles (at most 0xFFFF) down; pit_ch2_done() turns true when it
 * reaches zero. */
void pit_ch2_start(u16 count);
bool pit_ch2_done(void);

#endif
