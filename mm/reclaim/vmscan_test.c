/*
 * mm/reclaim/vmscan_test.c - ktests for reclaim: anonymous pages go to swap
 * through the reverse map and come back intact, also when forked address
 * spaces share them.  They need the swap disk the test boots attach as
 * hdb (tools/mkswap-image.sh) and skip without it.  The last two test the
 * policy, which pages stay active: on no disk, or on tst0 (swap_test.h).
 */
#include "kernel/fault_inject.h"
#include "kernel/ktest.h"
#include "mm/locking.h"
#include "mm/phys/mmzone.h"
#include "mm/vm/memory.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_test.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_test.h"
#include "mm/vmstat.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/trylock_stat.h"

#define NR_TEST_PAGES 48

/* Reclaim until mm has no resident page left (or give up). */
static void evict_all(struct mm_struct *mm)
{
	int round;

	for (round = 0; round < 20 && mm->rss; round++)
		rmap_shrink_all();
}

static int swap_ptes(struct mm_struct *mm)
{
	int i, n = 0;

	for (i = 0; i < NR_TEST_PAGES; i++) {
		pte_t pte = pte_at(mm, RMAP_TEST_ADDR + i * PAGE_SIZE);

		n += !pte_none(pte) && !pte_present(pte);
	}
	return n;
}

/* Read the first n pages back (faulting them in) and count the right ones. */
static u32 pages_intact(struct mm_struct *mm, u32 n)
{
	struct vm_area_struct *vma = find_vma(mm, RMAP_TEST_ADDR);
	u32 i, v, ok = 0;

	for (i = 0; i < n; i++)
		ok += rmap_access_word(mm, vma, RMAP_TEST_ADDR + i * PAGE_SIZE,
				       &v, false) &&
		      v == RMAP_TEST_MAGIC + i;
	return ok;
}

KTEST(reclaim_swaps_anonymous_pages_out_and_back_hdb)
{
	struct rmap_family f;
	u32 out = vm_events.pswpout;

	if (!rmap_swap_on())
		return;
	if (KEXPECT_EQ(rmap_family_anon(&f, 1, NR_TEST_PAGES), 0)) {
		evict_all(f.mm[0]);
		KEXPECT_EQ(f.mm[0]->rss, 0);
		KEXPECT_EQ(swap_ptes(f.mm[0]), NR_TEST_PAGES);
		KEXPECT_GE(vm_events.pswpout - out, NR_TEST_PAGES);
		KEXPECT_EQ(pages_intact(f.mm[0], NR_TEST_PAGES), NR_TEST_PAGES);
		KEXPECT_EQ(f.mm[0]->rss, NR_TEST_PAGES);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);	/* every slot freed */
}

