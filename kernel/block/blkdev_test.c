/*
 * kernel/block/blkdev_test.c - tests of the block layer on a real disk.
 *
 * They run on the scratch disk named by `ktest_disk=` (default hdb, the
 * swap image the test boots attach with
 * `-drive file=build/swap.img,format=raw,if=ide,index=1`) and skip when it
 * is absent.  Every page a test writes is read first and written back
 * afterwards, so the disk (and its swap header) is left as it was found.
 */
#include "kernel/block/blkdev.h"
#include "kernel/cmdline.h"
#include "kernel/errno.h"
#include "kernel/fault_inject.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/page_alloc.h"

KERNEL_PARAM("ktest_disk", "disk the block tests may write (default hdb)");

static u8 saved[BIO_BYTES], pattern[BIO_BYTES], back[BIO_BYTES];

static struct block_device *test_disk(void)
{
	const char *name = cmdline_get("ktest_disk");
	struct block_device *b = blkdev_lookup(name ? name : "hdb");

	if (!b)
		ktest_skip("no scratch disk (attach build/swap.img as hdb)");
	return b;
}

/* A pattern that differs in every sector and every byte offset. */
static void fill_pattern(u8 *buf, sector_t sector, u8 seed)
{
	u32 i;

	for (i = 0; i < BIO_BYTES; i++)
		buf[i] = (u8)(i * 7 + (u32)(sector + i / SECTOR_SIZE) * 31 + seed);
}

/* Write a pattern at sector, read it back, restore the old contents. */
static void check_roundtrip(struct block_device *b, sector_t sector)
{
	KASSERT_EQ(blkdev_read_buf(b, sector, saved), 0);
	fill_pattern(pattern, sector, 0x5A);
	KEXPECT_EQ(blkdev_write_buf(b, sector, pattern), 0);
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(blkdev_read_buf(b, sector, back), 0);
	KEXPECT_EQ(memcmp(back, pattern, BIO_BYTES), 0);
	KEXPECT_EQ(blkdev_write_buf(b, sector, saved), 0);
	KEXPECT_EQ(blkdev_read_buf(b, sector, back), 0);
	KEXPECT_EQ(memcmp(back, saved, BIO_BYTES), 0);
}

KTEST(blk_lookup)
{
	struct block_device *b;

	KEXPECT_TRUE(blkdev_lookup("hdz") == NULL);
	KEXPECT_TRUE(blkdev_lookup("/dev/nosuch") == NULL);
	KEXPECT_TRUE(blkdev_get_by_dev(3, 1) == NULL);
	for_each_blkdev(b) {
		KEXPECT_TRUE(blkdev_lookup(b->name) == b);
		KEXPECT_TRUE(blkdev_get_by_dev(b->major, b->minor) == b);
	}
	b = blkdev_lookup("hdb");
	if (b) {
		KEXPECT_TRUE(blkdev_lookup("/dev/hdb") == b);
		KEXPECT_EQ(b->major, 3);
		KEXPECT_EQ(b->minor, 64);
	}
}

static void find_major(unsigned int major, const char *name, void *arg)
{
	const char **found = arg;

	if (major == 3)
		*found = name;
}

/* /proc/devices' block section: the IDE driver names the major of every
 * channel that has a disk, once. */
KTEST(blk_major_names)
{
	const char *found = NULL;

	KEXPECT_EQ(register_blkdev(0, "zero"), -EINVAL);
	KEXPECT_EQ(register_blkdev(MAX_BLKDEV, "big"), -EINVAL);
	if (!blkdev_lookup("hda") && !blkdev_lookup("hdb"))
		return;
	KEXPECT_EQ(register_blkdev(3, "again"), -EBUSY);
	for_each_blkdev_major(find_major, &found);
	KEXPECT_TRUE(found && !strcmp(found, "ide0"));
}

