/*
 * fs/ext2/balloc_test.c - the block allocator on a tiny ext2 made here,
 * on a ktest RAM disk (kernel/block/ktest_ramdisk.h).
 *
 * 1 KiB blocks, revision 0 (every group has a superblock copy), two
 * groups of 64 blocks:
 *
 *   group 0: 1 super, 2 descriptors, 3 block bitmap, 4 inode bitmap,
 *            5-6 inode table, 7 the root directory's block, 8-64 free
 *   group 1: 65 super, 66 descriptors, 67 block bitmap, 68 inode
 *            bitmap, 69-70 inode table, 71-128 free
 *
 * The checks: a block goes at the goal, or after it in its group; a full
 * group sends the search on to the next; no metadata block is handed
 * out even when a bitmap claims it free; a freed block is taken again;
 * the counts of descriptors and superblock follow every change; with
 * none left the answer is ENOSPC.
 */
#include "fs/block_dev.h"
#include "fs/ext2/ext2.h"
#include "kernel/block/ktest_ramdisk.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"

#define RD_SECTORS 264 /* 132 blocks of 1 KiB */
#define BPG 64
#define IPG 16

static struct ktest_ramdisk rd;

static void *blk(u32 n)
{
	return rd.mem + n * 1024;
}

static void set_bits(u8 *map, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		map[i >> 3] |= 1u << (i & 7);
}

/* The file system above, as mke2fs would write it. */
static void make_fs(void)
{
	struct ext2_super_block *es = blk(1);
	struct ext2_group_desc *gd = blk(2);
	struct ext2_inode *root = (struct ext2_inode *)blk(5) + 1;
	unsigned int g;

	memset(rd.mem, 0, RD_SECTORS * SECTOR_SIZE);
	es->s_inodes_count = 2 * IPG;
	es->s_blocks_count = 1 + 2 * BPG;
	es->s_free_blocks_count = 57 + 58;
	es->s_free_inodes_count = IPG - 11 + IPG;
	es->s_first_data_block = 1;
	es->s_blocks_per_group = BPG;
	es->s_frags_per_group = BPG;
	es->s_inodes_per_group = IPG;
	es->s_magic = EXT2_SUPER_MAGIC;
	es->s_state = EXT2_VALID_FS;
	es->s_errors = EXT2_ERRORS_CONTINUE;
	for (g = 0; g < 2; g++) {
		u32 first = 1 + g * BPG;

		gd[g].bg_block_bitmap = first + 2;
		gd[g].bg_inode_bitmap = first + 3;
		gd[g].bg_inode_table = first + 4;
		gd[g].bg_free_blocks_count = g ? 58 : 57;
		gd[g].bg_free_inodes_count = g ? IPG : IPG - 11;
		set_bits(blk(first + 2), g ? 6 : 7);
		if (!g)
			set_bits(blk(first + 3), 11);
		if (g)
			memcpy(blk(first), es, sizeof(*es));
	}
	gd[0].bg_used_dirs_count = 1;
	memcpy(blk(BPG + 2), gd, 2 * sizeof(*gd));
	root->i_mode = 040755;
	root->i_links_count = 2;
	root->i_size = 1024;
	root->i_blocks = 2;
	root->i_block[0] = 7;
}

/* The mounted file system; its root inode stands for a file. */
static struct super_block *mount_fs(void)
{
	struct super_block *sb;
	int err;

	if (!ktest_ramdisk_init(&rd, "e2ram", 2, RD_SECTORS))
		return NULL;
	make_fs();
	sb = ext2_mount_bdev(&rd.bdev, &err);
	if (!KEXPECT_TRUE(sb != NULL)) {
		ktest_ramdisk_free(&rd);
		return NULL;
	}
	return sb;
}

static void unmount_fs(struct super_block *sb)
{
	KEXPECT_EQ(sync_blockdev(&rd.bdev), 0);
	sb->s_type->kill_sb(sb);
	ktest_ramdisk_free(&rd);
}

static u32 free_in(struct super_block *sb, unsigned long g)
{
	return ext2_get_group_desc(sb, g, NULL)->bg_free_blocks_count;
}

