/*
 * fs/buffer_test.c - buffer heads on a block device's page cache, on a
 * ktest RAM disk (kernel/block/ktest_ramdisk.h) of 8 pages and 2 sectors,
 * so its last page is short.
 */
#include "fs/block_dev.h"
#include "fs/buffer_head.h"
#include "kernel/block/ktest_ramdisk.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/vm/filemap.h"

#define RD_SECTORS (8 * BIO_SECTORS + 2)

static struct ktest_ramdisk rd;
static struct block_device *const rd_b = &rd.bdev;

/* Each 1 KiB block holds its own number in every byte. */
static bool rd_setup(void)
{
	unsigned int i;

	if (!ktest_ramdisk_init(&rd, "bhram", 0, RD_SECTORS))
		return false;
	for (i = 0; i < RD_SECTORS; i++)
		memset(rd.mem + i * SECTOR_SIZE, i / 2, SECTOR_SIZE);
	return KEXPECT_EQ(blkdev_get(rd_b), 0);
}

static void rd_teardown(void)
{
	blkdev_put(rd_b);
	ktest_ramdisk_free(&rd);
}

static bool filled(const struct buffer_head *bh, u8 value)
{
	u32 i;

	for (i = 0; i < bh->b_size; i++)
		if ((u8)bh->b_data[i] != value)
			return false;
	return true;
}

/* Block 5 of 1 KiB: page 1 gets four buffers; a second bread of a block
 * of that page reads nothing more. */
KTEST(buffer_bread_shares_the_page)
{
	unsigned long heads = nr_buffer_heads();
	struct buffer_head *bh, *bh2;

	if (!rd_setup())
		return;
	bh = __bread(rd_b, 5, 1024);
	KASSERT_TRUE(bh != NULL);
	KEXPECT_EQ(bh->b_blocknr, 5ull);
	KEXPECT_EQ(bh->b_size, 1024u);
	KEXPECT_EQ(bh->b_page->index, 1u);
	KEXPECT_TRUE(buffer_uptodate(bh));
	KEXPECT_TRUE(filled(bh, 5));
	KEXPECT_EQ(nr_buffer_heads(), heads + 4);
	bh2 = __bread(rd_b, 6, 1024);
	KEXPECT_TRUE(bh2 == bh->b_this_page);
	KEXPECT_TRUE(filled(bh2, 6));
	KEXPECT_EQ(rd.requests, 1u);
	brelse(bh2);
	brelse(bh);
	rd_teardown();
	KEXPECT_EQ(nr_buffer_heads(), heads);
}

/* Busy buffers keep their page; released ones go, and a read of another
 * size makes new buffers on the same page. */
KTEST(buffer_free_only_when_unused)
{
	struct buffer_head *bh, *big;
	struct page *page;

	if (!rd_setup())
		return;
	bh = __bread(rd_b, 9, 1024);
	KASSERT_TRUE(bh != NULL);
	page = bh->b_page;
	lock_page(page);
	KEXPECT_FALSE(try_to_free_buffers(page));
	KEXPECT_TRUE(page_has_buffers(page));
	unlock_page(page);
	big = __bread(rd_b, 2, 4096); /* the same page, held 1 KiB buffer */
	KEXPECT_TRUE(big == NULL);
	brelse(bh);
	big = __bread(rd_b, 2, 4096);
	KASSERT_TRUE(big != NULL);
	KEXPECT_EQ(big->b_size, 4096u);
	KEXPECT_TRUE(big->b_this_page == big);
	KEXPECT_EQ((u8)big->b_data[0], 8);
	KEXPECT_EQ((u8)big->b_data[4095], 11);
	brelse(big);
	lock_page(page);
	KEXPECT_TRUE(try_to_free_buffers(page));
	KEXPECT_FALSE(page_has_buffers(page));
	unlock_page(page);
	rd_teardown();
}

/* The short last page reads the sectors that exist and zeros after
 * them; a block past the end is refused. */
KTEST(buffer_short_last_page_and_past_end)
{
	struct buffer_head *bh;

	if (!rd_setup())
		return;
	bh = __bread(rd_b, 32, 1024);
	KASSERT_TRUE(bh != NULL);
	KEXPECT_TRUE(filled(bh, 32));
	KEXPECT_TRUE(filled(bh->b_this_page, 0));
	brelse(bh);
	KEXPECT_TRUE(__bread(rd_b, 33, 1024) == NULL);
	KEXPECT_TRUE(__bread(rd_b, 9, 4096) == NULL);
	rd_teardown();
}

/* The last blkdev_put empties the cache and frees the inode. */
KTEST(buffer_last_put_empties_the_cache)
{
	unsigned long pages = pagecache_nr_pages(), inodes = nr_inodes();
	struct buffer_head *bh;

	if (!rd_setup())
		return;
	KEXPECT_EQ(nr_inodes(), inodes + 1);
	bh = __bread(rd_b, 0, 4096);
	KASSERT_TRUE(bh != NULL);
	brelse(bh);
	bh = __bread(rd_b, 7, 4096);
	KASSERT_TRUE(bh != NULL);
	brelse(bh);
	KEXPECT_EQ(pagecache_nr_pages(), pages + 2);
	rd_teardown();
	KEXPECT_TRUE(rd_b->bd_inode == NULL);
	KEXPECT_EQ(pagecache_nr_pages(), pages);
	KEXPECT_EQ(nr_inodes(), inodes);
}
