/*
 * mm/reclaim/shmem_swap.c - moving ramfs pages to swap and back (see
 * mm/reclaim/shmem_swap.h).
 *
 * The swap trees and the list of mappings with swapped pages change under
 * info_lock (mm/locking.h),
 * with nodes preloaded as for the page cache.  The slot reference a
 * swapped page holds belongs to the swap tree entry.
 */
#include "fs/inode.h"
#include "mm/vm/filemap.h"
#include "kernel/lib/radix_tree.h"
#include "mm/reclaim/shmem_swap.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/gfp.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/locking.h"

/* Swap entries are stored shifted and tagged so no item is ever NULL. */
static void *entry_to_item(swp_entry_t e)
{
	return (void *)(e.val | 1);
}

static swp_entry_t item_to_entry(void *item)
{
	return (swp_entry_t){ (u32)item & ~1u };
}

static LIST_HEAD(swapped_mappings);
static DEFINE_SPINLOCK(info_lock);

bool next_swapped(struct address_space *mapping, unsigned long *index)
{
	u32 flags;
	bool found;

	spin_lock_irqsave(&info_lock, flags);
	found = mapping->nrswapped &&
		radix_tree_next(&mapping->swap_tree, index);
	spin_unlock_irqrestore(&info_lock, flags);
	return found;
}

bool mapping_swapped(struct address_space *mapping, unsigned long index)
{
	unsigned long next = index;

	return next_swapped(mapping, &next) && next == index;
}

/* Record entry for index; the caller holds interrupts off. */
static int swap_tree_add(struct address_space *mapping, unsigned long index,
			 swp_entry_t entry)
{
	int err = radix_tree_insert(&mapping->swap_tree, index,
				    entry_to_item(entry));

	if (err)
		return err;
	if (mapping->nrswapped++ == 0)
		list_add(&mapping->swapped, &swapped_mappings);
	swap_inflight_drop(entry);	/* the tree holds it now */
	return 0;
}

/* Forget the entry for index if it is still item: false when a truncate
 * took it first (and freed its slot).  Interrupts are off. */
static bool swap_tree_del(struct address_space *mapping, unsigned long index,
			  void *item)
{
	if (radix_tree_lookup(&mapping->swap_tree, index) != item)
		return false;
	radix_tree_delete(&mapping->swap_tree, index);
	if (--mapping->nrswapped == 0)
		list_del_init(&mapping->swapped);
	return true;
}

/*
 * The slot goes into the swap tree and the page into the swap cache, with
 * a slot reference each, in one interrupts-off section (the swap audit
 * never sees a reference in mid-air).  0, or an errno with nothing done:
 * the slot reference in flight is still the caller's.
 */
static int move_to_swap(struct address_space *mapping, struct page *page,
			swp_entry_t entry)
{
	u32 flags;
	int err;

	spin_lock_irqsave(&info_lock, flags);
	err = swap_tree_add(mapping, page->index, entry);
	if (!err) {
		err = swap_duplicate(entry);	/* the swap cache's */
		if (!err) {
			err = move_to_swap_cache(page, entry);
			if (err)
				swap_free(entry);
		}
		if (err) {
			/* the tree's reference is the caller's again */
			swap_tree_del(mapping, page->index, entry_to_item(entry));
			swap_inflight_take(entry);
		}
	}
	spin_unlock_irqrestore(&info_lock, flags);
	return err;
}

int ramfs_writepage(struct page *page)
{
	struct address_space *mapping = page->mapping;
	swp_entry_t entry = get_swap_page();
	int err;

	BUG_ON(!PageLocked(page));
	if (!entry.val)
		return -ENOSPC;
	swap_inflight_take(entry);
	/* kswapd may be preempted after try_to_unmap: mapped again since,
	 * or looked up (reclaim's reference + the cache's only) */
	if (page_mapped(page) || page_count(page) != 2) {
		swap_inflight_free(entry);
		return -EAGAIN;
	}
	err = radix_tree_preload(GFP_ATOMIC);
	if (!err)
		err = move_to_swap(mapping, page, entry);
	if (err) {
		swap_inflight_free(entry);
		return err;
	}
	/* A swap cache page from here on: the write is the swap cache's,
	 * and a failed one leaves the page dirty there, for reclaim to try
	 * again and for ramfs_readpage to find. */
	ClearPageDirty(page);
	swap_writepage(page, entry);
	stat_inc(&vm_events.pswpout);
	return 0;
}

/*
 * The page at entry from the swap cache, locked and up to date, if it is
 * there: its write may still be in flight, so the disk may not have the
 * data yet.  Otherwise NULL, after reading the slots around entry into the
 * swap cache for the next reads (swapin_readahead).
 */
static struct page *swap_cache_page(swp_entry_t entry)
{
	struct page *cached = lookup_swap_cache(entry);

	if (!cached) {
		swapin_readahead(entry);
		return NULL;
	}
	lock_page(cached);
	if (PageUptodate(cached) && PageSwapCache(cached) &&
	    page_swp_entry(cached).val == entry.val) {
		if (TestClearPageReadahead(cached))
			stat_inc(&vm_events.swap_ra_hit);
		return cached;
	}
	unlock_page(cached);		/* a read that failed */
	put_page(cached);
	return NULL;
}

