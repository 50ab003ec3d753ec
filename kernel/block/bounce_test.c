/*
 * kernel/block/bounce_test.c - tests of bounce buffers, on a ktest RAM
 * disk (kernel/block/ktest_ramdisk.h) that stands for a controller of
 * limited reach: data written from pages above the limit comes back
 * identical, and the "controller" never sees a page above it.  The ISA
 * limit (16 MiB) needs a machine of more than 16 MiB; the direct-map limit
 * needs high memory.  Both skip without.
 */
#include "kernel/block/ktest_ramdisk.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"

#define NR_PAGES 40 /* more than the pool holds: it must be recycled */
#define RD_SECTORS (NR_PAGES * BIO_SECTORS)

static struct ktest_ramdisk rd;
static struct page *pages[NR_PAGES], *back[NR_PAGES];

static void fill(struct page *page, unsigned int seed)
{
	u8 *p = kmap_atomic(page, KM_USER0);
	unsigned int i;

	for (i = 0; i < PAGE_SIZE; i++)
		p[i] = (u8)(i * 7 + seed * 13 + i / SECTOR_SIZE);
	kunmap_atomic(p, KM_USER0);
}

static bool same(struct page *a, struct page *b)
{
	u8 *pa = kmap_atomic(a, KM_USER0), *pb = kmap_atomic(b, KM_USER1);
	bool eq = !memcmp(pa, pb, PAGE_SIZE);

	kunmap_atomic(pb, KM_USER1);
	kunmap_atomic(pa, KM_USER0);
	return eq;
}

/* A page of gfp above frame pfn, or NULL (the lower ones tried are kept
 * in *spare, a chain through lru, for the caller to free). */
static struct page *page_above(gfp_t gfp, u32 pfn, struct list_head *spare)
{
	struct page *page;
	int tries;

	for (tries = 0; tries < 64; tries++) {
		page = alloc_page(gfp);
		if (!page)
			return NULL;
		if (page_to_pfn(page) > pfn)
			return page;
		list_add(&page->lru, spare);
	}
	return NULL;
}

static void free_all(struct list_head *spare)
{
	struct page *page, *next;
	int i;

	for (i = 0; i < NR_PAGES; i++) {
		if (pages[i])
			__free_page(pages[i]);
		if (back[i])
			__free_page(back[i]);
		pages[i] = back[i] = NULL;
	}
	list_for_each_entry_safe(page, next, spare, lru) {
		list_del(&page->lru);
		__free_page(page);
	}
}

static bool get_pages(gfp_t gfp, u32 pfn, struct list_head *spare)
{
	int i;

	for (i = 0; i < NR_PAGES; i++) {
		pages[i] = page_above(gfp, pfn, spare);
		back[i] = page_above(gfp, pfn, spare);
		if (!pages[i] || !back[i])
			return false;
	}
	return true;
}

/* NR_PAGES bios of one page each, under a plug (they merge, and take
 * more bounce pages than the pool has); 0 or the first error. */
static int rw_all(int rw, struct page **p)
{
	static struct bio bios[NR_PAGES];
	struct blk_plug plug;
	int i, err = 0;

	blk_start_plug(&plug);
	for (i = 0; i < NR_PAGES; i++) {
		bio_init(&bios[i], &rd.bdev, rw, (sector_t)i * BIO_SECTORS,
			 p[i]);
		submit_bio(&bios[i]);
	}
	blk_finish_plug(&plug);
	for (i = 0; i < NR_PAGES; i++)
		if (bio_wait(&bios[i]) && !err)
			err = bios[i].bi_error;
	return err;
}

