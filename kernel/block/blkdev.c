/*
 * kernel/block/blkdev.c - the block layer: disk registry and major names,
 * request queues, waiting for completion, error injection.
 *
 * Locking: Mapback is uniprocessor, and queues are touched both by
 * submitters and by interrupt handlers, so every queue operation runs with
 * interrupts off (irq_save).  A bio is owned by the block layer from
 * submit_bio() until bi_done is set; then it is the submitter's again.
 */
#include "kernel/block/blkdev.h"
#include "kernel/cmdline.h"
#include "kernel/errno.h"
#include "kernel/io.h"
#include "kernel/lib/string.h"
#include "kernel/fault_inject.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched.h"
#include "kernel/task.h"
#include "kernel/timer.h"
#include "kernel/wait.h"

KERNEL_PARAM("fail_blk_io", "fail the Nth block request with -EIO (tests)");

LIST_HEAD(all_block_devices);

static unsigned long nr_requests;	/* bios submitted since boot */
static unsigned long fail_nth;		/* the one to fail, 0 = none */
static unsigned long nr_injected;
static bool fail_param_read;

/* Tasks waiting in submit_bio_wait for any bio; woken at every completion. */
static DECLARE_WAIT_QUEUE_HEAD(bio_wait_queue);

void blk_init_queue(struct request_queue *q,
		    int (*request_fn)(struct request_queue *, struct bio *),
		    void (*poll_fn)(struct request_queue *), void *queuedata)
{
	INIT_LIST_HEAD(&q->pending);
	q->active = NULL;
	q->request_fn = request_fn;
	q->poll_fn = poll_fn;
	q->irq_driven = false;
	q->queuedata = queuedata;
}

/* The names of the block majors; a disk's major need not be named. */
static const char *major_names[MAX_BLKDEV];

int register_blkdev(unsigned int major, const char *name)
{
	if (major == 0 || major >= MAX_BLKDEV)
		return -EINVAL;
	if (major_names[major])
		return -EBUSY;
	major_names[major] = name;
	return 0;
}

void for_each_blkdev_major(void (*fn)(unsigned int, const char *, void *),
			   void *arg)
{
	unsigned int i;

	for (i = 0; i < MAX_BLKDEV; i++)
		if (major_names[i])
			fn(i, major_names[i], arg);
}

void blkdev_register(struct block_device *bdev)
{
	bdev->holder = NULL;
	if (!bdev->bd_contains)
		bdev->bd_contains = bdev;
	list_add_tail(&bdev->list, &all_block_devices);
}

void blkdev_unregister(struct block_device *bdev)
{
	BUG_ON(bdev->holder || bdev->queue->active);
	list_del_init(&bdev->list);
}

struct block_device *blkdev_lookup(const char *name)
{
	struct block_device *b;

	if (!strncmp(name, "/dev/", 5))
		name += 5;
	for_each_blkdev(b)
		if (!strcmp(b->name, name))
			return b;
	return NULL;
}

struct block_device *blkdev_get_by_dev(unsigned int major, unsigned int minor)
{
	struct block_device *b;

	for_each_blkdev(b)
		if (b->major == major && b->minor == minor)
			return b;
	return NULL;
}

static bool held_by_other(const struct block_device *b, const void *holder)
{
	return b->holder && b->holder != holder;
}

int blkdev_claim(struct block_device *bdev, void *holder)
{
	struct block_device *b;

	if (held_by_other(bdev, holder) ||
	    held_by_other(bdev->bd_contains, holder))
		return -EBUSY;
	/* A whole disk is busy while any of its partitions is in use. */
	for_each_blkdev(b)
		if (b->bd_contains == bdev && held_by_other(b, holder))
			return -EBUSY;
	bdev->holder = holder;
	return 0;
}

void blkdev_release(struct block_device *bdev, void *holder)
{
	if (bdev->holder == holder)
		bdev->holder = NULL;
}

void blk_inject_error(unsigned long nth)
{
	fail_param_read = true;
	fail_nth = nth;
}

unsigned long blk_nr_requests(void)
{
	return nr_requests;
}

unsigned long blk_nr_injected(void)
{
	return nr_injected;
}

void bio_init(struct bio *bio, struct block_device *bdev, int rw,
	      sector_t sector, void *buf)
{
	bio->bi_bdev = bdev;
	bio->bi_sector = sector;
	bio->bi_buf = buf;
	bio->bi_rw = rw;
	bio->bi_error = 0;
	bio->bi_done = false;
	bio->bi_end_io = NULL;
	bio->bi_private = NULL;
	INIT_LIST_HEAD(&bio->bi_queue);
}

static void bio_endio(struct bio *bio, int error)
{
	bio->bi_error = error;
	bio->bi_done = true;
	if (bio->bi_end_io)
		bio->bi_end_io(bio);
	wake_up(&bio_wait_queue);
}

/* Start pending bios until one is in flight or none is left. */
static void blk_run_queue(struct request_queue *q)
{
	struct bio *bio;
	int err;

	while (!q->active && !list_empty(&q->pending)) {
		bio = list_first_entry(&q->pending, struct bio, bi_queue);
		list_del_init(&bio->bi_queue);
		q->active = bio;
		err = q->request_fn(q, bio);
		if (err) {
			q->active = NULL;
			bio_endio(bio, err);
		}
	}
}

