/*
 * fs/ext2/balloc.c - allocating and freeing ext2 data blocks.
 *
 * Each group's block bitmap has one bit per block of the group (bit 0:
 * the group's first block, s_first_data_block + g * s_blocks_per_group);
 * a set bit is a block in use.  Three counts must agree with the bitmaps,
 * or e2fsck complains: the group descriptor's bg_free_blocks_count, and
 * the superblock's s_free_blocks_count over all groups.  Every change goes
 * through the held buffers (bitmap, descriptor block, superblock) and
 * mark_buffer_dirty; writeback, a sync or the unmount writes them.
 *
 *  goal -> its group: the first free bit at or after the goal's, then
 *          from the group's start; then group + 1, + 2, ... wrapping
 *
 * A file's blocks go near the goal the block map gives (the block before
 * in the file, or the inode's own group), so a file written in order lies
 * in order on the disk.  mke2fs marks the metadata (superblock copies,
 * descriptors, reserved descriptor blocks, bitmaps, inode table) in use;
 * a bitmap that says otherwise is corrupt, and such a block is skipped
 * with a message, never handed out.  The last s_r_blocks_count free
 * blocks are for root (CAP_SYS_RESOURCE) and s_def_resuid/resgid.
 *
 * s_lock (a semaphore: sb_bread may sleep) serialises the whole update.
 */
#include "fs/ext2/ext2.h"
#include "kernel/errno.h"
#include "kernel/process/cred.h"

struct ext2_group_desc *ext2_get_group_desc(struct super_block *sb,
					    unsigned long group,
					    struct buffer_head **bhp)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct buffer_head *bh;

	if (group >= sbi->s_groups_count)
		return NULL;
	bh = sbi->s_group_desc[group / sbi->s_desc_per_block];
	if (bhp)
		*bhp = bh;
	return (struct ext2_group_desc *)bh->b_data +
	       group % sbi->s_desc_per_block;
}

static u32 group_first_block(struct super_block *sb, unsigned long group)
{
	struct ext2_super_block *es = EXT2_SB(sb)->s_es;

	return es->s_first_data_block + group * es->s_blocks_per_group;
}

/* Blocks in the group: the last one may be short. */
static u32 group_blocks(struct super_block *sb, unsigned long group)
{
	struct ext2_super_block *es = EXT2_SB(sb)->s_es;
	u32 first = group_first_block(sb, group);

	if (es->s_blocks_count - first < es->s_blocks_per_group)
		return es->s_blocks_count - first;
	return es->s_blocks_per_group;
}

static bool test_root(unsigned long a, unsigned long b)
{
	for (;;) {
		if (a < b)
			return false;
		if (a == b)
			return true;
		if (a % b)
			return false;
		a /= b;
	}
}

bool ext2_bg_has_super(struct super_block *sb, unsigned long group)
{
	if (!(EXT2_SB(sb)->s_es->s_feature_ro_compat &
	      EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER))
		return true;
	return group <= 1 || test_root(group, 3) || test_root(group, 5) ||
	       test_root(group, 7);
}

bool ext2_is_metadata(struct super_block *sb, unsigned long group, u32 block)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_group_desc *gd = ext2_get_group_desc(sb, group, NULL);
	u32 first = group_first_block(sb, group);

	if (ext2_bg_has_super(sb, group) &&
	    block - first <
		    1 + sbi->s_gdb_count + sbi->s_es->s_reserved_gdt_blocks)
		return true;
	return block == gd->bg_block_bitmap || block == gd->bg_inode_bitmap ||
	       (block >= gd->bg_inode_table &&
		block - gd->bg_inode_table < sbi->s_itb_per_group);
}

/* Linux's ext2_has_free_blocks: the reserved blocks are root's. */
static bool has_free_blocks(struct super_block *sb)
{
	struct ext2_super_block *es = EXT2_SB(sb)->s_es;
	struct cred *c = current_cred();

	if (es->s_free_blocks_count > es->s_r_blocks_count)
		return true;
	if (!es->s_free_blocks_count)
		return false;
	return capable(CAP_SYS_RESOURCE) || c->fsuid == es->s_def_resuid ||
	       (es->s_def_resgid && in_group_p(es->s_def_resgid));
}

static bool bitmap_test(const u8 *map, u32 bit)
{
	return map[bit >> 3] & (1u << (bit & 7));
}

/* The first clear bit in [from, to), or `to`. */
static u32 find_zero(const u8 *map, u32 from, u32 to)
{
	while (from < to && bitmap_test(map, from)) {
		if (!(from & 7) && map[from >> 3] == 0xff)
			from += 8;
		else
			from++;
	}
	return from < to ? from : to;
}

