/*
 * kernel/block/blkdev.h - the block layer: disks, page-sized bios, and the
 * requests that merge them.
 *
 * A driver (kernel/drivers/ide.c) describes each disk it finds with a struct
 * block_device and registers it; swap (mm/reclaim/swapfile.c,
 * mm/reclaim/page_io.c) and the /dev nodes of fs/ find disks by name or device
 * number.  All I/O is made of struct bios, each moving one page (BIO_SECTORS
 * sectors of 512 bytes) between memory and the disk, or several pages
 * that lie back to back on the disk (bio_add_page: file writeback,
 * fs/mpage.c).  A bio names its memory by page and offset (struct
 * bio_vec), never by a kernel address: the page may be in high memory,
 * where it has none until it is mapped (mm/phys/highmem.h).  A driver
 * that moves data with the CPU (PIO, the RAM disks) maps each sector
 * with blk_rq_map_sector; one whose controller moves it (bus-master
 * DMA) uses page_to_phys(bv_page) + bv_offset.
 *
 *	submit_bio(bio)		queue it; bio->bi_end_io runs when it is done
 *				(possibly in interrupt context)
 *	submit_bio_wait(bio)	queue it and wait; returns 0 or -EIO
 *	bio_wait(bio)		wait for a bio submitted earlier
 *	blkdev_read_page(), blkdev_write_page()
 *				the synchronous calls most users want, on a
 *				struct page
 *	blkdev_read_buf(), blkdev_write_buf()
 *				the same on a page-sized kernel buffer
 *
 * Bounce buffers (kernel/block/bounce.c): a queue whose controller cannot
 * reach all of memory says how far it reaches (blk_queue_bounce_limit);
 * submit_bio gives such a queue a copy of a bio whose pages above that
 * limit are replaced by low pages ("bounce pages"), copied from the
 * originals before a write and back to them after a read.
 *
 * A partition (hda1) is a block_device of its own on the list; submit_bio
 * checks a bio against the partition's size and then moves it onto the
 * whole disk, start_sect further on, so drivers only ever see disks.
 *
 * Disks that share a controller share a struct request_queue.  A bio joins
 * a queued struct request that it continues on disk (merging, up to
 * BLK_MAX_SECTORS), or gets one of its own, sorted in by sector; the
 * driver moves a whole request with one command and reports its end with
 * blk_complete(), which ends every bio of it.  A task that submits many
 * bios at once plugs the queues (blk_start_plug/blk_finish_plug) so that
 * they merge before the first starts.  The queue's poll_fn lets the block
 * layer drive the hardware itself when no interrupt can arrive (interrupts
 * off, early boot, a lost interrupt).  /proc/diskstats shows each disk's
 * struct disk_stats.
 *
 * Error injection: submit_bio fails a bio with -EIO, without touching the
 * disk, when should_fail(&fail_make_request) says so (kernel/fault_inject.h:
 * the boot option fail_make_request=, /proc/sys/debug/fail_make_request,
 * and fault_attr_fail_nth in tests).
 */
#ifndef KERNEL_BLOCK_BLKDEV_H
#define KERNEL_BLOCK_BLKDEV_H

#include "kernel/list.h"
#include "kernel/types.h"
#include "mm/phys/highmem.h"

typedef u64 sector_t;

#define SECTOR_SHIFT 9
#define SECTOR_SIZE 512
/* Every request moves one page (PAGE_SIZE of mm/phys/page.h): 8 sectors. */
#define BIO_SECTORS 8
#define BIO_BYTES (BIO_SECTORS * SECTOR_SIZE)

#define READ 0
#define WRITE 1

#define BDEV_NAME_LEN 8

/* One request carries at most this many sectors (64 KiB, 16 bios). */
#define BLK_MAX_SECTORS 128
/* Requests a queue holds at once (Linux's nr_requests). */
#define BLK_NR_REQUESTS 64