KTEST(blk_claim)
{
	struct block_device *b = test_disk();
	int me, other;

	if (!b)
		return;
	KASSERT_TRUE(b->holder == NULL);
	KEXPECT_EQ(blkdev_claim(b, &me), 0);
	KEXPECT_EQ(blkdev_claim(b, &me), 0);
	KEXPECT_EQ(blkdev_claim(b, &other), -EBUSY);
	blkdev_release(b, &other);
	KEXPECT_TRUE(b->holder == &me);
	blkdev_release(b, &me);
	KEXPECT_TRUE(b->holder == NULL);
}

/* Sector 8 (page-aligned), an unaligned sector, a page crossing the LBA
 * low-byte boundary (255 -> 256) and the mid-byte one (65535 -> 65536 on
 * disks that big), and the last whole page of the disk. */
KTEST(blk_read_write_pages)
{
	struct block_device *b = test_disk();

	if (!b)
		return;
	check_roundtrip(b, 8);
	check_roundtrip(b, 515);
	check_roundtrip(b, 252);
	if (b->nr_sectors >= 65540 + BIO_SECTORS)
		check_roundtrip(b, 65532);
	check_roundtrip(b, b->nr_sectors - BIO_SECTORS);
}

/* Neighbouring pages do not bleed into each other. */
KTEST(blk_neighbours_intact)
{
	struct block_device *b = test_disk();
	static u8 before[BIO_BYTES], after[BIO_BYTES];

	if (!b)
		return;
	KASSERT_EQ(blkdev_read_buf(b, 16, before), 0);
	KASSERT_EQ(blkdev_read_buf(b, 32, after), 0);
	check_roundtrip(b, 24);
	KEXPECT_EQ(blkdev_read_buf(b, 16, back), 0);
	KEXPECT_EQ(memcmp(back, before, BIO_BYTES), 0);
	KEXPECT_EQ(blkdev_read_buf(b, 32, back), 0);
	KEXPECT_EQ(memcmp(back, after, BIO_BYTES), 0);
}

KTEST(blk_beyond_end)
{
	struct block_device *b = test_disk();
	sector_t n;

	if (!b)
		return;
	n = b->nr_sectors;
	KEXPECT_EQ(blkdev_read_buf(b, n - BIO_SECTORS + 1, back), -EIO);
	KEXPECT_EQ(blkdev_read_buf(b, n, back), -EIO);
	KEXPECT_EQ(blkdev_write_buf(b, n - 1, pattern), -EIO);
	KEXPECT_EQ(blkdev_read_buf(b, 1ULL << 40, back), -EIO);
	KEXPECT_EQ(blkdev_read_buf(b, ~0ULL - 3, back), -EIO);
	KEXPECT_EQ(blkdev_read_buf(b, n - BIO_SECTORS, back), 0);
}

KTEST(blk_injected_error_hits_nth)
{
	struct block_device *b = test_disk();
	u32 failures = fail_make_request.failures;
	int i, err[5];

	if (!b)
		return;
	fault_attr_fail_nth(&fail_make_request, 3);
	for (i = 0; i < 5; i++)
		err[i] = blkdev_read_buf(b, (sector_t)i * BIO_SECTORS, back);
	fault_attr_fail_nth(&fail_make_request, 0);
	KEXPECT_EQ(err[0], 0);
	KEXPECT_EQ(err[1], 0);
	KEXPECT_EQ(err[2], -EIO);
	KEXPECT_EQ(err[3], 0);
	KEXPECT_EQ(err[4], 0);
	KEXPECT_EQ(fail_make_request.failures, failures + 1);
	/* An injected write error must not reach the disk. */
	KASSERT_EQ(blkdev_read_buf(b, 40, saved), 0);
	fill_pattern(pattern, 40, 0x33);
	fault_attr_fail_nth(&fail_make_request, 1);
	KEXPECT_EQ(blkdev_write_buf(b, 40, pattern), -EIO);
	KEXPECT_EQ(blkdev_read_buf(b, 40, back), 0);
	KEXPECT_EQ(memcmp(back, saved, BIO_BYTES), 0);
}

