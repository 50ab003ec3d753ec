/*
 * mm/reclaim/swap_state.c - the swap cache (see mm/reclaim/swap_state.h).
 *
 * References: a page in the swap cache holds one page reference and one
 * reference on its slot (the swap_map count).  Each PTE that holds the
 * entry holds another slot reference (swap_duplicate at fork, swap_free
 * when the PTE goes).  The radix tree changes with interrupts off.
 *
 * Swap readahead (Linux 2.6's swapin_readahead): a fault that had to read
 * its page from disk also reads the other slots of the aligned window of
 * 2^page_cluster slots around it, those in use and not cached yet, into
 * the cache (docs/reclaim.md draws it).  Slots are handed out in clusters
 * (swapfile.c), so the window holds the pages evicted just before and
 * after this one, which a program that walks its memory wants next; their
 * faults then find them here.  The fault's own read waits; the window's
 * reads do not (swap_readpage_async): they go out as one request while the
 * process goes on, and a fault that finds one of their pages still locked
 * waits for its read.  A readahead read that fails only drops its page.
 */
#include "mm/vm/filemap.h"
#include "kernel/lib/radix_tree.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "mm/phys/page_alloc.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/locking.h"

struct address_space swapper_space;

void swap_cache_init(void)
{
	spin_lock_init(&swapper_space.tree_lock);
	INIT_RADIX_TREE(&swapper_space.page_tree);
}

/* Insert page under entry; the caller has preloaded and holds the tree
 * lock.  0 or -EEXIST. */
static int __add_to_swap_cache(struct page *page, swp_entry_t entry)
{
	int err = radix_tree_insert(&swapper_space.page_tree, entry.val, page);

	if (!err) {
		SetPageSwapCache(page);
		page->private = entry.val;
		swapper_space.nrpages++;
	}
	return err;
}

int add_to_swap_cache(struct page *page, swp_entry_t entry)
{
	u32 flags;
	int err;

	BUG_ON(PageSwapCache(page) || page_mapping(page));
	err = radix_tree_preload(GFP_ATOMIC);
	if (err)
		return err;
	spin_lock_irqsave(&swapper_space.tree_lock, flags);
	err = __add_to_swap_cache(page, entry);
	if (!err) {
		get_page(page);
		swap_inflight_drop(entry);	/* the cache holds it now */
	}
	spin_unlock_irqrestore(&swapper_space.tree_lock, flags);
	return err;
}

int add_to_swap(struct page *page)
{
	/* LAB 6 BEGIN: give an anonymous page a swap slot and put it in the swap cache; stub: (void)page; return -ENOSPC; */
	swp_entry_t entry;
	int err;

	BUG_ON(!PageLocked(page) || !PageAnon(page));
	entry = get_swap_page();
	if (!entry.val)
		return -ENOSPC;
	swap_inflight_take(entry);
	err = add_to_swap_cache(page, entry);
	if (err) {
		swap_inflight_free(entry);
		return err;
	}
	/* Not written yet: the copy on the device is not the data.  The
	 * page itself is: a fault that finds it in the cache may map it. */
	SetPageDirty(page);
	ClearPageReadahead(page);	/* left from an earlier stay, unused */
	SetPageUptodate(page);
	return 0;
	/* LAB 6 END */
}

int move_to_swap_cache(struct page *page, swp_entry_t entry)
{
	struct address_space *mapping = page->mapping;
	u32 flags;
	int err;

	BUG_ON(!PageLocked(page) || PageSwapCache(page) || !mapping);
	err = radix_tree_preload(GFP_ATOMIC);
	if (err)
		return err;
	spin_lock_irqsave(&swapper_space.tree_lock, flags);
	spin_lock(&mapping->tree_lock);
	err = __add_to_swap_cache(page, entry);
	if (!err)
		__remove_from_page_cache(page); /* its reference is the cache's */
	spin_unlock(&mapping->tree_lock);
	spin_unlock_irqrestore(&swapper_space.tree_lock, flags);
	return err;
}

void __delete_from_swap_cache(struct page *page)
{
	swp_entry_t entry = page_swp_entry(page);

	/* The cache's reference is what keeps a page under writeback. */
	BUG_ON(!PageLocked(page) || !PageSwapCache(page) ||
	       PageWriteback(page));
	radix_tree_delete(&swapper_space.page_tree, entry.val);
	ClearPageSwapCache(page);
	page->private = 0;
	swapper_space.nrpages--;
	swap_free(entry);	/* with the cache entry, for the swap audit */
}

void delete_from_swap_cache(struct page *page)
{
	u32 flags;

	spin_lock_irqsave(&swapper_space.tree_lock, flags);
	__delete_from_swap_cache(page);
	spin_unlock_irqrestore(&swapper_space.tree_lock, flags);
	put_page(page);
}

struct page *lookup_swap_cache(swp_entry_t entry)
{
	struct page *page;
	u32 flags;

	spin_lock_irqsave(&swapper_space.tree_lock, flags);
	page = radix_tree_lookup(&swapper_space.page_tree, entry.val);
	if (page)
		get_page(page);
	spin_unlock_irqrestore(&swapper_space.tree_lock, flags);
	return page;
}

/*
 * A new locked page in the swap cache for entry, with the cache's slot
 * reference, not read yet.  NULL and *err = -EEXIST (someone cached it
 * first), -ENOMEM, or -EIO (entry is no live slot).  For readahead
 * (ahead), a slot that is free or bad is no error: -ENOENT, quietly.
 */