static void count_blocks(struct super_block *sb, struct ext2_group_desc *gd,
			 struct buffer_head *gd_bh, long delta)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	gd->bg_free_blocks_count += delta;
	sbi->s_es->s_free_blocks_count += delta;
	mark_buffer_dirty(gd_bh);
	mark_buffer_dirty(sbi->s_sbh);
}

/* Take a free block of the group, from bit `start` on; 0 if none. */
static u32 take_in_group(struct super_block *sb, unsigned long group, u32 start,
			 int *err)
{
	struct buffer_head *gd_bh = NULL, *bh;
	struct ext2_group_desc *gd = ext2_get_group_desc(sb, group, &gd_bh);
	u32 n = group_blocks(sb, group), bit, pass;

	if (!gd->bg_free_blocks_count)
		return 0;
	bh = sb_bread(sb, gd->bg_block_bitmap);
	if (!bh) {
		*err = -EIO;
		return 0;
	}
	for (pass = 0; pass < 2; pass++, start = 0) {
		for (bit = find_zero((u8 *)bh->b_data, start, n); bit < n;
		     bit = find_zero((u8 *)bh->b_data, bit + 1, n)) {
			u32 block = group_first_block(sb, group) + bit;

			if (ext2_is_metadata(sb, group, block)) {
				ext2_error(sb, "ext2_new_block",
					   "allocating block in system zone "
					   "- block = %u",
					   block);
				continue;
			}
			bh->b_data[bit >> 3] |= 1u << (bit & 7);
			mark_buffer_dirty(bh);
			brelse(bh);
			count_blocks(sb, gd, gd_bh, -1);
			return block;
		}
	}
	brelse(bh);
	return 0;
}

u32 ext2_new_block(struct inode *inode, u32 goal, int *err)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long group, i;
	u32 block = 0, start;

	*err = -ENOSPC;
	down(&sbi->s_lock);
	if (!has_free_blocks(sb))
		goto out;
	if (goal < es->s_first_data_block || goal >= es->s_blocks_count)
		goal = group_first_block(sb, EXT2_I(inode)->i_block_group);
	group = (goal - es->s_first_data_block) / es->s_blocks_per_group;
	start = (goal - es->s_first_data_block) % es->s_blocks_per_group;
	for (i = 0; i < sbi->s_groups_count && !block; i++) {
		int e = 0;

		block = take_in_group(sb, group, i ? 0 : start, &e);
		if (e) {
			*err = e;
			goto out;
		}
		group = (group + 1) % sbi->s_groups_count;
	}
	if (block) {
		*err = 0;
		inode->i_blocks += sb->s_blocksize >> 9;
	}
out:
	up(&sbi->s_lock);
	return block;
}

/* Free the run [block, block + count) inside one group; returns how many
 * were in use. */
static unsigned long free_in_group(struct super_block *sb, unsigned long group,
				   u32 block, unsigned long count)
{
	struct buffer_head *gd_bh = NULL, *bh;
	struct ext2_group_desc *gd = ext2_get_group_desc(sb, group, &gd_bh);
	u32 bit = block - group_first_block(sb, group);
	unsigned long i, freed = 0;

	for (i = 0; i < count; i++)
		if (ext2_is_metadata(sb, group, block + i)) {
			ext2_error(sb, "ext2_free_blocks",
				   "Freeing blocks in system zones - Block = "
				   "%u, count = %lu",
				   block, count);
			return 0;
		}
	bh = sb_bread(sb, gd->bg_block_bitmap);
	if (!bh)
		return 0;
	for (i = 0; i < count; i++, bit++) {
		if (!bitmap_test((u8 *)bh->b_data, bit)) {
			ext2_error(sb, "ext2_free_blocks",
				   "bit already cleared for block %lu",
				   block + i);
			continue;
		}
		bh->b_data[bit >> 3] &= ~(1u << (bit & 7));
		ext3_forget(sb, block + i);
		freed++;
	}
	mark_buffer_dirty(bh);
	brelse(bh);
	count_blocks(sb, gd, gd_bh, freed);
	return freed;
}

void ext2_free_blocks(struct inode *inode, u32 block, unsigned long count)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long freed = 0;

	if (!count)
		return;
	if (block < es->s_first_data_block || block >= es->s_blocks_count ||
	    count > es->s_blocks_count - block) {
		ext2_error(sb, "ext2_free_blocks",
			   "Freeing blocks not in datazone - block = %u, "
			   "count = %lu",
			   block, count);
		return;
	}
	down(&sbi->s_lock);
	while (count) {
		unsigned long group = (block - es->s_first_data_block) /
				      es->s_blocks_per_group;
		u32 end =
			group_first_block(sb, group) + group_blocks(sb, group);
		unsigned long n = count < end - block ? count : end - block;

		freed += free_in_group(sb, group, block, n);
		block += n;
		count -= n;
	}
	up(&sbi->s_lock);
	inode->i_blocks -= (u64)freed * (sb->s_blocksize >> 9);
}
