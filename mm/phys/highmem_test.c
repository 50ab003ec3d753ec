/*
 * mm/phys/highmem_test.c - ktests for high memory: the zones under
 * highmem=, the allocator's fallback and lowmem reserve, kmap's pool and
 * its wait, and kmap_atomic's checker.
 *
 * The tests that need high pages skip on a machine without them; the
 * highmem= boots (mem=32M highmem=16M) and the -m 2G / -m 3G boots run
 * them.
 */
#include "kernel/cmdline.h"
#include "kernel/ktest.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "mm/phys/fixmap.h"
#include "mm/phys/highmem.h"
#include "mm/phys/mmzone.h"
#include "mm/phys/page_alloc.h"
#include "mm/vmstat.h"

/* High pages, without reclaim: the tests take only what is free. */
#define GFP_HIGH_NOWAIT __GFP_HIGHMEM

static bool need_highmem(u32 pages)
{
	if (zones[ZONE_HIGHMEM].free_pages >=
	    pages + zones[ZONE_HIGHMEM].pages_low)
		return true;
	ktest_skip("not enough free high memory (boot with highmem= or -m 2G)");
	return false;
}

static void free_list(struct list_head *list)
{
	while (!list_empty(list)) {
		struct page *p = list_first_entry(list, struct page, lru);

		list_del_init(&p->lru);
		__free_page(p);
	}
}

KTEST(highmem_zone_spans_what_highmem_asks)
{
	const char *arg = cmdline_get("highmem");
	struct zone *high = &zones[ZONE_HIGHMEM];
	u32 size;

	KEXPECT_EQ(high->zone_start_pfn, max_low_pfn);
	KEXPECT_EQ(high->zone_start_pfn + high->spanned_pages, max_pfn);
	KEXPECT_LE(max_low_pfn, MAXMEM_PFN);
	KEXPECT_EQ(totalhigh_pages, high->present_pages);
	KEXPECT_EQ(zones[ZONE_DMA].present_pages +
			   zones[ZONE_NORMAL].present_pages +
			   high->present_pages,
		   totalram_pages);
	if (!arg || !parse_size(arg, &size)) {
		ktest_skip("no highmem= on the command line");
		return;
	}
	KEXPECT_EQ(high->spanned_pages, size >> PAGE_SHIFT);
	KEXPECT_GT(high->present_pages, 0);
}

KTEST(highmem_zonelists_and_lowmem_reserve)
{
	const int *l = gfp_zonelist(GFP_HIGHUSER);

	KEXPECT_EQ(l[0], ZONE_HIGHMEM);
	KEXPECT_EQ(l[1], ZONE_NORMAL);
	KEXPECT_EQ(l[2], ZONE_DMA);
	KEXPECT_EQ(l[3], -1);
	l = gfp_zonelist(GFP_KERNEL);
	KEXPECT_EQ(l[0], ZONE_NORMAL);
	KEXPECT_EQ(l[1], ZONE_DMA);
	KEXPECT_EQ(l[2], -1);
	l = gfp_zonelist(GFP_DMA | __GFP_HIGHMEM);
	KEXPECT_EQ(l[0], ZONE_DMA);
	KEXPECT_EQ(l[1], -1);
	/* Linux's ratios: Normal keeps 1/32 of HighMem, DMA 1/256 above it. */
	KEXPECT_EQ(zones[ZONE_NORMAL].lowmem_reserve[ZONE_HIGHMEM],
		   zones[ZONE_HIGHMEM].present_pages / 32);
	KEXPECT_EQ(zones[ZONE_DMA].lowmem_reserve[ZONE_HIGHMEM],
		   (zones[ZONE_NORMAL].present_pages +
		    zones[ZONE_HIGHMEM].present_pages) /
			   256);
	KEXPECT_EQ(zones[ZONE_DMA].lowmem_reserve[ZONE_NORMAL],
		   zones[ZONE_NORMAL].present_pages / 256);
	KEXPECT_EQ(zones[ZONE_NORMAL].lowmem_reserve[ZONE_NORMAL], 0);
}

/*
 * Take every page a highmem-capable allocation may have: high pages
 * first, then low ones down to the lowmem reserve, which must still be
 * free for a GFP_KERNEL caller when the highmem-capable one fails.
 */
