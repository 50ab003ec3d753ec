/*
 * mm/writeback/page_write.c - the bios of page cache writes in flight.
 *
 * A page cache page is written with one bio, the page itself as its
 * buffer, from a fixed pool of WRITEBACK_INFLIGHT slots, so writeback
 * allocates nothing (it runs when memory is short).  The bio's end, in
 * the disk interrupt, ends the page's writeback; a waiter finds the bio
 * of its page on writes_in_flight and waits on it with bio_wait, which
 * drives the disk itself should its interrupt not come.  Swap writes have
 * their own pool (mm/reclaim/page_io.c); both count in nr_writeback.
 *
 *   free_writes --submit_page_write--> writes_in_flight --bio end--> free_writes
 *                                      (oldest first)     end_page_writeback
 */
#include "mm/writeback/writeback.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "mm/phys/page.h"

_Static_assert(BIO_BYTES == PAGE_SIZE, "a bio moves exactly one page");

/* 128 KiB in flight, as for swap: enough to keep a disk busy. */
#define WRITEBACK_INFLIGHT 32

struct page_write {
	struct bio bio;
	struct page *page;
	struct list_head list; /* on free_writes or writes_in_flight */
};

static struct page_write page_writes[WRITEBACK_INFLIGHT];
static LIST_HEAD(free_writes);
static LIST_HEAD(writes_in_flight);
static bool page_writes_ready;

static void end_page_write(struct bio *bio)
{
	struct page_write *w = container_of(bio, struct page_write, bio);
	struct page *page = w->page;
	u32 flags = irq_save();

	if (bio->bi_error)
		printk_ratelimited(KERN_ERR "%s: write error in the page at "
					    "sector %llu: %d\n",
				   bio->bi_bdev->name, bio->bi_sector,
				   bio->bi_error);
	list_move_tail(&w->list, &free_writes);
	end_page_writeback(page, bio->bi_error);
	irq_restore(flags);
}

/* The oldest write in flight, or NULL.  Interrupts off. */
static struct page_write *oldest_write(void)
{
	if (list_empty(&writes_in_flight))
		return NULL;
	return list_first_entry(&writes_in_flight, struct page_write, list);
}

void writeback_congestion_wait(void)
{
	u32 flags = irq_save();
	struct page_write *w = oldest_write();

	irq_restore(flags);
	if (w)
		bio_wait(&w->bio);
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
		if (!list_empty(&free_writes)) {
			w = list_first_entry(&free_writes, struct page_write,
					     list);
			list_move_tail(&w->list, &writes_in_flight);
			irq_restore(flags);
			return w;
		}
		irq_restore(flags);
		writeback_congestion_wait();
	}
}

void submit_page_write(struct page *page, struct block_device *bdev,
		       sector_t sector, void *buf)
{
	struct page_write *w;

	BUG_ON(!PageLocked(page));
	w = get_page_write();
	w->page = page;
	bio_init(&w->bio, bdev, WRITE, sector, buf ? buf : page_address(page));
	w->bio.bi_end_io = end_page_write;
	ClearPageError(page);
	if (!test_set_page_writeback(page))
		BUG(); /* the page lock keeps a second writer out */
	/* Without the disk's interrupt, a synchronous write. */
	submit_bio_async(&w->bio);
}

struct bio *file_write_bio(struct page *page)
{
	struct page_write *w;

	list_for_each_entry(w, &writes_in_flight, list)
		if (w->page == page)
			return &w->bio;
	return NULL;
}
