/*
 * mm/reclaim/page_io.c - moving a page to and from its swap slot.
 *
 * Slot n of an area is the page at sector n * 8 of its disk (slot 0 is
 * the header).  A read waits for the disk: the fault needs the data.  A
 * write does not: swap_writepage sets PG_writeback, queues the bio and
 * returns, so reclaim goes on to the next page while the disk works.  The
 * completion (end_swap_bio_write, usually from the disk interrupt) clears
 * PG_writeback and rotates the page to the tail of the inactive list, where
 * the next scan frees it.
 *
 *   shrink_page ──swap_writepage──> PG_writeback, bio queued ──> keep
 *                                          │ (disk interrupt)
 *                                          v
 *                      end_swap_bio_write: clean ──> inactive tail (pgrotated)
 *                                          error ──> dirty again, PG_error
 *
 * A page under writeback stays in the swap cache: nothing takes it out
 * (delete_from_swap_cache refuses) until the write has ended, and the
 * cache's reference keeps it alive, so the bio needs none of its own.
 * At most SWAP_WRITES_INFLIGHT writes are out at once; reclaim that wants
 * another waits for the oldest to end (congestion_wait), which is also
 * how it throttles when the disk cannot keep up.  swap_readpage waits: a
 * fault needs its data; the readahead around it does not
 * (swap_readpage_async).  The page may be in high memory: its bio names
 * the page, which the driver maps (PIO) or reaches by physical address
 * (DMA), so nothing here needs a kernel address for it.
 */
#include "mm/reclaim/swap.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "mm/phys/mmzone.h"
#include "mm/locking.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/rmap/pagetrace_events.h"

_Static_assert(BIO_BYTES == PAGE_SIZE, "a bio moves exactly one page");

/* 128 KiB in flight: enough to keep a disk busy, small beside any RAM. */
#define SWAP_WRITES_INFLIGHT 32

struct swap_write {
	struct bio bio;
	swp_entry_t entry;
	struct list_head list;	/* on free_writes or writes_in_flight */
};

static struct swap_write swap_writes[SWAP_WRITES_INFLIGHT];
static LIST_HEAD(free_writes);
static LIST_HEAD(writes_in_flight);	/* oldest first */
static bool swap_writes_ready;

u32 nr_writeback;

static sector_t swap_sector(swp_entry_t entry)
{
	return (sector_t)swp_offset(entry) << (PAGE_SHIFT - SECTOR_SHIFT);
}

static void report(const char *what, struct swap_info_struct *p,
		   swp_entry_t entry)
{
	printk("%s-error on swap-device (%u:%u:%llu)\n", what, p->bdev->major,
	       p->bdev->minor, swap_sector(entry));
}

int swap_readpage(struct page *page, swp_entry_t entry)
{
	struct swap_info_struct *p = swap_info_get(entry);
	int err;

	if (!p)
		return -EINVAL;
	err = blkdev_read_page(p->bdev, swap_sector(entry), page);
	if (err) {
		report("Read", p, entry);
		SetPageError(page);
		ClearPageUptodate(page);
		return err;
	}
	SetPageUptodate(page);
	return 0;
}

/*
 * Readahead's reads do not wait either (swap_readpage_async): the fault
 * has its own page already, and the window comes in as one merged request
 * while the process goes on.  At most SWAP_READS_INFLIGHT are out at once;
 * with none free, readahead stops early.
 */
#define SWAP_READS_INFLIGHT 32

struct swap_read {
	struct bio bio;
	swp_entry_t entry;
	void (*done)(struct page *page, int err);
	struct list_head list;	/* on free_reads while unused */
};

static struct swap_read swap_reads[SWAP_READS_INFLIGHT];
static LIST_HEAD(free_reads);
static bool swap_reads_ready;

static void end_swap_bio_read(struct bio *bio)
{
	struct swap_read *r = container_of(bio, struct swap_read, bio);
	void (*done)(struct page *, int) = r->done;
	struct swap_info_struct *p = swap_info_get(r->entry);
	struct page *page = bio->bi_private;
	int err = bio->bi_error;
	u32 flags;

	if (err) {
		if (p)
			report("Read", p, r->entry);
		SetPageError(page);
		ClearPageUptodate(page);
	} else {
		SetPageUptodate(page);
	}
	flags = irq_save();
	list_add_tail(&r->list, &free_reads);
	irq_restore(flags);
	done(page, err);
}