static int async_ids[3] = { 1, 2, 3 };
static int async_order[3];
static int async_done;

static void async_end_io(struct bio *bio)
{
	if (async_done < 3)
		async_order[async_done] = *(int *)bio->bi_private;
	async_done++;
}

/* Several bios queued at once complete in order, each calling back once,
 * while the submitter does not wait for them. */
KTEST(blk_async_queue)
{
	struct block_device *b = test_disk();
	static u8 orig[3][BIO_BYTES];
	struct page *pages = NULL;
	struct bio bios[3];
	u8 *bufs[3];
	int i;

	if (!b)
		return;
	pages = alloc_pages(GFP_KERNEL, 2);
	KASSERT_TRUE(pages != NULL);
	for (i = 0; i < 3; i++) {
		bufs[i] = page_address(pages + i);
		KASSERT_EQ(blkdev_read_buf(b, 64 + i * 8, orig[i]), 0);
		fill_pattern(bufs[i], 64 + i * 8, (u8)i);
	}
	async_done = 0;
	for (i = 0; i < 3; i++) {
		bio_init(&bios[i], b, WRITE, 64 + i * 8, pages + i);
		bios[i].bi_end_io = async_end_io;
		bios[i].bi_private = &async_ids[i];
		submit_bio(&bios[i]);
	}
	/* The queue is FIFO: a synchronous read behind them ends last. */
	KEXPECT_EQ(blkdev_read_buf(b, 64 + 16, back), 0);
	KEXPECT_EQ(async_done, 3);
	for (i = 0; i < 3; i++) {
		KEXPECT_EQ(async_order[i], i + 1);
		KEXPECT_TRUE(bios[i].bi_done);
		KEXPECT_EQ(bios[i].bi_error, 0);
	}
	KEXPECT_EQ(memcmp(back, bufs[2], BIO_BYTES), 0);
	for (i = 0; i < 3; i++)
		KEXPECT_EQ(blkdev_write_buf(b, 64 + i * 8, orig[i]), 0);
	__free_pages(pages, 2);
}

/* With interrupts off the waiter must complete the request by polling. */
KTEST(blk_polled_with_irqs_off)
{
	struct block_device *b = test_disk();
	u32 flags;
	int err;

	if (!b)
		return;
	KASSERT_EQ(blkdev_read_buf(b, 8, saved), 0);
	flags = irq_save();
	err = blkdev_read_buf(b, 8, back);
	irq_restore(flags);
	KEXPECT_EQ(err, 0);
	KEXPECT_EQ(memcmp(back, saved, BIO_BYTES), 0);
}

/*
 * A disk that claims to interrupt but never does: only a poll completes
 * its requests.  The waiter must give up on the interrupt after
 * BLK_IRQ_TIMEOUT and poll, instead of hanging.
 */
static u8 silent_data[BIO_BYTES];
static int silent_polls;

static int silent_request(struct request_queue *q, struct request *rq)
{
	(void)q;
	(void)rq;
	return 0;
}

/* A read of rq's sectors from mem, as a PIO driver does it. */
static void copy_to_rq(struct request *rq, const u8 *mem)
{
	unsigned int i;
	u8 *buf;

	for (i = 0; i < rq->nr_sectors; i++) {
		buf = blk_rq_map_sector(rq, i, KM_USER0);
		memcpy(buf, mem + i * SECTOR_SIZE, SECTOR_SIZE);
		blk_rq_unmap_sector(buf, KM_USER0);
	}
}

static bool silent_poll(struct request_queue *q)
{
	silent_polls++;
	copy_to_rq(q->active, silent_data);
	blk_complete(q, 0);
	return true;
}

