/*
 * mm/phys/highmem_test.c - ktests for high memory: the zones under
 * highmem=, the allocator's fallback and lowmem reserve, kmap's pool and
 * its wait, and kmap_atomic's checker.
 *
 * The tests that need high pages skip on a machine without them; the
 * highmem= boots (mem=32M highmem=16M) and the -m 2G / -m 3G boots run
 * them.  The tests of two CPUs' slots skip with one CPU online.
 *
 * kmap_atomic_sleep_panics sleeps with a low page mapped on purpose, so it
 * runs only when named (ktest_only=kmap_atomic_sleep_panics, the
 * ktest-kmap-sleep boot of tools/test-boots, which expects the panic).
 */
#include "kernel/cmdline.h"
#include "kernel/ktest.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "kernel/smp/smp.h"
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

/*
 * Each CPU has KM_TYPE_NR slots of its own, CPU n's just below CPU n-1's
 * in the fixmap (Linux's FIX_KMAP_BEGIN + KM_TYPE_NR * cpu + type): all
 * distinct pages of the fixmap, none in the direct map.
 */
KTEST(kmap_atomic_slots_are_per_cpu)
{
	u32 seen[NR_CPUS * KM_TYPE_NR];
	bool inside = true, distinct = true;
	int cpu, t, i, n = 0;

	KEXPECT_EQ(kmap_atomic_vaddr(1, KM_USER0),
		   kmap_atomic_vaddr(0, KM_USER0) - KM_TYPE_NR * PAGE_SIZE);
	KEXPECT_EQ(kmap_atomic_vaddr(0, KM_BOUNCE_READ),
		   FIXADDR_TOP - (u32)FIX_KMAP_BEGIN * PAGE_SIZE);
	KEXPECT_EQ(kmap_atomic_vaddr(NR_CPUS - 1, KM_TYPE_NR - 1),
		   FIXADDR_START);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		for (t = 0; t < KM_TYPE_NR; t++) {
			u32 va = kmap_atomic_vaddr(cpu, (enum km_type)t);

			inside &= va >= FIXADDR_START &&
				  va <= fix_to_virt(FIX_KMAP_BEGIN) &&
				  !kmap_atomic_is_direct((void *)va);
			for (i = 0; i < n; i++)
				distinct &= seen[i] != va;
			seen[n++] = va;
		}
	KEXPECT_TRUE(inside);
	KEXPECT_TRUE(distinct);
}

struct ap_kmap {
	struct page *page;
	int cpu;
	u32 vaddr, seen;
	int depth_before, depth_inside, depth_after;
};

/* On the AP, in its function-call interrupt. */
static void ap_kmap_atomic(void *info)
{
	struct ap_kmap *a = info;
	u32 *v;

	a->cpu = smp_processor_id();
	a->depth_before = kmap_atomic_depth();
	v = kmap_atomic(a->page, KM_USER0);
	a->vaddr = (u32)v;
	a->depth_inside = kmap_atomic_depth();
	a->seen = v[0];
	kunmap_atomic(v, KM_USER0);
	a->depth_after = kmap_atomic_depth();
}

/*
 * CPU 0 holds KM_USER0 on mine while CPU 1 takes its own KM_USER0 for
 * theirs: no "slot taken twice", each sees its own page, and each CPU
 * counts only what it holds.
 */
static void two_cpus_map(struct page *mine, struct page *theirs)
{
	struct ap_kmap a = { .page = theirs, .cpu = -1 };
	u32 *v, *w = kmap_atomic(theirs, KM_USER0);

	w[0] = 0x7E1A1B5u;
	kunmap_atomic(w, KM_USER0);
	v = kmap_atomic(mine, KM_USER0);
	v[0] = 0xC0FFEEu;
	KEXPECT_EQ(smp_call_function_single(1, ap_kmap_atomic, &a, 1), 0);
	KEXPECT_EQ(a.cpu, 1);
	KEXPECT_EQ(a.seen, 0x7E1A1B5u);
	KEXPECT_EQ(a.depth_before, 0);
	KEXPECT_EQ(a.depth_inside, 1);
	KEXPECT_EQ(a.depth_after, 0);
	KEXPECT_EQ(kmap_atomic_depth(), 1);
	KEXPECT_EQ(v[0], 0xC0FFEEu);
	if (PageHighMem(theirs))
		KEXPECT_EQ(a.vaddr, kmap_atomic_vaddr(1, KM_USER0));
	else
		KEXPECT_EQ(a.vaddr, (u32)page_address(theirs));
	if (PageHighMem(mine))
		KEXPECT_EQ((u32)v, kmap_atomic_vaddr(0, KM_USER0));
	kunmap_atomic(v, KM_USER0);
	KEXPECT_EQ(kmap_atomic_depth(), 0);
}

