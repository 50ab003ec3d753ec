/*
 * mm/trylock_stat_test.c - ktests that make each trylock of the reverse
 * map fail on purpose, in whichever rmap mode the boot runs.
 *
 * The test holds the lock itself, as a task on another CPU would, and asks
 * reclaim's questions about a page mapped under it: page_referenced must
 * say "referenced", try_to_unmap SWAP_AGAIN and page_mkclean "may be
 * dirty", the site's counter (mm/trylock_stat.h) must go up by exactly
 * one, and the page must still be mapped with its data.  A page_table_lock
 * is held by its lock word alone (arch_spin_trylock): the validator must
 * not see it in this task's held stack, or the anon_vma walk's
 * anon_vma->lock, taken after it, would be a real inversion in this task,
 * whereas on another CPU it is none.  Interrupts stay off around each
 * question, so no other task (kswapd) can bump a counter in between.
 * vmscan's page lock sites are tested in mm/reclaim/vmscan_test.c.
 */
#include "fs/address_space.h"
#include "kernel/ktest.h"
#include "kernel/process/task.h"
#include "mm/phys/slab.h"
#include "mm/rmap/pagetrace.h"
#include "mm/rmap/rmap_test.h"
#include "mm/trylock_stat.h"

#define FILE_NAME "/trylock-stat-test"

/* Reclaim's questions about a page (and writeback's, page_mkclean). */
enum question { REFERENCED, UNMAP, MKCLEAN };

/* The answer that says "a lock was busy, the page was skipped". */
static bool says_skipped(enum question q, int ret)
{
	return q == UNMAP ? ret == SWAP_AGAIN : ret > 0;
}

/* Hold ptl by its word alone (invisible to the validator), or sem. */
static void hold(spinlock_t *ptl, struct semaphore *sem)
{
	if (ptl)
		BUG_ON(!arch_spin_trylock(ptl));
	else
		BUG_ON(down_trylock(sem));
}

static void release(spinlock_t *ptl, struct semaphore *sem)
{
	if (ptl)
		arch_spin_unlock(ptl);
	else
		up(sem);
}

/*
 * Ask q about page with ptl (or sem) held; site is where the try must
 * fail.  Returns the counter's increase, or -1 if the answer was not
 * "skipped".  Before page_referenced, a call with the lock free clears
 * PG_referenced and the accessed bits, so that only the busy lock can
 * make the answer "referenced".
 */
static int ask_held(struct page *page, enum question q, spinlock_t *ptl,
		    struct semaphore *sem, enum trylock_site site)
{
	u32 before, flags;
	int ret;

	lock_page(page);
	flags = irq_save();
	if (q == REFERENCED)
		page_referenced(page);
	before = trylock_failures[site];
	hold(ptl, sem);
	if (q == REFERENCED) {
		ret = page_referenced(page);
	} else if (q == UNMAP) {
		ret = try_to_unmap(page);
	} else {
		current->flags |= PF_MEMALLOC; /* as reclaim: only try */
		ret = page_mkclean(page);
		current->flags &= ~PF_MEMALLOC;
	}
	release(ptl, sem);
	irq_restore(flags);
	unlock_page(page);
	return says_skipped(q, ret) ? (int)(trylock_failures[site] - before) :
				      -1;
}

/* page is still what mm maps at RMAP_TEST_ADDR, holding magic. */
static bool intact(struct mm_struct *mm, struct page *page, u32 magic)
{
	pte_t pte = pte_at(mm, RMAP_TEST_ADDR);

	return pte_present(pte) && pte_page(pte) == page &&
	       rmap_touch(mm, RMAP_TEST_ADDR) == magic;
}

/* The site a busy page_table_lock is counted at, for this mode and page. */
static enum trylock_site ptl_site(struct page *page, enum question q)
{
	bool chain = page_uses_chain(page), anon = PageAnon(page);

	if (q == REFERENCED)
		return anon ? TRYLOCK_PTL_REFERENCED_ANON :
			      TRYLOCK_PTL_REFERENCED_FILE;
	if (q == UNMAP)
		return chain ? TRYLOCK_PTL_UNMAP_CHAIN :
		       anon  ? TRYLOCK_PTL_UNMAP_ANON :
			       TRYLOCK_PTL_UNMAP_FILE;
	return chain ? TRYLOCK_PTL_MKCLEAN_CHAIN : TRYLOCK_PTL_MKCLEAN_FILE;
}

/*
 * A file page mapped shared by one address space: with its
 * page_table_lock held each question skips the page; page_referenced of a
 * chained page (rmap=pte_chain) takes no lock, as in Linux 2.6.
 */
