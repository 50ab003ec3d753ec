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
#include "kernel/io.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"

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
	KASSERT_EQ(blkdev_read_page(b, sector, saved), 0);
	fill_pattern(pattern, sector, 0x5A);
	KEXPECT_EQ(blkdev_write_page(b, sector, pattern), 0);
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(blkdev_read_page(b, sector, back), 0);
	KEXPECT_EQ(memcmp(back, pattern, BIO_BYTES), 0);
	KEXPECT_EQ(blkdev_write_page(b, sector, saved), 0);
	KEXPECT_EQ(blkdev_read_page(b, sector, back), 0);
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
	KASSERT_EQ(blkdev_read_page(b, 16, before), 0);
	KASSERT_EQ(blkdev_read_page(b, 32, after), 0);
	check_roundtrip(b, 24);
	KEXPECT_EQ(blkdev_read_page(b, 16, back), 0);
	KEXPECT_EQ(memcmp(back, before, BIO_BYTES), 0);
	KEXPECT_EQ(blkdev_read_page(b, 32, back), 0);
	KEXPECT_EQ(memcmp(back, after, BIO_BYTES), 0);
}

KTEST(blk_beyond_end)
{
	struct block_device *b = test_disk();
	sector_t n;

	if (!b)
		return;
	n = b->nr_sectors;
	KEXPECT_EQ(blkdev_read_page(b, n - BIO_SECTORS + 1, back), -EIO);
	KEXPECT_EQ(blkdev_read_page(b, n, back), -EIO);
	KEXPECT_EQ(blkdev_write_page(b, n - 1, pattern), -EIO);
	KEXPECT_EQ(blkdev_read_page(b, 1ULL << 40, back), -EIO);
	KEXPECT_EQ(blkdev_read_page(b, ~0ULL - 3, back), -EIO);
	KEXPECT_EQ(blkdev_read_page(b, n - BIO_SECTORS, back), 0);
}

KTEST(blk_injected_error_hits_nth)
{
	struct block_device *b = test_disk();
	unsigned long base, injected;
	int i, err[5];

	if (!b)
		return;
	base = blk_nr_requests();
	injected = blk_nr_injected();
	blk_inject_error(base + 3);
	for (i = 0; i < 5; i++)
		err[i] = blkdev_read_page(b, (sector_t)i * BIO_SECTORS, back);
	blk_inject_error(0);
	KEXPECT_EQ(err[0], 0);
	KEXPECT_EQ(err[1], 0);
	KEXPECT_EQ(err[2], -EIO);
	KEXPECT_EQ(err[3], 0);
	KEXPECT_EQ(err[4], 0);
	KEXPECT_EQ(blk_nr_requests(), base + 5);
	KEXPECT_EQ(blk_nr_injected(), injected + 1);
	/* An injected write error must not reach the disk. */
	KASSERT_EQ(blkdev_read_page(b, 40, saved), 0);
	fill_pattern(pattern, 40, 0x33);
	blk_inject_error(blk_nr_requests() + 1);
	KEXPECT_EQ(blkdev_write_page(b, 40, pattern), -EIO);
	KEXPECT_EQ(blkdev_read_page(b, 40, back), 0);
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
	static u8 bufs[3][BIO_BYTES];
	static u8 orig[3][BIO_BYTES];
	struct bio bios[3];
	int i;

	if (!b)
		return;
	for (i = 0; i < 3; i++) {
		KASSERT_EQ(blkdev_read_page(b, 64 + i * 8, orig[i]), 0);
		fill_pattern(bufs[i], 64 + i * 8, (u8)i);
	}
	async_done = 0;
	for (i = 0; i < 3; i++) {
		bio_init(&bios[i], b, WRITE, 64 + i * 8, bufs[i]);
		bios[i].bi_end_io = async_end_io;
		bios[i].bi_private = &async_ids[i];
		submit_bio(&bios[i]);
	}
	/* The queue is FIFO: a synchronous read behind them ends last. */
	KEXPECT_EQ(blkdev_read_page(b, 64 + 16, back), 0);
	KEXPECT_EQ(async_done, 3);
	for (i = 0; i < 3; i++) {
		KEXPECT_EQ(async_order[i], i + 1);
		KEXPECT_TRUE(bios[i].bi_done);
		KEXPECT_EQ(bios[i].bi_error, 0);
	}
	KEXPECT_EQ(memcmp(back, bufs[2], BIO_BYTES), 0);
	for (i = 0; i < 3; i++)
		KEXPECT_EQ(blkdev_write_page(b, 64 + i * 8, orig[i]), 0);
}

/* With interrupts off the waiter must complete the request by polling. */
KTEST(blk_polled_with_irqs_off)
{
	struct block_device *b = test_disk();
	u32 flags;
	int err;

	if (!b)
		return;
	KASSERT_EQ(blkdev_read_page(b, 8, saved), 0);
	flags = irq_save();
	err = blkdev_read_page(b, 8, back);
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

static bool silent_poll(struct request_queue *q)
{
	silent_polls++;
	memcpy(q->active->bio->bi_buf, silent_data, BIO_BYTES);
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
	KEXPECT_EQ(blkdev_read_page(&b, 8, back), 0);
	KEXPECT_EQ(silent_polls, 1);
	KEXPECT_EQ(memcmp(back, silent_data, BIO_BYTES), 0);
}
