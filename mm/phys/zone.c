/*
 * mm/phys/zone.c - the zones: where each starts and ends, its watermarks and
 * its lowmem reserve.
 *
 * Watermarks follow Linux's zone_balance rule: pages_min is 1/128
 * of the zone, kept between 20 and 255 pages; pages_low = 2 * min and
 * pages_high = 3 * min.  Small machines (mem=8M) thus still keep a reserve
 * of 80 KiB for atomic allocations.
 *
 * The lowmem reserve is Linux's setup_per_zone_lowmem_reserve with its
 * default ratios: against an allocation that could have used zone c, a
 * lower zone i keeps back the pages of the zones between them (i+1..c)
 * divided by lowmem_reserve_ratio[i], 256 for DMA and 32 for Normal.  On
 * a 3 GiB machine Normal keeps about 68 MiB from GFP_HIGHUSER allocations.
 */
#include "kernel/printk.h"
#include "mm/phys/mmzone.h"

#define ZONE_BALANCE_RATIO 128
#define ZONE_BALANCE_MIN 20
#define ZONE_BALANCE_MAX 255

static const u32 lowmem_reserve_ratio[MAX_NR_ZONES - 1] = { 256, 32 };

struct zone zones[MAX_NR_ZONES];

static void zone_init(struct zone *z, const char *name, u32 start, u32 end)
{
	int o;

	z->name = name;
	z->zone_start_pfn = start;
	z->spanned_pages = end > start ? end - start : 0;
	for (o = 0; o < MAX_ORDER; o++)
		INIT_LIST_HEAD(&z->free_area[o].free_list);
	INIT_LIST_HEAD(&z->active_list);
	INIT_LIST_HEAD(&z->inactive_list);
}

static void zone_locks_init(void)
{
	struct zone *zone;

	for (zone = zones; zone < zones + MAX_NR_ZONES; zone++) {
		spin_lock_init(&zone->lock);
		spin_lock_init(&zone->lru_lock);
	}
}

void zones_init(u32 low_end, u32 end)
{
	zone_locks_init();
	zone_init(&zones[ZONE_DMA], "DMA", 0, min(low_end, MAX_DMA_PFN));
	zone_init(&zones[ZONE_NORMAL], "Normal", MAX_DMA_PFN,
		  max(low_end, MAX_DMA_PFN));
	zone_init(&zones[ZONE_HIGHMEM], "HighMem", low_end, end);
}

static void setup_lowmem_reserve(void)
{
	int c, i;

	for (c = 0; c < MAX_NR_ZONES; c++) {
		u32 above = 0;

		zones[c].lowmem_reserve[c] = 0;
		for (i = c - 1; i >= 0; i--) {
			above += zones[i + 1].present_pages;
			zones[i].lowmem_reserve[c] = above / lowmem_reserve_ratio[i];
		}
	}
}

void setup_zone_watermarks(void)
{
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++) {
		struct zone *z = &zones[i];
		u32 min = z->present_pages / ZONE_BALANCE_RATIO;

		if (!z->present_pages)
			continue;
		min = max(min, (u32)ZONE_BALANCE_MIN);
		min = min(min, (u32)ZONE_BALANCE_MAX);
		z->pages_min = min;
		z->pages_low = 2 * min;
		z->pages_high = 3 * min;
	}
	setup_lowmem_reserve();
}

void show_zones(void)
{
	int i;

	printk("Zone ranges:\n");
	for (i = 0; i < MAX_NR_ZONES; i++) {
		const struct zone *z = &zones[i];

		if (!z->spanned_pages) {
			printk("  %-8s empty\n", z->name);
			continue;
		}
		printk("  %-8s [mem 0x%08x-0x%08x] %u pages, %u free,"
		       " min %u low %u high %u\n",
		       z->name, z->zone_start_pfn << PAGE_SHIFT,
		       (u32)((((u64)z->zone_start_pfn + z->spanned_pages)
			      << PAGE_SHIFT) - 1),
		       z->present_pages, z->free_pages, z->pages_min,
		       z->pages_low, z->pages_high);
	}
}