KTEST(trylock_page_table_lock_busy_file_page_skipped_and_counted)
{
	struct file *f = one_page_file(FILE_NAME);
	struct rmap_family fam = { .n = 0 };
	struct page *page;
	enum question q;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 1, 0, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	for (q = REFERENCED; q <= MKCLEAN; q++) {
		if (q == REFERENCED && page_uses_chain(page))
			continue;
		KEXPECT_EQ(ask_held(page, q, &fam.mm[0]->page_table_lock, NULL,
				    ptl_site(page, q)),
			   1);
		KEXPECT_TRUE(intact(fam.mm[0], page, RMAP_TEST_MAGIC));
	}
	KEXPECT_EQ(rmap_audit(), 0);
out:
	rmap_family_free(&fam);
	if (f)
		fput(f);
	vfs_unlink(NULL, FILE_NAME);
}

/*
 * The same file page with its file's i_shared_sem held: the object walk
 * (objrmap, anon_vma) cannot start.  rmap=pte_chain never takes it.
 */
KTEST(trylock_i_shared_sem_busy_file_page_skipped_and_counted)
{
	static const enum trylock_site site[] = {
		TRYLOCK_I_SHARED_SEM_REFERENCED,
		TRYLOCK_I_SHARED_SEM_UNMAP,
		TRYLOCK_I_SHARED_SEM_MKCLEAN,
	};
	struct file *f = one_page_file(FILE_NAME);
	struct rmap_family fam = { .n = 0 };
	struct page *page;
	enum question q;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 1, 0, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	if (page_uses_chain(page)) {
		ktest_skip("rmap=pte_chain does not walk by the object");
		goto out;
	}
	for (q = REFERENCED; q <= MKCLEAN; q++) {
		KEXPECT_EQ(ask_held(page, q, NULL, &f->f_mapping->i_shared_sem,
				    site[q]),
			   1);
		KEXPECT_TRUE(intact(fam.mm[0], page, RMAP_TEST_MAGIC));
	}
	KEXPECT_EQ(rmap_audit(), 0);
out:
	rmap_family_free(&fam);
	if (f)
		fput(f);
	vfs_unlink(NULL, FILE_NAME);
}

/*
 * An anonymous page: try_to_unmap of its chain (objrmap, pte_chain) or its
 * anon_vma walk, and the anon_vma walk's page_referenced, skip it.
 */
KTEST(trylock_page_table_lock_busy_anon_page_skipped_and_counted)
{
	struct rmap_family fam = { .n = 0 };
	struct page *page;
	enum question q;

	if (!KEXPECT_EQ(rmap_family_anon(&fam, 1, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	for (q = REFERENCED; q <= UNMAP; q++) {
		if (q == REFERENCED && page_uses_chain(page))
			continue;
		KEXPECT_EQ(ask_held(page, q, &fam.mm[0]->page_table_lock, NULL,
				    ptl_site(page, q)),
			   1);
		KEXPECT_TRUE(intact(fam.mm[0], page, RMAP_TEST_MAGIC));
	}
	KEXPECT_EQ(rmap_audit(), 0);
out:
	rmap_family_free(&fam);
}

/* The page tracer reports a busy page_table_lock of another address space
 * on the object walk, and counts it. */
KTEST(trylock_page_table_lock_busy_in_pagetrace_counted)
{
	struct file *f = one_page_file(FILE_NAME);
	struct rmap_family fam = { .n = 0 };
	struct seq_buf m = { NULL, PAGE_SIZE, 0 };
	u32 before = trylock_failures[TRYLOCK_PTL_PAGETRACE];
	struct page *page;

	KASSERT_TRUE(f);
	m.buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!KEXPECT_TRUE(m.buf) ||
	    !KEXPECT_EQ(rmap_map_file(&fam, f, 2, 0, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	if (page_uses_chain(page)) {
		ktest_skip("rmap=pte_chain traces the chain, with no lock");
		goto out;
	}
	hold(&fam.mm[1]->page_table_lock, NULL);
	pagetrace_show(&m, fam.mm[0], RMAP_TEST_ADDR);
	release(&fam.mm[1]->page_table_lock, NULL);
	KEXPECT_EQ(trylock_failures[TRYLOCK_PTL_PAGETRACE] - before, 1u);
	KEXPECT_TRUE(intact(fam.mm[1], page, RMAP_TEST_MAGIC));
out:
	kfree(m.buf);
	rmap_family_free(&fam);
	if (f)
		fput(f);
	vfs_unlink(NULL, FILE_NAME);
}
