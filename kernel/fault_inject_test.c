/*
 * kernel/fault_inject_test.c - ktests for fault injection: the interval,
 * probability, budget and task filter of kernel/fault_inject.h, at the
 * page and slab allocators.
 */
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/process/task.h"
#include "kernel/fault_inject.h"
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

/* n page allocations under attr; how many failed. */
static int failed_allocs(int n)
{
	int i, nulls = 0;

	for (i = 0; i < n; i++) {
		struct page *p = alloc_page(GFP_KERNEL);

		if (p)
			__free_page(p);
		else
			nulls++;
	}
	return nulls;
}

KTEST(fault_injection_budget_probability_and_task_filter)
{
	struct fault_attr saved = fail_page_alloc;
	bool was = current->make_it_fail;

	/* The budget: every call may fail, but only 3 do. */
	fault_attr_config(&fail_page_alloc, 1, 100, 3, false);
	KEXPECT_EQ(failed_allocs(10), 3);
	KEXPECT_EQ(fail_page_alloc.times, 0);
	/* Probability 0: nothing fails. */
	fault_attr_config(&fail_page_alloc, 1, 0, -1, false);
	KEXPECT_EQ(failed_allocs(10), 0);
	/* Probability 50: some, not all (the generator is seeded). */
	fault_attr_config(&fail_page_alloc, 1, 50, -1, false);
	KEXPECT_GT(failed_allocs(100), 10);
	fault_attr_config(&fail_page_alloc, 1, 50, -1, false);
	KEXPECT_LT(failed_allocs(100), 90);
	/* The task filter: calls of other tasks are not even counted. */
	fault_attr_config(&fail_page_alloc, 2, 100, -1, true);
	current->make_it_fail = false;
	KEXPECT_EQ(failed_allocs(10), 0);
	KEXPECT_EQ(fail_page_alloc.calls, 0);
	current->make_it_fail = true;
	KEXPECT_EQ(failed_allocs(10), 5);
	current->make_it_fail = was;
	fault_attr_config(&fail_page_alloc, saved.interval, saved.probability,
			  saved.times, saved.task_filter);
}

KTEST(fault_attr_parse_accepts_linux_like_settings)
{
	struct fault_attr a;

	memset(&a, 0, sizeof(a));
	KEXPECT_EQ(fault_attr_parse(&a, "7", 1), 0);
	KEXPECT_TRUE(a.interval == 7 && a.probability == 100 && a.times == -1 &&
		     !a.task_filter);
	KEXPECT_EQ(fault_attr_parse(&a, "5,30,20,1\n", 10), 0);
	KEXPECT_TRUE(a.interval == 5 && a.probability == 30 && a.times == 20 &&
		     a.task_filter);
	KEXPECT_EQ(fault_attr_parse(&a, "0 100 -1 0", 10), 0);
	KEXPECT_EQ(a.interval, 0);
	KEXPECT_EQ(fault_attr_parse(&a, "", 0), -EINVAL);
	KEXPECT_EQ(fault_attr_parse(&a, "3,101", 5), -EINVAL);
	KEXPECT_EQ(fault_attr_parse(&a, "3,50,-2", 7), -EINVAL);
	KEXPECT_EQ(fault_attr_parse(&a, "3x", 2), -EINVAL);
	KEXPECT_EQ(fault_attr_parse(&a, "1,1,1,2", 7), -EINVAL);
}
