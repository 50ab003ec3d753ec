/*
 * kernel/cpu/gdt_test.c - ktests for the TLS slots and the LDT: a descriptor
 * installed by load_tls() or load_ldt() really addresses the memory its
 * base names, and an empty one, or any LDT selector once no table is
 * loaded, cannot be loaded; a trap taken while %gs still names a slot
 * just emptied returns with %gs null instead of faulting on its way out.
 */
#include "kernel/cpu/gdt.h"
#include "kernel/ktest.h"
#include "kernel/cpu/trap.h"

static u32 tls_block[4];

static u32 read_gs(u32 offset, u16 sel)
{
	u32 v;

	asm volatile("movw %w1, %%gs\n\t"
		     "movl %%gs:(%2), %0\n\t"
		     "movw %w3, %%gs"
		     : "=&r"(v) : "r"(sel), "r"(offset), "r"(0) : "memory");
	return v;
}

#define TLS_SEL(i) (((GDT_ENTRY_TLS_MIN + (i)) << 3) | 3)
#define LDT_SEL(i) (((i) << 3) | 4)

static void load_gs(void *sel)
{
	asm volatile("movw %w0, %%gs\n\t"
		     "movw %w1, %%gs" : : "r"(sel), "r"(0));
}

/* Slots 0 and 2 empty, slot 1 a flat data segment based at tls_block[1]. */
static void tls_slot1_at_block(struct user_desc tls[GDT_ENTRY_TLS_ENTRIES])
{
	int i;

	for (i = 0; i < GDT_ENTRY_TLS_ENTRIES; i++) {
		tls[i] = (struct user_desc){ .entry_number = GDT_ENTRY_TLS_MIN + i,
					     .read_exec_only = 1,
					     .seg_not_present = 1 };
	}
	tls[1].base_addr = (u32)&tls_block[1];
	tls[1].limit = 0xFFFFF;
	tls[1].seg_32bit = 1;
	tls[1].limit_in_pages = 1;
	tls[1].read_exec_only = 0;
	tls[1].seg_not_present = 0;
	tls[1].useable = 1;
}

KTEST(tls_descriptor_addresses_its_base)
{
	struct user_desc tls[GDT_ENTRY_TLS_ENTRIES];
	int i;

	for (i = 0; i < 4; i++)
		tls_block[i] = 0x11111111 * (i + 1);
	tls_slot1_at_block(tls);
	load_tls(tls);
	KEXPECT_EQ(read_gs(0, TLS_SEL(1)), 0x22222222);
	KEXPECT_EQ(read_gs(8, TLS_SEL(1)), 0x44444444);

	tls[1] = tls[0];	/* empty again: the slot must no longer load */
	load_tls(tls);
	KEXPECT_EQ(ktest_catch_fault(load_gs, (void *)TLS_SEL(1), NULL), T_GPFLT);
}

static void divide_by_zero(void *arg)
{
	(void)arg;
	asm volatile("xorl %%ecx, %%ecx\n\t"
		     "xorl %%edx, %%edx\n\t"
		     "divl %%ecx"
		     : : "a"(1) : "ecx", "edx", "cc");
}

/*
 * %gs keeps a selector whose slot is emptied under it, as a program's does
 * when exec clears its TLS.  The divide's trapret pops that selector: the
 * pop faults, and the fault's own trapret must not fault again (the
 * entry nulls %gs, so the nested frame holds 0); the fixup nulls the
 * saved copy and the trap returns with %gs null.
 */
KTEST(trap_return_nulls_a_gs_whose_slot_was_emptied)
{
	struct user_desc tls[GDT_ENTRY_TLS_ENTRIES];
	u16 gs;

	tls_slot1_at_block(tls);
	load_tls(tls);
	asm volatile("movw %w0, %%gs" : : "r"(TLS_SEL(1)));
	tls[1] = tls[0];
	load_tls(tls);
	KEXPECT_EQ(ktest_catch_fault(divide_by_zero, NULL, NULL), T_DIVIDE);
	asm volatile("movw %%gs, %w0" : "=r"(gs));
	KEXPECT_EQ(gs, 0);
}

KTEST(ldt_entry_addresses_its_base)
{
	struct desc_struct entries[2] = { { 0, 0 } };
	struct user_desc u = { .base_addr = (u32)&tls_block[1],
			       .limit = 0xFFFFF,
			       .seg_32bit = 1,
			       .limit_in_pages = 1 };
	int i;

	for (i = 0; i < 4; i++)
		tls_block[i] = 0x01010101 * (i + 1);
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
