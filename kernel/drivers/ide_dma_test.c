/*
 * kernel/drivers/ide_dma_test.c - tests of bus-master DMA: the PRD table
 * rules (everywhere), and on the scratch disk (hdb, see
 * kernel/block/blkdev_test.c) when its channel does DMA: what DMA writes
 * PIO reads and the other way round, a buffer across a 64 KiB boundary,
 * and an injected DMA error that the PIO retry recovers.  Pages written
 * are restored.
 */
#include "kernel/block/blkdev.h"
#include "kernel/cmdline.h"
#include "kernel/drivers/ide.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/page.h"

#define TEST_SECTOR 64

static u8 saved[BIO_BYTES], data[BIO_BYTES], back[BIO_BYTES];
/* More than 64 KiB + a page, so some page-sized piece of it crosses a
 * 64 KiB physical boundary. */
static u8 big[0x10000 + 2 * BIO_BYTES] __attribute__((aligned(4)));
static struct ide_prd prd_space[IDE_PRD_MAX] __attribute__((aligned(8)));

/* A BIO_BYTES piece of big whose middle is a 64 KiB physical boundary. */
static u8 *straddling_buffer(void)
{
	u32 boundary = ALIGN_UP(__pa(big) + BIO_BYTES / 2, IDE_PRD_BOUNDARY);

	return big + (boundary - BIO_BYTES / 2 - __pa(big));
}

static void fill(u8 *buf, u8 seed)
{
	u32 i;

	for (i = 0; i < BIO_BYTES; i++)
		buf[i] = (u8)(i * 13 + seed + i / SECTOR_SIZE);
}

/* Regions stop at 64 KiB boundaries, a 64 KiB region is counted as 0,
 * EOT marks only the last, and what cannot be mapped is refused. */
KTEST(ide_dma_prd_table_rules)
{
	static struct ide_channel ch;
	u8 stack_buf[4];
	u8 *p = straddling_buffer();
	u32 i;

	ch.dma.prd = prd_space;
	ide_dma_table_reset(&ch);
	KASSERT_TRUE(ide_dma_map(&ch, p, BIO_BYTES));
	KASSERT_TRUE(ide_dma_finish(&ch));
	KASSERT_EQ(ch.dma.nr_prd, 2);
	KEXPECT_EQ(prd_space[0].addr, __pa(p));
	KEXPECT_EQ(prd_space[0].count, BIO_BYTES / 2);
	KEXPECT_EQ(prd_space[1].addr, __pa(p) + BIO_BYTES / 2);
	KEXPECT_EQ(prd_space[1].addr % IDE_PRD_BOUNDARY, 0);
	KEXPECT_EQ(prd_space[1].count, IDE_PRD_EOT | BIO_BYTES / 2);

	/* Several buffers in one table (a multi-page request). */
	ide_dma_table_reset(&ch);
	KEXPECT_TRUE(ide_dma_map(&ch, data, BIO_BYTES));
	KEXPECT_TRUE(ide_dma_map(&ch, back, BIO_BYTES));
	KEXPECT_TRUE(ide_dma_finish(&ch));
	for (i = 0; i + 1 < ch.dma.nr_prd; i++)
		KEXPECT_EQ(prd_space[i].count & IDE_PRD_EOT, 0);
	KEXPECT_EQ(prd_space[ch.dma.nr_prd - 1].count & IDE_PRD_EOT, IDE_PRD_EOT);

	/* A whole aligned 64 KiB region is one entry of count 0. */
	ide_dma_table_reset(&ch);
	KEXPECT_TRUE(ide_dma_map(&ch, __va(0x10000), 0x10000));
	KEXPECT_EQ(ch.dma.nr_prd, 1);
	KEXPECT_EQ(prd_space[0].count, 0);

	ide_dma_table_reset(&ch);
	KEXPECT_FALSE(ide_dma_map(&ch, data + 1, 2));		/* odd address */
	KEXPECT_FALSE(ide_dma_map(&ch, data, 3));		/* odd length */
	KEXPECT_FALSE(ide_dma_map(&ch, stack_buf, 4));	/* a kernel stack: not the direct map */
	KEXPECT_FALSE(ide_dma_map(&ch, (void *)0x1000, 4));	/* user space */
	KEXPECT_FALSE(ide_dma_finish(&ch));			/* an empty table */

	/* A full table refuses more. */
	ide_dma_table_reset(&ch);
	for (i = 0; i < IDE_PRD_MAX; i++)
		KASSERT_TRUE(ide_dma_map(&ch, data, 2));
	KEXPECT_FALSE(ide_dma_map(&ch, data, 2));
}

static struct ide_drive *dma_drive(void)
{
	const char *name = cmdline_get("ktest_disk");
	struct block_device *b = blkdev_lookup(name ? name : "hdb");
	struct ide_drive *d;

	if (!b) {
		ktest_skip("no scratch disk (attach build/swap.img as hdb)");
		return NULL;
	}
	d = b->private;
	if (!d->dma) {
		ktest_skip("the scratch disk does not do DMA here (no PCI, no PIIX, or ide=nodma)");
		return NULL;
	}
	return d;
}

