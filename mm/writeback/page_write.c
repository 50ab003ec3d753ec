/*
 * mm/writeback/page_write.c - the bios of page cache writes in flight.
 *
 * A write is one bio of one page (submit_page_write: reclaim's and
 * sync's single pages, a block device's pages) or of a run of pages
 * whose blocks follow each other on the disk (page_write_start,
 * page_write_add, page_write_submit: fs/mpage.c's writepages), the pages
 * themselves as its buffers.  Every write takes a slot from a fixed pool
 * of WRITEBACK_INFLIGHT, so writeback allocates nothing (it runs when
 * memory is short).  The bio's end, in the disk interrupt, ends each
 * page's writeback; a waiter finds the write of its page and waits on its
 * bio with bio_wait, which drives the disk itself should its interrupt not
 * come.  Swap writes have their own pool (mm/reclaim/page_io.c); both
 * count in nr_writeback.
 *
 *   free_writes --start--> writes_gathering --submit--> writes_in_flight
 *        ^                 (pages locked, PG_writeback,   (oldest first)
 *        |                  bio not yet queued)                |
 *        +------------------------ bio end: end_page_writeback -+
 *
 * A gathering write's pages stay locked until its bio is queued, and are
 * unlocked then: whoever waits for such a page's writeback waits for its
 * lock first (the bio does not exist for the disk yet).  Throttling waits
 * only for writes in flight, never for one still gathering.  A write
 * being waited for is not taken again until its waiters are gone
 * (waiters): woken by its end, a waiter might otherwise find the slot
 * gathering for another writer, and wait for a bio that its own page
 * lock keeps from being queued.
 */
#include "mm/writeback/writeback.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "mm/phys/page.h"
#include "mm/vm/filemap.h"

_Static_assert(BIO_BYTES == PAGE_SIZE, "a bio page is a page");

/* Writes at once, as for swap: with one page each, 128 KiB, enough to keep
 * a disk busy; runs of pages carry up to WRITE_MAX_PAGES each. */
#define WRITEBACK_INFLIGHT 32

struct page_write {
	struct bio bio;
	struct bio_vec vecs[WRITE_MAX_PAGES];
	struct page *pages[WRITE_MAX_PAGES];
	unsigned int waiters; /* in wait_write */
	struct list_head list; /* on one of the three lists above */
};

static struct page_write page_writes[WRITEBACK_INFLIGHT];
static LIST_HEAD(free_writes);
static LIST_HEAD(writes_gathering);
static LIST_HEAD(writes_in_flight);
static bool page_writes_ready;

static void end_page_write(struct bio *bio)
{
	struct page_write *w = container_of(bio, struct page_write, bio);
	u32 flags = irq_save();
	unsigned int i;

	if (bio->bi_error)
		printk_ratelimited(KERN_ERR "%s: write error in the %u pages "
					    "at sector %llu: %d\n",
				   bio->bi_bdev->name, bio->bi_vcnt,
				   bio->bi_sector, bio->bi_error);
	list_move_tail(&w->list, &free_writes);
	for (i = 0; i < bio->bi_vcnt; i++)
		end_page_writeback(w->pages[i], bio->bi_error);
	irq_restore(flags);
}

/* The oldest write in flight, or NULL.  Interrupts off. */
static struct page_write *oldest_write(void)
{
	if (list_empty(&writes_in_flight))
		return NULL;
	return list_first_entry(&writes_in_flight, struct page_write, list);
}

/* Wait for w's bio, found with interrupts off (flags: as they were);
 * w is not reused meanwhile. */
static void wait_write(struct page_write *w, u32 flags)
{
	w->waiters++;
	irq_restore(flags);
	bio_wait(&w->bio);
	flags = irq_save();
	w->waiters--;
	irq_restore(flags);
}

bool writeback_congestion_wait(void)
{
	u32 flags = irq_save();
	struct page_write *w = oldest_write();

	if (!w) {
		irq_restore(flags);
		return false;
	}
	wait_write(w, flags);
	return true;
}

