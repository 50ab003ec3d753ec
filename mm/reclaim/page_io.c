/*
 * mm/reclaim/page_io.c - moving a page to and from its swap slot.
 *
 * Slot n of an area is the page at sector n * 8 of its disk (slot 0 is
 * the header).  The synchronous calls wait on the block layer; the
 * asynchronous write is for reclaim, which must not sleep on each page:
 * it wraps the bio with the caller's completion in a struct swap_bio.
 */
#include "mm/reclaim/swap.h"
#include "kernel/errno.h"
#include "kernel/printk.h"
#include "mm/phys/slab.h"
#include "mm/reclaim/vmscan.h"

_Static_assert(BIO_BYTES == PAGE_SIZE, "a bio moves exactly one page");

struct swap_bio {
	struct bio bio;
	struct page *page;
	void (*done)(struct page *page, int error);
};

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

static int swap_rw(struct page *page, swp_entry_t entry, int rw)
{
	struct swap_info_struct *p = swap_info_get(entry);
	sector_t sector = swap_sector(entry);
	int err;

	if (!p)
		return -EINVAL;
	if (rw == READ)
		err = blkdev_read_page(p->bdev, sector, page_address(page));
	else
		err = blkdev_write_page(p->bdev, sector, page_address(page));
	if (err) {
		report(rw == READ ? "Read" : "Write", p, entry);
		if (rw == WRITE)
			vm_events.swap_write_error++;
		SetPageError(page);
		if (rw == READ)
			ClearPageUptodate(page);
		return err;
	}
	if (rw == READ)
		SetPageUptodate(page);
	return 0;
}

int swap_readpage(struct page *page, swp_entry_t entry)
{
	return swap_rw(page, entry, READ);
}

int swap_writepage(struct page *page, swp_entry_t entry)
{
	return swap_rw(page, entry, WRITE);
}

static void end_swap_bio_write(struct bio *bio)
{
	struct swap_bio *sb = container_of(bio, struct swap_bio, bio);

	if (bio->bi_error) {
		printk("Write-error on swap-device (%u:%u:%llu)\n",
		       bio->bi_bdev->major, bio->bi_bdev->minor, bio->bi_sector);
		SetPageError(sb->page);
	}
	sb->done(sb->page, bio->bi_error);
	kfree(sb);
}

int swap_writepage_async(struct page *page, swp_entry_t entry,
			 void (*done)(struct page *page, int error))
{
	struct swap_info_struct *p = swap_info_get(entry);
	struct swap_bio *sb;

	if (!p)
		return -EINVAL;
	/* Reclaim runs short of memory by definition: do not wait for it. */
	sb = kmalloc(sizeof(*sb), GFP_ATOMIC);
	if (!sb)
		return -ENOMEM;
	bio_init(&sb->bio, p->bdev, WRITE, swap_sector(entry), page_address(page));
	sb->bio.bi_end_io = end_swap_bio_write;
	sb->page = page;
	sb->done = done;
	submit_bio(&sb->bio);
	return 0;
}
