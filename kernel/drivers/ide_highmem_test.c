/*
 * kernel/drivers/ide_highmem_test.c - the IDE driver on pages in high
 * memory, on the scratch disk (kernel/block/blkdev_test.c): PIO maps each
 * sector of the page with kmap_atomic, bus-master DMA is given the page's
 * physical address.  A page written one way is read back the other way
 * (and into a low buffer), so neither can agree with itself only.  Skipped
 * without a scratch disk or without high memory (boot with highmem=, or
 * with more than 896 MiB).  The sectors written are restored.
 */
#include "kernel/block/blkdev.h"
#include "kernel/drivers/ide.h"
#include "kernel/drivers/ide_test.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"

#define TEST_SECTOR 72

static u8 saved[BIO_BYTES], low[BIO_BYTES];

/* A page above the direct map, or NULL (skipped). */
static struct page *high_page(void)
{
	struct page *page = alloc_page(GFP_HIGHUSER);

	if (page && !PageHighMem(page)) {
		__free_page(page);
		page = NULL;
	}
	if (!page)
		ktest_skip("no high memory (highmem= or more than 896 MiB)");
	return page;
}

static void fill(u8 *buf, u8 seed)
{
	u32 i;

	for (i = 0; i < BIO_BYTES; i++)
		buf[i] = (u8)(i * 11 + seed + i / SECTOR_SIZE);
}

/* Whether the high page holds what low holds. */
static bool page_is(struct page *page, const u8 *buf)
{
	u8 *p = kmap_atomic(page, KM_USER0);
	bool eq = !memcmp(p, buf, BIO_BYTES);

	kunmap_atomic(p, KM_USER0);
	return eq;
}

/*
 * Write the high page by `dma` (false: PIO), read it back into a low
 * buffer the other way (when the drive has DMA at all), then read it into
 * the high page again, cleared, the first way.  DMA requests are counted,
 * so a silent fall back to PIO fails the test.
 */
static void high_round_trip(struct ide_drive *d, bool dma, u8 seed)
{
	bool had_dma = d->dma;
	struct page *page = high_page();
	unsigned long requests;
	u8 *p;

	if (!page)
		return;
	KASSERT_EQ(blkdev_read_buf(&d->bdev, TEST_SECTOR, saved), 0);
	fill(low, seed);
	p = kmap_atomic(page, KM_USER0);
	memcpy(p, low, BIO_BYTES);
	kunmap_atomic(p, KM_USER0);

	requests = d->chan->dma.nr_requests;
	d->dma = dma;
	KEXPECT_EQ(blkdev_write_page(&d->bdev, TEST_SECTOR, page), 0);
	KEXPECT_EQ(d->chan->dma.nr_requests - requests, dma ? 1ul : 0ul);

	d->dma = had_dma && !dma;
	memset(low, 0, sizeof(low));
	KEXPECT_EQ(blkdev_read_buf(&d->bdev, TEST_SECTOR, low), 0);
	KEXPECT_TRUE(page_is(page, low));

	clear_highpage(page);
	requests = d->chan->dma.nr_requests;
	d->dma = dma;
	KEXPECT_EQ(blkdev_read_page(&d->bdev, TEST_SECTOR, page), 0);
	KEXPECT_EQ(d->chan->dma.nr_requests - requests, dma ? 1ul : 0ul);
	KEXPECT_TRUE(page_is(page, low));

	d->dma = had_dma;
	KEXPECT_EQ(blkdev_write_buf(&d->bdev, TEST_SECTOR, saved), 0);
	__free_page(page);
}

KTEST(ide_pio_high_page)
{
	struct ide_drive *d = ide_scratch_drive();

	if (d)
		high_round_trip(d, false, 0x31);
}

KTEST(ide_dma_high_page)
{
	struct ide_drive *d = ide_scratch_drive();

	if (!d)
		return;
	if (!d->dma) {
		ktest_skip("the scratch disk does not do DMA here");
		return;
	}
	high_round_trip(d, true, 0x47);
}
