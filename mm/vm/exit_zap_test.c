/*
 * mm/vm/exit_zap_test.c - ktests for the teardown of a dying mm without
 * the big kernel lock (mm/vm/exit_zap.c): clean and anonymous PTEs go
 * without it, a dirty file PTE is left to the pass with it, and a stop
 * keeps the whole teardown under it.  The counters of /proc/vmstat tell
 * which way each mmput went.  With two CPUs, a kernel thread on CPU 1
 * that waits for the BKL gets it while CPU 0 is inside the teardown, and
 * reclaim's walk there finds the teardown's page_table_lock held.
 */
#include "kernel/ktest.h"
#include "kernel/cpu/io.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/printk.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/wait.h"
#include "kernel/smp/smp.h"
#include "kernel/time/timer.h"
#include "mm/vm/exit_zap.h"
#include "mm/vm/file_test.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/vm_test.h"
#include "mm/trylock_stat.h"
#include "mm/writeback/writeback.h"

#define ADDR 0x20000000UL
#define FADDR 0x30000000UL
#define NPAGES 4
#define ANON_RW (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE)
#define SHARED_RW                                                    \
	(VM_READ | VM_WRITE | VM_SHARED | VM_MAYREAD | VM_MAYWRITE | \
	 VM_MAYSHARE)

static struct test_file tf;

/* An mm with NPAGES written anonymous pages and a shared mapping of the
 * test file's first page, read, or written when file_write is set. */
static struct mm_struct *dying_mm(bool file_write)
{
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma, *fvma;
	int i;

	if (!mm)
		return NULL;
	vma = add_anon(mm, ADDR, NPAGES, ANON_RW);
	fvma = add_file_vma(mm, &tf.file, SHARED_RW, FADDR, 1);
	if (!vma || !fvma)
		return mm;
	for (i = 0; i < NPAGES; i++)
		handle_mm_fault(mm, vma, ADDR + i * PAGE_SIZE, true);
	handle_mm_fault(mm, fvma, FADDR, file_write);
	return mm;
}