KTEST(highmem_alloc_falls_back_but_keeps_lowmem_reserve)
{
	LIST_HEAD(taken);
	u32 high = 0, low = 0, i, free0[ZONE_HIGHMEM];
	struct page *p;

	if (!need_highmem(1))
		return;
	for (i = ZONE_DMA; i < ZONE_HIGHMEM; i++)
		free0[i] = zones[i].free_pages;
	while ((p = alloc_page(GFP_HIGH_NOWAIT))) {
		if (PageHighMem(p))
			high++;
		else
			low++;
		list_add(&p->lru, &taken);
	}
	KEXPECT_GT(high, 0);
	KEXPECT_GT(low, 0);
	KEXPECT_LE(zones[ZONE_HIGHMEM].free_pages,
		   zones[ZONE_HIGHMEM].pages_min);
	/* A low zone gives only what it has above its reserve (on a big
	 * machine DMA may have started below it: then it gives nothing). */
	for (i = ZONE_DMA; i < ZONE_HIGHMEM; i++) {
		struct zone *z = &zones[i];

		if (z->present_pages)
			KEXPECT_GE(
				z->free_pages,
				min(free0[i],
				    z->pages_min +
					    z->lowmem_reserve[ZONE_HIGHMEM]));
	}
	p = alloc_page(0);
	KEXPECT_TRUE(p != NULL);
	if (p) {
		KEXPECT_FALSE(PageHighMem(p));
		__free_page(p);
	}
	free_list(&taken);
}

KTEST(highmem_page_written_by_kmap_read_by_kmap_atomic)
{
	struct page *p;
	u32 *v, i;

	if (!need_highmem(1))
		return;
	p = alloc_page(GFP_HIGH_NOWAIT);
	KASSERT_TRUE(p != NULL);
	KASSERT_TRUE(PageHighMem(p));
	v = kmap(p);
	KEXPECT_GE((u32)v, PKMAP_BASE);
	KEXPECT_LT((u32)v, FIXADDR_BOOT_START);
	KEXPECT_TRUE(kmap_atomic_to_page(v) == p);
	for (i = 0; i < PAGE_SIZE / 4; i++)
		v[i] = i * 0x9E3779B9u;
	kunmap(p);
	v = kmap_atomic(p, KM_USER0);
	KEXPECT_EQ((u32)v, fix_to_virt(FIX_KMAP_BEGIN + KM_USER0));
	KEXPECT_TRUE(kmap_atomic_to_page(v) == p);
	for (i = 0; i < PAGE_SIZE / 4; i++)
		if (v[i] != i * 0x9E3779B9u)
			break;
	KEXPECT_EQ(i, PAGE_SIZE / 4);
	kunmap_atomic(v, KM_USER0);
	KEXPECT_TRUE(pte_none(*fixmap_pte(FIX_KMAP_BEGIN + KM_USER0)));
	__free_page(p);
}

KTEST(highmem_copy_and_clear_highpage)
{
	struct page *hi, *lo = alloc_page(GFP_KERNEL);
	u8 *v;

	KASSERT_TRUE(lo != NULL);
	if (!need_highmem(1)) {
		__free_page(lo);
		return;
	}
	hi = alloc_page(GFP_HIGH_NOWAIT | __GFP_ZERO);
	KASSERT_TRUE(hi != NULL);
	memset(page_address(lo), 0xA5, PAGE_SIZE);
	v = kmap(hi);
	KEXPECT_EQ(v[0], 0);
	KEXPECT_EQ(v[PAGE_SIZE - 1], 0);
	copy_highpage(hi, lo);
	KEXPECT_EQ(v[7], 0xA5);
	clear_highpage(hi);
	KEXPECT_EQ(v[7], 0);
	kunmap(hi);
	KEXPECT_EQ(kmap_atomic_depth(), 0);
	__free_page(hi);
	__free_page(lo);
}

