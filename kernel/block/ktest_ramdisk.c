/*
 * kernel/block/ktest_ramdisk.c - the in-kernel tests' RAM disk
 * (ktest_ramdisk.h): a request queue without an interrupt whose poll
 * function copies each request's sectors to or from memory, mapping each
 * sector's page as a PIO driver does (it may be high).
 */
#include "kernel/block/ktest_ramdisk.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/page_alloc.h"

static int rd_request(struct request_queue *q, struct request *rq)
{
	(void)q;
	(void)rq;
	return 0; /* done in rd_poll */
}

/* Count the pages of rq that its queue's controller could not reach:
 * bouncing should have left none. */
static void rd_check_reach(struct ktest_ramdisk *rd, struct request *rq)
{
	struct bio *bio;
	unsigned int i;

	for (bio = rq->bio; bio; bio = bio->bi_next)
		for (i = 0; i < bio->bi_vcnt; i++)
			if (page_to_pfn(bio->bi_io_vec[i].bv_page) >
			    rd->queue.bounce_pfn)
				rd->unreachable++;
}

static bool rd_poll(struct request_queue *q)
{
	struct ktest_ramdisk *rd = q->queuedata;
	struct request *rq = q->active;
	enum km_type km = blk_km_type();
	u8 *disk, *buf;
	unsigned int i;

	if (!rq)
		return true;
	rd->requests++;
	rd_check_reach(rd, rq);
	if (rq->rw == WRITE && rd->fail_writes) {
		blk_complete(q, -EIO);
		return true;
	}
	for (i = 0; i < rq->nr_sectors; i++) {
		disk = rd->mem + (rq->sector + i) * SECTOR_SIZE;
		buf = blk_rq_map_sector(rq, i, km);
		if (rq->rw == READ)
			memcpy(buf, disk, SECTOR_SIZE);
		else
			memcpy(disk, buf, SECTOR_SIZE);
		blk_rq_unmap_sector(buf, km);
	}
	if (rq->rw == WRITE)
		rd->pages_written += rq->nr_sectors / BIO_SECTORS;
	blk_complete(q, 0);
	return true;
}

bool ktest_ramdisk_init(struct ktest_ramdisk *rd, const char *name,
			unsigned int minor, sector_t nr_sectors)
{
	unsigned int order = 0;

	while ((PAGE_SIZE << order) < nr_sectors * SECTOR_SIZE)
		order++;
	memset(rd, 0, sizeof(*rd));
	rd->pages = alloc_pages(GFP_KERNEL, order);
	if (!KEXPECT_TRUE(rd->pages != NULL))
		return false;
	rd->order = order;
	rd->mem = page_address(rd->pages);
	memset(rd->mem, 0, PAGE_SIZE << order);
	strlcpy(rd->bdev.name, name, sizeof(rd->bdev.name));
	rd->bdev.major = KTEST_RAMDISK_MAJOR;
	rd->bdev.minor = minor;
	rd->bdev.nr_sectors = nr_sectors;
	rd->bdev.bd_contains = &rd->bdev;
	blk_init_queue(&rd->queue, rd_request, rd_poll, rd);
	rd->bdev.queue = &rd->queue;
	return true;
}

void ktest_ramdisk_free(struct ktest_ramdisk *rd)
{
	blk_queue_bounce_free(&rd->queue);
	__free_pages(rd->pages, rd->order);
	rd->pages = NULL;
	rd->mem = NULL;
}