KTEST(kmap_atomic_two_cpus_hold_their_own_slots)
{
	struct page *mine, *theirs;
	gfp_t gfp = GFP_KERNEL;

	if (num_online_cpus() < 2) {
		ktest_skip("only CPU 0 online");
		return;
	}
	KASSERT_EQ(smp_processor_id(), 0);
	/* High pages where there are some, so that real slots are taken. */
	if (zones[ZONE_HIGHMEM].free_pages >= 2 + zones[ZONE_HIGHMEM].pages_low)
		gfp = GFP_HIGH_NOWAIT;
	mine = alloc_page(gfp);
	theirs = alloc_page(gfp);
	KASSERT_TRUE(mine && theirs);
	two_cpus_map(mine, theirs);
	__free_page(mine);
	__free_page(theirs);
}

/*
 * A low page costs no slot: its own address comes back, this CPU's slot
 * PTE stays clear, and only the depth counts it.  A high page mapped
 * inside it still takes this CPU's slot, and the two unwind in order.
 */
KTEST(kmap_atomic_low_page_takes_no_slot)
{
	struct page *lo = alloc_page(GFP_KERNEL), *hi;
	int cpu = smp_processor_id(); /* held kmap_atomic: never preempted */
	pte_t *slot0 =
		fixmap_pte(virt_to_fix(kmap_atomic_vaddr(cpu, KM_USER0)));
	pte_t *slot1 =
		fixmap_pte(virt_to_fix(kmap_atomic_vaddr(cpu, KM_USER1)));
	void *v, *w;

	KASSERT_TRUE(lo != NULL);
	KEXPECT_EQ(kmap_atomic_depth(), 0);
	v = kmap_atomic(lo, KM_USER0);
	KEXPECT_TRUE(v == page_address(lo));
	KEXPECT_TRUE(kmap_atomic_is_direct(v));
	KEXPECT_TRUE(pte_none(*slot0));
	KEXPECT_EQ(kmap_atomic_depth(), 1);
	if (need_highmem(1)) {
		hi = alloc_page(GFP_HIGH_NOWAIT);
		KASSERT_TRUE(hi != NULL);
		w = kmap_atomic(hi, KM_USER1);
		KEXPECT_EQ((u32)w, kmap_atomic_vaddr(cpu, KM_USER1));
		KEXPECT_FALSE(kmap_atomic_is_direct(w));
		KEXPECT_FALSE(pte_none(*slot1));
		KEXPECT_TRUE(kmap_atomic_to_page(w) == hi);
		KEXPECT_EQ(kmap_atomic_depth(), 2);
		kunmap_atomic(w, KM_USER1);
		KEXPECT_TRUE(pte_none(*slot1));
		__free_page(hi);
	}
	kunmap_atomic(v, KM_USER0);
	KEXPECT_EQ(kmap_atomic_depth(), 0);
	__free_page(lo);
}

/* Sleeping with a low page mapped stops as it does with a slot held. */
KTEST(kmap_atomic_sleep_panics)
{
	struct page *lo;

	if (!ktest_named("kmap_atomic_sleep_panics")) {
		ktest_skip(
			"panics on purpose: run with ktest_only=kmap_atomic_sleep_panics");
		return;
	}
	lo = alloc_page(GFP_KERNEL);
	KASSERT_TRUE(lo != NULL);
	kmap_atomic(lo, KM_USER0);
	schedule();
	/* Only reached when the sleep was not refused. */
	KEXPECT_TRUE(false);
}
