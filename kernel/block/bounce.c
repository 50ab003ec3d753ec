/*
 * kernel/block/bounce.c - bounce buffers: I/O for pages that a queue's
 * controller cannot reach (Linux's mm/bounce.c).
 *
 * A queue says how far its controller reaches (blk_queue_bounce_limit):
 * an ISA DMA controller the first 16 MiB, a controller that can only be
 * given kernel addresses the direct map.  submit_bio hands such a queue,
 * in place of a bio that has a page above the limit, a bounce bio: the
 * same sectors, each such page replaced by a page of the queue's pool,
 * which lies below the limit:
 *
 *   bio (the submitter's)            bounce bio (queued, seen by the driver)
 *   [ page 20 MiB | page 3 MiB ] --> [ bounce page 1 MiB | page 3 MiB ]
 *        write: copied at submission ----^
 *        read:  copied back at the end (interrupt context, KM_BOUNCE_READ)
 *
 * The bounce bio's end copies a read back, gives its pages and itself
 * back to the pool and ends the submitter's bio with its error.  The pool
 * is fixed (allocated with the limit), so bouncing allocates nothing while
 * memory is short; when it runs dry, the submitter drives the queue by
 * polling until a bounce bio ends (as for the queue's requests).  Every
 * use is with interrupts off (submit_bio, the completion).
 */
#include "kernel/block/blkdev.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/mmzone.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"

/* Two full requests' worth of pages; a bio may have up to BOUNCE_VECS
 * pieces (a request's worth of whole pages). */
#define BOUNCE_POOL_PAGES (2 * BLK_MAX_SECTORS / BIO_SECTORS)
#define BOUNCE_VECS (BLK_MAX_SECTORS / BIO_SECTORS)
#define BOUNCE_POOL_BIOS 16

struct bounce_bio {
	struct bio bio;
	struct bio_vec vecs[BOUNCE_VECS];
	struct request_queue *q;
	struct list_head list; /* on the pool's free_bios while unused */
};

struct bounce_pool {
	struct list_head free_pages; /* by page->lru */
	unsigned int nr_free_pages;
	struct list_head free_bios;
	struct bounce_bio bios[BOUNCE_POOL_BIOS];
};

u32 blk_max_low_pfn(void)
{
	return max_low_pfn - 1;
}

static void free_pool(struct bounce_pool *pool)
{
	struct page *page, *next;

	list_for_each_entry_safe(page, next, &pool->free_pages, lru) {
		list_del(&page->lru);
		__free_page(page);
	}
	kfree(pool);
}

/* A pool of pages at or below frame bounce_pfn, or NULL. */
static struct bounce_pool *make_pool(u32 bounce_pfn)
{
	gfp_t gfp = bounce_pfn < blk_max_low_pfn() ? GFP_DMA : GFP_KERNEL;
	struct bounce_pool *pool = kmalloc(sizeof(*pool), GFP_KERNEL);
	struct page *page;
	int i;

	if (!pool)
		return NULL;
	INIT_LIST_HEAD(&pool->free_pages);
	INIT_LIST_HEAD(&pool->free_bios);
	pool->nr_free_pages = 0;
	for (i = 0; i < BOUNCE_POOL_BIOS; i++)
		list_add_tail(&pool->bios[i].list, &pool->free_bios);
	for (i = 0; i < BOUNCE_POOL_PAGES; i++) {
		page = alloc_page(gfp);
		if (!page) {
			free_pool(pool);
			return NULL;
		}
		list_add_tail(&page->lru, &pool->free_pages);
		pool->nr_free_pages++;
		BUG_ON(page_to_pfn(page) > bounce_pfn);
	}
	return pool;
}

int blk_queue_bounce_limit(struct request_queue *q, u64 max_addr)
{
	u32 pfn = max_addr >> PAGE_SHIFT >= ~0u ? ~0u :
						  (u32)(max_addr >> PAGE_SHIFT);

	/* The pool must lie below the limit: in ZONE_DMA (ISA DMA's 16 MiB),
	 * or in low memory should that end lower (highmem=). */
	if (pfn < (max_low_pfn < MAX_DMA_PFN ? max_low_pfn : MAX_DMA_PFN) - 1)
		return -EINVAL;
	blk_queue_bounce_free(q);
	q->bounce_pfn = pfn;
	if (pfn >= max_pfn - 1)
		return 0; /* every page of the machine is reachable */
	q->bounce_pool = make_pool(pfn);
	if (!q->bounce_pool) {
		q->bounce_pfn = ~0u;
		return -ENOMEM;
	}
	return 0;
}

