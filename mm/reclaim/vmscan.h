/*
 * mm/reclaim/vmscan.h - page reclaim: kswapd, direct reclaim, the OOM killer,
 * and the event counters /proc/vmstat shows.
 *
 * The allocator (mm/phys/page_alloc.c) wakes kswapd when a zone it may
 * use falls below pages_low; kswapd reclaims from each zone below
 * pages_high, and only from those, until every zone is above it: a
 * shortage of low memory frees low pages, however much high memory is
 * free.  An allocation that may sleep and still finds nothing reclaims
 * itself (try_to_free_pages) from the zones it may use that are short for
 * it (below pages_high plus their lowmem reserve against it), or from all
 * it may use when none is: a GFP_KERNEL allocation never reclaims high
 * pages, which could not help it.  When that makes no progress either,
 * the largest process is killed (mm/reclaim/oom_kill.h).
 */
#ifndef MM_RECLAIM_VMSCAN_H
#define MM_RECLAIM_VMSCAN_H

#include "mm/phys/gfp.h"
#include "mm/phys/mmzone.h"

/* Linux's /proc/vmstat names where Linux has them. */
struct vm_events {
	u32 pgfault, pgmajfault;
	u32 pgscan;		/* inactive pages looked at by reclaim */
	u32 pgsteal;		/* ... and freed */
	/* The same, split as Linux 6.1 splits its LRUs: file pages are
	 * those of a disk (a disk file, a block device), which reclaim
	 * writes to their own blocks; anon pages those that can only go to
	 * swap (anonymous, swap cache, ramfs).  Only pages reclaim could
	 * lock are split: a locked one is in use, kept, and not looked at. */
	u32 pgscan_anon, pgscan_file;
	u32 pgsteal_anon, pgsteal_file;
	u32 pgactivate, pgdeactivate;
	u32 pswpin, pswpout;	/* pages read from / written to swap */
	u32 kswapd_wakeup;
	u32 allocstall;		/* direct reclaims */
	u32 oom_kill;
	u32 swap_write_error;	/* writes that failed: page kept, dirty */
	u32 pgrotated;		/* written pages moved to the inactive tail */
	u32 swap_ra;		/* pages swapin_readahead read into the cache */
	u32 swap_ra_hit;	/* ... that a swap-in fault then found there */
	u32 pgpgin, pgpgout;	/* sectors submitted to disks (submit_bio) */
};
extern struct vm_events vm_events;

void kswapd_start(void);
/* A zone fell below pages_low: let kswapd run (never sleeps). */
void wakeup_kswapd(struct zone *z);
/* Direct reclaim stops once it has freed this many pages (Linux's name). */
#define SWAP_CLUSTER_MAX 32
/* Reclaim for an allocation that may sleep; returns pages freed. */
u32 try_to_free_pages(gfp_t gfp);
/* Bit i set: direct reclaim for gfp scans zones[i] (see above). */
u32 reclaim_zone_mask(gfp_t gfp);
/* Bit i set: kswapd would reclaim from zones[i] now. */
u32 kswapd_zone_mask(void);
/* Reclaim this page now, whatever its accessed bits (MADV_PAGEOUT); the
 * caller holds a reference.  True if it was freed. */
struct page;
bool reclaim_page(struct page *page);
/* Free up to nr pages of z's inactive list (tests drive this). */
u32 shrink_zone(struct zone *z, u32 nr);

#endif
