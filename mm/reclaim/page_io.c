/*
 * mm/reclaim/page_io.c - moving a page to and from its swap slot.
 *
 * Slot n of an area is the page at sector n * 8 of its disk (slot 0 is
 * the header).  Both calls wait for the block layer: reclaim writes one
 * page at a time and waits for each (docs/reclaim.md says what that
 * costs).
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
	pagetrace_event(PAGE_SWAPOUT, page, NULL, entry.val);
	return swap_rw(page, entry, WRITE);
}
