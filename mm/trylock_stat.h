/*
 * mm/trylock_stat.h - how often each trylock of reclaim and the reverse
 * map found its lock busy, one counter per lock and path, in /proc/vmstat.
 *
 * Reclaim enters the lock order of mm/locking.h from the wrong end, so it
 * only tries the locks it needs and skips the page when one is busy.  Each
 * site that tries calls trylock_failed() with its own name when the try
 * fails; docs/locking.md says what makes each one fail.  With one CPU
 * running kernel code at a time (one CPU, or the big kernel lock), only a
 * holder that slept or was preempted can make a spinlock's try fail.
 */
#ifndef MM_TRYLOCK_STAT_H
#define MM_TRYLOCK_STAT_H

#include "kernel/types.h"

/* X(site, /proc/vmstat name): the lock, then the path that tries it. */
#define TRYLOCK_SITES(X)                                                       \
	X(PTL_REFERENCED_FILE, "trylock_fail_page_table_lock_referenced_file") \
	X(PTL_REFERENCED_ANON, "trylock_fail_page_table_lock_referenced_anon") \
	X(PTL_UNMAP_FILE, "trylock_fail_page_table_lock_unmap_file")           \
	X(PTL_UNMAP_ANON, "trylock_fail_page_table_lock_unmap_anon")           \
	X(PTL_UNMAP_CHAIN, "trylock_fail_page_table_lock_unmap_chain")         \
	X(PTL_UNMAP_CLUSTER, "trylock_fail_page_table_lock_unmap_cluster")     \
	X(PTL_MKCLEAN_FILE, "trylock_fail_page_table_lock_mkclean_file")       \
	X(PTL_MKCLEAN_CHAIN, "trylock_fail_page_table_lock_mkclean_chain")     \
	X(PTL_PAGETRACE, "trylock_fail_page_table_lock_pagetrace")             \
	X(I_SHARED_SEM_REFERENCED, "trylock_fail_i_shared_sem_referenced")     \
	X(I_SHARED_SEM_UNMAP, "trylock_fail_i_shared_sem_unmap")               \
	X(I_SHARED_SEM_MKCLEAN, "trylock_fail_i_shared_sem_mkclean")           \
	X(PAGE_LOCK_REFILL, "trylock_fail_page_lock_refill_inactive")          \
	X(PAGE_LOCK_SHRINK, "trylock_fail_page_lock_shrink_zone")

#define TRYLOCK_SITE_ENUM(site, name) TRYLOCK_##site,
enum trylock_site { TRYLOCK_SITES(TRYLOCK_SITE_ENUM) NR_TRYLOCK_SITES };
#undef TRYLOCK_SITE_ENUM

extern u32 trylock_failures[NR_TRYLOCK_SITES];
extern const char *const trylock_site_names[NR_TRYLOCK_SITES];

/* The try at site found its lock busy.  Any lock may be held. */
void trylock_failed(enum trylock_site site);

#endif