int ramfs_readpage(struct file *file, struct page *page)
{
	struct address_space *mapping = page->mapping;
	struct page *cached = NULL;
	swp_entry_t entry = { 0 };
	void *item = NULL;
	bool gone;
	u32 flags;
	int err = 0;

	(void)file;
	spin_lock_irqsave(&info_lock, flags);
	if (mapping->nrswapped)
		item = radix_tree_lookup(&mapping->swap_tree, page->index);
	spin_unlock_irqrestore(&info_lock, flags);
	if (!item) {
		clear_highpage(page);
		SetPageUptodate(page);
		unlock_page(page);
		return 0;
	}
	entry = item_to_entry(item);
	cached = swap_cache_page(entry);
	if (cached) {
		copy_highpage(page, cached);
	} else {
		err = swap_readpage(page, entry);
		stat_inc(&vm_events.pswpin);
	}
	if (!err) {
		/* The read may have slept: a truncate may have freed the slot
		 * meanwhile, and the page is past the end then, about to be
		 * dropped. */
		spin_lock_irqsave(&info_lock, flags);
		gone = !swap_tree_del(mapping, page->index, item);
		if (!gone)
			swap_free(entry);	/* with the tree entry */
		spin_unlock_irqrestore(&info_lock, flags);
		/* The only copy again: it must be written before it is dropped. */
		SetPageDirty(page);
		SetPageUptodate(page);
	}
	if (cached) {
		/* Only the swap cache holds the slot now: let both go, unless
		 * the write is still out (its end frees the page then). */
		unlock_page(cached);
		free_swap_cache(cached);
		put_page(cached);
	}
	unlock_page(page);
	return err;
}

void truncate_swapped(struct address_space *mapping, unsigned long first,
		      unsigned long last)
{
	swp_entry_t entry;
	void *item;
	u32 flags;

	for (;;) {
		spin_lock_irqsave(&info_lock, flags);
		item = radix_tree_next(&mapping->swap_tree, &first);
		if (item && first > last)
			item = NULL;
		if (item) {
			swap_tree_del(mapping, first, item);
			entry = item_to_entry(item);
			swap_free(entry);	/* with the tree entry */
		}
		spin_unlock_irqrestore(&info_lock, flags);
		if (!item)
			return;
	}
}

/* Does mapping hold a page in area type?  Caller holds info_lock. */
static bool has_entries_on(struct address_space *mapping, unsigned int type)
{
	unsigned long index;
	void *item;

	for (index = 0;; index++) {
		item = radix_tree_next(&mapping->swap_tree, &index);
		if (!item)
			return false;
		if (swp_type(item_to_entry(item)) == type)
			return true;
	}
}

void ramfs_for_each_swapped(void (*fn)(swp_entry_t entry, void *arg),
			    void *arg)
{
	struct address_space *mapping;
	unsigned long index;
	void *item;

	list_for_each_entry(mapping, &swapped_mappings, swapped)
		for (index = 0; (item = radix_tree_next(&mapping->swap_tree,
							&index)); index++)
			fn(item_to_entry(item), arg);
}

/*
 * The first mapping on the list that still has entries of area type, with
 * a reference on its inode; NULL when none is left.  Mappings whose pages
 * are all on other areas are passed over: stopping at them would hide the
 * ones behind them from swapoff.
 */
static struct inode *next_swapped_inode(unsigned int type)
{
	struct address_space *mapping;
	struct inode *inode = NULL;
	u32 flags;

	spin_lock_irqsave(&info_lock, flags);
	list_for_each_entry(mapping, &swapped_mappings, swapped) {
		if (!has_entries_on(mapping, type))
			continue;
		inode = igrab(mapping->host);
		if (inode)
			break;
	}
	spin_unlock_irqrestore(&info_lock, flags);
	return inode;
}

/* Read back the pages of mapping that live on area type. */
static int unuse_mapping(struct address_space *mapping, unsigned int type,
			 bool *progress)
{
	unsigned long index = 0;
	struct page *page;
	void *item;
	int err;

	for (;; index++) {
		u32 flags;

		spin_lock_irqsave(&info_lock, flags);
		item = radix_tree_next(&mapping->swap_tree, &index);
		spin_unlock_irqrestore(&info_lock, flags);
		if (!item)
			return 0;
		if (swp_type(item_to_entry(item)) != type)
			continue;
		err = read_mapping_page(mapping, index, NULL, &page);
		if (err)
			return err;
		put_page(page);
		*progress = true;
	}
}

int ramfs_unuse(unsigned int type)
{
	struct inode *inode;
	bool progress = true;
	int err = 0;

	/* Each pass reads a whole mapping back; stop when nothing moves. */
	while (!err && progress && (inode = next_swapped_inode(type))) {
		progress = false;
		err = unuse_mapping(inode->i_mapping, type, &progress);
		iput(inode);
	}
	return err;
}
