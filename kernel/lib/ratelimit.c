/*
 * kernel/lib/ratelimit.c - at most burst events per interval (Linux's
 * lib/ratelimit.c, kernel/lib/ratelimit.h).  Interrupts are off while the
 * state changes, so a handler's event cannot tear a task's.
 */
#include "kernel/lib/ratelimit.h"
#include "kernel/cpu/io.h"
#include "kernel/printk.h"

bool __ratelimit(struct ratelimit_state *rs, const char *who)
{
	u32 flags = irq_save(), missed = 0;
	bool ok;

	if (!rs->begin || jiffies - rs->begin >= rs->interval) {
		missed = rs->missed;
		rs->begin = jiffies ? jiffies : 1;
		rs->printed = 0;
		rs->missed = 0;
	}
	ok = rs->printed < rs->burst;
	if (ok)
		rs->printed++;
	else
		rs->missed++;
	irq_restore(flags);
	/* Linux says this at KERN_WARNING, on the console; here the
	 * messages limited are a program's doing, and so is this one. */
	if (missed)
		printk(KERN_DEBUG "%s: %u callbacks suppressed\n", who, missed);
	return ok;
}
