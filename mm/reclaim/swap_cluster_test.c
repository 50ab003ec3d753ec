/*
 * mm/reclaim/swap_cluster_test.c - tests of swap slot clusters
 * (scan_swap_map) and swap readahead (swapin_readahead).
 *
 * The readahead tests put pages out by hand on a small RAM disk
 * (mm/reclaim/swap_test.h): each gets a slot through add_to_swap, is
 * written, and leaves the swap cache while an extra slot reference stands
 * in for the PTE that would hold the entry.  The cluster test on hdb needs
 * more slots than a RAM disk has and skips without it.
 */
#include "kernel/block/blkdev.h"
#include "kernel/errno.h"
#include "kernel/fault_inject.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_test.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/vm/filemap.h"

#define NR_OUT 6	/* tst0's slots 1, 2, 4, 5, 6, 7 (3 is bad) */

/* Byte i of a page read back from swap, which may be high. */
static u8 page_byte(struct page *pg, unsigned int i)
{
	u8 c;

	memcpy_from_page(&c, pg, i, 1);
	return c;
}

/* Slots are handed out in a run: a hole freed behind the run is not used
 * until the run is over. */
KTEST(swap_cluster_runs_on)
{
	struct swap_info_struct *p = tst_swapon0();
	swp_entry_t e[5];
	unsigned int i;

	if (!p)
		return;
	for (i = 0; i < 4; i++)
		e[i] = get_swap_page();
	KEXPECT_EQ(swp_offset(e[0]), 1);
	KEXPECT_EQ(swp_offset(e[1]), 2);
	KEXPECT_EQ(swp_offset(e[2]), 4);	/* past the bad slot 3 */
	KEXPECT_EQ(swp_offset(e[3]), 5);
	swap_free(e[1]);
	e[4] = get_swap_page();
	KEXPECT_EQ(swp_offset(e[4]), 6);	/* not back to the hole at 2 */
	swap_free(e[4]);
	for (i = 0; i < 4; i++)
		if (i != 1)
			swap_free(e[i]);
	KEXPECT_EQ(p->inuse_pages, 0);
	tst_swapoff0();
}

/*
 * On hdb: a new cluster starts at the lowest run of SWAPFILE_CLUSTER free
 * slots, so a short hole near the start is passed over, and the
 * SWAPFILE_CLUSTER slots of one cluster are consecutive.
 */
KTEST(swap_cluster_new_run_hdb)
{
	static swp_entry_t e[2 * SWAPFILE_CLUSTER + 1];
	struct swap_info_struct *p = NULL;
	unsigned int i, n = 0, first;

	if (!blkdev_lookup("hdb")) {
		ktest_skip("no hdb (attach build/swap.img)");
		return;
	}
	if (!KEXPECT_EQ(do_swapon("hdb", 0), 0))
		return;
	for (i = 0; i < nr_swapfiles; i++)
		if ((swap_info[i].flags & SWP_USED) &&
		    swap_info[i].bdev == blkdev_lookup("hdb"))
			p = &swap_info[i];
	if (!KEXPECT_TRUE(p != NULL) ||
	    !KEXPECT_GT(p->pages, 3 * SWAPFILE_CLUSTER))
		goto off;
	/* Up to the end of the first cluster, and one of the next. */
	for (n = 0; n <= SWAPFILE_CLUSTER; n++)
		e[n] = get_swap_page();
	for (i = 1; i < SWAPFILE_CLUSTER; i++)
		KEXPECT_EQ(swp_offset(e[i]), swp_offset(e[i - 1]) + 1);
	/* A hole of 16 at the start of the first: too short for a cluster. */
	for (i = 0; i < 16; i++)
		swap_free(e[i]);
	first = swp_offset(e[SWAPFILE_CLUSTER]);
	/* The rest of the second cluster continues after its first slot... */
	for (i = 1; i < SWAPFILE_CLUSTER; i++, n++) {
		e[n] = get_swap_page();
		KEXPECT_EQ(swp_offset(e[n]), first + i);
	}
	/* ...and the third starts behind it, not in the hole. */
	e[n] = get_swap_page();
	KEXPECT_EQ(swp_offset(e[n]), first + SWAPFILE_CLUSTER);
	n++;
off:
	for (i = 16; i < n; i++)
		swap_free(e[i]);
	KEXPECT_EQ(do_swapoff("hdb"), 0);
}

