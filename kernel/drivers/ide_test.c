/*
 * kernel/drivers/ide_test.c - tests of the IDE driver's two address forms
 * and its interrupt path, on the scratch disk (see kernel/block/blkdev_test.c;
 * skipped without one).  Pages written are restored.
 */
#include "kernel/block/blkdev.h"
#include "kernel/cmdline.h"
#include "kernel/drivers/ide.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"

static u8 saved[BIO_BYTES], data[BIO_BYTES], back[BIO_BYTES];

static struct ide_drive *test_drive(void)
{
	const char *name = cmdline_get("ktest_disk");
	struct block_device *b = blkdev_lookup(name ? name : "hdb");

	if (!b) {
		ktest_skip("no scratch disk (attach build/swap.img as hdb)");
		return NULL;
	}
	return b->private;
}

/* What one form writes the other reads: both address the same sector. */
static void cross_check(struct ide_drive *d, sector_t sector, bool w48, bool r48)
{
	u32 i;

	for (i = 0; i < BIO_BYTES; i++)
		data[i] = (u8)(i ^ (u32)sector ^ (w48 ? 0xA5 : 0x3C));
	d->use_lba48 = w48;
	KEXPECT_EQ(blkdev_write_page(&d->bdev, sector, data), 0);
	d->use_lba48 = r48;
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(blkdev_read_page(&d->bdev, sector, back), 0);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);
}

KTEST(ide_lba28_and_lba48_agree)
{
	struct ide_drive *d = test_drive();
	sector_t s;

	if (!d)
		return;
	s = d->bdev.nr_sectors - BIO_SECTORS;	/* high LBA bytes in use */
	KASSERT_EQ(blkdev_read_page(&d->bdev, s, saved), 0);
	cross_check(d, s, false, false);
	if (d->lba48) {
		cross_check(d, s, true, false);
		cross_check(d, s, false, true);
		cross_check(d, s, true, true);
	}
	d->use_lba48 = d->lba48;
	KEXPECT_EQ(blkdev_write_page(&d->bdev, s, saved), 0);
}

/* A page read with interrupts on is driven by the drive's interrupts: one
 * per sector. */
KTEST(ide_interrupt_driven)
{
	struct ide_drive *d = test_drive();
	unsigned long before;

	if (!d)
		return;
	KASSERT_TRUE(d->chan->queue.irq_driven);
	before = d->chan->nr_irq_steps;
	KEXPECT_EQ(blkdev_read_page(&d->bdev, 8, back), 0);
	KEXPECT_GE(d->chan->nr_irq_steps - before, BIO_SECTORS);
}