struct bio;
struct block_device;
struct bounce_pool;
struct page;
struct request_queue;
struct inode;
struct super_block;

typedef void (*bio_end_io_t)(struct bio *bio);

/* A piece of a bio: bv_len bytes at bv_offset in bv_page, both multiples
 * of SECTOR_SIZE, inside the page. */
struct bio_vec {
	struct page *bv_page;
	unsigned int bv_len;
	unsigned int bv_offset;
};

struct bio {
	struct block_device *bi_bdev;
	sector_t bi_sector;	/* first of bio_sectors(bio) sectors */
	/* bi_vcnt pieces, each on the disk right after the one before:
	 * bio_init makes the one page bi_inline_vec; a bio given an array of
	 * bi_max_vecs (bio_init_vecs) grows by bio_add_page. */
	struct bio_vec *bi_io_vec;
	unsigned short bi_vcnt, bi_max_vecs;
	unsigned int bi_size;	/* bytes, the sum of the pieces' bv_len */
	struct bio_vec bi_inline_vec;
	int bi_rw;		/* READ or WRITE */
	int bi_error;		/* 0 or -EIO, valid once bi_done */
	volatile bool bi_done;
	/* Called once at completion, from interrupt context or from the
	 * submitter's own call chain; may be NULL. */
	bio_end_io_t bi_end_io;
	void *bi_private;	/* the submitter's, e.g. a struct page; a bounce
				 * bio's is the bio it stands for */
	struct bio *bi_next;	/* the next bio of its request, in disk order */
};

/*
 * A request: bios of one direction that lie back to back on one disk, the
 * unit the driver moves with one command.  submit_bio merges a bio onto
 * the end (back merge) or the front (front merge) of a queued request, up
 * to the queue's max_sectors.
 */
struct request {
	struct list_head queuelist;	/* on queue_head (sorted) or free_list */
	struct block_device *rq_disk;	/* the whole disk */
	int rw;				/* READ or WRITE */
	sector_t sector;		/* first sector */
	unsigned int nr_sectors;
	struct bio *bio, *biotail;	/* chained through bi_next */
	unsigned int nr_passed;		/* later requests sorted in front of it */
	u32 start_time;			/* jiffies when queued (diskstats) */
};

/* Per whole disk, the counters of /proc/diskstats (Linux's names). */
struct disk_stats {
	unsigned long ios[2];		/* requests completed, [READ]/[WRITE] */
	unsigned long merges[2];	/* bios merged into a queued request */
	unsigned long sectors[2];
	unsigned long ticks[2];		/* jiffies from queueing to the end */
	unsigned long in_flight;	/* requests queued or active */
	unsigned long io_ticks;		/* jiffies with requests in flight */
	unsigned long time_in_queue;	/* in_flight integrated over jiffies */
	u32 stamp;			/* when io_ticks was last brought up */
};

struct request_queue {
	struct list_head queue_head;	/* requests not started, by sector */
	struct request *active;		/* the request the driver works on */
	struct list_head free_list;	/* unused entries of requests[] */
	struct request requests[BLK_NR_REQUESTS];
	unsigned int max_sectors;	/* the most one request may carry */
	/* Start rq on the hardware.  0: started, blk_complete() follows;
	 * negative errno: it could not start and is failed with it. */
	int (*request_fn)(struct request_queue *q, struct request *rq);
	/* Look at the hardware and advance the active request as an
	 * interrupt would.  Called with interrupts off.  Returns false while
	 * the hardware is still busy with it (no step was possible). */
	bool (*poll_fn)(struct request_queue *q);
	/* True when completions of this queue arrive by interrupt. */
	bool irq_driven;
	/* Requests are held back, to gather merges, while a submitter has
	 * the queue plugged (blk_start_plug). */
	bool plugged;
	/* jiffies when the active request started or the driver last
	 * reported progress (blk_progress): the lost-interrupt timeout runs
	 * from here, not from when a waiter's bio was queued behind others. */
	u32 last_progress;
	void *queuedata;		/* the driver's */
	/* The highest page frame the controller reaches (blk_queue_bounce_
	 * limit); a page above it is bounced through bounce_pool, which is
	 * NULL while every page of the machine is reachable. */
	u32 bounce_pfn;
	struct bounce_pool *bounce_pool;
};

