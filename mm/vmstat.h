/*
 * mm/vmstat.h - counters for /proc/meminfo and /proc/vmstat.
 *
 * The allocators bump these, from any CPU, with stat_inc and its kin
 * (kernel/cpu/atomic.h); procfs only reads them.  Per-zone free counts
 * are in struct zone (mm/phys/mmzone.h); nr_free_pages() sums them.
 */
#ifndef MM_VMSTAT_H
#define MM_VMSTAT_H

#include "kernel/types.h"
#include "mm/phys/mmzone.h"

struct page_state {
	u32 pgalloc[MAX_NR_ZONES];	/* pages handed out, per zone */
	u32 pgfree;			/* pages freed, boot memory included */
	u32 pgalloc_fail;		/* alloc_pages calls that returned NULL */
	u32 nr_page_table_pages;	/* pgd and pte pages in use */
	u32 nr_slab;			/* pages owned by kmem caches */
};

extern struct page_state page_state;

extern u32 totalram_pages;	/* pages the allocator manages */
extern u32 totalhigh_pages;	/* of those, the ones in ZONE_HIGHMEM */
extern u32 num_physpages;	/* RAM frames below the mem_map limit */

#endif
