/*
 * kernel/sched/idle.c - what the CPU does when nothing is runnable, and for how
 * long.
 *
 * The idle task halts until an interrupt.  The time from the hlt to the
 * interrupt that ends it is idle time; the handler's own work (a disk
 * completion, a wake-up) is not, so irq_dispatch calls idle_stop() before
 * the handler runs.  With a TSC the period is measured in cycles and
 * added in nanoseconds at the clock's rate of the moment (kernel/time/tsc.c):
 * the rate changes in the tick's handler, after idle_stop(), or in a
 * running task, never during a halt, so no period spans two rates and
 * idle time never outruns the clock.  Without one (or with its rate
 * unknown), idle time is the ticks that found the idle task running, as
 * /proc/stat counts it.
 *
 *   idle task:  cli  [run queue empty]  idle_entry = TSC  sti;hlt ......
 *   interrupt:                                          idle_stop(): +=
 *
 * Everything here runs with interrupts off: it is one CPU's state.
 */
#include "kernel/sched/idle.h"
#include "kernel/cpu/io.h"
#include "kernel/sched/sched.h"
#include "kernel/time/time.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/time/tsc.h"

static bool idle_active; /* halted since idle_entry */
static u64 idle_entry;
static u64 idle_ns; /* all finished idle periods */
static u32 nr_idle_calls;

void idle_stop(void)
{
	if (!idle_active)
		return;
	idle_active = false;
	idle_ns += tsc_cycles_to_ns(tsc_cycles() - idle_entry);
}

u32 idle_ticks(void)
{
	return idle_task ? idle_task->utime + idle_task->stime : 0;
}

u64 get_cpu_idle_time_ns(void)
{
	u32 flags;
	u64 ns;

	if (!tsc_measured())
		return (u64)idle_ticks() * NSEC_PER_TICK;
	flags = irq_save();
	ns = idle_ns;
	irq_restore(flags);
	return ns;
}

u32 idle_calls(void)
{
	return nr_idle_calls;
}

void __noreturn cpu_idle(void)
{
	for (;;) {
		cli();
		idle_stop(); /* whatever ended the last hlt */
		if (nr_running() > 0) {
			schedule();
			continue;
		}
		/* sti takes effect after hlt begins, so an interrupt that
		 * comes now still ends this hlt rather than being lost. */
		idle_active = true;
		idle_entry = tsc_cycles();
		nr_idle_calls++;
		asm volatile("sti; hlt" : : : "memory");
	}
}
