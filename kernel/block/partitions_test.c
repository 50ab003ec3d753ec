/*
 * kernel/block/partitions_test.c - MBR partition tables on a RAM disk.
 *
 * The disk is the swap ktests' tst0 (mm/reclaim/swap_test.h), 128
 * sectors, with a hand-written table in sector 0 instead of its swap
 * header.  The layout used by most tests:
 *
 *   sector   0        MBR: 1 = [8, 40) type 83, 2 = extended [40, 120),
 *                     4 = [100, 200) type 83, past the end of the disk
 *   sector  40        EBR: logical [48, 64), next link at 40 + 40
 *   sector  80        EBR: logical [88, 120), no next link
 */
#include "kernel/block/partitions.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/reclaim/swap_test.h"

static u8 page_buf[BIO_BYTES], back[BIO_BYTES];

static void put_le32(u8 *b, u32 v)
{
	b[0] = (u8)v;
	b[1] = (u8)(v >> 8);
	b[2] = (u8)(v >> 16);
	b[3] = (u8)(v >> 24);
}

/* Entry slot (0..3) of the table in sector `sector` of tst0. */
static void set_entry(sector_t sector, int slot, u8 type, u32 start,
		      u32 size)
{
	u8 *s = (u8 *)page_address(tst[0].mem) + sector * SECTOR_SIZE;
	u8 *e = s + 446 + slot * 16;

	e[4] = type;
	put_le32(e + 8, start);
	put_le32(e + 12, size);
	s[510] = 0x55;
	s[511] = 0xaa;
}

static bool setup_table(void)
{
	if (!tst_setup(0))
		return false;
	memset(page_address(tst[0].mem), 0, TST_PAGES * PAGE_SIZE);
	set_entry(0, 0, 0x83, 8, 32);
	set_entry(0, 1, 0x05, 40, 80);
	set_entry(0, 3, 0x83, 100, 100);
	set_entry(40, 0, 0x83, 8, 16);
	set_entry(40, 1, 0x05, 40, 40);
	set_entry(80, 0, 0x83, 8, 32);
	return true;
}

static void teardown_table(void)
{
	delete_partitions(&tst[0].bdev);
	tst_teardown(0);
}

KTEST(partitions_primary_and_logical)
{
	struct block_device *p1, *p5, *p6;

	if (!setup_table())
		return;
	KEXPECT_EQ(check_partition(&tst[0].bdev), 3);
	p1 = blkdev_lookup("tst0p1");
	p5 = blkdev_lookup("tst0p5");
	p6 = blkdev_lookup("tst0p6");
	KEXPECT_TRUE(p1 && p5 && p6);
	KEXPECT_TRUE(blkdev_lookup("tst0p2") == NULL);	/* extended */
	KEXPECT_TRUE(blkdev_lookup("tst0p4") == NULL);	/* past the end */
	if (p1 && p5 && p6) {
		KEXPECT_EQ(p1->start_sect, 8);
		KEXPECT_EQ(p1->nr_sectors, 32);
		KEXPECT_EQ(p5->start_sect, 48);
		KEXPECT_EQ(p5->nr_sectors, 16);
		KEXPECT_EQ(p6->start_sect, 88);
		KEXPECT_EQ(p6->minor, tst[0].bdev.minor + 6);
		KEXPECT_TRUE(p6->bd_contains == &tst[0].bdev);
	}
	teardown_table();
	KEXPECT_TRUE(blkdev_lookup("tst0p1") == NULL);
}

KTEST(partitions_io_lands_at_the_partition_start)
{
	struct block_device *p5;
	u32 i;

	if (!setup_table())
		return;
	check_partition(&tst[0].bdev);
	p5 = blkdev_lookup("tst0p5");
	KASSERT_TRUE(p5 != NULL);
	for (i = 0; i < BIO_BYTES; i++)
		page_buf[i] = (u8)(i * 13 + 1);
	KEXPECT_EQ(blkdev_write_buf(p5, 8, page_buf), 0);
	KEXPECT_EQ(blkdev_read_buf(&tst[0].bdev, 48 + 8, back), 0);
	KEXPECT_EQ(memcmp(back, page_buf, BIO_BYTES), 0);
	/* 16 sectors: a page at 8 is the last that fits, one at 9 does not. */
	KEXPECT_EQ(blkdev_read_buf(p5, 9, back), -EIO);
	teardown_table();
}

KTEST(partitions_claims_exclude_disk_and_parts)
{
	struct block_device *p1, *p5;
	int a, b;

	if (!setup_table())
		return;
	check_partition(&tst[0].bdev);
	p1 = blkdev_lookup("tst0p1");
	p5 = blkdev_lookup("tst0p5");
	KASSERT_TRUE(p1 && p5);
	KEXPECT_EQ(blkdev_claim(p1, &a), 0);
	KEXPECT_EQ(blkdev_claim(&tst[0].bdev, &b), -EBUSY);
	KEXPECT_EQ(blkdev_claim(p5, &b), 0);
	blkdev_release(p1, &a);
	blkdev_release(p5, &b);
	KEXPECT_EQ(blkdev_claim(&tst[0].bdev, &b), 0);
	KEXPECT_EQ(blkdev_claim(p1, &a), -EBUSY);
	blkdev_release(&tst[0].bdev, &b);
	teardown_table();
}

KTEST(partitions_none_without_signature_or_on_a_looping_chain)
{
	if (!tst_setup(0))
		return;
	/* tst_setup's swap header has no 55 AA. */
	KEXPECT_EQ(check_partition(&tst[0].bdev), 0);
	memset(page_address(tst[0].mem), 0, PAGE_SIZE);
	set_entry(0, 0, 0x05, 8, 64);
	set_entry(8, 0, 0x83, 8, 8);
	set_entry(8, 1, 0x05, 16, 16);
	set_entry(24, 1, 0x05, 16, 16);	/* a link back to itself */
	KEXPECT_EQ(check_partition(&tst[0].bdev), 1);
	teardown_table();
}
