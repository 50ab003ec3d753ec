/*
 * mm/reclaim/swap_unuse_test.c - ktests of swapoff's unuse_pte: what a PTE
 * maps after swapoff brought its page back, and what a failed read leaves.
 *
 * The pages go to tst0, the RAM disk of mm/reclaim/swap_test.h, whose
 * writes and reads end at once, and leave the swap cache after their
 * write (tst_swap_out): swapoff must read every page back from the disk.
 */
#include "kernel/fault_inject.h"
#include "kernel/ktest.h"
#include "mm/locking.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/swap_test.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_test.h"
#include "mm/vm/vm_test.h"
#include "mm/vmstat.h"

#define UNUSE_PAGES 4
#define UNUSE_FORKS 3

static unsigned long page_addr(int i)
{
	return RMAP_TEST_ADDR + (unsigned long)i * PAGE_SIZE;
}

static bool is_swap_pte(struct mm_struct *mm, int i)
{
	pte_t pte = pte_at(mm, page_addr(i));

	return !pte_none(pte) && !pte_present(pte);
}

static bool holds_magic(struct mm_struct *mm, int i)
{
	u32 v = 0;

	return rmap_access_word(mm, find_vma(mm, page_addr(i)), page_addr(i),
				&v, false) &&
	       v == RMAP_TEST_MAGIC + (u32)i;
}

/* A family of n address spaces sharing pages anonymous pages, all on tst0. */
static bool family_on_swap(struct rmap_family *f, int n, int pages)
{
	int i, j;

	if (!KEXPECT_EQ(rmap_family_anon(f, n, (unsigned long)pages), 0))
		return false;
	for (i = 0; i < pages; i++) {
		if (!tst_swap_out(f, i))
			return false;
		for (j = 0; j < n; j++)
			if (!KEXPECT_TRUE(is_swap_pte(f->mm[j], i)))
				return false;
	}
	return true;
}

/*
 * A fork family's pages come back as one page each, read once and mapped
 * by every PTE as fork left it: read-only (a write still copies), dirty
 * (the disk copy is gone), out of the swap cache, with one reference per
 * PTE and nothing else (no leak, none missing), and nothing of it all
 * stays allocated once the family is gone.
 */
KTEST(swapoff_maps_a_forks_pages_back_shared_and_counted)
{
	u32 free_before = settled_free_pages(), pswpin, v;
	struct rmap_family f = { .n = 0 };
	struct page *pg;
	int i, j;

	if (!tst_swapon0())
		return;
	if (!family_on_swap(&f, UNUSE_FORKS, UNUSE_PAGES)) {
		rmap_family_free(&f);
		tst_swapoff0();
		return;
	}
	pswpin = vm_events.pswpin;
	if (!KEXPECT_EQ(do_swapoff("tst0"), 0)) {
		rmap_family_free(&f); /* frees the PTEs' slots */
		tst_swapoff0();
		return;
	}
	KEXPECT_EQ(vm_events.pswpin - pswpin, (u32)UNUSE_PAGES);
	for (i = 0; i < UNUSE_PAGES; i++) {
		pg = rmap_page_at(f.mm[0], page_addr(i));
		for (j = 0; j < UNUSE_FORKS; j++) {
			pte_t pte = pte_at(f.mm[j], page_addr(i));

			KEXPECT_TRUE(pte_present(pte) && pte_page(pte) == pg);
			KEXPECT_FALSE(pte_write(pte));
		}
		KEXPECT_TRUE(PageAnon(pg) && PageDirty(pg) && PageUptodate(pg));
		KEXPECT_FALSE(PageSwapCache(pg) || PageLocked(pg));
		KEXPECT_EQ(page_count(pg), UNUSE_FORKS);
		KEXPECT_EQ(rmap_map_count(pg), UNUSE_FORKS);
	}
	for (j = 0; j < UNUSE_FORKS; j++)
		KEXPECT_EQ(f.mm[j]->rss, (unsigned long)UNUSE_PAGES);
	KEXPECT_EQ(rmap_audit(), 0);
	/* the child's write copies; the parent keeps its data */
	v = 0xD1FF;
	KEXPECT_TRUE(rmap_access_word(f.mm[1], find_vma(f.mm[1], page_addr(0)),
				      page_addr(0), &v, true));
	KEXPECT_TRUE(holds_magic(f.mm[0], 0));
	KEXPECT_TRUE(holds_magic(f.mm[2], 0));
	rmap_family_free(&f);
	tst_teardown(0);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

/*
 * A read that fails stops swapoff with -EIO and loses nothing: the pages
 * read before it are mapped back, the failed one and those after it stay
 * on the area (still on, its slots still the PTEs'), and the next
 * swapoff brings them all back intact.
 */
KTEST(swapoff_read_error_keeps_the_rest_on_swap)
{
	struct rmap_family f = { .n = 0 };
	int i;

	if (!tst_swapon0())
		return;
	if (!family_on_swap(&f, 1, UNUSE_PAGES)) {
		rmap_family_free(&f);
		tst_swapoff0();
		return;
	}
	fault_attr_fail_nth(&fail_make_request, 2); /* page 1's read */
	KEXPECT_EQ(do_swapoff("tst0"), -EIO);
	fault_attr_fail_nth(&fail_make_request, 0);
	KEXPECT_FALSE(is_swap_pte(f.mm[0], 0));
	for (i = 1; i < UNUSE_PAGES; i++)
		KEXPECT_TRUE(is_swap_pte(f.mm[0], i));
	KEXPECT_EQ(f.mm[0]->rss, 1ul);
	KEXPECT_EQ(page_count(rmap_page_at(f.mm[0], page_addr(0))), 1);
	KEXPECT_EQ(rmap_audit(), 0);
	if (KEXPECT_EQ(do_swapoff("tst0"), 0)) {
		for (i = 0; i < UNUSE_PAGES; i++)
			KEXPECT_TRUE(holds_magic(f.mm[0], i));
		rmap_family_free(&f);
		tst_teardown(0);
		return;
	}
	rmap_family_free(&f);
	tst_swapoff0();
}