KTEST(reclaim_shared_swapped_page_returns_to_every_fork_hdb)
{
	struct rmap_family f;
	struct page *p0, *p3;
	int i;

	if (!rmap_swap_on())
		return;
	if (KEXPECT_EQ(rmap_family_anon(&f, 4, NR_TEST_PAGES), 0)) {
		for (i = 0; i < 4; i++)
			evict_all(f.mm[i]);
		for (i = 0; i < 4; i++)
			KEXPECT_EQ(swap_ptes(f.mm[i]), NR_TEST_PAGES);
		for (i = 0; i < 4; i++)
			KEXPECT_EQ(pages_intact(f.mm[i], NR_TEST_PAGES), NR_TEST_PAGES);
		/* One read from swap, then the swap cache shares the page. */
		p0 = rmap_page_at(f.mm[0], RMAP_TEST_ADDR);
		p3 = rmap_page_at(f.mm[3], RMAP_TEST_ADDR);
		KEXPECT_TRUE(p0 == p3);
		KEXPECT_TRUE(PageAnon(p0) && PageSwapCache(p0));
		KEXPECT_EQ(rmap_map_count(p0), 4);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
}

KTEST(swapoff_brings_swapped_pages_back_hdb)
{
	struct rmap_family f;
	int i, present = 0;

	if (!rmap_swap_on())
		return;
	if (KEXPECT_EQ(rmap_family_anon(&f, 2, NR_TEST_PAGES), 0)) {
		evict_all(f.mm[0]);
		evict_all(f.mm[1]);
		KEXPECT_EQ(swap_ptes(f.mm[0]), NR_TEST_PAGES);
		KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
		for (i = 0; i < NR_TEST_PAGES; i++) {
			present += pte_present(pte_at(f.mm[1], RMAP_TEST_ADDR +
							      i * PAGE_SIZE));
		}
		KEXPECT_EQ(present, NR_TEST_PAGES);
		KEXPECT_EQ(swap_ptes(f.mm[0]), 0);
		KEXPECT_EQ(pages_intact(f.mm[0], NR_TEST_PAGES), NR_TEST_PAGES);
		KEXPECT_EQ(pages_intact(f.mm[1], NR_TEST_PAGES), NR_TEST_PAGES);
		KEXPECT_TRUE(rmap_page_at(f.mm[0], RMAP_TEST_ADDR) ==
			     rmap_page_at(f.mm[1], RMAP_TEST_ADDR));
		KEXPECT_EQ(rmap_audit(), 0);
	} else {
		do_swapoff("/dev/hdb");
	}
	rmap_family_free(&f);
}

/* More anonymous memory than is free: the allocator itself must reclaim. */
KTEST(reclaim_under_pressure_keeps_every_page_hdb)
{
	u32 n = totalram_pages + 512;
	struct rmap_family f;

	if (!rmap_swap_on())
		return;
	if ((long)n > nr_swap_pages - 256) {
		ktest_skip("RAM larger than the swap disk: boot with mem=8M");
		do_swapoff("/dev/hdb");
		return;
	}
	if (KEXPECT_EQ(rmap_family_anon(&f, 1, n), 0)) {
		KEXPECT_LT(f.mm[0]->rss, n);	/* some of it had to go */
		KEXPECT_EQ(pages_intact(f.mm[0], n), n);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
}

/* A failed swap write keeps the page dirty in memory: nothing is lost.
 * A failed read fails only the fault that needed the page (SIGBUS). */
KTEST(swap_io_errors_lose_nothing_hdb)
{
	struct rmap_family f;
	struct vm_area_struct *vma;
	u32 errors = vm_events.swap_write_error, v = 0;

	if (!rmap_swap_on())
		return;
	if (KEXPECT_EQ(rmap_family_anon(&f, 1, NR_TEST_PAGES), 0)) {
		vma = find_vma(f.mm[0], RMAP_TEST_ADDR);
		fault_attr_fail_nth(&fail_make_request, 1);	/* the next one fails */
		evict_all(f.mm[0]);
		KEXPECT_EQ(vm_events.swap_write_error, errors + 1);
		KEXPECT_EQ(pages_intact(f.mm[0], NR_TEST_PAGES), NR_TEST_PAGES);

		evict_all(f.mm[0]);
		KEXPECT_EQ(f.mm[0]->rss, 0);
		fault_attr_fail_nth(&fail_make_request, 1);
		KEXPECT_EQ(handle_mm_fault(f.mm[0], vma, RMAP_TEST_ADDR, false),
			   VM_FAULT_SIGBUS);
		KEXPECT_TRUE(rmap_access_word(f.mm[0], vma, RMAP_TEST_ADDR + PAGE_SIZE,
					      &v, false));
		KEXPECT_EQ(v, RMAP_TEST_MAGIC + 1);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
}

/* The zones' LRU lists, set aside so that reclaim sees only a test's own
 * pages; the counts stay as they are (every page is still on a list). */
struct lru_aside {
	struct list_head active, inactive;
};

static void lru_set_aside(struct lru_aside *a, struct page **pages, int n)
{
	u32 flags = irq_save(); /* kswapd sees all of it or none */
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++) {
		spin_lock(&zones[i].lru_lock);
		INIT_LIST_HEAD(&a[i].active);
		INIT_LIST_HEAD(&a[i].inactive);
		list_splice_init(&zones[i].active_list, &a[i].active);
		list_splice_init(&zones[i].inactive_list, &a[i].inactive);
		spin_unlock(&zones[i].lru_lock);
	}
	for (i = 0; i < n; i++) {
		struct zone *z = page_zone(pages[i]);

		spin_lock(&z->lru_lock);
		list_move(&pages[i]->lru, &z->active_list);
		spin_unlock(&z->lru_lock);
	}
	irq_restore(flags);
}

/* Put the set-aside pages back behind (older than) what the lists hold. */
static void lru_put_back(struct lru_aside *a)
{
	u32 flags;
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++) {
		spin_lock_irqsave(&zones[i].lru_lock, flags);
		list_splice_init(&zones[i].active_list, &a[i].active);
		list_splice_init(&a[i].active, &zones[i].active_list);
		list_splice_init(&zones[i].inactive_list, &a[i].inactive);
		list_splice_init(&a[i].inactive, &zones[i].inactive_list);
		spin_unlock_irqrestore(&zones[i].lru_lock, flags);
	}
}

/* Clear the page's accessed bits, as a reclaim pass would. */
static void make_old(struct page *page)
{
	lock_page(page);
	page_referenced(page);
	unlock_page(page);
}

/*
 * refill_inactive keeps the working set: of three mapped pages on the
 * active list, one just used, one idle and one idle but locked (in use
 * by I/O), only the idle unlocked one is deactivated.
 */
KTEST(refill_inactive_keeps_referenced_and_locked_pages_active)
{
	struct lru_aside aside[MAX_NR_ZONES];
	struct page *page[3];
	struct rmap_family f;
	u32 deactivated, busy;
	int i;

	if (KEXPECT_EQ(rmap_family_anon(&f, 1, 3), 0)) {
		for (i = 0; i < 3; i++) {
			page[i] = rmap_page_at(f.mm[0],
					       RMAP_TEST_ADDR + i * PAGE_SIZE);
			KEXPECT_TRUE(PageLRU(page[i]) && PageActive(page[i]));
		}
		make_old(page[1]);
		make_old(page[2]);
		lock_page(page[2]);
		deactivated = vm_events.pgdeactivate;
		busy = trylock_failures[TRYLOCK_PAGE_LOCK_REFILL];
		lru_set_aside(aside, page, 3);
		for (i = 0; i < MAX_NR_ZONES; i++)	/* once per zone */
			shrink_zone(&zones[i], 3);
		lru_put_back(aside);
		unlock_page(page[2]);
		KEXPECT_EQ(vm_events.pgdeactivate - deactivated, 1u);
		KEXPECT_EQ(trylock_failures[TRYLOCK_PAGE_LOCK_REFILL] - busy,
			   1u);
		KEXPECT_TRUE(PageActive(page[0]));
		KEXPECT_TRUE(PageActive(page[2]));
	}
	rmap_family_free(&f);
}

/*
 * shrink_page's first decision: of two mapped pages at the inactive list's
 * tail with swap on (tst0), the one just used goes back to the active
 * list still mapped, and only the idle one goes to swap.
 */
KTEST(shrink_zone_keeps_a_referenced_page_and_swaps_an_idle_one)
{
	struct lru_aside aside[MAX_NR_ZONES];
	struct page *page[2];
	struct rmap_family f = { .n = 0 };
	u32 activated;
	pte_t pte;
	int i;

	if (!tst_swapon0())
		return;
	if (KEXPECT_EQ(rmap_family_anon(&f, 1, 2), 0)) {
		for (i = 0; i < 2; i++) {
			page[i] = rmap_page_at(f.mm[0],
					       RMAP_TEST_ADDR + i * PAGE_SIZE);
			make_old(page[i]);
		}
		rmap_touch(f.mm[0], RMAP_TEST_ADDR);
		activated = vm_events.pgactivate;
		lru_set_aside(aside, page, 0);
		for (i = 0; i < 2; i++) {	/* alone on the inactive lists */
			lru_cache_del(page[i]);
			lru_cache_add(page[i]);
		}
		for (i = 0; i < MAX_NR_ZONES; i++)
			shrink_zone(&zones[i], 2);
		lru_put_back(aside);
		pte = pte_at(f.mm[0], RMAP_TEST_ADDR);
		KEXPECT_TRUE(pte_present(pte) && pte_page(pte) == page[0]);
		KEXPECT_TRUE(PageActive(page[0]));
		KEXPECT_EQ(vm_events.pgactivate - activated, 1u);
		pte = pte_at(f.mm[0], RMAP_TEST_ADDR + PAGE_SIZE);
		KEXPECT_TRUE(!pte_none(pte) && !pte_present(pte));
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	tst_swapoff0();
}

/*
 * shrink_zone skips an inactive page someone else has locked (only tries
 * the page lock, mm/trylock_stat.h): it stays mapped, with its data, and
 * goes back on the list.
 */
KTEST(shrink_zone_skips_a_locked_page_and_counts_it)
{
	struct lru_aside aside[MAX_NR_ZONES];
	struct rmap_family f = { .n = 0 };
	struct page *page;
	u32 busy, flags;
	pte_t pte;
	int i;

	if (KEXPECT_EQ(rmap_family_anon(&f, 1, 1), 0)) {
		page = rmap_family_page(&f);
		make_old(page);
		lock_page(page);
		busy = trylock_failures[TRYLOCK_PAGE_LOCK_SHRINK];
		flags = irq_save();	/* kswapd must not find it meanwhile */
		lru_set_aside(aside, &page, 0);
		lru_cache_del(page);
		lru_cache_add(page);	/* alone on the inactive list */
		for (i = 0; i < MAX_NR_ZONES; i++)
			shrink_zone(&zones[i], 1);
		KEXPECT_TRUE(PageLRU(page));
		lru_put_back(aside);
		irq_restore(flags);
		unlock_page(page);
		KEXPECT_EQ(trylock_failures[TRYLOCK_PAGE_LOCK_SHRINK] - busy, 1u);
		pte = pte_at(f.mm[0], RMAP_TEST_ADDR);
		KEXPECT_TRUE(pte_present(pte) && pte_page(pte) == page);
		KEXPECT_EQ(rmap_touch(f.mm[0], RMAP_TEST_ADDR), RMAP_TEST_MAGIC);
	}
	rmap_family_free(&f);
}
