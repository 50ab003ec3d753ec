/*
 * kernel/fault_inject.h - making kernel calls fail on purpose, at run time,
 * after Linux's fault-injection framework (lib/fault-inject.c).
 *
 * Three places can be told to fail: page allocation (fail_page_alloc, in
 * alloc_pages), slab allocation (failslab, in kmem_cache_alloc, kmalloc's
 * small sizes included) and block requests (fail_make_request, in
 * submit_bio: -EIO without touching the disk).  Each has a fault_attr:
 *
 *   interval     of the calls that pass the other tests, every interval-th
 *                fails (1: each one); 0 turns the attribute off
 *   probability  then a failure happens with this chance, in percent
 *   times        at most this many failures (the budget); -1: no limit
 *   task_filter  only calls made by a task with make_it_fail set (and not
 *                from an interrupt handler); make_it_fail is inherited
 *                across fork and set through /proc/PID/make-it-fail
 *
 * They are set three ways.  On the command line,
 * `fail_page_alloc=INTERVAL[,PROBABILITY[,TIMES[,FILTER]]]` (and failslab=,
 * fail_make_request=), which takes effect when init starts, so the boot
 * itself never fails; through /proc/sys/debug/NAME at any time (write
 * "INTERVAL PROBABILITY TIMES FILTER", read those plus the calls counted
 * and the failures made); and from ktests with fault_attr_set() and
 * fault_attr_fail_nth().  The
 * random numbers come from a xorshift generator seeded by
 * fault_inject_seed= (default 1), so a run can be repeated exactly.
 */
#ifndef KERNEL_FAULT_INJECT_H
#define KERNEL_FAULT_INJECT_H

#include "kernel/types.h"

struct seq_buf;

struct fault_attr {
	const char *name;
	u32 interval;		/* every interval-th eligible call; 0 = off */
	u32 probability;	/* percent */
	s32 times;		/* failures left; -1 = unlimited */
	bool task_filter;	/* only tasks with make_it_fail */
	u32 calls;		/* eligible calls since the attribute was set */
	u32 failures;		/* calls failed on purpose, ever */
};

extern struct fault_attr fail_page_alloc, failslab, fail_make_request;

/* Read the boot options (mm_init calls it); they wait for init. */
void fault_inject_init(void);
/* init is about to run: the boot options take effect. */
void fault_inject_start(void);
/* Fail every interval-th call from now on, any task, no limit (tests). */
void fault_attr_set(struct fault_attr *attr, u32 interval);
/* Fail only the nth call from now, any task; 0 turns it off (tests). */
void fault_attr_fail_nth(struct fault_attr *attr, u32 nth);
/* All four settings at once; the call count restarts. */
void fault_attr_config(struct fault_attr *attr, u32 interval,
		       u32 probability, s32 times, bool task_filter);
/* True when this call is to fail. */
bool should_fail(struct fault_attr *attr);
/* /proc/sys/debug/NAME: the settings and counters; parse a new setting
 * ("INTERVAL [PROBABILITY [TIMES [FILTER]]]"), 0 or -EINVAL. */
void fault_attr_show(struct seq_buf *m, const struct fault_attr *attr);
int fault_attr_parse(struct fault_attr *attr, const char *buf, size_t n);

#endif
