/*
 * mm/reclaim/swap_state_test.c - ktests of swap-in through the swap cache
 * (read_swap_cache): the page a fault reads back, the page a second fault
 * finds, and what a failed read leaves behind.
 *
 * The pages go to tst0, the RAM disk of mm/reclaim/swap_test.h, and leave
 * the swap cache after their write (tst_swap_out), so that the first
 * fault must read the disk.
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

static swp_entry_t swap_pte_entry(struct mm_struct *mm)
{
	pte_t pte = pte_at(mm, RMAP_TEST_ADDR);

	if (pte_none(pte) || pte_present(pte))
		return (swp_entry_t){ 0 };
	return pte_to_swp_entry(pte);
}

static bool read_back(struct mm_struct *mm)
{
	u32 v = 0;

	return rmap_access_word(mm, find_vma(mm, RMAP_TEST_ADDR),
				RMAP_TEST_ADDR, &v, false) &&
	       v == RMAP_TEST_MAGIC;
}

/*
 * The first of two forks to fault on a swapped page reads it, once; the
 * page it maps is uptodate, anonymous, unlocked and on the active list,
 * and stays in the swap cache for the other, which finds it there.  The
 * references are the two PTEs' and the cache's, and nothing is left
 * allocated once the family is gone.
 */
KTEST(swap_in_reads_once_and_caches_the_page_for_the_other_fork)
{
	u32 free_before = settled_free_pages(), pswpin;
	struct rmap_family f = { .n = 0 };
	struct page *pg;
	swp_entry_t entry;

	if (!tst_swapon0())
		return;
	if (!KEXPECT_EQ(rmap_family_anon(&f, 2, 1), 0) ||
	    !tst_swap_out(&f, 0)) {
		rmap_family_free(&f);
		tst_swapoff0();
		return;
	}
	entry = swap_pte_entry(f.mm[1]);
	KEXPECT_TRUE(entry.val != 0);
	pswpin = vm_events.pswpin;
	KEXPECT_TRUE(read_back(f.mm[0]));
	KEXPECT_EQ(vm_events.pswpin - pswpin, 1u);
	pg = rmap_page_at(f.mm[0], RMAP_TEST_ADDR);
	KEXPECT_TRUE(PageUptodate(pg) && PageAnon(pg));
	KEXPECT_TRUE(PageLRU(pg) && PageActive(pg));
	KEXPECT_FALSE(PageLocked(pg));
	KEXPECT_TRUE(PageSwapCache(pg) && page_swp_entry(pg).val == entry.val);
	KEXPECT_EQ(page_count(pg), 2); /* the PTE's and the cache's */
	KEXPECT_TRUE(read_back(f.mm[1]));
	KEXPECT_EQ(vm_events.pswpin - pswpin, 1u);
	KEXPECT_TRUE(rmap_page_at(f.mm[1], RMAP_TEST_ADDR) == pg);
	KEXPECT_EQ(page_count(pg), 3);
	KEXPECT_EQ(rmap_map_count(pg), 2);
	KEXPECT_EQ(rmap_audit(), 0);
	rmap_family_free(&f);
	tst_swapoff0();
	KEXPECT_EQ(settled_free_pages(), free_before);
}

/*
 * A read that fails fails the fault (SIGBUS) and leaves nothing in the
 * swap cache: the slot is the PTE's alone again, and the next fault reads
 * the page afresh.
 */
KTEST(swap_in_read_error_leaves_the_slot_to_the_pte)
{
	struct rmap_family f = { .n = 0 };
	swp_entry_t entry;

	if (!tst_swapon0())
		return;
	if (!KEXPECT_EQ(rmap_family_anon(&f, 1, 1), 0) ||
	    !tst_swap_out(&f, 0)) {
		rmap_family_free(&f);
		tst_swapoff0();
		return;
	}
	entry = swap_pte_entry(f.mm[0]);
	KEXPECT_TRUE(entry.val != 0);
	fault_attr_fail_nth(&fail_make_request, 1);
	KEXPECT_EQ(handle_mm_fault(f.mm[0], find_vma(f.mm[0], RMAP_TEST_ADDR),
				   RMAP_TEST_ADDR, false),
		   VM_FAULT_SIGBUS);
	fault_attr_fail_nth(&fail_make_request, 0);
	KEXPECT_EQ(swap_pte_entry(f.mm[0]).val, entry.val);
	KEXPECT_TRUE(lookup_swap_cache(entry) == NULL);
	KEXPECT_EQ(swap_count(entry), 1);
	KEXPECT_TRUE(read_back(f.mm[0]));
	KEXPECT_EQ(rmap_audit(), 0);
	rmap_family_free(&f);
	tst_swapoff0();
}
