/*
 * kernel/block/blkdev.h - the block layer: disks, and page-sized requests.
 *
 * A driver (kernel/drivers/ide.c) describes each disk it finds with a struct
 * block_device and registers it; swap (mm/reclaim/swapfile.c,
 * mm/reclaim/page_io.c) and the /dev nodes of fs/ find disks by name or device
 * number.  All I/O is a struct bio moving one page (BIO_SECTORS sectors of 512
 * bytes) between a kernel buffer and the disk:
 *
 *	submit_bio(bio)		queue it; bio->bi_end_io runs when it is done
 *				(possibly in interrupt context)
 *	submit_bio_wait(bio)	queue it and wait; returns 0 or -EIO
 *	bio_wait(bio)		wait for a bio submitted earlier
 *	blkdev_read_page(), blkdev_write_page()
 *				the synchronous calls most users want
 *
 * A partition (hda1) is a block_device of its own on the list; submit_bio
 * checks a bio against the partition's size and then moves it onto the
 * whole disk, start_sect further on, so drivers only ever see disks.
 *
 * Disks that share a controller share a struct request_queue: it runs one
 * bio at a time, in submission order, and the driver reports the end of the
 * active one with blk_complete().  The queue's poll_fn lets the block layer
 * drive the hardware itself when no interrupt can arrive (interrupts off,
 * early boot, a lost interrupt).
 *
 * Error injection: `fail_blk_io=N` on the command line makes the Nth bio
 * submitted since boot (counting from 1, over all disks) fail with -EIO
 * without touching the disk; tests set the same trigger with
 * blk_inject_error().
 */
#ifndef KERNEL_BLOCK_BLKDEV_H
#define KERNEL_BLOCK_BLKDEV_H

#include "kernel/list.h"
#include "kernel/types.h"

typedef u64 sector_t;

#define SECTOR_SHIFT 9
#define SECTOR_SIZE 512
/* Every request moves one page (PAGE_SIZE of mm/phys/page.h): 8 sectors. */
#define BIO_SECTORS 8
#define BIO_BYTES (BIO_SECTORS * SECTOR_SIZE)

#define READ 0
#define WRITE 1

#define BDEV_NAME_LEN 8

struct bio;
struct block_device;
struct request_queue;

typedef void (*bio_end_io_t)(struct bio *bio);

struct bio {
	struct block_device *bi_bdev;
	sector_t bi_sector;	/* first of the BIO_SECTORS sectors */
	void *bi_buf;		/* BIO_BYTES of kernel memory */
	int bi_rw;		/* READ or WRITE */
	int bi_error;		/* 0 or -EIO, valid once bi_done */
	volatile bool bi_done;
	/* Called once at completion, from interrupt context or from the
	 * submitter's own call chain; may be NULL. */
	bio_end_io_t bi_end_io;
	void *bi_private;	/* the submitter's, e.g. a struct page */
	struct list_head bi_queue; /* on request_queue.pending */
};

struct request_queue {
	struct list_head pending;	/* FIFO of bios not started */
	struct bio *active;		/* the bio the driver works on */
	/* Start bio on the hardware.  0: started, blk_complete() follows;
	 * negative errno: it could not start and is failed with it. */
	int (*request_fn)(struct request_queue *q, struct bio *bio);
	/* Look at the hardware and advance the active bio as an interrupt
	 * would.  Called with interrupts off. */
	void (*poll_fn)(struct request_queue *q);
	/* True when completions of this queue arrive by interrupt. */
	bool irq_driven;
	void *queuedata;		/* the driver's */
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
	struct list_head list;		/* on all_block_devices */
};

extern struct list_head all_block_devices;

/* Every registered disk, in registration order (fs builds /dev from it). */
#define for_each_blkdev(b) list_for_each_entry(b, &all_block_devices, list)

void blk_init_queue(struct request_queue *q,
		    int (*request_fn)(struct request_queue *, struct bio *),
		    void (*poll_fn)(struct request_queue *), void *queuedata);
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

void bio_init(struct bio *bio, struct block_device *bdev, int rw,
	      sector_t sector, void *buf);
void submit_bio(struct bio *bio);
int submit_bio_wait(struct bio *bio);
/* Wait for a submitted bio to be done (it may be done already).  Polls
 * the disk if its interrupt does not come. */
void bio_wait(struct bio *bio);
int blkdev_read_page(struct block_device *bdev, sector_t sector, void *buf);
int blkdev_write_page(struct block_device *bdev, sector_t sector,
		      const void *buf);

/* For drivers: the active bio of q ended with error (0 or -EIO). */
void blk_complete(struct request_queue *q, int error);

/* Error injection: fail the request numbered nth (0 turns it off). */
void blk_inject_error(unsigned long nth);
/* Bios submitted since boot; the next one is number blk_nr_requests()+1. */
unsigned long blk_nr_requests(void);
/* Bios failed by injection since boot. */
unsigned long blk_nr_injected(void);

#endif
