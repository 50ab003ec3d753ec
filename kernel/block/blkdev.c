/*
 * kernel/block/blkdev.c - the block layer: disk registry and major names,
 * request queues with merging and plugging, waiting for completion,
 * /proc/diskstats counters, error injection.
 *
 * Locking: Mapback is uniprocessor, and queues are touched both by
 * submitters and by interrupt handlers, so every queue operation runs with
 * interrupts off (irq_save).  A bio is owned by the block layer from
 * submit_bio() until bi_done is set; then it is the submitter's again.
 */
#include "kernel/block/blkdev.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/fault_inject.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/sched/wait.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/vmscan.h"

LIST_HEAD(all_block_devices);


/* Tasks waiting in submit_bio_wait for any bio; woken at every completion. */
static DECLARE_WAIT_QUEUE_HEAD(bio_wait_queue);

void blk_init_queue(struct request_queue *q,
		    int (*request_fn)(struct request_queue *, struct request *),
		    bool (*poll_fn)(struct request_queue *), void *queuedata)
{
	int i;

	INIT_LIST_HEAD(&q->queue_head);
	INIT_LIST_HEAD(&q->free_list);
	for (i = 0; i < BLK_NR_REQUESTS; i++)
		list_add_tail(&q->requests[i].queuelist, &q->free_list);
	q->active = NULL;
	q->max_sectors = BLK_MAX_SECTORS;
	q->plugged = false;
	q->request_fn = request_fn;
	q->poll_fn = poll_fn;
	q->irq_driven = false;
	q->last_progress = 0;
	q->queuedata = queuedata;
	q->bounce_pfn = ~0u;
	q->bounce_pool = NULL;
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
	BUG_ON(bdev->holder || bdev->queue->active ||
	       !list_empty(&bdev->queue->queue_head));
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

void bio_init_vecs(struct bio *bio, struct block_device *bdev, int rw,
		   sector_t sector, struct bio_vec *vecs, unsigned int max)
{
	bio->bi_bdev = bdev;
	bio->bi_sector = sector;
	bio->bi_io_vec = vecs;
	bio->bi_vcnt = 0;
	bio->bi_max_vecs = (unsigned short)max;
	bio->bi_size = 0;
	bio->bi_rw = rw;
	bio->bi_error = 0;
	bio->bi_done = false;
	bio->bi_end_io = NULL;
	bio->bi_private = NULL;
	bio->bi_next = NULL;
}

void bio_init(struct bio *bio, struct block_device *bdev, int rw,
	      sector_t sector, struct page *page)
{
	bio_init_vecs(bio, bdev, rw, sector, &bio->bi_inline_vec, 1);
	bio_add_page(bio, page, BIO_BYTES, 0);
}

int bio_add_page(struct bio *bio, struct page *page, unsigned int len,
		 unsigned int offset)
{
	struct bio_vec *bv;

	BUG_ON(!len || offset + len > PAGE_SIZE ||
	       ((offset | len) & (SECTOR_SIZE - 1)));
	if (bio->bi_vcnt == bio->bi_max_vecs ||
	    bio_sectors(bio) + (len >> SECTOR_SHIFT) >
		    bio->bi_bdev->queue->max_sectors)
		return 0;
	bv = &bio->bi_io_vec[bio->bi_vcnt++];
	bv->bv_page = page;
	bv->bv_len = len;
	bv->bv_offset = offset;
	bio->bi_size += len;
	return (int)len;
}

void bio_endio(struct bio *bio, int error)
{
	bio->bi_error = error;
	bio->bi_done = true;
	if (bio->bi_end_io)
		bio->bi_end_io(bio);
	wake_up(&bio_wait_queue);
}

/*
 * Disk statistics, as Linux's part_round_stats: io_ticks grows by the
 * jiffies during which anything was in flight, time_in_queue by those
 * jiffies times the number in flight.
 */
static void disk_round_stats(struct disk_stats *st)
{
	u32 now = jiffies;

	if (st->in_flight) {
		st->io_ticks += now - st->stamp;
		st->time_in_queue += st->in_flight * (now - st->stamp);
	}
	st->stamp = now;
}

/* Start queued requests until one is in flight or none is left; nothing
 * starts while the queue is plugged. */
static void blk_run_queue(struct request_queue *q)
{
	struct request *rq;
	int err;

	while (!q->active && !q->plugged && !list_empty(&q->queue_head)) {
		rq = list_first_entry(&q->queue_head, struct request, queuelist);
		list_del_init(&rq->queuelist);
		q->active = rq;
		q->last_progress = jiffies;
		err = q->request_fn(q, rq);
		if (err)
			blk_complete(q, err);
	}
}

/* Where the i-th sector of rq lies: its piece, and the byte in it. */
static struct bio_vec *rq_sector_vec(struct request *rq, unsigned int i,
				     unsigned int *byte)
{
	struct bio *bio = rq->bio;
	struct bio_vec *bv;

	while (i >= bio_sectors(bio)) {
		i -= bio_sectors(bio);
		bio = bio->bi_next;
	}
	for (bv = bio->bi_io_vec; i >= bv->bv_len >> SECTOR_SHIFT; bv++)
		i -= bv->bv_len >> SECTOR_SHIFT;
	*byte = i << SECTOR_SHIFT;
	return bv;
}

void *blk_rq_map_sector(struct request *rq, unsigned int i,
			enum km_type type)
{
	unsigned int byte;
	struct bio_vec *bv = rq_sector_vec(rq, i, &byte);

	return (u8 *)kmap_atomic(bv->bv_page, type) + bv->bv_offset + byte;
}

void blk_rq_unmap_sector(void *addr, enum km_type type)
{
	kunmap_atomic((void *)((u32)addr & PAGE_MASK), type);
}

enum km_type blk_km_type(void)
{
	return in_irq() ? KM_IRQ0 : KM_USER0;
}

void blk_complete(struct request_queue *q, int error)
{
	struct request *rq = q->active;
	struct disk_stats *st;
	struct bio *bio, *next;

	if (!rq)
		return;
	q->active = NULL;
	st = &rq->rq_disk->dkstats;
	disk_round_stats(st);
	st->in_flight--;
	if (!error) {
		st->ios[rq->rw]++;
		st->sectors[rq->rw] += rq->nr_sectors;
		st->ticks[rq->rw] += jiffies - rq->start_time;
	}
	for (bio = rq->bio; bio; bio = next) {
		next = bio->bi_next;	/* bi_end_io may free the bio */
		bio->bi_next = NULL;
		bio_endio(bio, error);
	}
	list_add(&rq->queuelist, &q->free_list);
	blk_run_queue(q);
}

void blk_progress(struct request_queue *q)
{
	q->last_progress = jiffies;
}

static bool bio_in_range(const struct bio *bio)
{
	sector_t n = bio->bi_bdev->nr_sectors;

	return bio->bi_vcnt && n >= bio_sectors(bio) &&
	       bio->bi_sector <= n - bio_sectors(bio);
}

/* A bio for a partition becomes a bio for its disk (bio_in_range first).
 * A disk's bd_contains is itself, or NULL before it is registered (the
 * tests' private queues). */
static void blk_partition_remap(struct bio *bio)
{
	struct block_device *part = bio->bi_bdev;

	if (!part->bd_contains || part->bd_contains == part)
		return;
	part->dkstats.ios[bio->bi_rw]++;	/* a partition counts bios issued */
	part->dkstats.sectors[bio->bi_rw] += bio_sectors(bio);
	bio->bi_sector += part->start_sect;
	bio->bi_bdev = part->bd_contains;
}

/*
 * The elevator.  A bio joins a queued request of the same disk and
 * direction that it continues (back merge) or that continues it (front
 * merge), while the request stays within max_sectors.  Otherwise it gets a
 * request of its own, sorted in by sector; a request is passed by at most
 * BLK_MAX_PASSES later ones, so a far sector is not starved.
 */
#define BLK_MAX_PASSES 16

static bool elv_merge(struct request_queue *q, struct bio *bio)
{
	struct request *rq;

	list_for_each_entry(rq, &q->queue_head, queuelist) {
		if (rq->rq_disk != bio->bi_bdev || rq->rw != bio->bi_rw ||
		    rq->nr_sectors + bio_sectors(bio) > q->max_sectors)
			continue;
		if (rq->sector + rq->nr_sectors == bio->bi_sector) {
			rq->biotail->bi_next = bio;
			rq->biotail = bio;
		} else if (bio->bi_sector + bio_sectors(bio) == rq->sector) {
			bio->bi_next = rq->bio;
			rq->bio = bio;
			rq->sector = bio->bi_sector;
		} else {
			continue;
		}
		rq->nr_sectors += bio_sectors(bio);
		bio->bi_bdev->dkstats.merges[bio->bi_rw]++;
		return true;
	}
	return false;
}

static void elv_add_request(struct request_queue *q, struct request *new)
{
	struct list_head *pos = q->queue_head.prev;
	struct request *rq;

	/* Walk back from the tail past the requests that lie behind new. */
	while (pos != &q->queue_head) {
		rq = list_entry(pos, struct request, queuelist);
		if (rq->sector <= new->sector || rq->nr_passed >= BLK_MAX_PASSES)
			break;
		pos = pos->prev;
	}
	for (rq = list_entry(pos->next, struct request, queuelist);
	     &rq->queuelist != &q->queue_head;
	     rq = list_entry(rq->queuelist.next, struct request, queuelist))
		rq->nr_passed++;
	list_add(&new->queuelist, pos);
}

void blk_drive_queue(struct request_queue *q)
{
	q->plugged = false;
	blk_run_queue(q);
	q->poll_fn(q);
}

/* A free request of q; with none left, drive the queue by polling until
 * one comes back (interrupts are off). */
static struct request *get_request(struct request_queue *q)
{
	struct request *rq;

	while (list_empty(&q->free_list))
		blk_drive_queue(q);
	rq = list_first_entry(&q->free_list, struct request, queuelist);
	list_del_init(&rq->queuelist);
	return rq;
}

static void blk_queue_bio(struct request_queue *q, struct bio *bio)
{
	struct block_device *disk = bio->bi_bdev;
	struct request *rq;

	if (elv_merge(q, bio))
		return;
	rq = get_request(q);
	rq->rq_disk = disk;
	rq->rw = bio->bi_rw;
	rq->sector = bio->bi_sector;
	rq->nr_sectors = bio_sectors(bio);
	rq->bio = rq->biotail = bio;
	rq->nr_passed = 0;
	rq->start_time = jiffies;
	disk_round_stats(&disk->dkstats);
	disk->dkstats.in_flight++;
	elv_add_request(q, rq);
}

/* Hold q back for the plug of the current task, if it has one. */
static void blk_plug_queue(struct request_queue *q)
{
	struct blk_plug *plug = current && !in_irq() ? current->plug : NULL;
	int i;

	if (!plug)
		return;
	for (i = 0; i < plug->nr_queues; i++)
		if (plug->queues[i] == q)
			break;
	if (i == plug->nr_queues) {
		if (i == BLK_PLUG_QUEUES)
			return;		/* no room: this queue runs at once */
		plug->queues[plug->nr_queues++] = q;
	}
	q->plugged = true;
}

static void blk_unplug(struct request_queue *q)
{
	u32 flags = irq_save();

	q->plugged = false;
	blk_run_queue(q);
	irq_restore(flags);
}

void blk_start_plug(struct blk_plug *plug)
{
	plug->nr_queues = 0;
	current->plug = plug;
}

void blk_finish_plug(struct blk_plug *plug)
{
	int i;

	current->plug = NULL;
	for (i = 0; i < plug->nr_queues; i++)
		blk_unplug(plug->queues[i]);
	plug->nr_queues = 0;
}

void submit_bio(struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;
	u32 flags = irq_save();

	bio->bi_done = false;
	bio->bi_error = 0;
	bio->bi_next = NULL;
	/* Every bio counts, as Linux's submit_bio counts before it checks. */
	if (bio->bi_rw == WRITE)
		stat_add(&vm_events.pgpgout, bio_sectors(bio));
	else
		stat_add(&vm_events.pgpgin, bio_sectors(bio));
	if (!bio_in_range(bio)) {
		printk("%s: attempt to access beyond end of device "
		       "(sector %llu, %llu sectors)\n", bdev->name,
		       bio->bi_sector, bdev->nr_sectors);
		bio_endio(bio, -EIO);
	} else if (should_fail(&fail_make_request)) {
		printk("%s: injected I/O error (%s sector %llu)\n", bdev->name,
		       bio->bi_rw == WRITE ? "write" : "read", bio->bi_sector);
		bio_endio(bio, -EIO);
	} else {
		blk_partition_remap(bio);
		blk_plug_queue(bdev->queue);
		blk_queue_bio(bdev->queue, blk_queue_bounce(bdev->queue, bio));
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
 * after the next instruction).
 *
 * When the queue's active bio has made no progress for BLK_IRQ_TIMEOUT
 * (counted from q->last_progress, not from when this bio was queued: it may
 * have waited behind others), the waiter looks at the hardware once.  Only
 * if the hardware was ready (poll_fn could take a step) was an interrupt
 * lost; a drive still busy is slow, not silent (under `-icount
 * shift=0,sleep=off` an idle guest's clock jumps from tick to tick while the
 * host does the I/O, so two seconds of jiffies can pass in a few host
 * milliseconds).  After BLK_HANG_ROUNDS such looks without progress the
 * waiter polls without sleeping, and the driver's own poll limit resets a
 * drive that never finishes.
 */
#define BLK_IRQ_TIMEOUT (2 * HZ)
#define BLK_HANG_ROUNDS 15

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

/* No completion for BLK_IRQ_TIMEOUT: look at the hardware once.  Returns
 * true when the waiter should stop sleeping and poll. */
static bool bio_irq_timeout(struct request_queue *q, struct bio *bio,
			    int *rounds, bool *warned)
{
	if (q->poll_fn(q)) {
		*rounds = 0;
		if (!*warned)
			printk("%s: lost interrupt, polling\n", bio->bi_bdev->name);
		*warned = true;
	} else if (++*rounds >= BLK_HANG_ROUNDS) {
		printk("%s: no progress for %u s, polling\n", bio->bi_bdev->name,
		       BLK_HANG_ROUNDS * BLK_IRQ_TIMEOUT / HZ);
		return true;
	}
	q->last_progress = jiffies;
	return false;
}

int bio_wait(struct bio *bio)
{
	struct request_queue *q = bio->bi_bdev->queue;
	bool irqs_on = read_eflags() & EFLAGS_IF;
	bool warned = false, polling = !q->irq_driven || !irqs_on;
	int rounds = 0;
	u32 flags, waited;

	if (!bio->bi_done)
		blk_unplug(q);	/* what is held back may be what we wait for */
	while (!bio->bi_done) {
		flags = irq_save();
		if (bio->bi_done) {
			irq_restore(flags);
			break;
		}
		if (!q->active) {
			/* another task's plug may hold bio back */
			q->plugged = false;
			blk_run_queue(q);
		}
		if (polling) {
			q->poll_fn(q);
			irq_restore(flags);
			continue;
		}
		waited = jiffies - q->last_progress;
		if (!q->active || waited < BLK_IRQ_TIMEOUT) {
			if (may_sleep())
				bio_sleep(bio, q->active ? BLK_IRQ_TIMEOUT - waited
							 : BLK_IRQ_TIMEOUT);
			else
				asm volatile("sti; hlt" : : : "memory");
		} else {
			polling = bio_irq_timeout(q, bio, &rounds, &warned);
		}
		irq_restore(flags);
	}
	return bio->bi_error;
}

void submit_bio_async(struct bio *bio)
{
	if (bio->bi_bdev->queue->irq_driven && (read_eflags() & EFLAGS_IF))
		submit_bio(bio);
	else
		submit_bio_wait(bio);	/* nobody else would end it */
}

int submit_bio_wait(struct bio *bio)
{
	submit_bio(bio);
	return bio_wait(bio);
}

static int blkdev_rw_page(struct block_device *bdev, int rw, sector_t sector,
			  struct page *page)
{
	struct bio bio;

	bio_init(&bio, bdev, rw, sector, page);
	return submit_bio_wait(&bio);
}

int blkdev_read_page(struct block_device *bdev, sector_t sector,
		     struct page *page)
{
	return blkdev_rw_page(bdev, READ, sector, page);
}

int blkdev_write_page(struct block_device *bdev, sector_t sector,
		      struct page *page)
{
	return blkdev_rw_page(bdev, WRITE, sector, page);
}

/* As Linux's blk_rq_map_kern: a whole page of the direct map is used in
 * place, anything else (a kernel stack, whose pages lie outside the direct
 * map, or a piece of a page) goes through a copy (bio_copy_kern). */
static int blkdev_rw_buf(struct block_device *bdev, int rw, sector_t sector,
			 void *buf)
{
	struct page *copy;
	int err;

	if (!((u32)buf & ~PAGE_MASK) && virt_addr_valid(buf))
		return blkdev_rw_page(bdev, rw, sector, virt_to_page(buf));
	copy = alloc_page(GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	if (rw == WRITE)
		memcpy(page_address(copy), buf, BIO_BYTES);
	err = blkdev_rw_page(bdev, rw, sector, copy);
	if (!err && rw == READ)
		memcpy(buf, page_address(copy), BIO_BYTES);
	__free_page(copy);
	return err;
}

int blkdev_read_buf(struct block_device *bdev, sector_t sector, void *buf)
{
	return blkdev_rw_buf(bdev, READ, sector, buf);
}

int blkdev_write_buf(struct block_device *bdev, sector_t sector,
		     const void *buf)
{
	return blkdev_rw_buf(bdev, WRITE, sector, (void *)buf);
}