void blk_complete(struct request_queue *q, int error)
{
	struct bio *bio = q->active;

	if (!bio)
		return;
	q->active = NULL;
	bio_endio(bio, error);
	blk_run_queue(q);
}

/* The boot option is read on first use: cmdline_init runs before any I/O. */
static bool nth_request_fails(void)
{
	if (!fail_param_read) {
		fail_nth = (unsigned long)cmdline_get_long("fail_blk_io", 0);
		fail_param_read = true;
	}
	return fail_nth && nr_requests == fail_nth;
}

static bool bio_in_range(const struct bio *bio)
{
	sector_t n = bio->bi_bdev->nr_sectors;

	return n >= BIO_SECTORS && bio->bi_sector <= n - BIO_SECTORS;
}

/* A bio for a partition becomes a bio for its disk (bio_in_range first).
 * A disk's bd_contains is itself, or NULL before it is registered (the
 * tests' private queues). */
static void blk_partition_remap(struct bio *bio)
{
	struct block_device *part = bio->bi_bdev;

	if (!part->bd_contains || part->bd_contains == part)
		return;
	bio->bi_sector += part->start_sect;
	bio->bi_bdev = part->bd_contains;
}

void submit_bio(struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;
	u32 flags = irq_save();

	bio->bi_done = false;
	bio->bi_error = 0;
	nr_requests++;
	if (!bio_in_range(bio)) {
		printk("%s: attempt to access beyond end of device "
		       "(sector %llu, %llu sectors)\n", bdev->name,
		       bio->bi_sector, bdev->nr_sectors);
		bio_endio(bio, -EIO);
	} else if (nth_request_fails() || should_fail(&fail_make_request)) {
		nr_injected++;
		printk("%s: injected I/O error on request %lu (%s sector %llu)\n",
		       bdev->name, nr_requests,
		       bio->bi_rw == WRITE ? "write" : "read", bio->bi_sector);
		bio_endio(bio, -EIO);
	} else {
		blk_partition_remap(bio);
		list_add_tail(&bio->bi_queue, &bdev->queue->pending);
		blk_run_queue(bdev->queue);
	}
	irq_restore(flags);
}

/*
 * Wait for bio.  With interrupts off, or on a queue whose completions do not
 * come by interrupt, the waiter drives the hardware through poll_fn.
 * Otherwise a task sleeps on bio_wait_queue; the boot thread and the idle
 * task, which must not sleep, halt until the next interrupt instead
 * (`sti; hlt` is atomic against the completion interrupt: sti takes effect
 * after the next instruction).  If no completion comes within
 * BLK_IRQ_TIMEOUT, the interrupt is taken as lost and the waiter polls.
 */
#define BLK_IRQ_TIMEOUT (2 * HZ)

static bool may_sleep(void)
{
	return current && !(current->flags & PF_IDLE);
}

/* Sleep until bio is done or the timeout passes; interrupts are off on
 * entry and on return. */
static void bio_sleep(struct bio *bio, u32 ticks)
{
	wait_queue_t w;

	init_wait(&w);
	prepare_to_wait(&bio_wait_queue, &w, TASK_UNINTERRUPTIBLE);
	if (!bio->bi_done) {
		sti();
		schedule_timeout((long)ticks);
		cli();
	}
	finish_wait(&bio_wait_queue, &w);
}

void bio_wait(struct bio *bio)
{
	struct request_queue *q = bio->bi_bdev->queue;
	bool irqs_on = read_eflags() & EFLAGS_IF;
	u32 start = jiffies, waited;
	bool lost = false;
	u32 flags;

	while (!bio->bi_done) {
		flags = irq_save();
		if (bio->bi_done) {
			irq_restore(flags);
			break;
		}
		waited = jiffies - start;
		if (q->irq_driven && irqs_on && waited < BLK_IRQ_TIMEOUT) {
			if (may_sleep())
				bio_sleep(bio, BLK_IRQ_TIMEOUT - waited);
			else
				asm volatile("sti; hlt" : : : "memory");
			irq_restore(flags);
			continue;
		}
		if (q->irq_driven && irqs_on && !lost) {
			printk("%s: lost interrupt, polling\n", bio->bi_bdev->name);
			lost = true;
		}
		q->poll_fn(q);
		irq_restore(flags);
	}
}

int submit_bio_wait(struct bio *bio)
{
	submit_bio(bio);
	bio_wait(bio);
	return bio->bi_error;
}

int blkdev_read_page(struct block_device *bdev, sector_t sector, void *buf)
{
	struct bio bio;

	bio_init(&bio, bdev, READ, sector, buf);
	return submit_bio_wait(&bio);
}

int blkdev_write_page(struct block_device *bdev, sector_t sector,
		      const void *buf)
{
	struct bio bio;

	bio_init(&bio, bdev, WRITE, sector, (void *)buf);
	return submit_bio_wait(&bio);
}
