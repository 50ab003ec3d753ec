/*
 * mm/reclaim/swap.h - swap areas, where anonymous (and ramfs) pages go when
 * reclaim evicts them; and the LRU lists reclaim picks them from.
 *
 * A swap area is a disk prepared by util-linux mkswap (Linux's version-1
 * format, see union swap_header).  swapon() reads its header and builds a
 * swap_map: one use count per page-sized slot, 0 = free, SWAP_MAP_BAD for
 * the header and the bad pages.  A slot is named by a swp_entry_t (type =
 * index into swap_info[], offset = slot); mm/phys/pgtable.h defines it and its
 * encoding in a non-present PTE.  An entry's count is the number of
 * references to it: PTEs holding it (swap_duplicate() at fork), plus one
 * for a ramfs page's entry in its file's swap tree (shmem_swap.c), plus one
 * while the page is in the swap cache.
 *
 * The reclaim work uses, in this order:
 *	entry = get_swap_page();		a free slot, count 1
 *	swap_writepage(page, entry)		starts the write (PG_writeback)
 *	swap_duplicate(entry) / swap_free(entry) as references come and go
 *	swap_readpage(page, entry)		on a fault (do_swap_page)
 * and swapoff() calls try_to_unuse(type) to bring the pages of an area
 * back before it goes away.
 *
 * Areas are used highest priority first; areas of equal priority take
 * turns.  Locking: the swap_map and the lists change with interrupts off
 * (the uniprocessor "swap_lock"); swapon/swapoff also hold swapon_sem,
 * since they sleep on disk I/O.
 */
#ifndef MM_RECLAIM_SWAP_H
#define MM_RECLAIM_SWAP_H

#include "kernel/block/blkdev.h"
#include "kernel/sched/spinlock.h"
#include "kernel/types.h"
#include "mm/phys/page.h"
#include "mm/phys/pgtable.h"
#include "mm/writeback/writeback.h"

/* swapon(2) flags, as in <sys/swap.h>. */
#define SWAP_FLAG_PREFER 0x8000
#define SWAP_FLAG_PRIO_MASK 0x7fff
#define SWAP_FLAG_PRIO_SHIFT 0
#define SWAP_FLAG_DISCARD 0x10000	/* accepted and ignored: no TRIM */
#define SWAP_FLAG_DISCARD_ONCE 0x20000
#define SWAP_FLAG_DISCARD_PAGES 0x40000
#define SWAP_FLAGS_VALID (SWAP_FLAG_PRIO_MASK | SWAP_FLAG_PREFER | \
			  SWAP_FLAG_DISCARD | SWAP_FLAG_DISCARD_ONCE | \
			  SWAP_FLAG_DISCARD_PAGES)

/* swap_map values. */
#define SWAP_MAP_MAX 0x7fff	/* a count that reached this never drops */
#define SWAP_MAP_BAD 0x8000	/* the header, or a bad page */

/* Slots handed out in a row before the allocator looks for a new free
 * run (Linux 2.6's SWAPFILE_CLUSTER). */
#define SWAPFILE_CLUSTER 256

/* The largest slot an entry can name: 24 offset bits in a PTE. */
#define SWP_OFFSET_MAX ((1u << 24) - 1)

/* The first page of a swap area, as mkswap writes it. */
#define SWAP_MAGIC "SWAPSPACE2"
#define SWAP_MAGIC_LEN 10
union swap_header {
	struct {
		char reserved[PAGE_SIZE - SWAP_MAGIC_LEN];
		char magic[SWAP_MAGIC_LEN];
	} magic;
	struct {
		char bootbits[1024];	/* disklabel, boot sector */
		u32 version;		/* 1 */
		u32 last_page;		/* the last usable slot */
		u32 nr_badpages;
		u8 sws_uuid[16];
		char sws_volume[16];	/* the label */
		u32 padding[117];
		u32 badpages[1];	/* nr_badpages slot numbers */
	} info;
};
#define MAX_SWAP_BADPAGES \
	((PAGE_SIZE - SWAP_MAGIC_LEN - offsetof(union swap_header, info.badpages)) / 4)

/* swap_info_struct.flags */
#define SWP_USED 0x01		/* the slot in swap_info[] is taken */
#define SWP_WRITEOK 0x02	/* new pages may be allocated here */

struct swap_info_struct {
	unsigned int flags;
	int prio;			/* higher is used first */
	int next;			/* next lower-or-equal priority area, or -1 */
	struct block_device *bdev;
	u16 *swap_map;			/* max counts */
	unsigned int swap_map_order;	/* its allocation, in pages */
	unsigned int max;		/* slots: last_page + 1 */
	unsigned int pages;		/* usable slots: max - 1 - bad */
	unsigned int inuse_pages;	/* slots with a count */
	/* Free slots lie in [lowest_bit, highest_bit]; highest_bit == 0 when
	 * the area is full.  cluster_next is where the next search starts,
	 * cluster_nr how many more slots the current cluster may hand out
	 * (scan_swap_map). */
	unsigned int lowest_bit, highest_bit, cluster_next, cluster_nr;
	u8 uuid[16];
	char label[17];
};

extern struct swap_info_struct swap_info[MAX_SWAPFILES];
extern spinlock_t swap_lock;	/* swap_info[] and every swap_map */
extern unsigned int nr_swapfiles;	/* swap_info[] entries ever used */
extern long nr_swap_pages;		/* free slots in writable areas */
extern long total_swap_pages;		/* usable slots in writable areas */

/* A free slot (count 1) in the best area, or entry.val == 0 if swap is
 * full or there is none. */
swp_entry_t get_swap_page(void);
/* One more reference to entry.  0, or -EINVAL if entry is not a live slot
 * (printed). */