KTEST(blk_lost_interrupt_falls_back_to_polling)
{
	static struct request_queue q;
	static struct block_device b = { .name = "silent", .major = 240,
					 .minor = 9, .nr_sectors = 64 };

	blk_init_queue(&q, silent_request, silent_poll, NULL);
	q.irq_driven = true;
	b.queue = &q;
	fill_pattern(silent_data, 0, 0x77);
	silent_polls = 0;
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(blkdev_read_buf(&b, 8, back), 0);
	KEXPECT_EQ(silent_polls, 1);
	KEXPECT_EQ(memcmp(back, silent_data, BIO_BYTES), 0);
}

/*
 * Merging, on a RAM disk of RAM_PAGES pages whose queue records the
 * requests it is given: bios submitted under a plug join back to back
 * into requests of at most max_sectors, in sector order.
 */
#define RAM_PAGES 32
#define RAM_ORDER 5
#define RAM_MAX_RQ 8

static struct request_queue ram_q;
static struct block_device ram_b = { .name = "ram", .major = 240,
				     .minor = 10,
				     .nr_sectors = RAM_PAGES * BIO_SECTORS };
static u8 *ram_mem;
static unsigned int ram_nr_rq;
static unsigned int ram_rq_sectors[RAM_MAX_RQ];
static sector_t ram_rq_first[RAM_MAX_RQ];
static int ram_error;		/* what the next requests end with */

static int ram_request(struct request_queue *q, struct request *rq)
{
	(void)q;
	(void)rq;
	return 0;		/* the work happens in ram_poll */
}

static bool ram_poll(struct request_queue *q)
{
	struct request *rq = q->active;
	unsigned int i;

	if (!rq)
		return true;
	if (ram_nr_rq < RAM_MAX_RQ) {
		ram_rq_first[ram_nr_rq] = rq->sector;
		ram_rq_sectors[ram_nr_rq] = rq->nr_sectors;
	}
	ram_nr_rq++;
	for (i = 0; !ram_error && i < rq->nr_sectors; i++) {
		u8 *at = ram_mem + (rq->sector + i) * SECTOR_SIZE;
		u8 *buf = blk_rq_map_sector(rq, i, KM_USER0);

		if (rq->rw == READ)
			memcpy(buf, at, SECTOR_SIZE);
		else
			memcpy(at, buf, SECTOR_SIZE);
		blk_rq_unmap_sector(buf, KM_USER0);
	}
	blk_complete(q, ram_error);
	return true;
}

static struct page *ram_pages, *ram_bufs;

static bool ram_setup(void)
{
	ram_pages = alloc_pages(GFP_KERNEL, RAM_ORDER);
	ram_bufs = alloc_pages(GFP_KERNEL, RAM_ORDER);
	if (!KEXPECT_TRUE(ram_pages && ram_bufs))
		return false;
	ram_mem = page_address(ram_pages);
	memset(ram_mem, 0, RAM_PAGES * BIO_BYTES);
	blk_init_queue(&ram_q, ram_request, ram_poll, NULL);
	memset(&ram_b.dkstats, 0, sizeof(ram_b.dkstats));
	ram_b.queue = &ram_q;
	ram_nr_rq = 0;
	ram_error = 0;
	return true;
}

static void ram_teardown(void)
{
	if (ram_pages)
		__free_pages(ram_pages, RAM_ORDER);
	if (ram_bufs)
		__free_pages(ram_bufs, RAM_ORDER);
	ram_pages = ram_bufs = NULL;
}

static struct page *ram_page(int i)
{
	return ram_bufs + i;
}

static u8 *ram_buf(int i)
{
	return page_address(ram_page(i));
}

/* Nothing left behind: no request queued or active, all back in the pool. */
static void expect_queue_idle(struct request_queue *q)
{
	struct request *rq;
	int n = 0;

	KEXPECT_TRUE(q->active == NULL);
	KEXPECT_TRUE(list_empty(&q->queue_head));
	list_for_each_entry(rq, &q->free_list, queuelist)
		n++;
	KEXPECT_EQ(n, BLK_NR_REQUESTS);
}

/*
 * Under a plug: pages 2, 3, 1 (front merge), 4 (back merge), 9 (apart),
 * and a read of page 5 (the other direction): three requests, sorted by
 * sector; then 20 pages in a row: 16 + 4 (max_sectors is 64 KiB).
 */
