/*
 * mm/phys/page_alloc_test.c - ktests for the buddy allocator.
 *
 * Each test snapshots every zone's free lists first and checks at the end
 * that they are exactly as before: with eager merging the set of free
 * frames decides the free lists, so equal lists mean nothing leaked and
 * everything merged back.
 */
#include "kernel/ktest.h"
#include "mm/phys/mmzone.h"
#include "mm/phys/page_alloc.h"
#include "mm/vmstat.h"

struct free_snapshot {
	u32 free_pages[MAX_NR_ZONES];
	u32 nr_free[MAX_NR_ZONES][MAX_ORDER];
};

static void snapshot(struct free_snapshot *s)
{
	int z, o;

	for (z = 0; z < MAX_NR_ZONES; z++) {
		s->free_pages[z] = zones[z].free_pages;
		for (o = 0; o < MAX_ORDER; o++)
			s->nr_free[z][o] = zones[z].free_area[o].nr_free;
	}
}

static bool snapshot_equal(const struct free_snapshot *a)
{
	struct free_snapshot b;

	snapshot(&b);
	return !memcmp(a, &b, sizeof(b));
}

/* Order of the free block holding pfn, or -1 if pfn is not free. */
static int free_block_order(u32 pfn)
{
	int o;

	for (o = 0; o < MAX_ORDER; o++) {
		struct page *head = pfn_to_page(pfn & ~((1u << o) - 1));

		if (PageBuddy(head) && head->private >= (u32)o)
			return (int)head->private;
	}
	return -1;
}

KTEST(buddy_split_and_merge_restore_free_lists)
{
	struct free_snapshot before;
	struct page *p;
	u32 free0;

	snapshot(&before);
	free0 = nr_free_pages();
	p = alloc_pages(GFP_KERNEL, 1);
	KASSERT_TRUE(p != NULL);
	KEXPECT_EQ(nr_free_pages(), free0 - 2);
	KEXPECT_EQ(page_count(p), 1);
	KEXPECT_FALSE(PageBuddy(p));

	/* Split the order-1 block: freeing one half leaves it unmerged. */
	set_page_count(p + 1, 1);
	__free_page(p);
	KEXPECT_EQ(free_block_order(page_to_pfn(p)), 0);
	KEXPECT_EQ(free_block_order(page_to_pfn(p) + 1), -1);
	KEXPECT_EQ(nr_free_pages(), free0 - 1);

	/* Freeing its buddy merges them (and maybe further up). */
	__free_page(p + 1);
	KEXPECT_FALSE(PageBuddy(p + 1));
	KEXPECT_GE(free_block_order(page_to_pfn(p)), 1);
	KEXPECT_EQ(free_block_order(page_to_pfn(p)),
		   free_block_order(page_to_pfn(p) + 1));
	KEXPECT_EQ(nr_free_pages(), free0);
	KEXPECT_TRUE(snapshot_equal(&before));
}

/* Could a GFP_KERNEL allocation of this order be served, by the rules? */
static bool can_serve(unsigned int order)
{
	int z;
	unsigned int o;

	for (z = 0; z < MAX_NR_ZONES; z++)
		for (o = order; o < MAX_ORDER; o++)
			if (zones[z].free_area[o].nr_free &&
			    zones[z].free_pages >= zones[z].pages_min + (1u << order))
				return true;
	return false;
}

KTEST(buddy_blocks_are_aligned_to_their_order)
{
	struct free_snapshot before;
	unsigned int order, served = 0;

	snapshot(&before);
	for (order = 0; order < MAX_ORDER; order++) {
		bool expect = can_serve(order);
		struct page *p = alloc_pages(GFP_KERNEL, order);

		KEXPECT_EQ(p != NULL, expect);
		if (!p)
			continue;
		served++;
		KEXPECT_EQ(page_to_pfn(p) & ((1u << order) - 1), 0);
		__free_pages(p, order);
	}
	KEXPECT_GE(served, 5);	/* even mem=8M has 16-page blocks */
	KEXPECT_TRUE(alloc_pages(GFP_KERNEL, MAX_ORDER) == NULL);
	KEXPECT_TRUE(snapshot_equal(&before));
}