void blk_queue_bounce_free(struct request_queue *q)
{
	struct bounce_pool *pool = q->bounce_pool;

	if (!pool)
		return;
	BUG_ON(pool->nr_free_pages != BOUNCE_POOL_PAGES);
	q->bounce_pool = NULL;
	q->bounce_pfn = ~0u;
	free_pool(pool);
}

static bool needs_bounce(struct request_queue *q, struct page *page)
{
	return page_to_pfn(page) > q->bounce_pfn;
}

/* len bytes at offset, from one page to the other; the bounce page is
 * low, the other is mapped with type. */
static void copy_piece(struct page *to, struct page *from,
		       const struct bio_vec *bv, bool to_bounce,
		       enum km_type type)
{
	char *hi = kmap_atomic(to_bounce ? from : to, type);
	char *lo = page_address(to_bounce ? to : from);

	if (to_bounce)
		memcpy(lo + bv->bv_offset, hi + bv->bv_offset, bv->bv_len);
	else
		memcpy(hi + bv->bv_offset, lo + bv->bv_offset, bv->bv_len);
	kunmap_atomic(hi, type);
}

/* The end of a bounce bio: interrupt context or the poller's. */
static void bounce_end_io(struct bio *bio)
{
	struct bounce_bio *b = container_of(bio, struct bounce_bio, bio);
	struct bounce_pool *pool = b->q->bounce_pool;
	struct bio *orig = bio->bi_private;
	unsigned int i;

	for (i = 0; i < bio->bi_vcnt; i++) {
		struct bio_vec *bv = &bio->bi_io_vec[i];
		struct page *page = orig->bi_io_vec[i].bv_page;

		if (bv->bv_page == page)
			continue;
		if (bio->bi_rw == READ && !bio->bi_error)
			copy_piece(page, bv->bv_page, bv, false,
				   KM_BOUNCE_READ);
		list_add(&bv->bv_page->lru, &pool->free_pages);
		pool->nr_free_pages++;
	}
	list_add(&b->list, &pool->free_bios);
	bio_endio(orig, bio->bi_error);
}

static unsigned int pages_to_bounce(struct request_queue *q, struct bio *bio)
{
	unsigned int i, n = 0;

	for (i = 0; i < bio->bi_vcnt; i++)
		if (needs_bounce(q, bio->bi_io_vec[i].bv_page))
			n++;
	return n;
}

struct bio *blk_queue_bounce(struct request_queue *q, struct bio *bio)
{
	struct bounce_pool *pool = q->bounce_pool;
	unsigned int i, n;
	struct bounce_bio *b;

	if (!pool || !(n = pages_to_bounce(q, bio)))
		return bio;
	BUG_ON(bio->bi_vcnt > BOUNCE_VECS);
	while (list_empty(&pool->free_bios) || pool->nr_free_pages < n)
		blk_drive_queue(q);
	b = list_first_entry(&pool->free_bios, struct bounce_bio, list);
	list_del(&b->list);
	b->q = q;
	bio_init_vecs(&b->bio, bio->bi_bdev, bio->bi_rw, bio->bi_sector,
		      b->vecs, BOUNCE_VECS);
	for (i = 0; i < bio->bi_vcnt; i++) {
		struct bio_vec *bv = &bio->bi_io_vec[i];
		struct page *page = bv->bv_page;

		if (needs_bounce(q, page)) {
			page = list_first_entry(&pool->free_pages, struct page,
						lru);
			list_del(&page->lru);
			pool->nr_free_pages--;
			if (bio->bi_rw == WRITE)
				copy_piece(page, bv->bv_page, bv, true,
					   blk_km_type());
		}
		b->vecs[i] = *bv;
		b->vecs[i].bv_page = page;
	}
	b->bio.bi_vcnt = bio->bi_vcnt;
	b->bio.bi_size = bio->bi_size;
	b->bio.bi_private = bio;
	b->bio.bi_end_io = bounce_end_io;
	return &b->bio;
}