/*
 * Plugging: between blk_start_plug and blk_finish_plug the submitter's
 * bios are queued but not started, so that the ones it submits back to
 * back merge into few large requests.  Waiting on a bio (submit_bio_wait,
 * bio_wait) unplugs first.
 */
#define BLK_PLUG_QUEUES 4

struct blk_plug {
	struct request_queue *queues[BLK_PLUG_QUEUES];
	int nr_queues;
};

/* Block majors are below this (Linux's BLKDEV_MAJOR_MAX is 512). */
#define MAX_BLKDEV 256

struct block_device {
	char name[BDEV_NAME_LEN];	/* "hdb", or "hda2" for a partition */
	unsigned int major, minor;	/* 3:64 */
	sector_t nr_sectors;
	/* The whole disk this is part of (itself for a disk), and where on
	 * it sector 0 of this device lies (kernel/block/partitions.c). */
	struct block_device *bd_contains;
	sector_t start_sect;
	struct request_queue *queue;
	void *private;			/* the driver's */
	void *holder;			/* who uses it exclusively (swap), or NULL */
	struct disk_stats dkstats;	/* whole disks only */
	/* Its page cache (fs/block_dev.c): the inode whose address_space
	 * holds the device's blocks while bd_openers (mounts, open device
	 * files) use it; NULL when nobody does. */
	struct inode *bd_inode;
	unsigned int bd_openers;
	struct super_block *bd_super;	/* the file system mounted on it */
	struct list_head list;		/* on all_block_devices */
};

extern struct list_head all_block_devices;

/* Every registered disk, in registration order (fs builds /dev from it). */
#define for_each_blkdev(b) list_for_each_entry(b, &all_block_devices, list)

void blk_init_queue(struct request_queue *q,
		    int (*request_fn)(struct request_queue *, struct request *),
		    bool (*poll_fn)(struct request_queue *), void *queuedata);
/* Name a block major for /proc/devices ("ide0" for 3), as a driver does
 * once it owns the major: 0, -EINVAL, or -EBUSY if it is named already. */
int register_blkdev(unsigned int major, const char *name);
void for_each_blkdev_major(void (*fn)(unsigned int, const char *, void *),
			   void *arg);
void blkdev_register(struct block_device *bdev);
/* Take a disk off the list (tests' fake disks); it must be idle and
 * unclaimed. */
void blkdev_unregister(struct block_device *bdev);

/* "hdb" or "/dev/hdb"; NULL if there is no such disk. */
struct block_device *blkdev_lookup(const char *name);
struct block_device *blkdev_get_by_dev(unsigned int major,
				       unsigned int minor);
/* Exclusive use (swapon): 0, or -EBUSY if someone else holds it, or holds
 * the whole disk of this partition, or a partition of this whole disk. */
int blkdev_claim(struct block_device *bdev, void *holder);
void blkdev_release(struct block_device *bdev, void *holder);

/* A bio of the whole page. */
void bio_init(struct bio *bio, struct block_device *bdev, int rw,
	      sector_t sector, struct page *page);
/* A bio of no pages yet, for up to max pieces in vecs[], which live as
 * long as the bio. */
void bio_init_vecs(struct bio *bio, struct block_device *bdev, int rw,
		   sector_t sector, struct bio_vec *vecs, unsigned int max);
/* Append len bytes at offset in page (multiples of SECTOR_SIZE), the
 * next on the disk: len, or 0 when the bio is full (its array, or the
 * queue's max_sectors). */
