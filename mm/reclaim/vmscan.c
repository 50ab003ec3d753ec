/*
 * mm/reclaim/vmscan.c - page reclaim, in the Linux 2.6 manner.
 *
 * refill_inactive moves pages from the tail of the active list to the
 * inactive list unless their PTEs were used (page_referenced: the accessed
 * bits collected through the reverse map).  shrink_zone takes pages from
 * the tail of the inactive list and, for each:
 *
 *   locked (being read, written or truncated) ....... keep it for later
 *   its write to swap in flight (PG_writeback) ...... keep it for later
 *   referenced lately ............................... back to active
 *   anonymous, no slot yet .......................... add_to_swap
 *   mapped .......................................... try_to_unmap: every PTE
 *                                                     (through the object,
 *                                                     the anon_vma or the
 *                                                     pte_chain)
 *   dirty, in the swap cache ........................ start the write
 *                                                     (swap_writepage) and
 *                                                     keep it: the write's
 *                                                     end moves it to the
 *                                                     inactive tail
 *   dirty, a ramfs page ............................. the mapping's
 *                                                     writepage: moves the
 *                                                     page into the swap
 *                                                     cache and starts the
 *                                                     write, as above
 *   dirty, a page of a disk file or block device .... pageout: the
 *                                                     mapping's writepage
 *                                                     writes it to its own
 *                                                     blocks, never swap;
 *                                                     no wait, kept till
 *                                                     the write ends
 *   clean, in the swap cache or a file with a
 *   backing store (a disk file, a block device:
 *   its buffer heads go first, if none is in use) ... free it
 *
 * Pages that cannot go (VM_LOCKED, swap full or off, a mapping with no
 * writepage) go back to the active list.  A failed swap write leaves the
 * page dirty and in memory: nothing is lost.  Reclaim that finds too
 * little to free while writes are in flight waits for the oldest to end
 * (congestion_wait) rather than scan the same pages again.
 *
 * Each pass also prunes the inode cache (fs/inode.c) by the share of the
 * unused inodes that the priority says, as Linux's shrink_slab calls
 * shrink_icache_memory: an inode evicted takes its clean pages with it.
 */
#include "fs/address_space.h"
#include "fs/buffer_head.h"
#include "fs/inode.h"
#include "kernel/block/blkdev.h"
#include "mm/vm/filemap.h"
#include "kernel/cpu/io.h"
#include "kernel/sched/kthread.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/sched/wait.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/page_alloc.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/trylock_stat.h"
#include "mm/locking.h"
#include "mm/rmap/pagetrace_events.h"
#include "mm/writeback/writeback.h"

struct vm_events vm_events;

static DECLARE_WAIT_QUEUE_HEAD(kswapd_wait);
static bool kswapd_running, kswapd_work;

enum verdict { PAGE_KEEP, PAGE_ACTIVATE, PAGE_FREE };


/* The clean, unmapped, locked page leaves its cache; PAGE_FREE if only
 * our reference is left then. */
static enum verdict release_page(struct page *page)
{
	struct address_space *mapping = PageSwapCache(page)
						? &swapper_space
						: page_mapping(page);
	enum verdict v = PAGE_KEEP;
	u32 flags;

	if (!mapping)
		return PAGE_KEEP;
	spin_lock_irqsave(&mapping->tree_lock, flags);
	/* ours + the cache's: anyone else (a fault that just found it in
	 * the cache) means it is in use again */
	if (page_count(page) == 2 && !page_mapped(page)) {
		if (PageSwapCache(page))
			__delete_from_swap_cache(page);
		else
			__remove_from_page_cache(page);
		put_page(page); /* the cache's */
		v = PAGE_FREE;
	}
	spin_unlock_irqrestore(&mapping->tree_lock, flags);
	return v;
}

/* Start the write of a dirty page that has its swap slot.  The page stays
 * on the inactive list; the write's end moves it to the tail, and the
 * next scan frees it.  A disk that ended the write already (no interrupt:
 * the write waited) leaves it clean here: free it now. */
static enum verdict write_swap_page(struct page *page)
{
	ClearPageDirty(page);
	if (swap_writepage(page, page_swp_entry(page))) {
		SetPageDirty(page);
		return PAGE_ACTIVATE;
	}
	stat_inc(&vm_events.pswpout);
	if (PageWriteback(page) || PageDirty(page))
		return PAGE_KEEP;
	return release_page(page);
}

/* Can the page go?  A clean page of a file on disk (ext2, a block
 * device's cache) is read again when needed; a dirty one, or one of a
 * memory file system, needs a writepage that saves it first. */
static bool has_backing_store(struct page *page)
{
	if (PageSwapCache(page))
		return true;
	struct address_space *mapping = page_mapping(page);

	if (!mapping || !mapping->a_ops)
		return false;
	return mapping->a_ops->writepage ||
	       (mapping->a_ops->readpage && !mapping->a_ops->memory_backed &&
		!PageDirty(page));
}