int swap_readpage_async(struct page *page, swp_entry_t entry,
			void (*done)(struct page *page, int err))
{
	struct swap_info_struct *p = swap_info_get(entry);
	struct swap_read *r = NULL;
	u32 flags;
	int i;

	if (!p)
		return -EINVAL;
	flags = irq_save();
	if (!swap_reads_ready) {
		for (i = 0; i < SWAP_READS_INFLIGHT; i++)
			list_add_tail(&swap_reads[i].list, &free_reads);
		swap_reads_ready = true;
	}
	if (!list_empty(&free_reads)) {
		r = list_first_entry(&free_reads, struct swap_read, list);
		list_del_init(&r->list);
	}
	irq_restore(flags);
	if (!r)
		return -EBUSY;
	r->entry = entry;
	r->done = done;
	bio_init(&r->bio, p->bdev, READ, swap_sector(entry), page);
	r->bio.bi_private = page;
	r->bio.bi_end_io = end_swap_bio_read;
	submit_bio_async(&r->bio);
	return 0;
}

/* Move page to the tail of its inactive list, if it is on it: the write
 * that made it clean ended, and the next scan should free it first. */
static void rotate_reclaimable_page(struct page *page)
{
	struct zone *z = page_zone(page);
	u32 flags;

	spin_lock_irqsave(&z->lru_lock, flags);
	if (PageLRU(page) && !PageActive(page)) {
		list_move_tail(&page->lru, &z->inactive_list);
		stat_inc(&vm_events.pgrotated);
	}
	spin_unlock_irqrestore(&z->lru_lock, flags);
}

/* The bio's end: interrupt context, or the submitter's own call chain. */
static void end_swap_bio_write(struct bio *bio)
{
	struct swap_write *w = container_of(bio, struct swap_write, bio);
	struct page *page = bio->bi_private;
	struct swap_info_struct *p = swap_info_get(w->entry);
	u32 flags = irq_save();

	BUG_ON(!PageWriteback(page));
	if (bio->bi_error) {
		/* Nothing is lost: the page keeps the data and stays dirty,
		 * so reclaim will try again. */
		if (p)
			report("Write", p, w->entry);
		stat_inc(&vm_events.swap_write_error);
		SetPageError(page);
		SetPageDirty(page);
	} else if (!PageDirty(page)) {
		rotate_reclaimable_page(page);
	}
	ClearPageWriteback(page);
	stat_dec(&nr_writeback);
	list_move_tail(&w->list, &free_writes);
	irq_restore(flags);
	/* Its last user went while it was written (exit, munmap): only the
	 * cache holds it, and nothing needs it to wait for reclaim. */
	if (!bio->bi_error && PageSwapCache(page) && page_count(page) == 1) {
		get_page(page);
		free_swap_cache(page);
		put_page(page);
	}
}

static void swap_writes_init(void)
{
	int i;

	for (i = 0; i < SWAP_WRITES_INFLIGHT; i++)
		list_add_tail(&swap_writes[i].list, &free_writes);
	swap_writes_ready = true;
}

/* Wait for the oldest write in flight to end, if there is one.  Through
 * the block layer's bio_wait, which polls the disk should its interrupt be
 * lost. */
void congestion_wait(void)
{
	struct swap_write *w = NULL;
	u32 flags = irq_save();

	if (!list_empty(&writes_in_flight))
		w = list_first_entry(&writes_in_flight, struct swap_write,
				     list);
	irq_restore(flags);
	if (w)
		bio_wait(&w->bio);
}

/* A free swap_write, waiting for one if all are in flight. */
static struct swap_write *get_swap_write(void)
{
	struct swap_write *w;
	u32 flags;

	for (;;) {
		flags = irq_save();
		if (!swap_writes_ready)
			swap_writes_init();
		if (!list_empty(&free_writes)) {
			w = list_first_entry(&free_writes, struct swap_write,
					     list);
			list_move_tail(&w->list, &writes_in_flight);
			irq_restore(flags);
			return w;
		}
		irq_restore(flags);
		congestion_wait();
	}
}

int swap_writepage(struct page *page, swp_entry_t entry)
{
	struct swap_info_struct *p = swap_info_get(entry);
	struct swap_write *w;

	BUG_ON(!PageLocked(page) || PageWriteback(page));
	if (!p)
		return -EINVAL;
	pagetrace_event(PAGE_SWAPOUT, page, NULL, entry.val);
	w = get_swap_write();
	w->entry = entry;
	bio_init(&w->bio, p->bdev, WRITE, swap_sector(entry), page);
	w->bio.bi_private = page;
	w->bio.bi_end_io = end_swap_bio_write;
	ClearPageError(page);
	SetPageWriteback(page);
	stat_inc(&nr_writeback);
	/* Without the disk's interrupt, a synchronous write. */
	submit_bio_async(&w->bio);
	return 0;
}

struct bio *swap_write_bio(struct page *page)
{
	struct swap_write *w;

	list_for_each_entry(w, &writes_in_flight, list)
		if (w->bio.bi_private == page)
			return &w->bio;
	return NULL;
}

int swap_writepage_sync(struct page *page, swp_entry_t entry)
{
	int err = swap_writepage(page, entry);

	if (err)
		return err;
	wait_on_page_writeback(page);
	return PageError(page) ? -EIO : 0;
}
