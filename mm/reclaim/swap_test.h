/*
 * mm/reclaim/swap_test.h - small RAM disks for the swap ktests.
 *
 * struct tst_disk is a block device whose "hardware" is a memcpy done by
 * the block layer's poll, so a test needs no emulator disk and can write
 * any header it likes.  tst_setup(n) registers "tstN" (N = 0 or 1) with a
 * mkswap'd version-1 header: TST_PAGES slots, slot 0 the header and slot 3
 * a bad page, so 14 usable slots.  tst_teardown(n) unregisters it.
 * tst_swapon0() sets up tst0 and swaps on it; tst_swapoff0() undoes that.
 * tst_hold(n) makes tstN act as an interrupt-driven disk whose requests
 * stay in flight until the test plays its interrupt, tst_interrupt(n, err).
 * tst_swap_out(f, i) sends page i of a ktest family (mm/rmap/rmap_test.h)
 * to the area on tst0 and out of the swap cache, leaving a swap PTE in
 * each address space of the family.
 */
#ifndef MM_RECLAIM_SWAP_TEST_H
#define MM_RECLAIM_SWAP_TEST_H

#include "kernel/block/blkdev.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/rmap/rmap_test.h"

#define TST_PAGES 16
#define TST_ORDER 4		/* 16 pages */

struct tst_disk {
	struct block_device bdev;
	struct request_queue queue;
	struct page *mem;
};

static struct tst_disk tst[2];

static inline int tst_request(struct request_queue *q, struct request *rq)
{
	(void)q;
	(void)rq;
	return 0;	/* the work happens in tst_poll */
}

static inline bool tst_poll(struct request_queue *q)
{
	struct tst_disk *d = q->queuedata;
	struct request *rq = q->active;
	u8 *at = (u8 *)page_address(d->mem) + (rq->sector << SECTOR_SHIFT);
	enum km_type km = blk_km_type();
	unsigned int i;
	u8 *buf;

	for (i = 0; i < rq->nr_sectors; i++, at += SECTOR_SIZE) {
		buf = blk_rq_map_sector(rq, i, km);
		if (rq->rw == READ)
			memcpy(buf, at, SECTOR_SIZE);
		else
			memcpy(at, buf, SECTOR_SIZE);
		blk_rq_unmap_sector(buf, km);
	}
	blk_complete(q, 0);
	return true;
}

static inline union swap_header *tst_header(struct tst_disk *d)
{
	return page_address(d->mem);
}

/* A version-1 header with one bad page (slot 3): 14 usable slots. */
static inline void tst_mkswap(struct tst_disk *d)
{
	union swap_header *h = tst_header(d);

	memset(h, 0, PAGE_SIZE);
	memcpy(h->magic.magic, SWAP_MAGIC, SWAP_MAGIC_LEN);
	h->info.version = 1;
	h->info.last_page = TST_PAGES - 1;
	h->info.nr_badpages = 1;
	h->info.badpages[0] = 3;
	memcpy(h->info.sws_volume, "tst", 4);
}

static inline bool tst_setup(int n)
{
	struct tst_disk *d = &tst[n];

	d->mem = alloc_pages(GFP_KERNEL, TST_ORDER);
	if (!KEXPECT_TRUE(d->mem != NULL))
		return false;
	memset(&d->bdev, 0, sizeof(d->bdev));
	d->bdev.name[0] = 't';
	d->bdev.name[1] = 's';
	d->bdev.name[2] = 't';
	d->bdev.name[3] = (char)('0' + n);
	d->bdev.major = 240;	/* "local/experimental use" in Linux */
	d->bdev.minor = (unsigned int)n;
	d->bdev.nr_sectors = TST_PAGES * BIO_SECTORS;
	blk_init_queue(&d->queue, tst_request, tst_poll, d);
	d->bdev.queue = &d->queue;
	blkdev_register(&d->bdev);
	tst_mkswap(d);
	return true;
}

static inline void tst_teardown(int n)
{
	struct tst_disk *d = &tst[n];

	if (!d->mem)
		return;
	blkdev_unregister(&d->bdev);
	__free_pages(d->mem, TST_ORDER);
	d->mem = NULL;
}

/* The area of tst0, switched on; NULL with nothing left behind. */
static inline struct swap_info_struct *tst_swapon0(void)
{
	unsigned int i;

	if (!tst_setup(0))
		return NULL;
	if (!KEXPECT_EQ(do_swapon("tst0", 0), 0)) {
		tst_teardown(0);
		return NULL;
	}
	for (i = 0; i < nr_swapfiles; i++)
		if ((swap_info[i].flags & SWP_USED) &&
		    swap_info[i].bdev == &tst[0].bdev)
			return &swap_info[i];
	return NULL;
}

static inline void tst_swapoff0(void)
{
	KEXPECT_EQ(do_swapoff("tst0"), 0);
	tst_teardown(0);
}

/* From now on tstN's requests wait for tst_interrupt (until tst_setup). */
static inline void tst_hold(int n)
{
	tst[n].queue.irq_driven = true;
}

/* tstN ends its active request with error (0 or -EIO), as its interrupt
 * handler would. */
static inline void tst_interrupt(int n, int error)
{
	struct request_queue *q = &tst[n].queue;
	u32 flags = irq_save();

	if (KEXPECT_TRUE(q->active != NULL)) {
		if (error)
			blk_complete(q, error);
		else
			tst_poll(q);
	}
	irq_restore(flags);
}

/* Page i of family f goes to tst0 (swapped on, not held) as reclaim
 * sends it, and out of the swap cache once written: only the PTEs hold
 * its slot, so the next use must read it from the disk. */
static inline bool tst_swap_out(struct rmap_family *f, int i)
{
	unsigned long addr = RMAP_TEST_ADDR + (unsigned long)i * PAGE_SIZE;
	struct page *pg = rmap_page_at(f->mm[0], addr);
	bool ok;

	get_page(pg);
	lock_page(pg);
	ok = KEXPECT_EQ(add_to_swap(pg), 0) &&
	     KEXPECT_EQ(try_to_unmap(pg), SWAP_SUCCESS);
	if (ok) {
		ClearPageDirty(pg);
		ok = KEXPECT_EQ(swap_writepage_sync(pg, page_swp_entry(pg)), 0);
	}
	if (PageSwapCache(pg) && !page_mapped(pg))
		delete_from_swap_cache(pg);
	unlock_page(pg);
	put_page(pg);
	return ok;
}

#endif
