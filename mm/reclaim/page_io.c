/*
 * mm/reclaim/page_io.c - moving a page to and from its swap slot.
 *
 * Slot n of an area is the page at sector n * 8 of its disk (slot 0 is
 * the header).  swap_readpage and swap_writepage wait for the block
 * layer.  Reclaim writes in batches instead: swap_writepage_start submits
 * the write with the caller's bio under its plug, so that pages of
 * consecutive slots merge into one request, and swap_writepage_end, after
 * bio_wait, sees how it went.
 */
#include "mm/reclaim/swap.h"
#include "kernel/errno.h"
#include "kernel/printk.h"
#include "mm/phys/slab.h"
#include "mm/reclaim/vmscan.h"
#include "mm/rmap/pagetrace_events.h"

_Static_assert(BIO_BYTES == PAGE_SIZE, "a bio moves exactly one page");

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

/* The end of a read or write of page: flags, counters, the message. */
static int swap_rw_end(struct page *page, struct swap_info_struct *p,
		       swp_entry_t entry, int rw, int err)
{
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
	return swap_rw_end(page, p, entry, rw, err);
}

int swap_readpage(struct page *page, swp_entry_t entry)
{
	return swap_rw(page, entry, READ);
}

int swap_writepage(struct page *page, swp_entry_t entry)
{
	pagetrace_event(PAGE_SWAPOUT, page, NULL, entry.val);
	return swap_rw(page, entry, WRITE);
}

int swap_writepage_start(struct page *page, swp_entry_t entry, struct bio *bio)
{
	struct swap_info_struct *p = swap_info_get(entry);

	if (!p)
		return -EINVAL;
	pagetrace_event(PAGE_SWAPOUT, page, NULL, entry.val);
	bio_init(bio, p->bdev, WRITE, swap_sector(entry), page_address(page));
	submit_bio(bio);
	return 0;
}

int swap_writepage_end(struct page *page, swp_entry_t entry, struct bio *bio)
{
	int err = bio_wait(bio);

	return swap_rw_end(page, swap_info_get(entry), entry, WRITE, err);
}
