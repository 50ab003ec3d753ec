/*
 * kernel/ktest.h - in-kernel tests.
 *
 *	KTEST(printk_formats) { KEXPECT_EQ(1 + 1, 2); }
 *
 * registers a test in the .ktests linker section.  With `ktest` on the
 * command line, ktest_run_all() runs every test after boot and prints TAP:
 * `ok 3 - printk_formats` or `not ok 3 - ...`, then `N passed, N failed`.
 * A failed expectation prints its file, line, expression and both values,
 * marks the test failed and carries on; KASSERT_* also return from the test.
 */
#ifndef KERNEL_KTEST_H
#define KERNEL_KTEST_H

#include "kernel/types.h"
#include "kernel/lib/string.h"

struct ktest {
	const char *name;
	void (*fn)(void);
};

#define KTEST(tname)                                                        \
	static void ktest_fn_##tname(void);                                 \
	static const struct ktest ktest_##tname __used                      \
		__section(".ktests") = { #tname, ktest_fn_##tname };        \
	static void ktest_fn_##tname(void)

extern bool ktest_mode;

void ktest_fail(const char *file, int line, const char *expr, long long a,
		long long b);
void ktest_fail_msg(const char *file, int line, const char *expr);
/* From inside a test: it cannot run here (e.g. no disk attached).  The
 * test should return; it is reported as `ok N - name # SKIP why`. */
void ktest_skip(const char *why);
/* True when ktest_only names this test in full (not by a prefix). */
bool ktest_named(const char *name);
/* Does list ("a,b_*") select name?  exact: prefixes do not count. */
bool ktest_list_selects(const char *list, const char *name, bool exact);
/* Runs every registered test; returns the number that failed. */
int ktest_run_all(void);

#define KEXPECT_OP(a, op, b)                                             \
	({                                                                \
		long long __a = (long long)(a), __b = (long long)(b);     \
		bool __ok = __a op __b;                                   \
		if (!__ok)                                                \
			ktest_fail(__FILE__, __LINE__, #a " " #op " " #b, \
				   __a, __b);                             \
		__ok;                                                     \
	})

#define KEXPECT_EQ(a, b) KEXPECT_OP(a, ==, b)
#define KEXPECT_NE(a, b) KEXPECT_OP(a, !=, b)
#define KEXPECT_LT(a, b) KEXPECT_OP(a, <, b)
#define KEXPECT_LE(a, b) KEXPECT_OP(a, <=, b)
#define KEXPECT_GT(a, b) KEXPECT_OP(a, >, b)
#define KEXPECT_GE(a, b) KEXPECT_OP(a, >=, b)
#define KEXPECT_TRUE(c)                                                  \
	({                                                                \
		bool __ok = !!(c);                                        \
		if (!__ok)                                                \
			ktest_fail_msg(__FILE__, __LINE__, #c);           \
		__ok;                                                     \
	})
#define KEXPECT_FALSE(c) KEXPECT_TRUE(!(c))
#define KEXPECT_STREQ(a, b)                                              \
	({                                                                \
		const char *__a = (a), *__b = (b);                        \
		bool __ok = __a && __b && !strcmp(__a, __b);              \
		if (!__ok)                                                \
			ktest_fail_str(__FILE__, __LINE__, #a " == " #b, __a, \
				       __b);                              \
		__ok;                                                     \
	})

void ktest_fail_str(const char *file, int line, const char *expr,
		    const char *a, const char *b);

#define KASSERT_EQ(a, b)              \
	do {                          \
		if (!KEXPECT_EQ(a, b)) \
			return;       \
	} while (0)
#define KASSERT_TRUE(c)                \
	do {                           \
		if (!KEXPECT_TRUE(c))  \
			return;        \
	} while (0)

#endif
