/*
 * kernel/ksyms_test.c - ktests for the built-in symbol table: it exists
 * (the two-pass link worked) and resolves addresses inside functions.
 */
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "kernel/panic.h"

KTEST(ksyms_resolve_function_addresses)
{
	u32 off = 99;

	KASSERT_TRUE(ksyms_count > 100);
	KEXPECT_STREQ(ksym_lookup((u32)panic, &off), "panic");
	KEXPECT_EQ(off, 0);
	KEXPECT_STREQ(ksym_lookup((u32)dump_backtrace + 5, &off),
		      "dump_backtrace");
	KEXPECT_EQ(off, 5);
	KEXPECT_TRUE(ksym_lookup(0x1000, &off) == NULL);
	KEXPECT_TRUE(ksym_lookup((u32)&ksyms_count, &off) == NULL);
}
