/*
 * mm/phys/fault_inject_test.c - ktests for fail_page_alloc and failslab.
 */
#include "kernel/ktest.h"
#include "mm/phys/fault_inject.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"

KTEST(fail_page_alloc_fails_every_nth)
{
	u32 saved = fail_page_alloc.interval, failures = fail_page_alloc.failures;
	u32 free0 = nr_free_pages();
	struct page *p[6];
	int i, nulls = 0;

	fault_attr_set(&fail_page_alloc, 3);
	for (i = 0; i < 6; i++) {
		p[i] = alloc_page(GFP_KERNEL);
		nulls += p[i] == NULL;
	}
	fault_attr_set(&fail_page_alloc, saved);
	KEXPECT_TRUE(p[0] && p[1] && !p[2] && p[3] && p[4] && !p[5]);
	KEXPECT_EQ(nulls, 2);
	KEXPECT_EQ(fail_page_alloc.failures, failures + 2);
	for (i = 0; i < 6; i++)
		if (p[i])
			__free_page(p[i]);
	KEXPECT_EQ(nr_free_pages(), free0);
}

KTEST(failslab_fails_every_nth_kmalloc)
{
	u32 saved = failslab.interval, failures = failslab.failures;
	void *p[4];
	int i;

	fault_attr_set(&failslab, 2);
	for (i = 0; i < 4; i++)
		p[i] = kmalloc(32, GFP_KERNEL);
	fault_attr_set(&failslab, saved);
	KEXPECT_TRUE(p[0] && !p[1] && p[2] && !p[3]);
	KEXPECT_EQ(failslab.failures, failures + 2);
	for (i = 0; i < 4; i++)
		kfree(p[i]);
}
