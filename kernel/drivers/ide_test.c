/*
 * kernel/drivers/ide_test.c - tests of the IDE driver's address forms
 * and its interrupt path, on the scratch disk (see kernel/block/blkdev_test.c;
 * skipped without one).  Pages written are restored.
 */
#include "kernel/block/blkdev.h"
#include "kernel/drivers/ide.h"
#include "kernel/drivers/ide_test.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"

static u8 saved[BIO_BYTES], data[BIO_BYTES], back[BIO_BYTES];

/* What one address form writes the other reads: both name the same
 * sectors. */
static void cross_check(struct ide_drive *d, sector_t sector,
			enum ide_addressing w, enum ide_addressing r)
{
	u32 i;

	for (i = 0; i < BIO_BYTES; i++)
		data[i] = (u8)(i ^ (u32)sector ^ (w * 0x55 + r));
	d->use = w;
	KEXPECT_EQ(blkdev_write_buf(&d->bdev, sector, data), 0);
	d->use = r;
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(blkdev_read_buf(&d->bdev, sector, back), 0);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);
}

/* Every pair of the forms the drive has, at sector. */
static void cross_check_all(struct ide_drive *d, sector_t sector)
{
	enum ide_addressing w, r;

	KASSERT_EQ(blkdev_read_buf(&d->bdev, sector, saved), 0);
	for (w = IDE_CHS; w <= d->addressing; w++)
		for (r = IDE_CHS; r <= d->addressing; r++)
			cross_check(d, sector, w, r);
	d->use = d->addressing;
	KEXPECT_EQ(blkdev_write_buf(&d->bdev, sector, saved), 0);
}

/* The last page (high LBA bytes in use, the last cylinder for CHS) and
 * pages that cross a track and a cylinder boundary. */
KTEST(ide_address_forms_agree)
{
	struct ide_drive *d = ide_scratch_drive();
	u32 spt, cyl;

	if (!d)
		return;
	KASSERT_TRUE(d->sectors && d->heads && d->cyls);
	spt = d->sectors;
	cyl = spt * d->heads;
	cross_check_all(d, spt - 3);
	cross_check_all(d, 2 * cyl - 4);
	cross_check_all(d, min(d->bdev.nr_sectors, (sector_t)cyl * d->cyls) -
				   BIO_SECTORS);
	/* A form that cannot reach a sector refuses it. */
	d->use = IDE_CHS;
	if (d->bdev.nr_sectors >= (sector_t)cyl * d->cyls + BIO_SECTORS)
		KEXPECT_EQ(blkdev_read_buf(&d->bdev, (sector_t)cyl * d->cyls, back),
			   -EIO);
	d->use = d->addressing;
}

/* A page read by PIO with interrupts on is driven by the drive's
 * interrupts: one per DRQ block, a sector or (multiple mode) up to
 * d->mult sectors.  By DMA it is one interrupt in all. */
KTEST(ide_interrupt_driven)
{
	struct ide_drive *d = ide_scratch_drive();
	unsigned long before;
	bool dma;

	if (!d)
		return;
	KASSERT_TRUE(d->chan->queue.irq_driven);
	dma = d->dma;
	d->dma = false;
	before = d->chan->nr_irq_steps;
	KEXPECT_EQ(blkdev_read_buf(&d->bdev, 8, back), 0);
	KEXPECT_GE(d->chan->nr_irq_steps - before,
		   d->mult ? (BIO_SECTORS + d->mult - 1u) / d->mult : BIO_SECTORS);
	d->dma = dma;
	if (!dma)
		return;
	before = d->chan->nr_irq_steps;
	KEXPECT_EQ(blkdev_read_buf(&d->bdev, 8, back), 0);
	KEXPECT_EQ(d->chan->nr_irq_steps - before, 1);
}