KTEST(blk_merge_back_front_and_sorted)
{
	static const int order[] = { 2, 3, 1, 4, 9 };
	struct blk_plug plug;
	static struct bio bios[20];
	int i;

	if (!ram_setup())
		goto out;
	for (i = 0; i < 5; i++) {
		fill_pattern(ram_buf(i), (sector_t)order[i] * BIO_SECTORS, 1);
		bio_init(&bios[i], &ram_b, WRITE,
			 (sector_t)order[i] * BIO_SECTORS, ram_page(i));
	}
	bio_init(&bios[5], &ram_b, READ, 5 * BIO_SECTORS, ram_page(5));
	blk_start_plug(&plug);
	for (i = 0; i < 6; i++)
		submit_bio(&bios[i]);
	KEXPECT_EQ(ram_nr_rq, 0u);	/* held by the plug */
	blk_finish_plug(&plug);
	for (i = 0; i < 6; i++)
		KEXPECT_EQ(bio_wait(&bios[i]), 0);
	KEXPECT_EQ(ram_nr_rq, 3u);
	KEXPECT_EQ(ram_rq_first[0], (sector_t)1 * BIO_SECTORS);
	KEXPECT_EQ(ram_rq_sectors[0], 4u * BIO_SECTORS);
	KEXPECT_EQ(ram_rq_first[1], (sector_t)5 * BIO_SECTORS);
	KEXPECT_EQ(ram_rq_sectors[1], (unsigned int)BIO_SECTORS);
	KEXPECT_EQ(ram_rq_first[2], (sector_t)9 * BIO_SECTORS);
	KEXPECT_EQ(ram_b.dkstats.merges[WRITE], 3ul);
	KEXPECT_EQ(ram_b.dkstats.ios[WRITE], 2ul);
	KEXPECT_EQ(ram_b.dkstats.sectors[WRITE], 5ul * BIO_SECTORS);
	for (i = 0; i < 5; i++)
		KEXPECT_EQ(memcmp(ram_mem + order[i] * BIO_BYTES, ram_buf(i),
				  BIO_BYTES), 0);
	expect_queue_idle(&ram_q);

	ram_nr_rq = 0;
	blk_start_plug(&plug);
	for (i = 0; i < 20; i++) {
		bio_init(&bios[i], &ram_b, READ, (sector_t)(i + 10) * BIO_SECTORS,
			 ram_page(i));
		submit_bio(&bios[i]);
	}
	blk_finish_plug(&plug);
	for (i = 0; i < 20; i++)
		KEXPECT_EQ(bio_wait(&bios[i]), 0);
	KEXPECT_EQ(ram_nr_rq, 2u);
	KEXPECT_EQ(ram_rq_sectors[0], (unsigned int)BLK_MAX_SECTORS);
	KEXPECT_EQ(ram_rq_sectors[1], 4u * BIO_SECTORS);
	expect_queue_idle(&ram_q);
out:
	ram_teardown();
}

/*
 * A bio of several pages (file writeback's, fs/mpage.c): bio_add_page
 * takes pages up to the queue's max_sectors; a three-page bio and a
 * one-page bio after it merge into one request of four pages, whose
 * sectors land in order; the end counts the bio's sectors.
 */
