/*
 * mm/reclaim/vmscan_zone_test.c - ktests for reclaim's choice of zones
 * (mm/reclaim/vmscan.h): direct reclaim scans only zones its allocation
 * may use, the short ones first; kswapd only zones below pages_high.
 */
#include "kernel/ktest.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/vmscan.h"

#define BIT(z) (1u << (z))

KTEST(reclaim_zone_mask_follows_the_zonelist)
{
	u32 kernel = reclaim_zone_mask(GFP_KERNEL);

	KEXPECT_EQ(kernel & BIT(ZONE_HIGHMEM), 0);
	KEXPECT_NE(kernel, 0);
	KEXPECT_EQ(reclaim_zone_mask(GFP_DMA), BIT(ZONE_DMA));
	KEXPECT_EQ(reclaim_zone_mask(GFP_HIGHUSER) &
			   ~(BIT(ZONE_DMA) | BIT(ZONE_NORMAL) |
			     BIT(ZONE_HIGHMEM)),
		   0);
}

/*
 * Push the first low zone just below pages_high while high memory stays
 * plentiful: reclaim for GFP_KERNEL and for GFP_HIGHUSER must both go
 * after that low zone, not after the high one.
 */
KTEST(reclaim_goes_after_the_short_low_zone)
{
	struct zone *high = &zones[ZONE_HIGHMEM], *low = &zones[ZONE_NORMAL];
	LIST_HEAD(taken);
	struct page *p;

	if (!low->present_pages)
		low = &zones[ZONE_DMA];
	if (high->free_pages < high->pages_high + 64) {
		ktest_skip("needs free high memory (highmem= or -m 2G)");
		return;
	}
	while (low->free_pages >= low->pages_high && (p = alloc_page(0)))
		list_add(&p->lru, &taken);
	KEXPECT_LT(low->free_pages, low->pages_high);
	KEXPECT_NE(reclaim_zone_mask(GFP_KERNEL) & BIT(zone_idx(low)), 0);
	KEXPECT_EQ(reclaim_zone_mask(GFP_KERNEL) & BIT(ZONE_HIGHMEM), 0);
	KEXPECT_NE(reclaim_zone_mask(GFP_HIGHUSER) & BIT(zone_idx(low)), 0);
	KEXPECT_EQ(reclaim_zone_mask(GFP_HIGHUSER) & BIT(ZONE_HIGHMEM), 0);
	KEXPECT_EQ(kswapd_zone_mask() & BIT(ZONE_HIGHMEM), 0);
	if (low->nr_active + low->nr_inactive)
		KEXPECT_NE(kswapd_zone_mask() & BIT(zone_idx(low)), 0);
	while (!list_empty(&taken)) {
		p = list_first_entry(&taken, struct page, lru);
		list_del_init(&p->lru);
		__free_page(p);
	}
}