/* Decide about one locked page taken off the inactive list. */
static enum verdict shrink_page(struct page *page)
{
	if (PageWriteback(page))
		return PAGE_KEEP;		/* its write is in flight */
	/* LAB 5 BEGIN: a page in use goes back to the active list */
	if (page_referenced(page) && page_mapped(page))
		return PAGE_ACTIVATE;
	/* LAB 5 END */
	if (PageAnon(page) && !page_mapping(page) && !PageSwapCache(page) &&
	    add_to_swap(page))
		return PAGE_ACTIVATE;		/* no swap, or swap full */
	if (!has_backing_store(page))
		return PAGE_ACTIVATE;		/* a_ops without writepage */
	if (page_mapped(page)) {
		switch (try_to_unmap(page)) {
		case SWAP_FAIL:
			return PAGE_ACTIVATE;
		case SWAP_AGAIN:
			return PAGE_KEEP;
		}
	}
	if (PageDirty(page)) {
		if (PageSwapCache(page))
			return write_swap_page(page);
		/* A read-only disk file system has nothing to write with. */
		if (!page_mapping(page)->a_ops->writepage)
			return PAGE_ACTIVATE;
		/* ramfs moves the page into the swap cache and starts its
		 * write: from here on it is a swap cache page */
		if (page_mapping(page)->a_ops->writepage(page))
			return PAGE_ACTIVATE;
		return PageWriteback(page) || PageDirty(page) ?
			       PAGE_KEEP : release_page(page);
	}
	/* A block device page whose buffers a file system still holds
	 * (its superblock, group descriptors) stays. */
	if (page_has_buffers(page) && !try_to_free_buffers(page))
		return PAGE_ACTIVATE;
	return release_page(page);
}

/* A page of a disk (Linux's page_is_file_lru: not swap-backed), written
 * back to its own blocks; anything else can only go to swap. */
static bool page_is_file(struct page *page)
{
	return !PageSwapCache(page) &&
	       mapping_cap_account_dirty(page_mapping(page));
}

/* Put a page reclaim looked at back on the list the verdict says; file
 * is what it was when taken (a ramfs page may be in the swap cache now). */
static void putback_page(struct page *page, enum verdict v, bool file)
{
	if (v == PAGE_FREE) {
		stat_inc(&vm_events.pgsteal);
		if (file)
			stat_inc(&vm_events.pgsteal_file);
		else
			stat_inc(&vm_events.pgsteal_anon);
	} else if (v == PAGE_ACTIVATE) {
		lru_cache_add_active(page);
		stat_inc(&vm_events.pgactivate);
	} else {
		lru_cache_add(page);
	}
	put_page(page);			/* ours; frees a PAGE_FREE page */
}

/* Take the oldest page of a list of z with a reference, off the list. */
static struct page *isolate_tail(struct zone *z, struct list_head *list)
{
	struct page *page;
	u32 flags;

	spin_lock_irqsave(&z->lru_lock, flags);
	if (list_empty(list)) {
		spin_unlock_irqrestore(&z->lru_lock, flags);
		return NULL;
	}
	page = list_last_entry(list, struct page, lru);
	get_page(page);
	__lru_cache_del(z, page);
	spin_unlock_irqrestore(&z->lru_lock, flags);
	return page;
}

/* page_referenced needs the page lock: a truncate may otherwise take
 * page->mapping away in the middle of the object walk.  A page someone
 * else has locked is in use: call it referenced. */
/* LAB 5 BEGIN: referenced_locked, used by your refill_inactive */
static bool referenced_locked(struct page *page)
{
	bool referenced;

	if (!trylock_page(page)) {
		trylock_failed(TRYLOCK_PAGE_LOCK_REFILL);
		return true;
	}
	referenced = page_referenced(page);
	unlock_page(page);
	return referenced;
}
/* LAB 5 END */

static void refill_inactive(struct zone *z, u32 nr)
{
	/* LAB 5 BEGIN: move nr pages from the active list, keeping the referenced ones; stub: (void)z; (void)nr; */
	struct page *page;

	while (nr-- && (page = isolate_tail(z, &z->active_list))) {
		if (page_mapped(page) && referenced_locked(page)) {
			lru_cache_add_active(page);
		} else {
			lru_cache_add(page);
			stat_inc(&vm_events.pgdeactivate);
			pagetrace_event(PAGE_DEACTIVATED, page, NULL, 0);
		}
		put_page(page);
	}
	/* LAB 5 END */
}

/* The scan runs plugged (kernel/block/blkdev.h): the writes it starts
 * wait in the queue until it ends, and those of consecutive swap slots
 * merge into one request. */
