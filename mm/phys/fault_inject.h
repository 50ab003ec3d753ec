/*
 * mm/phys/fault_inject.h - make every Nth allocation fail, on purpose.
 *
 * `fail_page_alloc=N` fails every Nth alloc_pages call, `failslab=N` every
 * Nth kmem_cache_alloc (kmalloc included); 0 (the default) is off.  The
 * counters let a test check that the failures happened and were survived.
 */
#ifndef MM_PHYS_FAULT_INJECT_H
#define MM_PHYS_FAULT_INJECT_H

#include "kernel/types.h"

struct fault_attr {
	const char *name;
	u32 interval;	/* fail every interval-th call; 0 = never */
	u32 calls;	/* calls seen since interval was set */
	u32 failures;	/* calls failed on purpose */
};

extern struct fault_attr fail_page_alloc, failslab;

/* Read the boot options; mm_init calls it once the boot allocations are done. */
void fault_inject_init(void);
/* Set a new interval and restart the count (tests). */
void fault_attr_set(struct fault_attr *attr, u32 interval);
/* True when this call is to fail. */
bool should_fail(struct fault_attr *attr);

#endif