/* Put NR_OUT pages out to tst0: page i filled with i + 1, its slot held
 * once (the stand-in PTE) and not cached. */
static bool put_out(swp_entry_t *e)
{
	struct page *pg;
	int i;

	for (i = 0; i < NR_OUT; i++) {
		pg = alloc_page(GFP_KERNEL);
		if (!KEXPECT_TRUE(pg != NULL))
			return false;
		memset(page_address(pg), i + 1, PAGE_SIZE);
		SetPageLocked(pg);
		SetPageAnon(pg);
		if (!KEXPECT_EQ(add_to_swap(pg), 0)) {
			ClearPageLocked(pg);
			put_page(pg);
			return false;
		}
		e[i] = page_swp_entry(pg);
		KEXPECT_EQ(swap_duplicate(e[i]), 0);
		KEXPECT_EQ(swap_writepage_sync(pg, e[i]), 0);
		delete_from_swap_cache(pg);
		unlock_page(pg);
		put_page(pg);
	}
	return true;
}

/* Drop every cached page of e[] and the stand-in references. */
static void take_back(swp_entry_t *e)
{
	struct page *pg;
	int i;

	for (i = 0; i < NR_OUT; i++) {
		pg = lookup_swap_cache(e[i]);
		if (pg) {
			lock_page(pg);
			if (PageSwapCache(pg))
				delete_from_swap_cache(pg);
			unlock_page(pg);
			put_page(pg);
		}
		swap_free(e[i]);
	}
}

/* How many of e[] are in the swap cache. */
static int nr_cached(swp_entry_t *e)
{
	struct page *pg;
	int i, n = 0;

	for (i = 0; i < NR_OUT; i++) {
		pg = lookup_swap_cache(e[i]);
		if (pg) {
			n++;
			put_page(pg);
		}
	}
	return n;
}

/*
 * A read of slot 2 brings in the rest of its window [0, 8): the in-use
 * slots 1, 4, 5, 6 and 7 (0 is the header, 3 bad), as up-to-date
 * PG_readahead pages holding their data, counted in swap_ra; a second
 * readahead finds them cached and reads nothing; page_cluster 0 reads
 * nothing either.
 */
KTEST(swap_readahead_fills_window)
{
	unsigned int saved = page_cluster;
	u32 ra = vm_events.swap_ra;
	swp_entry_t e[NR_OUT];
	struct page *pg;
	int i, err;

	if (!tst_swapon0())
		return;
	if (!put_out(e))
		goto out;
	KEXPECT_EQ(swp_offset(e[1]), 2);
	KEXPECT_EQ(nr_cached(e), 0);
	page_cluster = 0;
	swapin_readahead(e[1]);
	KEXPECT_EQ(nr_cached(e), 0);
	page_cluster = 3;
	pg = read_swap_cache(e[1], &err);
	KEXPECT_EQ(err, 0);
	if (pg)
		put_page(pg);
	swapin_readahead(e[1]);
	KEXPECT_EQ(vm_events.swap_ra - ra, NR_OUT - 1);
	KEXPECT_EQ(nr_cached(e), NR_OUT);
	for (i = 0; i < NR_OUT; i++) {
		pg = lookup_swap_cache(e[i]);
		if (!KEXPECT_TRUE(pg != NULL))
			continue;
		KEXPECT_TRUE(PageUptodate(pg));
		KEXPECT_FALSE(PageLocked(pg));
		KEXPECT_EQ(PageReadahead(pg), i != 1);
		KEXPECT_EQ(page_byte(pg, PAGE_SIZE - 1), i + 1);
		KEXPECT_EQ(swap_count(e[i]), 2);	/* PTE + cache */
		put_page(pg);
	}
	swapin_readahead(e[1]);
	KEXPECT_EQ(vm_events.swap_ra - ra, NR_OUT - 1);
	take_back(e);
out:
	page_cluster = saved;
	tst_swapoff0();
}