KTEST(kmap_atomic_checker_decisions)
{
	struct kmap_atomic_stack s = { 0 };

	KEXPECT_TRUE(kmap_atomic_take_error(&s, KM_USER0) == NULL);
	KEXPECT_STREQ(kmap_atomic_release_error(&s, 0xFFFF0000u, KM_USER0),
		      "no slot held");
	KEXPECT_STREQ(kmap_atomic_take_error(&s, KM_TYPE_NR),
		      "no such kmap_atomic type");
	s.type[0] = KM_USER0;
	s.vaddr[0] = 0xFFFF0000u;
	s.type[1] = KM_USER1;
	s.vaddr[1] = 0xFFFEF000u;
	s.depth = 2;
	KEXPECT_STREQ(kmap_atomic_take_error(&s, KM_USER0), "slot taken twice");
	KEXPECT_STREQ(kmap_atomic_take_error(&s, KM_USER1), "slot taken twice");
	KEXPECT_TRUE(kmap_atomic_take_error(&s, KM_IRQ0) == NULL);
	KEXPECT_STREQ(kmap_atomic_release_error(&s, 0xFFFF0000u, KM_USER0),
		      "slots released out of order");
	KEXPECT_STREQ(kmap_atomic_release_error(&s, 0xFFFEF000u, KM_PTE0),
		      "slot not held");
	KEXPECT_STREQ(kmap_atomic_release_error(&s, 0xFFFF0000u, KM_USER1),
		      "wrong address for the slot");
	/* Any address inside the slot's page will do. */
	KEXPECT_TRUE(kmap_atomic_release_error(&s, 0xFFFEF123u, KM_USER1) ==
		     NULL);
}

KTEST(kmap_atomic_nests_and_unwinds)
{
	struct page *a = alloc_page(GFP_KERNEL), *b = alloc_page(GFP_KERNEL);
	void *va, *vb;

	KASSERT_TRUE(a && b);
	KEXPECT_EQ(kmap_atomic_depth(), 0);
	va = kmap_atomic(a, KM_USER0);
	vb = kmap_atomic(b, KM_USER1);
	/* Low pages are returned at their direct-map address. */
	KEXPECT_TRUE(va == page_address(a));
	KEXPECT_TRUE(vb == page_address(b));
	KEXPECT_EQ(kmap_atomic_depth(), 2);
	kunmap_atomic(vb, KM_USER1);
	kunmap_atomic(va, KM_USER0);
	KEXPECT_EQ(kmap_atomic_depth(), 0);
	__free_page(a);
	__free_page(b);
}

struct kmap_waiter {
	struct page *page;
	volatile int state; /* 1: about to kmap, 2: mapped */
	volatile u32 seen;
};

static int kmap_waiter_thread(void *arg)
{
	struct kmap_waiter *w = arg;
	u32 *v;

	w->state = 1;
	v = kmap(w->page);
	w->state = 2;
	w->seen = v[0];
	kunmap(w->page);
	return 0;
}

/*
 * Fill the whole pool, then a thread's kmap must wait until one entry is
 * given back.
 */
KTEST(kmap_pool_exhaustion_waits_for_kunmap)
{
	LIST_HEAD(taken);
	struct kmap_waiter w = { 0 };
	struct task_struct *t;
	struct page *p;
	u32 i, base = kmap_pool_in_use();
	u32 *v;

	if (!need_highmem(LAST_PKMAP + 1))
		return;
	KASSERT_EQ(base, 0);
	for (i = 0; i < LAST_PKMAP; i++) {
		p = alloc_page(GFP_HIGH_NOWAIT);
		KASSERT_TRUE(p != NULL);
		list_add_tail(&p->lru, &taken);
		kmap(p);
	}
	KEXPECT_EQ(kmap_pool_in_use(), LAST_PKMAP);
	w.page = alloc_page(GFP_HIGH_NOWAIT);
	KASSERT_TRUE(w.page != NULL);
	v = kmap_atomic(w.page, KM_USER0);
	v[0] = 0xFEEDBEEF;
	kunmap_atomic(v, KM_USER0);

	t = kthread_run(kmap_waiter_thread, &w, "kmap_waiter");
	for (i = 0; i < 50 && w.state < 1; i++)
		schedule();
	for (i = 0; i < 20; i++)
		schedule();
	KEXPECT_EQ(w.state, 1); /* asleep in kmap: the pool is full */

	p = list_first_entry(&taken, struct page, lru);
	kunmap(p);
	KEXPECT_EQ(kthread_wait(t), 0);
	KEXPECT_EQ(w.state, 2);
	KEXPECT_EQ(w.seen, 0xFEEDBEEF);

	list_for_each_entry(p, &taken, lru)
		if (p != list_first_entry(&taken, struct page, lru))
			kunmap(p);
	KEXPECT_EQ(kmap_pool_in_use(), 0);
	free_list(&taken);
	__free_page(w.page);
}