/* Do the counts agree: superblock = sum of the groups? */
static bool counts_agree(struct super_block *sb)
{
	return EXT2_SB(sb)->s_es->s_free_blocks_count ==
	       free_in(sb, 0) + free_in(sb, 1);
}

KTEST(ext2_balloc_goal_locality)
{
	struct super_block *sb = mount_fs();
	struct inode *inode;
	int err;
	u32 b;

	if (!sb)
		return;
	inode = sb->s_root;
	b = ext2_new_block(inode, 20, &err);
	KEXPECT_EQ(b, 20u);
	KEXPECT_EQ(ext2_new_block(inode, 20, &err), 21u);
	KEXPECT_EQ(ext2_new_block(inode, 80, &err), 80u);
	KEXPECT_EQ(inode->i_blocks, 2u + 3 * 2);
	KEXPECT_EQ(free_in(sb, 0), 55u);
	KEXPECT_EQ(free_in(sb, 1), 57u);
	KEXPECT_TRUE(counts_agree(sb));
	/* No goal: the inode's own group, after its metadata. */
	KEXPECT_EQ(ext2_new_block(inode, 0, &err), 8u);
	ext2_free_blocks(inode, 20, 2);
	ext2_free_blocks(inode, 80, 1);
	ext2_free_blocks(inode, 8, 1);
	KEXPECT_EQ(inode->i_blocks, 2u);
	KEXPECT_EQ(EXT2_SB(sb)->s_es->s_free_blocks_count, 115u);
	unmount_fs(sb);
}

KTEST(ext2_balloc_full_group_moves_on)
{
	struct super_block *sb = mount_fs();
	struct inode *inode;
	u32 b, n = 0;
	int err;

	if (!sb)
		return;
	inode = sb->s_root;
	while ((b = ext2_new_block(inode, 8, &err)) && b <= BPG) {
		KEXPECT_FALSE(ext2_is_metadata(sb, 0, b));
		n++;
	}
	KEXPECT_EQ(n, 57u);
	KEXPECT_EQ(free_in(sb, 0), 0u);
	KEXPECT_EQ(b, 71u); /* the next group's first data block */
	KEXPECT_TRUE(counts_agree(sb));
	/* A freed block is the one taken next. */
	ext2_free_blocks(inode, 30, 1);
	KEXPECT_EQ(free_in(sb, 0), 1u);
	KEXPECT_EQ(ext2_new_block(inode, 8, &err), 30u);
	ext2_free_blocks(inode, 8, 57);
	ext2_free_blocks(inode, 71, 1);
	KEXPECT_EQ(free_in(sb, 0), 57u);
	KEXPECT_EQ(free_in(sb, 1), 58u);
	KEXPECT_TRUE(counts_agree(sb));
	unmount_fs(sb);
}

KTEST(ext2_balloc_skips_metadata_and_runs_out)
{
	struct super_block *sb = mount_fs();
	struct inode *inode;
	struct buffer_head *bh;
	u32 b, n = 0;
	int err;

	if (!sb)
		return;
	inode = sb->s_root;
	/* A bitmap that calls group 1's inode table free is not believed. */
	bh = sb_bread(sb, BPG + 3);
	KASSERT_TRUE(bh != NULL);
	bh->b_data[0] &= ~0x30; /* blocks 69, 70 */
	brelse(bh);
	while ((b = ext2_new_block(inode, 0, &err))) {
		KEXPECT_FALSE(b == 69 || b == 70 || b <= 7 ||
			      (b >= 65 && b <= 70));
		n++;
	}
	KEXPECT_EQ(err, -ENOSPC);
	KEXPECT_EQ(n, 115u);
	KEXPECT_EQ(EXT2_SB(sb)->s_es->s_free_blocks_count, 0u);
	ext2_free_blocks(inode, 8, 57);
	ext2_free_blocks(inode, 71, 58);
	/* Freeing metadata is refused. */
	ext2_free_blocks(inode, 3, 1);
	KEXPECT_EQ(EXT2_SB(sb)->s_es->s_free_blocks_count, 115u);
	KEXPECT_TRUE(counts_agree(sb));
	bh = sb_bread(sb, BPG + 3);
	KASSERT_TRUE(bh != NULL);
	bh->b_data[0] |= 0x30;
	brelse(bh);
	unmount_fs(sb);
}
