/*
 * kernel/ldt_test.c - ktests for the LDT: a table loaded by load_ldt()
 * is what a selector with the table bit reaches, and switching to a
 * process without a table leaves none to reach.
 */
#include "kernel/gdt.h"
#include "kernel/ktest.h"
#include "kernel/trap.h"

static u32 ldt_block[4];

#define LDT_SEL(i) (((i) << 3) | 4)

static u32 read_gs(u32 offset, u16 sel)
{
	u32 v;

	asm volatile("movw %w1, %%gs\n\t"
		     "movl %%gs:(%2), %0\n\t"
		     "movw %w3, %%gs"
		     : "=&r"(v) : "r"(sel), "r"(offset), "r"(0) : "memory");
	return v;
}

static void load_gs(void *sel)
{
	asm volatile("movw %w0, %%gs\n\t"
		     "movw %w1, %%gs" : : "r"(sel), "r"(0));
}

KTEST(ldt_entry_addresses_its_base)
{
	struct desc_struct entries[2] = { { 0, 0 } };
	struct user_desc u = { .base_addr = (u32)&ldt_block[1],
			       .limit = 0xFFFFF,
			       .seg_32bit = 1,
			       .limit_in_pages = 1 };
	int i;

	for (i = 0; i < 4; i++)
		ldt_block[i] = 0x01010101 * (i + 1);
	entries[1] = fill_ldt(&u);
	load_ldt(entries, 2);
	KEXPECT_EQ(read_gs(0, LDT_SEL(1)), 0x02020202);
	KEXPECT_EQ(read_gs(4, LDT_SEL(1)), 0x03030303);
	KEXPECT_EQ(ktest_catch_fault(load_gs, (void *)LDT_SEL(0), NULL),
		   T_GPFLT);
	load_ldt(NULL, 0);
	KEXPECT_EQ(ktest_catch_fault(load_gs, (void *)LDT_SEL(1), NULL),
		   T_GPFLT);
}
