/*
 * fs/jbd/journal_test.c - the journal on a RAM disk only these tests see,
 * without a file system: transactions committed, the disk taken as it is
 * at a "crash" (a copy of the RAM disk, before any checkpoint wrote a
 * block home), then replayed by a new journal on that copy.
 *
 * 1 KiB blocks, 256 of them: the journal is blocks 64-127 (its block 0,
 * the superblock, at 64; the log ring is journal blocks 1-63), home blocks
 * are 128 and up.
 */
#include "fs/block_dev.h"
#include "fs/jbd/jbd.h"
#include "kernel/block/ktest_ramdisk.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/page_alloc.h"

#define JSTART 64
#define JLEN 64
#define HOME 128

static struct ktest_ramdisk rd; /* 512 sectors: 256 blocks of 1 KiB */
static struct block_device *const rd_b = &rd.bdev;
static struct page *snap_pages; /* the disk as a crash left it */

static void *blk(u8 *mem, u32 n)
{
	return mem + n * 1024;
}

/* A fresh journal superblock, as mke2fs writes it: the log is clean. */
static void make_journal(void)
{
	journal_superblock_t *jsb = blk(rd.mem, JSTART);

	memset(rd.mem, 0, PAGE_SIZE << rd.order);
	jsb->s_header.h_magic = be32(JBD2_MAGIC_NUMBER);
	jsb->s_header.h_blocktype = be32(JBD2_SUPERBLOCK_V2);
	jsb->s_blocksize = be32(1024);
	jsb->s_maxlen = be32(JLEN);
	jsb->s_first = be32(1);
	jsb->s_sequence = be32(1);
}

static journal_t *open_journal(void)
{
	struct jbd_extent map = { 0, JSTART, JLEN };
	unsigned int replayed;
	journal_t *j;
	int err;

	if (!KEXPECT_EQ(blkdev_get(rd_b), 0))
		return NULL;
	j = journal_init(rd_b, 1024, 256, &map, 1, &err);
	if (!KEXPECT_TRUE(j != NULL)) {
		blkdev_put(rd_b);
		return NULL;
	}
	KEXPECT_EQ(journal_recover(j, &replayed), 0);
	return j;
}

static bool setup(void)
{
	if (!ktest_ramdisk_init(&rd, "jbdram", 3, 512))
		return false;
	snap_pages = alloc_pages(GFP_KERNEL, rd.order);
	if (!KEXPECT_TRUE(snap_pages != NULL)) {
		ktest_ramdisk_free(&rd);
		return false;
	}
	make_journal();
	return true;
}

static void teardown(void)
{
	__free_pages(snap_pages, rd.order);
	ktest_ramdisk_free(&rd);
}

/* Under a handle: home block b gets 1024 bytes of `fill`, or the magic
 * in its first four bytes when fill is 0. */
static void change(journal_t *j, u32 b, u8 fill)
{
	handle_t *h = journal_start(j);
	struct buffer_head *bh = __bread(rd_b, b, 1024);

	if (KEXPECT_TRUE(!IS_ERR(h) && bh != NULL)) {
		memset(bh->b_data, fill, 1024);
		if (!fill)
			*(u32 *)bh->b_data = be32(JBD2_MAGIC_NUMBER);
		mark_buffer_dirty(bh);
	}
	brelse(bh);
	if (!IS_ERR(h))
		journal_stop(h);
}

static void revoke(journal_t *j, u32 b)
{
	handle_t *h = journal_start(j);

	if (KEXPECT_TRUE(!IS_ERR(h))) {
		journal_revoke(h, b);
		journal_stop(h);
	}
}

/* The disk as a power cut would leave it now. */
static void crash_copy(void)
{
	memcpy(page_address(snap_pages), rd.mem, PAGE_SIZE << rd.order);
}

/* Back to the crashed disk, with nothing cached. */
static void reboot(journal_t *j)
{
	KEXPECT_EQ(journal_destroy(j), 0);
	blkdev_put(rd_b);
	memcpy(rd.mem, page_address(snap_pages), PAGE_SIZE << rd.order);
}