KTEST(blk_multi_page_bio)
{
	static struct bio_vec vecs[BLK_MAX_SECTORS / BIO_SECTORS + 1];
	static struct bio big, one;
	struct blk_plug plug;
	int i;

	if (!ram_setup())
		goto out;
	bio_init_vecs(&big, &ram_b, WRITE, 4 * BIO_SECTORS, vecs,
		      BLK_MAX_SECTORS / BIO_SECTORS + 1);
	for (i = 0; i < BLK_MAX_SECTORS / BIO_SECTORS; i++)
		KEXPECT_EQ(bio_add_page(&big, ram_page(i), BIO_BYTES, 0), BIO_BYTES);
	KEXPECT_EQ(bio_add_page(&big, ram_page(i), BIO_BYTES, 0), 0); /* past max_sectors */
	bio_init_vecs(&big, &ram_b, WRITE, 4 * BIO_SECTORS, vecs, 3);
	for (i = 0; i < 3; i++) {
		fill_pattern(ram_buf(i), (sector_t)(4 + i) * BIO_SECTORS, 2);
		KEXPECT_EQ(bio_add_page(&big, ram_page(i), BIO_BYTES, 0), BIO_BYTES);
	}
	KEXPECT_EQ(bio_add_page(&big, ram_page(3), BIO_BYTES, 0), 0); /* its array is full */
	KEXPECT_EQ(bio_sectors(&big), 3u * BIO_SECTORS);
	fill_pattern(ram_buf(3), 7 * BIO_SECTORS, 2);
	bio_init(&one, &ram_b, WRITE, 7 * BIO_SECTORS, ram_page(3));
	blk_start_plug(&plug);
	submit_bio(&big);
	submit_bio(&one);
	blk_finish_plug(&plug);
	KEXPECT_EQ(bio_wait(&big), 0);
	KEXPECT_EQ(bio_wait(&one), 0);
	KEXPECT_EQ(ram_nr_rq, 1u);
	KEXPECT_EQ(ram_rq_first[0], (sector_t)4 * BIO_SECTORS);
	KEXPECT_EQ(ram_rq_sectors[0], 4u * BIO_SECTORS);
	KEXPECT_EQ(ram_b.dkstats.sectors[WRITE], 4ul * BIO_SECTORS);
	KEXPECT_EQ(memcmp(ram_mem + 4 * BIO_BYTES, ram_buf(0), 4 * BIO_BYTES),
		   0);
	expect_queue_idle(&ram_q);
out:
	ram_teardown();
}

static int merged_end_io_calls;

static void merged_end_io(struct bio *bio)
{
	(void)bio;
	merged_end_io_calls++;
}

/* A merged request that fails fails every bio in it, each once, with
 * -EIO; none is left queued, and the disk is untouched. */
KTEST(blk_error_in_merged_request_fails_every_bio)
{
	struct blk_plug plug;
	static struct bio bios[4];
	int i;

	if (!ram_setup())
		goto out;
	ram_error = -EIO;
	merged_end_io_calls = 0;
	blk_start_plug(&plug);
	for (i = 0; i < 4; i++) {
		fill_pattern(ram_buf(i), (sector_t)(i + 4) * BIO_SECTORS, 2);
		bio_init(&bios[i], &ram_b, WRITE, (sector_t)(i + 4) * BIO_SECTORS,
			 ram_page(i));
		bios[i].bi_end_io = merged_end_io;
		submit_bio(&bios[i]);
	}
	blk_finish_plug(&plug);
	for (i = 0; i < 4; i++) {
		KEXPECT_EQ(bio_wait(&bios[i]), -EIO);
		KEXPECT_TRUE(bios[i].bi_done);
	}
	KEXPECT_EQ(ram_nr_rq, 1u);
	KEXPECT_EQ(ram_rq_sectors[0], 4u * BIO_SECTORS);
	KEXPECT_EQ(merged_end_io_calls, 4);
	KEXPECT_EQ(ram_b.dkstats.ios[WRITE], 0ul);	/* only successes count */
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(memcmp(ram_mem + 4 * BIO_BYTES, back, BIO_BYTES), 0);
	expect_queue_idle(&ram_q);
	/* The queue works on afterwards. */
	ram_error = 0;
	KEXPECT_EQ(blkdev_write_buf(&ram_b, 4 * BIO_SECTORS, ram_buf(0)), 0);
	KEXPECT_EQ(memcmp(ram_mem + 4 * BIO_BYTES, ram_buf(0), BIO_BYTES), 0);
out:
	ram_teardown();
}