/* A free slot nobody still waits on, or NULL.  Interrupts off. */
static struct page_write *free_write(void)
{
	struct page_write *w;

	list_for_each_entry(w, &free_writes, list)
		if (!w->waiters)
			return w;
	return NULL;
}

static struct page_write *get_page_write(void)
{
	struct page_write *w;
	u32 flags;
	int i;

	for (;;) {
		flags = irq_save();
		if (!page_writes_ready) {
			for (i = 0; i < WRITEBACK_INFLIGHT; i++)
				list_add_tail(&page_writes[i].list,
					      &free_writes);
			page_writes_ready = true;
		}
		w = free_write();
		if (w) {
			list_move_tail(&w->list, &writes_gathering);
			irq_restore(flags);
			return w;
		}
		w = oldest_write();
		if (w) {
			wait_write(w, flags);
		} else {
			irq_restore(flags);
			schedule(); /* the rest gather, or are waited on */
		}
	}
}

/* Page joins w's bio, the bytes of data written for it: PG_writeback from
 * now on. */
static bool add_page(struct page_write *w, struct page *page,
		     struct page *data)
{
	BUG_ON(!PageLocked(page));
	if (!bio_add_page(&w->bio, data ? data : page, BIO_BYTES, 0))
		return false;
	w->pages[w->bio.bi_vcnt - 1] = page;
	ClearPageError(page);
	if (!test_set_page_writeback(page))
		BUG(); /* the page lock keeps a second writer out */
	return true;
}

/* Queue w's bio; without the disk's interrupt it is written and ended
 * before this returns. */
static void submit_write(struct page_write *w)
{
	u32 flags = irq_save();

	list_move_tail(&w->list, &writes_in_flight);
	irq_restore(flags);
	w->bio.bi_end_io = end_page_write;
	submit_bio_async(&w->bio);
}

void submit_page_write(struct page *page, struct block_device *bdev,
		       sector_t sector, struct page *data)
{
	struct page_write *w = get_page_write();

	bio_init_vecs(&w->bio, bdev, WRITE, sector, w->vecs, 1);
	if (!add_page(w, page, data))
		BUG();
	submit_write(w);
}

struct page_write *page_write_start(struct block_device *bdev, sector_t sector)
{
	struct page_write *w = get_page_write();

	bio_init_vecs(&w->bio, bdev, WRITE, sector, w->vecs, WRITE_MAX_PAGES);
	return w;
}

bool page_write_add(struct page_write *w, struct page *page)
{
	return add_page(w, page, NULL);
}

sector_t page_write_next_sector(struct page_write *w)
{
	return w->bio.bi_sector + bio_sectors(&w->bio);
}

void page_write_submit(struct page_write *w)
{
	struct page *pages[WRITE_MAX_PAGES];
	unsigned int i, n = w->bio.bi_vcnt;

	/* The slot may be ended and reused before the pages are unlocked. */
	for (i = 0; i < n; i++)
		pages[i] = w->pages[i];
	submit_write(w);
	for (i = 0; i < n; i++)
		unlock_page(pages[i]);
}

/* The write that carries page, or NULL; interrupts off. */
static struct page_write *page_write_of(struct list_head *list,
					struct page *page)
{
	struct page_write *w;
	unsigned int i;

	list_for_each_entry(w, list, list)
		for (i = 0; i < w->bio.bi_vcnt; i++)
			if (w->pages[i] == page)
				return w;
	return NULL;
}

bool file_write_wait(struct page *page)
{
	u32 flags = irq_save();
	struct page_write *w;

	if (!PageWriteback(page)) {
		irq_restore(flags);
		return true;
	}
	w = page_write_of(&writes_in_flight, page);
	if (w) {
		wait_write(w, flags);
		return true;
	}
	w = page_write_of(&writes_gathering, page);
	irq_restore(flags);
	if (!w)
		return false;
	/* Its writer unlocks it once the bio is queued. */
	lock_page(page);
	unlock_page(page);
	return true;
}
