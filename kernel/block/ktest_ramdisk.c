/*
 * kernel/block/ktest_ramdisk.c - the in-kernel tests' RAM disk
 * (ktest_ramdisk.h): a request queue without an interrupt whose poll
 * function copies each request's sectors to or from memory.
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

static bool rd_poll(struct request_queue *q)
{
	struct ktest_ramdisk *rd = q->queuedata;
	struct request *rq = q->active;
	u8 *disk;
	unsigned int i;

	if (!rq)
		return true;
	rd->requests++;
	if (rq->rw == WRITE && rd->fail_writes) {
		blk_complete(q, -EIO);
		return true;
	}
	for (i = 0; i < rq->nr_sectors; i++) {
		disk = rd->mem + (rq->sector + i) * SECTOR_SIZE;
		if (rq->rw == READ)
			memcpy(blk_rq_sector_buf(rq, i), disk, SECTOR_SIZE);
		else
			memcpy(disk, blk_rq_sector_buf(rq, i), SECTOR_SIZE);
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
	__free_pages(rd->pages, rd->order);
	rd->pages = NULL;
	rd->mem = NULL;
}
