/*
 * kernel/cpu/trap_test.c - ktests for the trap path: a handled int3 returns
 * to the next instruction, faults in a test context are caught with the
 * right vector, error code and CR2, and exception-table fixups resume.
 */
#include "kernel/cpu/extable.h"
#include "kernel/cpu/gdt.h"
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "kernel/cpu/trap.h"

static u32 int3_count, int3_eip;

static void count_int3(struct trapframe *tf)
{
	int3_count++;
	int3_eip = tf->eip;
}

KTEST(int3_is_handled_and_returns)
{
	trap_handler_t old = get_trap_handler(T_BRKPT);
	u32 after;

	int3_count = 0;
	set_trap_handler(T_BRKPT, count_int3);
	asm volatile("int3\n1:\tmovl $1b, %0" : "=r"(after));
	set_trap_handler(T_BRKPT, old);
	KEXPECT_EQ(int3_count, 1);
	/* int3 is a trap: the saved EIP is the instruction after it. */
	KEXPECT_EQ(int3_eip, after);
}

static void divide_by_zero(void *arg)
{
	volatile u32 zero = *(u32 *)arg;
	volatile u32 q = 1000 / zero;

	(void)q;
}

KTEST(divide_error_is_caught_and_returns)
{
	struct caught_fault f;
	u32 zero = 0, off;
	const char *fn;

	KASSERT_EQ(ktest_catch_fault(divide_by_zero, &zero, &f), T_DIVIDE);
	KEXPECT_EQ(f.vector, T_DIVIDE);
	KEXPECT_EQ(f.tf.trapno, T_DIVIDE);
	KEXPECT_EQ(f.tf.cs & 0xFFFF, KERNEL_CS);
	KEXPECT_FALSE(user_mode(&f.tf));
	fn = ksym_lookup(f.tf.eip, &off);
	KEXPECT_STREQ(fn, "divide_by_zero");
}

static void set_flag(void *arg)
{
	*(int *)arg = 1;
}

KTEST(fault_catcher_returns_minus_one_without_fault)
{
	int flag = 0;

	KEXPECT_EQ(ktest_catch_fault(set_flag, &flag, NULL), -1);
	KEXPECT_EQ(flag, 1);
}

/* Above the direct map (it ends at 0xF8000000): never mapped. */
#define UNMAPPED 0xFADE0000u

static void read_unmapped(void *arg)
{
	*(volatile u32 *)arg = *(volatile u32 *)UNMAPPED;
}

static void write_unmapped(void *arg)
{
	*(volatile u32 *)(UNMAPPED + 8) = (u32)arg;
}

KTEST(fault_catcher_reports_page_fault)
{
	struct caught_fault f;
	u32 sink;

	KASSERT_EQ(ktest_catch_fault(read_unmapped, &sink, &f), T_PGFLT);
	KEXPECT_EQ(f.cr2, UNMAPPED);
	KEXPECT_EQ(f.err, 0);	/* not present, read, kernel mode */

	KASSERT_EQ(ktest_catch_fault(write_unmapped, &sink, &f), T_PGFLT);
	KEXPECT_EQ(f.cr2, UNMAPPED + 8);
	KEXPECT_EQ(f.err, PF_WRITE);
}

static void load_bad_selector(void *arg)
{
	u16 sel = (u16)(u32)arg;

	asm volatile("movw %0, %%fs" : : "r"(sel));
}

KTEST(general_protection_carries_error_code)
{
	struct caught_fault f;
	u16 sel = 0x1230;	/* a GDT index far past its limit */

	KASSERT_EQ(ktest_catch_fault(load_bad_selector, (void *)(u32)sel, &f),
		   T_GPFLT);
	/* The stub for #GP must not push a second error code. */
	KEXPECT_EQ(f.tf.trapno, T_GPFLT);
	KEXPECT_EQ(f.err, sel);
}

/* Divide by zero with a fixup: returns -1 instead of faulting. */
static int guarded_divide(u32 n, u32 d)
{
	int ret;

	asm volatile("movl $-1, %0\n\t"
		     "xorl %%edx, %%edx\n"
		     "1:\tdivl %2\n\t"
		     "movl %%eax, %0\n"
		     "2:\n\t"
		     _ASM_EXTABLE(1b, 2b)
		     : "=&r"(ret), "+a"(n) : "r"(d) : "edx", "cc");
	return ret;
}

KTEST(exception_table_fixup_resumes)
{
	KEXPECT_EQ(guarded_divide(100, 7), 14);
	KEXPECT_EQ(guarded_divide(100, 0), -1);
	KEXPECT_TRUE(search_exception_table((u32)guarded_divide) == NULL);
}
