/*
 * kernel/time/timer.h - the clock tick.  The 8253/8254 PIT's channel 0 raises
 * IRQ 0 HZ times a second; each tick moves jiffies on (by one, or by the
 * ticks lost before it, which the TSC and the PIT's count tell:
 * kernel/time/tsc.c) and calls the tick hook, which the scheduler uses
 * for preemption.
 */
#ifndef KERNEL_TIME_TIMER_H
#define KERNEL_TIME_TIMER_H

#include "kernel/types.h"

struct trapframe;

#define HZ 100
#define PIT_INPUT_HZ 1193182
#define PIT_DIVISOR ((PIT_INPUT_HZ + HZ / 2) / HZ)	/* 11932: one tick */
#define PIT_CMD 0x43	/* the PIT's command port */

extern volatile u32 jiffies;

/* Program the PIT and take IRQ 0.  Interrupts must still be off. */
void timer_init(void);
/* PIT input clocks (PIT_INPUT_HZ) since the last tick's edge, at the
 * instant *tsc was read (0 on a CPU without a TSC); under PIT_DIVISOR. */
u32 pit_clocks_since_tick(u64 *tsc);
typedef void (*tick_hook_t)(struct trapframe *tf);

/* fn runs at every tick interrupt, after jiffies have moved on by the
 * ticks it stands for (kernel/time/tsc.h: tsc_tick); NULL for none.
 * Returns the previous hook, so a test can put the scheduler's back. */
tick_hook_t timer_set_tick_hook(tick_hook_t fn);

#endif