u32 shrink_zone(struct zone *z, u32 nr)
{
	struct blk_plug plug;
	u32 freed = 0;
	struct page *page;
	enum verdict v;
	bool file;

	refill_inactive(z, nr);
	blk_start_plug(&plug);
	while (nr-- && (page = isolate_tail(z, &z->inactive_list))) {
		stat_inc(&vm_events.pgscan);
		v = PAGE_KEEP;
		file = false;
		if (trylock_page(page)) {
			/* the lock keeps page->mapping (and its inode) */
			file = page_is_file(page);
			if (file)
				stat_inc(&vm_events.pgscan_file);
			else
				stat_inc(&vm_events.pgscan_anon);
			v = shrink_page(page);
			unlock_page(page);
		} else {
			trylock_failed(TRYLOCK_PAGE_LOCK_SHRINK);
		}
		putback_page(page, v, file);
		freed += v == PAGE_FREE;
	}
	blk_finish_plug(&plug);
	return freed;
}

/*
 * MADV_PAGEOUT: reclaim one page now, as shrink_zone would, whatever its
 * accessed bits say (the program asked; Linux's reclaim_pages ignores
 * them too).  The caller holds a reference.  A page off the LRU (another
 * reclaim has it) or locked is left alone.  True if it was freed.
 */
bool reclaim_page(struct page *page)
{
	struct zone *z = page_zone(page);
	enum verdict v = PAGE_KEEP;
	bool file = false;
	u32 flags;

	spin_lock_irqsave(&z->lru_lock, flags);
	if (!PageLRU(page)) {
		spin_unlock_irqrestore(&z->lru_lock, flags);
		return false;
	}
	get_page(page);
	__lru_cache_del(z, page);
	spin_unlock_irqrestore(&z->lru_lock, flags);
	if (trylock_page(page)) {
		file = page_is_file(page);
		page_referenced(page);	/* forget the accessed bits */
		ClearPageReferenced(page);
		v = shrink_page(page);
		unlock_page(page);
	}
	putback_page(page, v, file);
	return v == PAGE_FREE;
}

/* How many of z's LRU pages one pass at this priority looks at. */
static u32 scan_count(const struct zone *z, int priority)
{
	return ((z->nr_active + z->nr_inactive) >> priority) + 8;
}

/*
 * Is z short for an allocation of class zone classzone: below pages_high
 * plus what z keeps back from such an allocation (its lowmem reserve)?
 */
static bool zone_short(const struct zone *z, int classzone)
{
	return z->present_pages &&
	       z->free_pages < z->pages_high + z->lowmem_reserve[classzone];
}

u32 reclaim_zone_mask(gfp_t gfp)
{
	const int *list = gfp_zonelist(gfp);
	u32 all = 0, shortz = 0;
	int i;

	for (i = 0; list[i] >= 0; i++) {
		all |= 1u << list[i];
		if (zone_short(&zones[list[i]], list[0]))
			shortz |= 1u << list[i];
	}
	return shortz ? shortz : all;
}

/* One pass at a priority over the zones in mask: scan lists >> priority. */
static u32 shrink_zones(u32 mask, int priority)
{
	u32 freed = 0;
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++)
		if (mask & (1u << i))
			freed += shrink_zone(&zones[i],
					     scan_count(&zones[i], priority));
	prune_icache((nr_unused_inodes() >> priority) + 1);
	return freed;
}

#define DEF_PRIORITY 6

u32 try_to_free_pages(gfp_t gfp)
{
	u32 freed = 0;
	int priority;

	if (current->flags & PF_MEMALLOC)
		return 0;		/* reclaim allocating: no recursion */
	current->flags |= PF_MEMALLOC;
	stat_inc(&vm_events.allocstall);
	for (priority = DEF_PRIORITY;
	     priority >= 0 && freed < SWAP_CLUSTER_MAX; priority--) {
		freed += shrink_zones(reclaim_zone_mask(gfp), priority);
		if (freed < SWAP_CLUSTER_MAX && nr_writeback)
			congestion_wait();
	}
	current->flags &= ~PF_MEMALLOC;
	return freed;
}

/* The zones kswapd must bring up to pages_high (and can: LRU pages). */
u32 kswapd_zone_mask(void)
{
	u32 mask = 0;
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++)
		if (zones[i].present_pages &&
		    zones[i].free_pages < zones[i].pages_high &&
		    zones[i].nr_active + zones[i].nr_inactive)
			mask |= 1u << i;
	return mask;
}

static int kswapd(void *unused)
{
	int priority;

	(void)unused;
	current->flags |= PF_MEMALLOC;
	for (;;) {
		wait_event(kswapd_wait, kswapd_work);
		kswapd_work = false;
		for (priority = DEF_PRIORITY; priority >= 0 &&
		     kswapd_zone_mask(); priority--) {
			if (shrink_zones(kswapd_zone_mask(), priority))
				priority++;	/* progress: stay gentle */
			else if (nr_writeback)
				congestion_wait();
		}
	}
	return 0;
}

void kswapd_start(void)
{
	struct task_struct *t = kthread_run(kswapd, NULL, "kswapd");

	if (IS_ERR(t))
		panic("cannot start kswapd");
	kswapd_running = true;
}

void wakeup_kswapd(struct zone *z)
{
	if (!kswapd_running || z->free_pages >= z->pages_low)
		return;
	stat_inc(&vm_events.kswapd_wakeup);
	kswapd_work = true;
	wake_up(&kswapd_wait);
}
