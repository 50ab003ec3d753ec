/*
 * mm/phys/fault_inject.c - deterministic allocation failures for testing.
 *
 * Deterministic rather than random so that a failing boot can be repeated
 * exactly: with interval N, calls N, 2N, 3N ... fail.
 */
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "mm/phys/fault_inject.h"

KERNEL_PARAM("fail_page_alloc", "fail every Nth page allocation (0 = off)");
KERNEL_PARAM("failslab", "fail every Nth slab/kmalloc allocation (0 = off)");

struct fault_attr fail_page_alloc = { .name = "fail_page_alloc" };
struct fault_attr failslab = { .name = "failslab" };

void fault_attr_set(struct fault_attr *attr, u32 interval)
{
	attr->interval = interval;
	attr->calls = 0;
}

static void init_attr(struct fault_attr *attr)
{
	long n = cmdline_get_long(attr->name, 0);

	if (n < 0) {
		printk("%s=%ld: must be >= 0, ignored\n", attr->name, n);
		return;
	}
	fault_attr_set(attr, (u32)n);
	if (n)
		printk("fault injection: %s every %ld calls\n", attr->name, n);
}

void fault_inject_init(void)
{
	init_attr(&fail_page_alloc);
	init_attr(&failslab);
}

bool should_fail(struct fault_attr *attr)
{
	if (!attr->interval)
		return false;
	if (++attr->calls < attr->interval)
		return false;
	attr->calls = 0;
	attr->failures++;
	return true;
}