int swap_duplicate(swp_entry_t entry);
/* One reference fewer; the slot is free again when none is left. */
void swap_free(swp_entry_t entry);
/* The use count of entry's slot, or -1 if it is not a valid slot. */
int swap_count(swp_entry_t entry);
/*
 * A slot reference held by nobody the swap audit can see: from
 * get_swap_page until the entry is in the swap cache or a ramfs swap tree
 * (the write to disk may sleep in between).  current records it; the
 * handover (add_to_swap_cache, the swap tree insert) clears it in the same
 * interrupts-off section, and swap_inflight_free gives it back.
 */
void swap_inflight_take(swp_entry_t entry);
void swap_inflight_drop(swp_entry_t entry);
void swap_inflight_free(swp_entry_t entry);
/*
 * The swap audit (mm/reclaim/swap_audit.c): every slot's count equals its
 * holders.  0, or the number of violations (-1: no memory to count).
 */
int swap_audit(void);
/* Runs that found violations, swapoff's included. */
extern u32 swap_audit_failed_runs;
/* The area of entry, or NULL if entry names no slot of a live area. */
struct swap_info_struct *swap_info_get(swp_entry_t entry);

/*
 * Page I/O (mm/reclaim/page_io.c).  swap_readpage waits: 0, -EINVAL for
 * an entry that names no slot, or -EIO.  swap_writepage only starts the
 * write of a locked page: 0 (PG_writeback is set until the write ends;
 * a failed write leaves the page dirty with PG_error), or -EINVAL.
 */
int swap_readpage(struct page *page, swp_entry_t entry);
int swap_writepage(struct page *page, swp_entry_t entry);
/* Start reading a locked page from its slot; done(page, err) runs when
 * the read ends, from the disk interrupt (or before this returns, on a
 * disk without one), with PG_uptodate or PG_error set.  0, -EINVAL, or
 * -EBUSY when SWAP_READS_INFLIGHT reads are out already (readahead). */
int swap_readpage_async(struct page *page, swp_entry_t entry,
			void (*done)(struct page *page, int err));
/* Write and wait for the write's end: 0, -EINVAL, or -EIO (PG_error and
 * PG_dirty set).  For the tests, which look at the slot afterwards. */
int swap_writepage_sync(struct page *page, swp_entry_t entry);
/* The bio of page's write in flight from swap_writepage, or NULL
 * (wait_on_page_writeback, mm/writeback/writeback.h, looks here first);
 * interrupts off. */
struct bio *swap_write_bio(struct page *page);
/* Wait for the oldest write in flight to end: reclaim's throttle. */
void congestion_wait(void);

/* The swapon/swapoff system calls; path is a user pointer.  The do_
 * forms take a kernel string (tests, init). */
long sys_swapon(const char *path, int swap_flags);
long sys_swapoff(const char *path);
int do_swapon(const char *path, int swap_flags);
int do_swapoff(const char *path);

/*
 * Bring every page of area type back into memory, so that no PTE, page
 * cache index or swap cache page refers to it any more.  Called by
 * swapoff with the area already closed to new allocations.  Returns 0 when
 * its inuse_pages is 0, else an errno; swapoff then reopens the area.
 *
 * mm/reclaim/swap_unuse.c: a walk over every mm (unuse_mm/unuse_vma as in Linux
 * 2.6), the ramfs swap trees (mm/reclaim/shmem_swap.c) and the swap cache.
 * -ENOMEM or -EIO when a page cannot be brought back; -EBUSY if slots are
 * still referenced after all that.
 */
int try_to_unuse(unsigned int type);

/* /proc/swaps: Linux's text, into buf (as snprintf: returns the full
 * length, stores at most size - 1 characters and a NUL). */
int swaps_show(char *buf, size_t size);
/* SwapTotal and SwapFree of /proc/meminfo, in KiB. */
void si_swapinfo(u32 *total_kb, u32 *free_kb);

/*
 * The LRU lists (mm/reclaim/swap.c): the active and inactive lists
 * reclaim chooses victims from.
 *
 * Each zone keeps two lists of the pages user space can have mapped or
 * cached (anonymous pages and page cache pages):
 *
 *   page cache ──> inactive ──(referenced twice)──> active <── anonymous
 *                     ^  │                            │          fault
 *                     │  └─> shrink_zone:             │
 *                     │      unmap, write, free       │
 *                     └───(not referenced lately)─────┘
 *
 * An anonymous page enters the active list when its fault is done
 * (lru_cache_add_active: a new page, a COW copy, a page back from swap); a
 * page cache page enters the inactive list in add_to_page_cache
 * (lru_cache_add), so a file read once goes first.  mark_page_accessed on
 * a read() or write() and the accessed bits that page_referenced collects
 * through the reverse map move a page up; refill_inactive
 * (mm/reclaim/vmscan.c) moves pages that were not used down again.
 * PG_lru says a page is on a list, PG_active which one.  The lists hold no
 * reference: put_page of the last reference takes the page off.  The lists
 * change under the zone's lru_lock (mm/locking.h).
 */
void lru_cache_add(struct page *page);		/* onto the inactive list */
void lru_cache_add_active(struct page *page);	/* straight to the active list */
void lru_cache_del(struct page *page);
/* The same with z->lru_lock held (z = page_zone(page)). */
struct zone;
void __lru_cache_del(struct zone *z, struct page *page);
/* A use the hardware did not see (read/write): inactive,unreferenced ->
 * inactive,referenced -> active. */
void mark_page_accessed(struct page *page);
void activate_page(struct page *page);
/* Active -> inactive, PG_referenced cleared (MADV_COLD). */
void deactivate_page(struct page *page);

#endif
