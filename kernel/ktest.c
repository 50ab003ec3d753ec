/*
 * kernel/ktest.c - run the registered in-kernel tests and report in TAP.
 *
 * Tests run one after another in the boot thread.  A failed expectation
 * only sets `current_failed`; the runner reads it when the test returns.
 */
#include "kernel/ktest.h"
#include "kernel/cmdline.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"

KERNEL_PARAM("ktest", "run the in-kernel tests after boot");
KERNEL_PARAM("ktest_only", "run only these in-kernel tests (a,b,prefix*)");

extern const struct ktest __start_ktests[], __stop_ktests[];

bool ktest_mode;
static bool current_failed;
static const char *current_skip;

void ktest_fail(const char *file, int line, const char *expr, long long a,
		long long b)
{
	printk("#   %s:%d: expected %s, got %lld and %lld (0x%llx, 0x%llx)\n",
	       file, line, expr, a, b, a, b);
	current_failed = true;
}

void ktest_fail_msg(const char *file, int line, const char *expr)
{
	printk("#   %s:%d: expected %s\n", file, line, expr);
	current_failed = true;
}

void ktest_skip(const char *why)
{
	current_skip = why;
}

void ktest_fail_str(const char *file, int line, const char *expr,
		    const char *a, const char *b)
{
	printk("#   %s:%d: expected %s, got \"%s\" and \"%s\"\n", file, line,
	       expr, a, b);
	current_failed = true;
}

/*
 * Does a ktest_only list name this test?  Items are separated by commas;
 * "blk_*" selects every name that begins with "blk_".  A prefix match
 * counts only when exact is false: tests that panic on purpose run only
 * when their full name is given.
 */
bool ktest_list_selects(const char *item, const char *name, bool exact)
{
	const char *comma;
	size_t len;

	while (item && *item) {
		comma = strchr(item, ',');
		len = comma ? (size_t)(comma - item) : strlen(item);
		if (!exact && len && item[len - 1] == '*') {
			if (!strncmp(item, name, len - 1))
				return true;
		} else if (len == strlen(name) && !strncmp(item, name, len)) {
			return true;
		}
		item += len;
		if (*item == ',')
			item++;
	}
	return false;
}

bool ktest_named(const char *name)
{
	return ktest_list_selects(cmdline_get("ktest_only"), name, true);
}

int ktest_run_all(void)
{
	const char *only = cmdline_get("ktest_only");
	const struct ktest *t;
	int n = 0, passed = 0, failed = 0;

	printk("TAP version 13\n");
	printk("1..%d\n", (int)(__stop_ktests - __start_ktests));
	for (t = __start_ktests; t < __stop_ktests; t++) {
		n++;
		if (only && !ktest_list_selects(only, t->name, false)) {
			printk("ok %d - %s # SKIP\n", n, t->name);
			continue;
		}
		current_failed = false;
		current_skip = NULL;
		t->fn();
		if (current_skip && !current_failed) {
			passed++;
			printk("ok %d - %s # SKIP %s\n", n, t->name, current_skip);
		} else if (current_failed) {
			failed++;
			printk("not ok %d - %s\n", n, t->name);
		} else {
			passed++;
			printk("ok %d - %s\n", n, t->name);
		}
	}
	printk("ktest: %d passed, %d failed\n", passed, failed);
	return failed;
}
