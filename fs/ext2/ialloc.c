/*
 * fs/ext2/ialloc.c - allocating and freeing ext2 inode numbers.
 *
 * Each group has an inode bitmap block (bit i: inode g * inodes_per_group
 * + i + 1 in use) and keeps its free inodes and its directories in its
 * descriptor; the superblock keeps the total of free inodes.  A new inode
 * takes a bit, lowers both free counts (and raises used dirs for a
 * directory), all through mark_buffer_dirty under s_lock, so they reach
 * the disk together with the rest of the metadata.
 *
 * Where a new inode goes (a simple form of Linux's Orlov allocator):
 *
 *   directory  a group with at least the average free inodes and free
 *              blocks, the one with the fewest directories (ties: more
 *              free blocks), so that trees spread over the disk and each
 *              has room to grow near its own inodes;
 *   other      its parent's group, so a directory's files and their
 *              blocks stay together; else the next group with a free
 *              inode (then with a free block preferred).
 *
 * The raw inode is zeroed and given its mode, times, one link and a
 * generation number, then read back by ext2_iget so that every inode in
 * memory comes from one path, and owned by the caller (inode_init_owner).
 */
#include "fs/chrdev.h"
#include "fs/ext2/ext2.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/random.h"

static struct ext2_group_desc *desc(struct super_block *sb, unsigned long g)
{
	return ext2_get_group_desc(sb, g, NULL);
}

long ext2_find_group_dir(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long ngroups = sbi->s_groups_count, g;
	u32 avefreei = es->s_free_inodes_count / ngroups;
	u32 avefreeb = es->s_free_blocks_count / ngroups;
	struct ext2_group_desc *best = NULL;
	long found = -1;

	for (g = 0; g < ngroups; g++) {
		struct ext2_group_desc *gd = desc(sb, g);

		if (!gd || !gd->bg_free_inodes_count ||
		    gd->bg_free_inodes_count < avefreei ||
		    gd->bg_free_blocks_count < avefreeb)
			continue;
		if (best &&
		    (gd->bg_used_dirs_count > best->bg_used_dirs_count ||
		     (gd->bg_used_dirs_count == best->bg_used_dirs_count &&
		      gd->bg_free_blocks_count <= best->bg_free_blocks_count)))
			continue;
		best = gd;
		found = g;
	}
	return found >= 0 ? found : ext2_find_group_other(sb, 0);
}

long ext2_find_group_other(struct super_block *sb, unsigned long parent)
{
	unsigned long ngroups = EXT2_SB(sb)->s_groups_count, i;
	long any = -1;

	for (i = 0; i < ngroups; i++) {
		unsigned long g = (parent + i) % ngroups;
		struct ext2_group_desc *gd = desc(sb, g);

		if (!gd || !gd->bg_free_inodes_count)
			continue;
		if (gd->bg_free_blocks_count)
			return g;
		if (any < 0)
			any = g;
	}
	return any;
}

long ext2_find_free_bit(const u8 *map, unsigned long start, unsigned long end)
{
	unsigned long i;

	for (i = start; i < end; i++) {
		if (!(i & 7) && map[i >> 3] == 0xff && i + 8 <= end) {
			i += 7;
			continue;
		}
		if (!(map[i >> 3] & (1u << (i & 7))))
			return i;
	}
	return -1;
}

/* Take a free bit of group g's bitmap: the inode number, 0 if the group
 * has none (its count was wrong), or -EIO.  s_lock held. */
static long take_inode(struct super_block *sb, unsigned long g, bool dir)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	u32 ipg = sbi->s_es->s_inodes_per_group;
	struct buffer_head *gdbh, *bh;
	struct ext2_group_desc *gd = ext2_get_group_desc(sb, g, &gdbh);
	long bit;

	if (!gd)
		return -EIO;
	bh = sb_bread(sb, gd->bg_inode_bitmap);
	if (!bh)
		return -EIO;
	/* The reserved inodes are in group 0 and marked in use by mke2fs;
	 * never hand one out even if the bitmap says otherwise. */
	bit = ext2_find_free_bit((u8 *)bh->b_data, g ? 0 : sbi->s_first_ino - 1,
				 ipg);
	if (bit < 0) {
		brelse(bh);
		ext2_error(sb, "ext2_new_inode",
			   "free inodes count wrong for group %lu", g);
		/* Believe the bitmap, so the search moves on. */
		gd->bg_free_inodes_count = 0;
		mark_buffer_dirty(gdbh);
		return 0;
	}
	bh->b_data[bit >> 3] |= 1u << (bit & 7);
	mark_buffer_dirty(bh);
	brelse(bh);
	gd->bg_free_inodes_count--;
	if (dir)
		gd->bg_used_dirs_count++;
	mark_buffer_dirty(gdbh);
	sbi->s_es->s_free_inodes_count--;
	mark_buffer_dirty(sbi->s_sbh);
	return g * ipg + bit + 1;
}

