/*
 * mm/reclaim/swap.c - adding pages to, moving them on and taking them off the
 * per-zone LRU lists (see mm/reclaim/swap.h).  Counted in /proc/vmstat as
 * pgactivate/pgdeactivate (the deactivations are mm/reclaim/vmscan.c's).
 */
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "mm/reclaim/swap.h"
#include "mm/phys/mmzone.h"
#include "mm/reclaim/vmscan.h"
#include "mm/locking.h"

static void add_to_list(struct page *page, bool active)
{
	struct zone *z = page_zone(page);
	u32 flags;

	spin_lock_irqsave(&z->lru_lock, flags);
	BUG_ON(PageLRU(page));
	SetPageLRU(page);
	if (active) {
		SetPageActive(page);
		list_add(&page->lru, &z->active_list);
		z->nr_active++;
	} else {
		list_add(&page->lru, &z->inactive_list);
		z->nr_inactive++;
	}
	spin_unlock_irqrestore(&z->lru_lock, flags);
}

void lru_cache_add(struct page *page)
{
	add_to_list(page, false);
}

void lru_cache_add_active(struct page *page)
{
	add_to_list(page, true);
}

void __lru_cache_del(struct zone *z, struct page *page)
{
	if (TestClearPageLRU(page)) {
		list_del(&page->lru);
		if (TestClearPageActive(page))
			z->nr_active--;
		else
			z->nr_inactive--;
	}
}

void lru_cache_del(struct page *page)
{
	struct zone *z = page_zone(page);
	u32 flags;

	spin_lock_irqsave(&z->lru_lock, flags);
	__lru_cache_del(z, page);
	spin_unlock_irqrestore(&z->lru_lock, flags);
}

/* MADV_COLD: an active page moves to the inactive list and forgets
 * PG_referenced, so reclaim reaches it before the pages used lately. */
void deactivate_page(struct page *page)
{
	struct zone *z = page_zone(page);
	u32 flags;

	spin_lock_irqsave(&z->lru_lock, flags);
	if (PageLRU(page) && PageActive(page)) {
		list_move(&page->lru, &z->inactive_list);
		z->nr_active--;
		z->nr_inactive++;
		ClearPageActive(page);
		stat_inc(&vm_events.pgdeactivate);
	}
	ClearPageReferenced(page);
	spin_unlock_irqrestore(&z->lru_lock, flags);
}

void activate_page(struct page *page)
{
	struct zone *z = page_zone(page);
	u32 flags;

	spin_lock_irqsave(&z->lru_lock, flags);
	if (PageLRU(page) && !PageActive(page)) {
		list_move(&page->lru, &z->active_list);
		z->nr_inactive--;
		z->nr_active++;
		SetPageActive(page);
		stat_inc(&vm_events.pgactivate);
	}
	spin_unlock_irqrestore(&z->lru_lock, flags);
}

void mark_page_accessed(struct page *page)
{
	if (!PageActive(page) && PageReferenced(page) && PageLRU(page)) {
		activate_page(page);
		ClearPageReferenced(page);
	} else if (!PageReferenced(page)) {
		SetPageReferenced(page);
	}
}