/* A readahead read that fails drops only its page (the slot keeps only
 * the PTE's reference); the rest of the window comes in, the fault's own
 * page is not touched, and a later read of the dropped slot works. */
KTEST(swap_readahead_error_drops_page)
{
	unsigned int saved = page_cluster;
	u32 ra = vm_events.swap_ra;
	swp_entry_t e[NR_OUT];
	struct page *pg;
	int err;

	if (!tst_swapon0())
		return;
	if (!put_out(e))
		goto out;
	page_cluster = 3;
	pg = read_swap_cache(e[1], &err);
	KEXPECT_EQ(err, 0);
	/* The first read of the window, slot 1's, fails. */
	fault_attr_fail_nth(&fail_make_request, 1);
	swapin_readahead(e[1]);
	fault_attr_fail_nth(&fail_make_request, 0);
	KEXPECT_EQ(vm_events.swap_ra - ra, NR_OUT - 2);
	KEXPECT_EQ(nr_cached(e), NR_OUT - 1);
	KEXPECT_EQ(swap_count(e[0]), 1);
	if (pg) {
		KEXPECT_TRUE(PageUptodate(pg));
		KEXPECT_EQ(page_byte(pg, 0), 2);
		put_page(pg);
	}
	pg = read_swap_cache(e[0], &err);
	KEXPECT_EQ(err, 0);
	if (KEXPECT_TRUE(pg != NULL)) {
		KEXPECT_EQ(page_byte(pg, 0), 1);
		put_page(pg);
	}
	take_back(e);
out:
	page_cluster = saved;
	tst_swapoff0();
}

/*
 * On a disk with interrupts the window's reads do not wait: swapin_readahead
 * returns with the pages in the swap cache, locked and not up to date, in
 * two merged requests (slots 1 and 4-7: 2 is the fault's own, 3 bad); the
 * disk's interrupts finish them.
 */
KTEST(swap_readahead_does_not_wait)
{
	unsigned int saved = page_cluster;
	u32 ra = vm_events.swap_ra;
	swp_entry_t e[NR_OUT];
	struct page *pg;
	int i;

	if (!tst_swapon0())
		return;
	if (!put_out(e))
		goto out;
	tst_hold(0);
	page_cluster = 3;
	swapin_readahead(e[1]);
	KEXPECT_EQ(nr_cached(e), NR_OUT - 1);
	KEXPECT_EQ(vm_events.swap_ra, ra);
	pg = lookup_swap_cache(e[0]);
	if (KEXPECT_TRUE(pg != NULL)) {
		KEXPECT_TRUE(PageLocked(pg));
		KEXPECT_FALSE(PageUptodate(pg));
		put_page(pg);
	}
	tst_interrupt(0, 0);
	tst_interrupt(0, 0);
	KEXPECT_TRUE(tst[0].queue.active == NULL);
	KEXPECT_EQ(vm_events.swap_ra - ra, NR_OUT - 1);
	for (i = 0; i < NR_OUT; i++) {
		if (i == 1)
			continue;
		pg = lookup_swap_cache(e[i]);
		if (!KEXPECT_TRUE(pg != NULL))
			continue;
		KEXPECT_TRUE(PageUptodate(pg));
		KEXPECT_FALSE(PageLocked(pg));
		KEXPECT_EQ(page_byte(pg, PAGE_SIZE - 1), i + 1);
		put_page(pg);
	}
	take_back(e);
out:
	page_cluster = saved;
	tst_swapoff0();
}