static struct page *add_new_swap_page(swp_entry_t entry, bool ahead, int *err)
{
	struct page *page = alloc_page(GFP_HIGHUSER);	/* a user page */
	int count;

	if (!page) {
		*err = -ENOMEM;
		return NULL;
	}
	/* Checked after the allocation, which may sleep while the slot's
	 * last reference goes. */
	count = swap_count(entry);
	if (ahead && (count <= 0 || count >= SWAP_MAP_BAD)) {
		put_page(page);
		*err = -ENOENT;
		return NULL;
	}
	if (swap_duplicate(entry)) {
		put_page(page);
		*err = -EIO;
		return NULL;
	}
	SetPageLocked(page);
	*err = add_to_swap_cache(page, entry);
	if (*err) {
		ClearPageLocked(page);	/* nobody could see it */
		swap_free(entry);
		put_page(page);
		return NULL;
	}
	return page;
}

struct page *read_swap_cache(swp_entry_t entry, int *err)
{
	/* LAB 6 BEGIN: find or read the page of a swap entry; stub: (void)entry; *err = -EIO; return NULL; */
	struct page *page;

again:
	*err = 0;
	page = lookup_swap_cache(entry);
	if (page)
		return page;
	page = add_new_swap_page(entry, false, err);
	if (!page) {
		if (*err == -EEXIST)
			goto again;	/* use theirs, if it is still there */
		return NULL;
	}
	*err = swap_readpage(page, entry);
	stat_inc(&vm_events.pswpin);
	if (*err) {
		delete_from_swap_cache(page);
		unlock_page(page);
		put_page(page);
		return NULL;
	}
	SetPageUptodate(page);
	SetPageAnon(page);
	lru_cache_add_active(page);
	unlock_page(page);
	return page;
	/* LAB 6 END */
}

unsigned int page_cluster = PAGE_CLUSTER_DEFAULT;

/*
 * The end of a readahead read, from the disk interrupt: the page joins the
 * inactive list, so one nobody faults on is the first to go again.  A page
 * the disk failed leaves the swap cache again; PG_readahead stays on it,
 * so that a fault that waited for it reads the slot itself.
 */
static void read_ahead_done(struct page *page, int err)
{
	if (err) {
		delete_from_swap_cache(page);
	} else {
		stat_inc(&vm_events.swap_ra);
		SetPageAnon(page);
		lru_cache_add(page);
	}
	unlock_page(page);
	put_page(page);			/* the read's; the cache keeps its own */
}

/* Start the read of one page of the window.  false when readahead should
 * stop: no memory, or every read is out already. */
static bool read_ahead_one(swp_entry_t entry)
{
	struct page *page = lookup_swap_cache(entry);
	int count = swap_count(entry), err;

	if (page) {
		put_page(page);
		return true;
	}
	if (count <= 0 || count >= SWAP_MAP_BAD)
		return true;		/* free, bad, or the header */
	page = add_new_swap_page(entry, true, &err);
	if (!page)
		return err != -ENOMEM;
	SetPageReadahead(page);
	if (swap_readpage_async(page, entry, read_ahead_done)) {
		delete_from_swap_cache(page);
		unlock_page(page);
		put_page(page);
		return false;
	}
	stat_inc(&vm_events.pswpin);
	return true;
}

void swapin_readahead(swp_entry_t entry)
{
	struct swap_info_struct *si = swap_info_get(entry);
	u32 nr = 1u << page_cluster, target = swp_offset(entry);
	struct blk_plug plug;
	u32 start = target & ~(nr - 1), offset;

	if (!si)
		return;
	/* plugged: the window's reads go out as one request */
	blk_start_plug(&plug);
	for (offset = start; offset < start + nr && offset < si->max;
	     offset++) {
		if (offset != target &&
		    !read_ahead_one(swp_entry(swp_type(entry), offset)))
			break;
	}
	blk_finish_plug(&plug);
}

void free_swap_cache(struct page *page)
{
	if (!PageSwapCache(page) || page_mapped(page) || !trylock_page(page))
		return;
	/* the caller's reference + the cache's, and no PTE holds the slot;
	 * a page under writeback is left to reclaim, which frees it once
	 * the write has ended */
	if (PageSwapCache(page) && !PageWriteback(page) &&
	    page_count(page) == 2 && swap_count(page_swp_entry(page)) == 1)
		delete_from_swap_cache(page);
	unlock_page(page);
}

void free_swap_and_cache(swp_entry_t entry)
{
	struct page *page;

	swap_free(entry);
	if (swap_count(entry) != 1)
		return;
	page = lookup_swap_cache(entry);
	if (page) {
		free_swap_cache(page);
		put_page(page);
	}
}

bool reuse_swap_page(struct page *page)
{
	if (!PageSwapCache(page) || !trylock_page(page))
		return false;
	/* the cache's reference and this PTE's; the slot only the cache's;
	 * and not being written: the write reads the page, so a store now
	 * would reach the disk half done (the caller copies instead) */
	if (PageSwapCache(page) && !PageWriteback(page) &&
	    page_count(page) == 2 && swap_count(page_swp_entry(page)) == 1) {
		delete_from_swap_cache(page);
		SetPageDirty(page);
		unlock_page(page);
		return true;
	}
	unlock_page(page);
	return false;
}