int bio_add_page(struct bio *bio, struct page *page, unsigned int len,
		 unsigned int offset);
static inline unsigned int bio_sectors(const struct bio *bio)
{
	return bio->bi_size >> SECTOR_SHIFT;
}
void submit_bio(struct bio *bio);
/* Wait for a submitted bio; returns its bi_error. */
int bio_wait(struct bio *bio);
int submit_bio_wait(struct bio *bio);
/* Submit a bio whose bi_end_io finishes the work, without waiting for it
 * when the disk's interrupt will end it; else (a polled disk, or
 * interrupts off) it is waited for here, ended before this returns. */
void submit_bio_async(struct bio *bio);
void blk_start_plug(struct blk_plug *plug);
void blk_finish_plug(struct blk_plug *plug);
/* One page of the disk from sector on, into or out of page (which may be
 * high), waited for: 0 or -EIO. */
int blkdev_read_page(struct block_device *bdev, sector_t sector,
		     struct page *page);
int blkdev_write_page(struct block_device *bdev, sector_t sector,
		      struct page *page);
/* The same for BIO_BYTES of kernel memory at buf: a page of the direct
 * map, or anything else (a kernel stack, a static array) through a copy
 * in a page allocated for the call (then also -ENOMEM). */
int blkdev_read_buf(struct block_device *bdev, sector_t sector, void *buf);
int blkdev_write_buf(struct block_device *bdev, sector_t sector,
		     const void *buf);

/* For drivers: the active request of q ended with error (0 or -EIO);
 * every bio of it ends with that error. */
void blk_complete(struct request_queue *q, int error);
/* End one bio with error: bi_error, bi_done, bi_end_io, the waiters woken. */
void bio_endio(struct bio *bio, int error);
/* Interrupts off: while something q's requests hold runs short (requests,
 * bounce pages), make q progress by polling: start what is queued, even
 * under a plug, and let the hardware take a step. */
void blk_drive_queue(struct request_queue *q);
/* For drivers that move data with the CPU: the i-th 512-byte sector of
 * rq, mapped with kmap_atomic(type) (KM_IRQ0 in an interrupt handler,
 * KM_USER0 in process context: blk_km_type()); give it back with
 * blk_rq_unmap_sector before the next. */
void *blk_rq_map_sector(struct request *rq, unsigned int i,
			enum km_type type);
void blk_rq_unmap_sector(void *addr, enum km_type type);
enum km_type blk_km_type(void);

/*
 * Bounce limits, as Linux's blk_queue_bounce_limit: the highest physical
 * address the queue's controller can reach.  BLK_BOUNCE_ANY (every page,
 * the default: PIO, which maps each page, and PCI bus-master DMA, which
 * reaches 4 GiB), BLK_BOUNCE_HIGH (the direct map only), BLK_BOUNCE_ISA
 * (ISA DMA: the first 16 MiB).  A limit below the top of memory gives the
 * queue a pool of bounce pages below it; it is set before the queue's
 * first bio.  Returns 0, -ENOMEM, or -EINVAL for a limit below both
 * ZONE_DMA and low memory, where no pool can lie.
 */
#define BLK_BOUNCE_ANY (~0ULL)
#define BLK_BOUNCE_HIGH ((u64)blk_max_low_pfn() << PAGE_SHIFT)
#define BLK_BOUNCE_ISA 0x00ffffffULL
u32 blk_max_low_pfn(void);
int blk_queue_bounce_limit(struct request_queue *q, u64 max_addr);
/* Give back the queue's bounce pool (a test's queue that goes away). */
void blk_queue_bounce_free(struct request_queue *q);
/* submit_bio's: the bio itself, or the bounce bio that stands for it. */
struct bio *blk_queue_bounce(struct request_queue *q, struct bio *bio);
/* For drivers: the hardware moved data for the active bio just now. */
void blk_progress(struct request_queue *q);

#endif
