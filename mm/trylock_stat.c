/*
 * mm/trylock_stat.c - the trylock failure counters (mm/trylock_stat.h).
 *
 * One place counts, so /proc/vmstat's per-site lines and the reverse
 * map's total (rmap_trylock_failed, every site but the page lock's) can
 * never disagree.
 */
#include "mm/trylock_stat.h"
#include "kernel/panic.h"
#include "mm/rmap/rmap.h"

u32 trylock_failures[NR_TRYLOCK_SITES];

#define TRYLOCK_SITE_NAME(site, name) [TRYLOCK_##site] = name,
const char *const trylock_site_names[NR_TRYLOCK_SITES] = { TRYLOCK_SITES(
	TRYLOCK_SITE_NAME) };

void trylock_failed(enum trylock_site site)
{
	BUG_ON(site >= NR_TRYLOCK_SITES);
	stat_inc(&trylock_failures[site]);
	if (site != TRYLOCK_PAGE_LOCK_REFILL &&
	    site != TRYLOCK_PAGE_LOCK_SHRINK)
		stat_inc(&rmap_stats.trylock_failed);
}