KTEST(buddy_zeroed_page_is_zero)
{
	struct free_snapshot before;
	unsigned long a, b;
	u32 i, nonzero = 0;

	snapshot(&before);
	a = __get_free_page(GFP_KERNEL);
	KASSERT_TRUE(a != 0);
	memset((void *)a, 0xAA, PAGE_SIZE);
	free_page(a);
	b = get_zeroed_page(GFP_KERNEL);	/* LIFO: most likely page a */
	KASSERT_TRUE(b != 0);
	for (i = 0; i < PAGE_SIZE; i++)
		nonzero += ((u8 *)b)[i] != 0;
	KEXPECT_EQ(nonzero, 0);
	free_page(b);
	KEXPECT_TRUE(snapshot_equal(&before));
}

/* Allocate order-0 pages until NULL, chained through their first word. */
static u32 grab_all(gfp_t gfp, void **chain)
{
	u32 n = 0;
	void *p;

	while ((p = (void *)__get_free_page(gfp))) {
		*(void **)p = *chain;
		*chain = p;
		n++;
	}
	return n;
}

static void free_chain(void *chain)
{
	while (chain) {
		void *next = *(void **)chain;

		free_page((unsigned long)chain);
		chain = next;
	}
}

KTEST(buddy_exhaustion_returns_null_and_recovers)
{
	struct zone *dma = &zones[ZONE_DMA];
	struct free_snapshot before;
	void *chain = NULL;
	u32 fails, n_kernel, n_atomic;

	snapshot(&before);
	fails = page_state.pgalloc_fail;
	n_kernel = grab_all(GFP_KERNEL | GFP_DMA, &chain);
	KEXPECT_GT(n_kernel, 0);
	/* GFP_KERNEL stops at pages_min ... */
	KEXPECT_LT(dma->free_pages, dma->pages_min + 1);
	KEXPECT_GE(dma->free_pages, dma->pages_min / 2);
	/* ... while GFP_ATOMIC may take half of the reserve. */
	n_atomic = grab_all(GFP_ATOMIC | GFP_DMA, &chain);
	KEXPECT_GT(n_atomic, 0);
	KEXPECT_LT(dma->free_pages, dma->pages_min - dma->pages_min / 2 + 1);
	KEXPECT_EQ(page_state.pgalloc_fail, fails + 2);
	KEXPECT_EQ(n_kernel + n_atomic + dma->free_pages, before.free_pages[ZONE_DMA]);

	free_chain(chain);
	KEXPECT_TRUE(snapshot_equal(&before));
	chain = (void *)__get_free_page(GFP_KERNEL | GFP_DMA);
	KEXPECT_TRUE(chain != NULL);
	free_page((unsigned long)chain);
	KEXPECT_TRUE(snapshot_equal(&before));
}

KTEST(bad_page_catches_double_and_reserved_and_mapped_frees)
{
	struct free_snapshot before;
	struct page *p;
	u32 caught;

	snapshot(&before);
	p = alloc_page(GFP_KERNEL);
	KASSERT_TRUE(p != NULL);
	bad_page_catch = true;
	caught = bad_page_caught;

	p->pte.direct = 1;		/* still mapped: refused */
	__free_page(p);
	KEXPECT_EQ(bad_page_caught, caught + 1);
	KEXPECT_EQ(page_count(p), 1);
	p->pte.direct = 0;

	__free_page(p);			/* fine */
	KEXPECT_EQ(bad_page_caught, caught + 1);
	__free_page(p);			/* double free */
	KEXPECT_EQ(bad_page_caught, caught + 2);

	__free_page(pfn_to_page(0));	/* reserved (BIOS data area) */
	KEXPECT_EQ(bad_page_caught, caught + 3);
	KEXPECT_TRUE(PageReserved(pfn_to_page(0)));

	bad_page_catch = false;
	KEXPECT_TRUE(snapshot_equal(&before));
}

KTEST(page_alloc_counts_allocations_and_frees)
{
	u32 allocs = page_state.pgalloc[ZONE_DMA] + page_state.pgalloc[ZONE_NORMAL];
	u32 frees = page_state.pgfree;
	struct page *p = alloc_pages(GFP_KERNEL, 2);

	KASSERT_TRUE(p != NULL);
	KEXPECT_EQ(page_state.pgalloc[ZONE_DMA] + page_state.pgalloc[ZONE_NORMAL],
		   allocs + 4);
	__free_pages(p, 2);
	KEXPECT_EQ(page_state.pgfree, frees + 4);
}

KTEST(gfp_dma_comes_from_below_16m)
{
	struct page *p = alloc_page(GFP_KERNEL | GFP_DMA);

	KASSERT_TRUE(p != NULL);
	KEXPECT_LT(page_to_pfn(p), MAX_DMA_PFN);
	KEXPECT_TRUE(page_zone(p) == &zones[ZONE_DMA]);
	__free_page(p);
}