KTEST(exit_zap_clears_anonymous_and_clean_ptes_without_the_kernel_lock)
{
	struct exit_zap_stats before = exit_zap_stats;
	u32 free_before;
	struct mm_struct *mm;

	make_test_file(&tf, PAGE_SIZE);
	free_before = settled_free_pages();
	mm = dying_mm(false);
	KASSERT_TRUE(mm);
	KEXPECT_EQ(mm->rss, NPAGES + 1);
	mmput(mm);
	KEXPECT_EQ(exit_zap_stats.unlocked, before.unlocked + 1);
	KEXPECT_EQ(exit_zap_stats.locked, before.locked);
	KEXPECT_EQ(exit_zap_stats.left, before.left);
	free_test_file(&tf);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

KTEST(exit_zap_leaves_a_dirty_file_pte_to_the_kernel_lock)
{
	struct exit_zap_stats before = exit_zap_stats;
	struct mm_struct *mm;
	struct page *page;
	u32 free_before;

	make_test_file(&tf, PAGE_SIZE);
	free_before = settled_free_pages();
	mm = dying_mm(true);
	KASSERT_TRUE(mm);
	page = pte_page(pte_at(mm, FADDR));
	KEXPECT_TRUE(pte_dirty(pte_at(mm, FADDR)));
	get_page(page);
	/* Clean the page: only the PTE's dirty bit says it was written. */
	lock_page(page);
	cancel_dirty_page(page);
	unlock_page(page);
	mmput(mm);
	KEXPECT_EQ(exit_zap_stats.unlocked, before.unlocked + 1);
	KEXPECT_EQ(exit_zap_stats.left, before.left + 1);
	/* The pass under the lock moved the PTE's dirty bit to the page. */
	KEXPECT_TRUE(PageDirty(page));
	KEXPECT_FALSE(page_mapped(page));
	put_page(page);
	free_test_file(&tf);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

KTEST(exit_zap_keeps_the_kernel_lock_while_zaps_are_stopped)
{
	struct exit_zap_stats before = exit_zap_stats;
	struct mm_struct *mm;
	u32 free_before;

	make_test_file(&tf, PAGE_SIZE);
	free_before = settled_free_pages();
	mm = dying_mm(true);
	KASSERT_TRUE(mm);
	stop_exit_zaps();
	stop_exit_zaps(); /* stops nest */
	resume_exit_zaps();
	mmput(mm);
	resume_exit_zaps();
	KEXPECT_EQ(exit_zap_stats.unlocked, before.unlocked);
	KEXPECT_EQ(exit_zap_stats.locked, before.locked + 1);
	KEXPECT_EQ(exit_zap_stats.left, before.left);
	free_test_file(&tf);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

/*
 * The witness moves to CPU 1 and sleeps there; woken, it waits for the
 * BKL on CPU 1 while the test holds it on CPU 0.  The test waits for
 * that, then lets its mm go: the teardown lets go of the BKL, so the
 * witness runs, and sees the teardown still in flight (its count drops
 * only after CPU 0 has taken the BKL back, which it must wait for).
 */
static DECLARE_WAIT_QUEUE_HEAD(witness_wq);
static DECLARE_WAIT_QUEUE_HEAD(test_wq);
static volatile int witness_state, witness_go, witness_saw;

/* A test's kernel thread leaves CPU 0, where the test runs. */
static void move_to_cpu1(void)
{
	set_cpus_allowed(current, cpumask_of(1));
	while (smp_processor_id() != 1)
		schedule();
}

static int witness(void *arg)
{
	(void)arg;
	move_to_cpu1();
	witness_state = 1;
	wake_up(&test_wq);
	wait_event(witness_wq, witness_go);
	witness_saw = exit_zaps_in_flight();
	witness_state = 2;
	return 0;
}

KTEST(exit_zap_lets_another_cpu_into_the_kernel)
{
	struct task_struct *t;
	struct mm_struct *mm;
	u32 start;

	if (num_online_cpus() < 2) {
		ktest_skip("only CPU 0 online");
		return;
	}
	make_test_file(&tf, PAGE_SIZE);
	mm = dying_mm(false);
	KASSERT_TRUE(mm);
	witness_state = witness_go = 0;
	witness_saw = -1;
	t = kthread_run(witness, NULL, "zapwitness");
	KASSERT_TRUE(!IS_ERR(t));
	/* Asleep, CPU 0 lets go of the BKL, so the witness can move and
	 * run on CPU 1; once this CPU holds the BKL again, the witness has
	 * gone to sleep (CPU 1 lets go only then). */
	wait_event(test_wq, witness_state == 1);
	witness_go = 1;
	wake_up(&witness_wq);
	/* Holding the BKL, with CPU 0's tick counting jiffies. */
	start = jiffies;
	while (!kernel_lock_wanted() && jiffies - start < 10 * HZ)
		cpu_relax();
	KEXPECT_TRUE(kernel_lock_wanted());
	mmput(mm);
	KEXPECT_EQ(kthread_wait(t), 0);
	KEXPECT_EQ(witness_state, 2);
	KEXPECT_EQ(witness_saw, 1);
	free_test_file(&tf);
}

/*
 * Reclaim on CPU 1 meets the teardown on CPU 0, as the seed's trylocks
 * expect: a reclaimer must not wait for a page table another CPU holds.
 * Each round maps the test file's READ_PAGES at READ_MAPS addresses of a
 * dying mm, each its own VMA, and lets the mm go.  The teardown lets go
 * of the BKL; the reclaimer, waiting for it on CPU 1, asks page_referenced
 * about the file's first page, whose walk tries the mm's page_table_lock
 * once for each VMA while CPU 0 takes and drops it once for each VMA it
 * clears.  A try that lands inside a hold skips that VMA and is counted
 * (trylock_fail_page_table_lock_referenced_file).  Where a try lands is
 * up to two CPUs' timing, so rounds run until one has: thirty seconds at
 * most (well inside the boot's timeout), since with more busy emulated
 * CPUs than host cores a round can take more than a second (a loaded
 * host once gave only six rounds in ten seconds).  The reclaimer asks a
 * bounded number of times, since it holds the BKL meanwhile: a tick on
 * CPU 0 waits for it there, and stalls the teardown.  A chained page (rmap=pte_chain) is asked without the lock:
 * skipped.
 */
#define READ_MAPS 32
#define READ_PAGES 16
#define MAX_ASKS 4000
#define READ_ONLY_SHARED (VM_READ | VM_SHARED | VM_MAYREAD | VM_MAYSHARE)

static DECLARE_WAIT_QUEUE_HEAD(reclaimer_wq);
static struct page *asked_page;
static volatile int reclaimer_round, reclaimer_done, reclaimer_stop;
static volatile u32 reclaimer_asks;

/* The test file's READ_PAGES mapped READ_MAPS times and read in, or NULL. */
static struct mm_struct *readers_mm(void)
{
	struct mm_struct *mm = mm_alloc();
	unsigned long addr;
	int i, j;

	if (!mm)
		return NULL;
	for (i = 0; i < READ_MAPS; i++) {
		struct vm_area_struct *vma;

		addr = FADDR + i * READ_PAGES * PAGE_SIZE;
		vma = add_file_vma(mm, &tf.file, READ_ONLY_SHARED, addr,
				   READ_PAGES);
		if (!vma) {
			mmput(mm);
			return NULL;
		}
		for (j = 0; j < READ_PAGES; j++)
			handle_mm_fault(mm, vma, addr + j * PAGE_SIZE, false);
	}
	return mm;
}

static int reclaimer(void *arg)
{
	int round = 0;
	u32 asks;

	(void)arg;
	move_to_cpu1();
	for (;;) {
		wait_event(reclaimer_wq,
			   reclaimer_round != round || reclaimer_stop);
		if (reclaimer_stop)
			return 0;
		round = reclaimer_round;
		for (asks = 0; asks < MAX_ASKS && page_mapped(asked_page);
		     asks++) {
			lock_page(asked_page);
			page_referenced(asked_page);
			unlock_page(asked_page);
		}
		reclaimer_asks += asks;
		reclaimer_done = round;
		wake_up(&test_wq);
	}
}

/* One round; false if the reclaimer never waited for the BKL. */
static bool teardown_round(struct mm_struct *mm)
{
	u32 start = jiffies;

	reclaimer_round++;
	wake_up(&reclaimer_wq);
	while (!kernel_lock_wanted() && jiffies - start < 10 * HZ)
		cpu_relax();
	if (!kernel_lock_wanted())
		return false;
	mmput(mm);
	wait_event(test_wq, reclaimer_done == reclaimer_round);
	return true;
}

KTEST(exit_zap_meets_reclaim_on_another_cpu_and_its_trylock_fails)
{
	u32 *failed = &trylock_failures[TRYLOCK_PTL_REFERENCED_FILE];
	u32 before = *failed, start, rounds = 0;
	struct task_struct *t;
	struct mm_struct *mm;
	bool chained = false;

	if (num_online_cpus() < 2) {
		ktest_skip("only CPU 0 online");
		return;
	}
	make_test_file(&tf, READ_PAGES * PAGE_SIZE);
	reclaimer_round = reclaimer_done = reclaimer_stop = 0;
	reclaimer_asks = 0;
	t = kthread_run(reclaimer, NULL, "zapreclaimer");
	KASSERT_TRUE(!IS_ERR(t));
	start = jiffies;
	do {
		mm = readers_mm();
		if (!KEXPECT_TRUE(mm))
			break;
		asked_page = pte_page(pte_at(mm, FADDR));
		chained = page_uses_chain(asked_page);
		if (chained) {
			mmput(mm);
			ktest_skip("a chained page is asked without the lock");
			break;
		}
		rounds++;
		if (!KEXPECT_TRUE(teardown_round(mm)))
			break;
	} while (*failed == before && jiffies - start < 30 * HZ);
	reclaimer_stop = 1;
	wake_up(&reclaimer_wq);
	KEXPECT_EQ(kthread_wait(t), 0);
	if (rounds && !chained) {
		printk(KERN_INFO "exit_zap ktest: %u rounds, %u asks, %u tries "
				 "failed\n",
		       rounds, reclaimer_asks, *failed - before);
		KEXPECT_GT(*failed, before);
	}
	free_test_file(&tf);
}
