/*
 * kernel/process/kstack_test.c - the guard below each kernel stack, and what an
 * overflow into it does.
 *
 * kernel_stack_overflow_panics crashes the kernel on purpose, so it runs
 * only when named (ktest_only=kernel_stack_overflow_panics, the
 * ktest-stack-overflow boot of tools/test-boots, which expects the panic:
 * a double fault handled on its own stack, naming the task, with a
 * backtrace through stack_hog).  Without the guard or the double-fault
 * task gate the machine would reset and the boot would miss that line.
 * The overflow runs on the highest-numbered CPU, so the smp2 boot of it
 * (smp2-stack-overflow) proves an AP's task gate as well.
 */
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "kernel/process/kstack.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "kernel/smp/smp.h"
#include "kernel/lib/string.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"
#include "mm/phys/page.h"
#include "mm/phys/tlb.h"

static void read_word(void *addr)
{
	(void)*(volatile u32 *)addr;
}

KTEST(kernel_stack_has_an_unmapped_guard_below)
{
	u8 *stack = kstack_alloc();
	struct caught_fault f;

	KASSERT_TRUE(stack);
	KEXPECT_FALSE(virt_addr_valid(stack));	/* not in the direct map */
	KEXPECT_EQ(ktest_catch_fault(read_word, stack, NULL), -1);
	KEXPECT_EQ(ktest_catch_fault(read_word, stack + THREAD_SIZE - 4, NULL), -1);
	KEXPECT_TRUE(kstack_in_guard((u32)stack - 4));
	KEXPECT_FALSE(kstack_in_guard((u32)stack));
	KEXPECT_EQ(ktest_catch_fault(read_word, stack - 4, &f), T_PGFLT);
	KEXPECT_EQ(f.cr2, (u32)stack - 4);
	kstack_free(stack);
	/* Freed: unmapped, and the TLB forgot it. */
	KEXPECT_EQ(ktest_catch_fault(read_word, stack, NULL), T_PGFLT);
}

/* Three stacks taken (empties the cache, which holds two) and given
 * back: the first two stay mapped, without a TLB flush, and come back
 * last first; the third is unmapped.  Fails if every dead task's stack
 * were unmapped, each a flush of every CPU. */
KTEST(dead_tasks_stacks_stay_mapped_for_the_next_fork)
{
	u8 *a = alloc_thread_stack(), *b = alloc_thread_stack(),
	   *c = alloc_thread_stack();
	u32 flushes;

	KASSERT_TRUE(a && b && c);
	flushes = tlb_events.local_flush_one + tlb_events.local_flush_all;
	free_thread_stack(a);
	free_thread_stack(b);
	KEXPECT_EQ(tlb_events.local_flush_one + tlb_events.local_flush_all,
		   flushes);
	free_thread_stack(c);
	KEXPECT_EQ(ktest_catch_fault(read_word, a, NULL), -1);
	KEXPECT_EQ(ktest_catch_fault(read_word, b + THREAD_SIZE - 4, NULL), -1);
	KEXPECT_EQ(ktest_catch_fault(read_word, c, NULL), T_PGFLT);
	KEXPECT_TRUE(kstack_in_guard((u32)a - 4));
	KEXPECT_EQ((u32)alloc_thread_stack(), (u32)b);
	KEXPECT_EQ((u32)alloc_thread_stack(), (u32)a);
	free_thread_stack(a);
	free_thread_stack(b);
}

/* Deep enough to run off any stack; the limit only keeps GCC from
 * calling the recursion infinite. */
static volatile u32 hog_limit = 0xFFFFFFFFu;

static u32 stack_hog(u32 depth)
{
	volatile u8 frame[128];

	frame[0] = (u8)depth;
	if (depth >= hog_limit)
		return frame[0];
	return stack_hog(depth + 1) + frame[0];
}

/* Moves to the last CPU first (ktests and their threads run on CPU 0). */
static int overflow_thread(void *arg)
{
	int c, cpu = 0;

	(void)arg;
	for_each_online_cpu(c)
		cpu = c;
	set_cpus_allowed(current, cpumask_of(cpu));
	while (smp_processor_id() != cpu)
		schedule();
	printk("stackhog: overflowing on CPU%d\n", cpu);
	return (int)stack_hog(0);
}

KTEST(kernel_stack_overflow_panics)
{
	struct task_struct *t;

	if (!ktest_named("kernel_stack_overflow_panics")) {
		ktest_skip("panics on purpose: run with ktest_only=kernel_stack_overflow_panics");
		return;
	}
	t = kthread_run(overflow_thread, NULL, "stackhog");
	KASSERT_TRUE(!IS_ERR(t));
	kthread_wait(t);
	/* Only reached when the overflow did not stop the kernel. */
	KEXPECT_TRUE(false);
}
