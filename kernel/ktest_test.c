/*
 * kernel/ktest_test.c - the runner's own selection: ktest_only lists.
 */
#include "kernel/ktest.h"

KTEST(ktest_only_lists_and_prefixes)
{
	KEXPECT_TRUE(
		ktest_list_selects("printk_formats", "printk_formats", false));
	KEXPECT_TRUE(!ktest_list_selects("printk_formats", "printk", false));
	KEXPECT_TRUE(!ktest_list_selects("printk", "printk_formats", false));
	KEXPECT_TRUE(ktest_list_selects("a,blk_*,c", "blk_claim", false));
	KEXPECT_TRUE(ktest_list_selects("a,blk_*,c", "c", false));
	KEXPECT_TRUE(!ktest_list_selects("a,blk_*,c", "b", false));
	KEXPECT_TRUE(ktest_list_selects("*", "anything", false));
	KEXPECT_TRUE(!ktest_list_selects(",,", "x", false));
	KEXPECT_TRUE(!ktest_list_selects(NULL, "x", false));
	/* A test that panics on purpose needs its full name. */
	KEXPECT_TRUE(!ktest_list_selects("kernel_*", "kernel_stack", true));
	KEXPECT_TRUE(
		ktest_list_selects("x,kernel_stack", "kernel_stack", true));
}
