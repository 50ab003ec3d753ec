/*
 * mm/phys/mmzone.h - memory zones and their buddy free lists.
 *
 * ZONE_DMA is the memory below 16 MiB that ISA DMA can reach, ZONE_NORMAL
 * the rest of low memory (the direct map, up to 896 MiB), ZONE_HIGHMEM the
 * RAM above it (max_low_pfn to max_pfn, up to 4 GiB), which the kernel
 * reaches only through kmap.  Each zone keeps free blocks of 2^order pages
 * on free_area[order] (order 0..MAX_ORDER-1), linked by page->lru of the
 * block's first page.  Buddies merge only inside one zone
 * (page_is_buddy), so a boundary need not be aligned to the largest block.
 *
 * Watermarks, in pages: below pages_low the allocator would start reclaim,
 * below pages_min only __GFP_HIGH allocations are served, and reclaim stops
 * once pages_high is free again.  lowmem_reserve[c] is what a zone keeps
 * back, above its watermark, from allocations that could have been served
 * by the higher zone c (Linux's lowmem_reserve): a GFP_HIGHUSER allocation
 * falling back to Normal does not eat the low memory that only GFP_KERNEL
 * allocations can use.
 */
#ifndef MM_PHYS_MMZONE_H
#define MM_PHYS_MMZONE_H

#include "kernel/list.h"
#include "kernel/sched/spinlock.h"
#include "mm/phys/page.h"

#define MAX_ORDER 11
#define ZONE_DMA 0
#define ZONE_NORMAL 1
#define ZONE_HIGHMEM 2
#define MAX_NR_ZONES 3
#define MAX_DMA_PFN ((16u << 20) >> PAGE_SHIFT)

struct free_area {
	struct list_head free_list;
	u32 nr_free;		/* blocks, not pages */
};

struct zone {
	const char *name;
	u32 zone_start_pfn;
	u32 spanned_pages;	/* pfns from start to end, holes included */
	u32 present_pages;	/* pages given to the allocator at boot */
	u32 free_pages;
	u32 pages_min, pages_low, pages_high;
	u32 lowmem_reserve[MAX_NR_ZONES];	/* by the highest zone allowed */
	spinlock_t lock;	/* the free lists and free_pages */
	struct free_area free_area[MAX_ORDER];

	/* Reclaim's LRU lists (mm/reclaim/swap.c), under lru_lock. */
	spinlock_t lru_lock;
	struct list_head active_list;	/* recently used pages */
	struct list_head inactive_list;	/* candidates for eviction, oldest last */
	u32 nr_active, nr_inactive;
};

extern struct zone zones[MAX_NR_ZONES];

static inline int pfn_zone_idx(u32 pfn)
{
	if (pfn >= max_low_pfn)
		return ZONE_HIGHMEM;
	return pfn < MAX_DMA_PFN ? ZONE_DMA : ZONE_NORMAL;
}

static inline struct zone *page_zone(const struct page *page)
{
	return &zones[pfn_zone_idx(page_to_pfn(page))];
}

static inline int zone_idx(const struct zone *z)
{
	return (int)(z - zones);
}

static inline bool is_highmem(const struct zone *z)
{
	return zone_idx(z) == ZONE_HIGHMEM;
}

static inline bool zone_contains(const struct zone *z, u32 pfn)
{
	return pfn >= z->zone_start_pfn &&
	       pfn < z->zone_start_pfn + z->spanned_pages;
}

/* Set zone spans: low memory [0, low_end), high [low_end, end) (zone.c). */
void zones_init(u32 low_end, u32 end);
/* Compute watermarks and lowmem reserves from present_pages, once boot
 * memory is freed. */
void setup_zone_watermarks(void);
void show_zones(void);

#endif
