/*
 * kernel/lib/ratelimit.h - at most burst events per interval, as Linux's
 * include/linux/ratelimit.h: messages a program can provoke at will (an
 * unknown system call, a fault) must not flood the kernel log.
 */
#ifndef KERNEL_LIB_RATELIMIT_H
#define KERNEL_LIB_RATELIMIT_H

#include "kernel/time/timer.h"
#include "kernel/types.h"

/* Linux's printk_ratelimit(): 10 messages, then quiet until 5 s have
 * passed since the first of them. */
#define DEFAULT_RATELIMIT_INTERVAL (5 * HZ)
#define DEFAULT_RATELIMIT_BURST 10

struct ratelimit_state {
	u32 interval; /* ticks */
	u32 burst;
	u32 begin; /* jiffies at the first event of this interval */
	u32 printed; /* events allowed in this interval */
	u32 missed; /* events refused in this interval */
};

#define DEFINE_RATELIMIT_STATE(name, interval_init, burst_init)      \
	struct ratelimit_state name = { .interval = (interval_init), \
					.burst = (burst_init) }

/* True if one more event is allowed now; counts the refused ones, and
 * logs how many (at KERN_DEBUG) when a new interval starts. */
bool __ratelimit(struct ratelimit_state *rs, const char *who);

#endif