/* Write pages above the limit and read them back into others above it. */
static void bounce_round_trip(u64 limit, gfp_t gfp)
{
	LIST_HEAD(spare);
	u32 pfn = (u32)(limit >> PAGE_SHIFT);
	int i;

	if (!ktest_ramdisk_init(&rd, "bncram", 4, RD_SECTORS))
		return;
	KASSERT_EQ(blk_queue_bounce_limit(&rd.queue, limit), 0);
	KASSERT_TRUE(rd.queue.bounce_pool != NULL);
	if (!KEXPECT_TRUE(get_pages(gfp, pfn, &spare)))
		goto out;
	for (i = 0; i < NR_PAGES; i++) {
		fill(pages[i], (unsigned int)i);
		clear_highpage(back[i]);
	}

	KEXPECT_EQ(rw_all(WRITE, pages), 0);
	KEXPECT_EQ(rw_all(READ, back), 0);
	for (i = 0; i < NR_PAGES; i++)
		KEXPECT_TRUE(same(pages[i], back[i]));
	KEXPECT_EQ(rd.unreachable, 0u);
	KEXPECT_EQ(rd.pages_written, (unsigned int)NR_PAGES);

	/* A failed write ends the submitter's bio with the error, and its
	 * bounce pages go back: the queue works on afterwards. */
	rd.fail_writes = true;
	KEXPECT_EQ(blkdev_write_page(&rd.bdev, 0, back[1]), -EIO);
	rd.fail_writes = false;
	KEXPECT_EQ(blkdev_read_page(&rd.bdev, 0, back[1]), 0);
	KEXPECT_TRUE(same(pages[0], back[1]));
	KEXPECT_EQ(rd.unreachable, 0u);
out:
	free_all(&spare);
	ktest_ramdisk_free(&rd);
}

KTEST(blk_bounce_isa_limit)
{
	if (max_pfn <= (BLK_BOUNCE_ISA >> PAGE_SHIFT) + 1) {
		ktest_skip("no memory above 16 MiB to bounce");
		return;
	}
	bounce_round_trip(BLK_BOUNCE_ISA, GFP_HIGHUSER);
}

/* A controller that reaches only the direct map, with user pages from
 * high memory, as a driver that is handed kernel addresses would need. */
KTEST(blk_bounce_high_pages)
{
	if (blk_max_low_pfn() + 1 >= max_pfn) {
		ktest_skip("no high memory (highmem= or more than 896 MiB)");
		return;
	}
	bounce_round_trip(BLK_BOUNCE_HIGH, GFP_HIGHUSER);
}

/* The RAM disk's check can fail: without the pool, the pages above the
 * limit reach it. */
KTEST(blk_bounce_check_sees_unbounced_pages)
{
	LIST_HEAD(spare);
	struct bounce_pool *pool;
	struct page *page;

	if (max_pfn <= (BLK_BOUNCE_ISA >> PAGE_SHIFT) + 1) {
		ktest_skip("no memory above 16 MiB");
		return;
	}
	if (!ktest_ramdisk_init(&rd, "bncram", 4, RD_SECTORS))
		return;
	KASSERT_EQ(blk_queue_bounce_limit(&rd.queue, BLK_BOUNCE_ISA), 0);
	page = page_above(GFP_HIGHUSER, rd.queue.bounce_pfn, &spare);
	if (KEXPECT_TRUE(page != NULL)) {
		pool = rd.queue.bounce_pool;
		rd.queue.bounce_pool = NULL;
		KEXPECT_EQ(blkdev_write_page(&rd.bdev, 0, page), 0);
		rd.queue.bounce_pool = pool;
		KEXPECT_EQ(rd.unreachable, 1u);
		__free_page(page);
	}
	free_all(&spare);
	ktest_ramdisk_free(&rd);
}

/* A limit below ISA DMA's 16 MiB leaves nowhere for the pool; one above
 * all of memory needs no pool. */
KTEST(blk_bounce_limits)
{
	if (!ktest_ramdisk_init(&rd, "bncram", 4, BIO_SECTORS))
		return;
	KEXPECT_EQ(blk_queue_bounce_limit(&rd.queue, 0xfffffULL), -EINVAL);
	KEXPECT_EQ(blk_queue_bounce_limit(&rd.queue, BLK_BOUNCE_ANY), 0);
	KEXPECT_TRUE(rd.queue.bounce_pool == NULL);
	KEXPECT_EQ(blk_queue_bounce_limit(&rd.queue, 0xffffffffULL), 0);
	KEXPECT_TRUE(rd.queue.bounce_pool == NULL);
	ktest_ramdisk_free(&rd);
}
