/*
 * kernel/lib/vsprintf_test.c - ktests for the formatting engine.
 */
#include "kernel/ktest.h"
#include "kernel/lib/vsprintf.h"

#define EXPECT_FMT(want, ...)                                   \
	do {                                                    \
		char buf[64];                                   \
		snprintf(buf, sizeof(buf), __VA_ARGS__);        \
		KEXPECT_STREQ(buf, want);                       \
	} while (0)

KTEST(printk_formats)
{
	/* volatile: keep GCC from noticing the NULL at compile time */
	const char *volatile null_string = NULL;

	EXPECT_FMT("42 -7 7", "%d %i %u", 42, -7, 7u);
	EXPECT_FMT("ff FF", "%x %X", 255, 255);
	EXPECT_FMT("0100002 0", "0%o %o", 0100002, 0);
	EXPECT_FMT("c0100000", "%p", (void *)0xC0100000);
	EXPECT_FMT("[  ab] [ab  ] [00ab]", "[%4s] [%-4s] [%04x]", "ab", "ab", 0xab);
	EXPECT_FMT("x % y", "%c %% %s", 'x', "y");
	EXPECT_FMT("-2147483648", "%d", (int)0x80000000);
	EXPECT_FMT("4294967295", "%lu", 0xFFFFFFFFul);
	EXPECT_FMT("18446744073709551615", "%llu", ~0ull);
	EXPECT_FMT("-9000000000", "%lld", -9000000000ll);
	EXPECT_FMT("123456789abcdef0", "%llx", 0x123456789abcdef0ull);
	EXPECT_FMT("(null)", "%s", null_string);
	EXPECT_FMT("  -5", "%4d", -5);
	EXPECT_FMT("-005", "%04d", -5);
}

KTEST(snprintf_truncates)
{
	char buf[4];

	KEXPECT_EQ(snprintf(buf, sizeof(buf), "%s", "abcdef"), 6);
	KEXPECT_STREQ(buf, "abc");
}