static int rw_page(struct ide_drive *d, bool dma, int rw, void *buf)
{
	d->dma = dma;
	return rw == WRITE ? blkdev_write_page(&d->bdev, TEST_SECTOR, buf)
			   : blkdev_read_page(&d->bdev, TEST_SECTOR, buf);
}

/* DMA and PIO agree on the same sectors, in both directions, and each
 * DMA request counts as one. */
KTEST(ide_dma_round_trip_matches_pio)
{
	struct ide_drive *d = dma_drive();
	unsigned long before;
	u8 *p;

	if (!d)
		return;
	KASSERT_EQ(rw_page(d, false, READ, saved), 0);

	fill(data, 1);
	before = d->chan->dma.nr_requests;
	KEXPECT_EQ(rw_page(d, true, WRITE, data), 0);
	KEXPECT_EQ(d->chan->dma.nr_requests - before, 1);
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(rw_page(d, false, READ, back), 0);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);

	fill(data, 2);
	KEXPECT_EQ(rw_page(d, false, WRITE, data), 0);
	memset(back, 0, sizeof(back));
	before = d->chan->dma.nr_requests;
	KEXPECT_EQ(rw_page(d, true, READ, back), 0);
	KEXPECT_EQ(d->chan->dma.nr_requests - before, 1);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);

	/* Into a buffer cut in two by a 64 KiB boundary: two PRDs. */
	p = straddling_buffer();
	memset(p, 0, BIO_BYTES);
	KEXPECT_EQ(rw_page(d, true, READ, p), 0);
	KEXPECT_EQ(d->chan->dma.nr_prd, 2);
	KEXPECT_EQ(memcmp(p, data, BIO_BYTES), 0);

	KEXPECT_EQ(rw_page(d, false, WRITE, saved), 0);
	d->dma = true;
}

/* The scratch disk for the injection tests, its test sector saved (the
 * test writes it back) and holding pattern seed, written by PIO; NULL
 * (skipped or failed) when there is none. */
static struct ide_drive *injection_drive(int seed)
{
	struct ide_drive *d = dma_drive();

	if (!d)
		return NULL;
	if (d->bdev.nr_sectors >= (1u << 24)) {
		ktest_skip("the injection needs a disk under 8 GiB");
		return NULL;
	}
	if (!KEXPECT_EQ(rw_page(d, false, READ, saved), 0))
		return NULL;
	fill(data, seed);
	KEXPECT_EQ(rw_page(d, false, WRITE, data), 0);
	d->dma_errors_pio_ok = 0;
	return d;
}

/* A DMA command the drive rejects is printed and retried by PIO, which
 * moves the right data; the request after it uses DMA again. */
KTEST(ide_dma_error_falls_back_to_pio)
{
	struct ide_drive *d = injection_drive(3);
	unsigned long errors, requests;

	if (!d)
		return;
	errors = d->chan->dma.nr_errors;
	ide_dma_inject_error = true;
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(rw_page(d, true, READ, back), 0);
	KEXPECT_FALSE(ide_dma_inject_error);
	KEXPECT_EQ(d->chan->dma.nr_errors - errors, 1);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);

	/* A write: the PIO retry writes what DMA could not. */
	fill(data, 4);
	ide_dma_inject_error = true;
	KEXPECT_EQ(rw_page(d, true, WRITE, data), 0);
	KEXPECT_EQ(d->chan->dma.nr_errors - errors, 2);
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(rw_page(d, false, READ, back), 0);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);

	requests = d->chan->dma.nr_requests;
	KEXPECT_EQ(rw_page(d, true, READ, back), 0);
	KEXPECT_EQ(d->chan->dma.nr_requests - requests, 1);
	KEXPECT_EQ(d->chan->dma.nr_errors - errors, 2);
	KEXPECT_FALSE(d->chan->dma.pio_retry);
	KEXPECT_TRUE(d->dma);
	KEXPECT_EQ(d->dma_errors_pio_ok, 2);

	KEXPECT_EQ(rw_page(d, false, WRITE, saved), 0);
	d->dma = true;
	d->dma_errors_pio_ok = 0;
}

/* A drive whose DMA fails IDE_DMA_MAX_ERRORS times where PIO works goes
 * by PIO from then on, and its data still comes back right. */
KTEST(ide_dma_off_after_repeated_errors)
{
	struct ide_drive *d = injection_drive(5);
	unsigned long requests;
	int i;

	if (!d)
		return;
	d->dma = true;
	/* Reads straight through the block layer: rw_page would set d->dma. */
	for (i = 0; i < IDE_DMA_MAX_ERRORS; i++) {
		KEXPECT_TRUE(d->dma);
		ide_dma_inject_error = true;
		memset(back, 0, sizeof(back));
		KEXPECT_EQ(blkdev_read_page(&d->bdev, TEST_SECTOR, back), 0);
		KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);
	}
	KEXPECT_FALSE(d->dma);
	KEXPECT_EQ(d->dma_errors_pio_ok, IDE_DMA_MAX_ERRORS);

	requests = d->chan->dma.nr_requests;
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(blkdev_read_page(&d->bdev, TEST_SECTOR, back), 0);
	KEXPECT_EQ(d->chan->dma.nr_requests, requests);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);

	KEXPECT_EQ(rw_page(d, false, WRITE, saved), 0);
	d->dma = true;
	d->dma_errors_pio_ok = 0;
}