/* A number for a new inode of mode in dir; 0 with *err. */
static unsigned long alloc_ino(struct inode *dir, umode_t mode, int *err)
{
	struct super_block *sb = dir->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	long g, ino = 0;
	unsigned long tries;

	down(&sbi->s_lock);
	for (tries = 0; !ino && tries < sbi->s_groups_count; tries++) {
		g = S_ISDIR(mode) ?
			    ext2_find_group_dir(sb) :
			    ext2_find_group_other(sb,
						  EXT2_I(dir)->i_block_group);
		if (g < 0)
			break;
		ino = take_inode(sb, g, S_ISDIR(mode));
	}
	up(&sbi->s_lock);
	*err = ino < 0 ? (int)ino : -ENOSPC;
	return ino > 0 ? ino : 0;
}

/* The raw inode in its inode table block; NULL on an I/O error. */
static struct ext2_inode *get_raw(struct super_block *sb, unsigned long ino,
				  struct buffer_head **bhp)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long index = (ino - 1) % sbi->s_es->s_inodes_per_group;
	struct ext2_group_desc *gd =
		desc(sb, (ino - 1) / sbi->s_es->s_inodes_per_group);

	*bhp = gd ? sb_bread(sb, gd->bg_inode_table +
					 index / sbi->s_inodes_per_block) :
		    NULL;
	if (!*bhp)
		return NULL;
	return (struct ext2_inode *)((*bhp)->b_data +
				     (index % sbi->s_inodes_per_block) *
					     sbi->s_inode_size);
}

/* Write a fresh raw inode: zeroed, mode, times, one link. */
static int init_raw(struct super_block *sb, unsigned long ino, umode_t mode)
{
	struct buffer_head *bh;
	struct ext2_inode *raw = get_raw(sb, ino, &bh);
	u32 now = current_time().tv_sec;

	if (!raw)
		return -EIO;
	memset(raw, 0, EXT2_SB(sb)->s_inode_size);
	if (EXT2_SB(sb)->s_inode_size >=
	    EXT2_GOOD_OLD_INODE_SIZE + EXT2_WANT_EXTRA_ISIZE)
		((struct ext2_inode_extra *)(raw + 1))->i_extra_isize =
			EXT2_WANT_EXTRA_ISIZE;
	raw->i_mode = mode;
	raw->i_links_count = 1;
	raw->i_atime = raw->i_mtime = raw->i_ctime = now;
	get_random_bytes(&raw->i_generation, sizeof(raw->i_generation));
	mark_buffer_dirty(bh);
	brelse(bh);
	return 0;
}

/* Clear ino's bit and count it free again. */
static void free_ino(struct super_block *sb, unsigned long ino, bool dir)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	u32 ipg = sbi->s_es->s_inodes_per_group;
	unsigned long g = (ino - 1) / ipg, bit = (ino - 1) % ipg;
	struct buffer_head *gdbh, *bh;
	struct ext2_group_desc *gd;

	if (ino < sbi->s_first_ino || ino > sbi->s_es->s_inodes_count) {
		ext2_error(sb, "ext2_free_inode",
			   "reserved or nonexistent inode %lu", ino);
		return;
	}
	down(&sbi->s_lock);
	gd = ext2_get_group_desc(sb, g, &gdbh);
	bh = gd ? sb_bread(sb, gd->bg_inode_bitmap) : NULL;
	if (!bh) {
		up(&sbi->s_lock);
		return;
	}
	if (!(bh->b_data[bit >> 3] & (1u << (bit & 7)))) {
		ext2_error(sb, "ext2_free_inode",
			   "bit already cleared for inode %lu", ino);
	} else {
		bh->b_data[bit >> 3] &= ~(1u << (bit & 7));
		mark_buffer_dirty(bh);
		gd->bg_free_inodes_count++;
		if (dir)
			gd->bg_used_dirs_count--;
		mark_buffer_dirty(gdbh);
		sbi->s_es->s_free_inodes_count++;
		mark_buffer_dirty(sbi->s_sbh);
	}
	brelse(bh);
	up(&sbi->s_lock);
}

struct inode *ext2_new_inode(struct inode *dir, umode_t mode, dev_t rdev,
			     int *err)
{
	struct super_block *sb = dir->i_sb;
	unsigned long ino = alloc_ino(dir, mode, err);
	struct inode *inode;

	if (!ino)
		return NULL;
	*err = init_raw(sb, ino, mode);
	if (!*err)
		*err = ext2_iget(sb, ino, &inode);
	if (*err) {
		free_ino(sb, ino,
			 S_ISDIR(mode)); /* nothing in memory names it */
		return NULL;
	}
	inode_init_owner(inode, dir, mode);
	if (!S_ISREG(mode) && !S_ISDIR(mode) && !S_ISLNK(mode))
		init_special_inode(inode, mode, rdev); /* written in i_block */
	*err = ext2_write_inode(inode, false);
	if (*err) {
		inode->i_nlink = 0; /* the last iput deletes it */
		iput(inode);
		return NULL;
	}
	return inode;
}

void ext2_free_inode(struct inode *inode)
{
	free_ino(inode->i_sb, inode->i_ino, S_ISDIR(inode->i_mode));
}
