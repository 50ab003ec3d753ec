/*
 * mm/lru.h - the active and inactive lists reclaim chooses victims from.
 *
 * Each zone keeps two lists of the pages user space can have mapped or
 * cached (anonymous pages and page cache pages):
 *
 *   fault / read ──> inactive ──(referenced twice)──> active
 *                       ^                               │
 *                       └────(not referenced lately)────┘
 *                       └──> shrink_list: unmap, write, free
 *
 * A page enters at its first use (lru_cache_add); mark_page_accessed on a
 * read() or write() and the accessed bits that page_referenced collects
 * through the reverse map move it up; refill_inactive (mm/vmscan.c) moves
 * pages that were not used down again.  PG_lru says a page is on a list,
 * PG_active which one.  The lists hold no reference: put_page of the last
 * reference takes the page off.  Interrupts off is the lru_lock.
 */
#ifndef MM_LRU_H
#define MM_LRU_H

#include "mm/page.h"

void lru_cache_add(struct page *page);		/* onto the inactive list */
void lru_cache_add_active(struct page *page);	/* straight to the active list */
void lru_cache_del(struct page *page);
/* A use the hardware did not see (read/write): inactive,unreferenced ->
 * inactive,referenced -> active. */
void mark_page_accessed(struct page *page);
void activate_page(struct page *page);

#endif
