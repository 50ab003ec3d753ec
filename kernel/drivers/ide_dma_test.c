/*
 * kernel/drivers/ide_dma_test.c - tests of bus-master DMA: the PRD table
 * rules (everywhere), and on the scratch disk (hdb, see
 * kernel/block/blkdev_test.c) when its channel does DMA: what DMA writes
 * PIO reads and the other way round, a request of pieces of two pages,
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
#include "mm/phys/page_alloc.h"

#define TEST_SECTOR 64

static u8 saved[BIO_BYTES], data[BIO_BYTES], back[BIO_BYTES];
static struct ide_prd prd_space[IDE_PRD_MAX] __attribute__((aligned(8)));

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
	u32 p = 0x20000 - BIO_BYTES / 2;	/* 2 KiB before a boundary */
	u32 i;

	ch.dma.prd = prd_space;
	ide_dma_table_reset(&ch);
	KASSERT_TRUE(ide_dma_map(&ch, p, BIO_BYTES));
	KASSERT_TRUE(ide_dma_finish(&ch));
	KASSERT_EQ(ch.dma.nr_prd, 2);
	KEXPECT_EQ(prd_space[0].addr, p);
	KEXPECT_EQ(prd_space[0].count, BIO_BYTES / 2);
	KEXPECT_EQ(prd_space[1].addr, p + BIO_BYTES / 2);
	KEXPECT_EQ(prd_space[1].addr % IDE_PRD_BOUNDARY, 0);
	KEXPECT_EQ(prd_space[1].count, IDE_PRD_EOT | BIO_BYTES / 2);

	/* Several pieces in one table (a multi-page request), high
	 * addresses as well as low. */
	ide_dma_table_reset(&ch);
	KEXPECT_TRUE(ide_dma_map(&ch, 0x5000, BIO_BYTES));
	KEXPECT_TRUE(ide_dma_map(&ch, 0xbffff000, BIO_BYTES));
	KEXPECT_TRUE(ide_dma_finish(&ch));
	KEXPECT_EQ(ch.dma.nr_prd, 2);
	KEXPECT_EQ(prd_space[1].addr, 0xbffff000);
	for (i = 0; i + 1 < ch.dma.nr_prd; i++)
		KEXPECT_EQ(prd_space[i].count & IDE_PRD_EOT, 0);
	KEXPECT_EQ(prd_space[ch.dma.nr_prd - 1].count & IDE_PRD_EOT, IDE_PRD_EOT);

	/* A whole aligned 64 KiB region is one entry of count 0. */
	ide_dma_table_reset(&ch);
	KEXPECT_TRUE(ide_dma_map(&ch, 0x10000, 0x10000));
	KEXPECT_EQ(ch.dma.nr_prd, 1);
	KEXPECT_EQ(prd_space[0].count, 0);

	ide_dma_table_reset(&ch);
	KEXPECT_FALSE(ide_dma_map(&ch, 0x1001, 2));		/* odd address */
	KEXPECT_FALSE(ide_dma_map(&ch, 0x1000, 3));		/* odd length */
	KEXPECT_FALSE(ide_dma_map(&ch, 0xfffff000, 0x2000));	/* past 4 GiB */
	KEXPECT_FALSE(ide_dma_finish(&ch));			/* an empty table */

	/* A full table refuses more. */
	ide_dma_table_reset(&ch);
	for (i = 0; i < IDE_PRD_MAX; i++)
		KASSERT_TRUE(ide_dma_map(&ch, 0x1000, 2));
	KEXPECT_FALSE(ide_dma_map(&ch, 0x1000, 2));
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
	return rw == WRITE ? blkdev_write_buf(&d->bdev, TEST_SECTOR, buf)
			   : blkdev_read_buf(&d->bdev, TEST_SECTOR, buf);
}

/* The test sectors by DMA into the second half of each of two pages:
 * a bio of two pieces. */
static int read_halves(struct ide_drive *d, struct page *pages)
{
	struct bio_vec vecs[2];
	struct bio bio;

	d->dma = true;
	bio_init_vecs(&bio, &d->bdev, READ, TEST_SECTOR, vecs, 2);
	bio_add_page(&bio, pages, BIO_BYTES / 2, BIO_BYTES / 2);
	bio_add_page(&bio, pages + 1, BIO_BYTES / 2, BIO_BYTES / 2);
	return submit_bio_wait(&bio);
}

/* DMA and PIO agree on the same sectors, in both directions, and each
 * DMA request counts as one. */
KTEST(ide_dma_round_trip_matches_pio)
{
	struct ide_drive *d = dma_drive();
	unsigned long before;
	struct page *halves;

	if (!d)
		return;
	halves = alloc_pages(GFP_KERNEL, 1);
	KASSERT_TRUE(halves != NULL);
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

	/* Into the second halves of two pages: one request, two PRDs. */
	KEXPECT_EQ(read_halves(d, halves), 0);
	KEXPECT_EQ(d->chan->dma.nr_prd, 2);
	KEXPECT_EQ(memcmp((u8 *)page_address(halves) + BIO_BYTES / 2, data,
			  BIO_BYTES / 2), 0);
	KEXPECT_EQ(memcmp((u8 *)page_address(halves + 1) + BIO_BYTES / 2,
			  data + BIO_BYTES / 2, BIO_BYTES / 2), 0);
	__free_pages(halves, 1);

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
		KEXPECT_EQ(blkdev_read_buf(&d->bdev, TEST_SECTOR, back), 0);
		KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);
	}
	KEXPECT_FALSE(d->dma);
	KEXPECT_EQ(d->dma_errors_pio_ok, IDE_DMA_MAX_ERRORS);

	requests = d->chan->dma.nr_requests;
	memset(back, 0, sizeof(back));
	KEXPECT_EQ(blkdev_read_buf(&d->bdev, TEST_SECTOR, back), 0);
	KEXPECT_EQ(d->chan->dma.nr_requests, requests);
	KEXPECT_EQ(memcmp(back, data, BIO_BYTES), 0);

	KEXPECT_EQ(rw_page(d, false, WRITE, saved), 0);
	d->dma = true;
	d->dma_errors_pio_ok = 0;
}
