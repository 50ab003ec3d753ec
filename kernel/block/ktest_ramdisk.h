/*
 * kernel/block/ktest_ramdisk.h - a RAM disk for in-kernel tests of what
 * sits on the block layer (buffer heads, writeback, ext2).
 *
 * Its "hardware" is a memcpy done in the queue's poll function, so every
 * request ends before submit_bio returns and a test can look at the
 * disk's bytes (rd->mem) at any point.  It is not registered: no /dev
 * node, no /proc/partitions line, only the test that made it sees it.
 * A test can make it fail writes (fail_writes) and counts what it served.
 * Given a bounce limit (blk_queue_bounce_limit on rd->queue) it stands for
 * a controller of that reach, and counts the pages above the limit that
 * reached it anyway (unreachable: bouncing should leave none).
 */
#ifndef KERNEL_BLOCK_KTEST_RAMDISK_H
#define KERNEL_BLOCK_KTEST_RAMDISK_H

#include "kernel/block/blkdev.h"

/* The major of every ktest RAM disk ("local/experimental use" in Linux);
 * each user picks its own minor, so their caches never meet. */
#define KTEST_RAMDISK_MAJOR 241

struct ktest_ramdisk {
	struct block_device bdev;
	struct request_queue queue;
	struct page *pages;
	unsigned int order;
	u8 *mem; /* nr_sectors * SECTOR_SIZE bytes */
	bool fail_writes; /* end every write with -EIO */
	unsigned int requests; /* requests served, failed ones too */
	unsigned int pages_written; /* pages of data written */
	unsigned int unreachable; /* pages above the bounce limit seen */
};

/* Make a zeroed disk of nr_sectors called name; false (a failed
 * expectation) when there is no memory for it. */
bool ktest_ramdisk_init(struct ktest_ramdisk *rd, const char *name,
			unsigned int minor, sector_t nr_sectors);
/* Give back its memory; the caller has dropped every user (blkdev_put,
 * an unmount) first. */
void ktest_ramdisk_free(struct ktest_ramdisk *rd);

#endif