static bool all(u32 b, u8 fill)
{
	u8 *p = blk(rd.mem, b);
	unsigned int i;

	for (i = 0; i < 1024; i++)
		if (p[i] != fill)
			return false;
	return true;
}

/*
 * A transaction that starts at log block 60 wraps to block 1; a block
 * whose first four bytes are the magic is escaped in the log and comes
 * back whole; a block revoked by a later transaction is not replayed,
 * one logged again after its revocation is.
 */
KTEST(jbd_replay_wrap_escape_revoke)
{
	journal_superblock_t *jsb;
	journal_t *j;
	unsigned int i;

	if (!setup())
		return;
	j = open_journal();
	if (!j)
		goto out;
	KEXPECT_EQ(journal_load(j), 0);
	j->j_head = j->j_tail = 60; /* the next transaction wraps */
	KEXPECT_EQ(jbd_update_sb(j), 0);
	for (i = 0; i < 6; i++) /* T1: 60 descriptor, 61-63, 1-3 copies */
		change(j, HOME + i, (u8)(0x10 + i));
	change(j, HOME + 6, 0); /* starts with the magic */
	KEXPECT_EQ(journal_force_commit(j), 0);
	KEXPECT_EQ(j->j_head, 6u); /* 60..63, 1..5: 8 copies + 2 */
	revoke(j, HOME + 1); /* T2: HOME + 1's copy in T1 is void */
	revoke(j, HOME + 2);
	change(j, HOME + 7, 0x77);
	KEXPECT_EQ(journal_force_commit(j), 0);
	change(j, HOME + 2, 0x22); /* T3: logged again after the revoke */
	KEXPECT_EQ(journal_force_commit(j), 0);
	KEXPECT_TRUE(all(HOME, 0)); /* nothing home yet: no checkpoint */
	crash_copy();
	/* The escaped copy in the log: its first four bytes zeroed. */
	KEXPECT_EQ(*(u32 *)blk(rd.mem, JSTART + 4), 0u);
	reboot(j);

	j = open_journal(); /* replays T1, T2, T3 */
	if (!j)
		goto out;
	KEXPECT_TRUE(all(HOME, 0x10));
	KEXPECT_TRUE(all(HOME + 1, 0)); /* revoked: never replayed */
	KEXPECT_TRUE(all(HOME + 2, 0x22));
	KEXPECT_TRUE(all(HOME + 5, 0x15));
	KEXPECT_EQ(be32(*(u32 *)blk(rd.mem, HOME + 6)), JBD2_MAGIC_NUMBER);
	KEXPECT_EQ(((u8 *)blk(rd.mem, HOME + 6))[4], 0);
	KEXPECT_TRUE(all(HOME + 7, 0x77));
	jsb = blk(rd.mem, JSTART);
	KEXPECT_EQ(jsb->s_start, 0u); /* the log is empty after the replay */
	KEXPECT_EQ(be32(jsb->s_sequence), 6u); /* T1-T3 were 2-4 */
	KEXPECT_EQ(journal_destroy(j), 0);
	blkdev_put(rd_b);
out:
	teardown();
}

/*
 * A transaction without its commit block (the crash came while it was
 * written) is not replayed; the one before it is.
 */
KTEST(jbd_replay_stops_at_uncommitted)
{
	journal_t *j;
	u32 commit_block;

	if (!setup())
		return;
	j = open_journal();
	if (!j)
		goto out;
	KEXPECT_EQ(journal_load(j), 0);
	change(j, HOME, 0x11);
	KEXPECT_EQ(journal_force_commit(j), 0);
	change(j, HOME + 1, 0x22);
	KEXPECT_EQ(journal_force_commit(j), 0);
	commit_block = j->j_head - 1; /* T2's commit block */
	crash_copy();
	memset(blk(page_address(snap_pages), JSTART + commit_block), 0, 1024);
	reboot(j);

	j = open_journal();
	if (!j)
		goto out;
	KEXPECT_TRUE(all(HOME, 0x11));
	KEXPECT_TRUE(all(HOME + 1, 0));
	KEXPECT_EQ(journal_destroy(j), 0);
	blkdev_put(rd_b);
out:
	teardown();
}
