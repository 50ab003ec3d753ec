/*
 * kernel/printk_test.c - ktests for message levels in the log and the
 * rate limit (kernel/printk.h).  The messages below console_loglevel also
 * reach the console, between the ktest lines.
 */
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"

static char log_copy[LOG_BUF_LEN + 1];

/* Whether the log ends with want. */
static bool log_ends_with(const char *want)
{
	size_t n = log_buf_read(log_copy, LOG_BUF_LEN), len = strlen(want);

	return n >= len && memcmp(log_copy + n - len, want, len) == 0;
}

KTEST(printk_levels_in_the_log)
{
	u32 flags = irq_save(); /* no handler's message in between */
	bool debug, cont, next;

	printk(KERN_DEBUG "printk_test: debug\n");
	debug = log_ends_with("\n<7>printk_test: debug\n");
	printk("printk_test: default,");
	printk(" continued\n");
	cont = log_ends_with("\n<4>printk_test: default, continued\n");
	printk(KERN_INFO "printk_test: open");
	printk(KERN_ERR "printk_test: a new level ends it\n");
	next = log_ends_with("\n<6>printk_test: open\n"
			     "<3>printk_test: a new level ends it\n");
	irq_restore(flags);
	KEXPECT_TRUE(debug);
	KEXPECT_TRUE(cont);
	KEXPECT_TRUE(next);
}

KTEST(ratelimit_allows_a_burst_per_interval)
{
	DEFINE_RATELIMIT_STATE(rs, 1000 * HZ, 3);
	int i, allowed = 0;

	for (i = 0; i < 5; i++)
		allowed += __ratelimit(&rs, "ratelimit_test");
	KEXPECT_EQ(allowed, 3);
	KEXPECT_EQ(rs.missed, 2);
	rs.begin -= rs.interval; /* as if the interval had passed */
	KEXPECT_TRUE(__ratelimit(&rs, "ratelimit_test"));
	KEXPECT_EQ(rs.missed, 0);
}
