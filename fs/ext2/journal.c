/*
 * fs/ext2/journal.c - ext3: ext2 with a journal (fs/jbd), for a file
 * system whose superblock has has_journal, mounted with type ext3.
 *
 * The journal is the file of inode 8.  At mount its blocks are mapped
 * once (the runs of its block map go to the journal), and a log left by
 * a crash (needs_recovery set) is replayed before anything else is read.
 * While the mount is read-write, every change to metadata happens under
 * a handle: the namespace operations, a write's prepare_write to its
 * commit_write, truncation, an inode's deletion and write-back, and
 * writepage (ordered mode: file data goes to its blocks before the
 * commit of the metadata that points to them; with blocks smaller than
 * a page the data lives in the device's buffers and is logged with the
 * metadata).  fsync and sync commit; so do the unmount and the journal's
 * thread every commit= seconds (5 by default).
 */
#include "fs/ext2/ext2.h"
#include "fs/super.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/time/timer.h"
#include "mm/phys/slab.h"
#include "mm/vm/filemap.h"

/* Add block p at journal block l to the runs; false if too many. */
static bool add_run(struct jbd_extent *map, unsigned int *nr, u32 l, u32 p)
{
	struct jbd_extent *e = *nr ? &map[*nr - 1] : NULL;

	if (e && e->lblock + e->len == l && e->pblock + e->len == p) {
		e->len++;
		return true;
	}
	if (*nr == JBD_MAX_EXTENTS)
		return false;
	map[(*nr)++] = (struct jbd_extent){ l, p, 1 };
	return true;
}

/* Journal blocks [*l, end) named by the pointer block p at depth (0: p is
 * a data block). */
static int map_tree(struct super_block *sb, u32 p, int depth,
		    struct jbd_extent *map, unsigned int *nr, u32 *l, u32 end)
{
	struct buffer_head *bh;
	u32 apb = sb->s_blocksize / 4, i;
	int err = 0;

	if (!ext2_block_valid(sb, p))
		return -EINVAL;
	if (!depth)
		return add_run(map, nr, (*l)++, p) ? 0 : -EINVAL;
	bh = sb_bread(sb, p);
	if (!bh)
		return -EIO;
	for (i = 0; i < apb && *l < end && !err; i++)
		err = map_tree(sb, ((u32 *)bh->b_data)[i], depth - 1, map, nr,
			       l, end);
	brelse(bh);
	return err;
}

static int map_journal(struct super_block *sb, struct jbd_extent *map,
		       unsigned int *nr)
{
	struct buffer_head *bh;
	struct ext2_inode *raw = ext2_get_inode(sb, EXT3_JOURNAL_INO, &bh);
	u32 l = 0, end, i;
	int err = 0;

	if (!raw)
		return -EIO;
	end = raw->i_size >> sb->s_blocksize_bits;
	for (i = 0; i < EXT2_N_BLOCKS && l < end && !err; i++)
		err = map_tree(sb, raw->i_block[i],
			       i < EXT2_IND_BLOCK ? 0 : i - EXT2_IND_BLOCK + 1,
			       map, nr, &l, end);
	brelse(bh);
	return err ? err : (l == end && end ? 0 : -EINVAL);
}

int ext3_load_journal(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	struct jbd_extent *map;
	unsigned int nr = 0, replayed;
	int err;

	if (!(es->s_feature_compat & EXT3_FEATURE_COMPAT_HAS_JOURNAL))
		return 0;
	if (es->s_journal_inum != EXT3_JOURNAL_INO || es->s_journal_dev) {
		printk(KERN_ERR "EXT3-fs (%s): error: only an internal journal "
				"in inode 8 is supported\n",
		       sb->s_id);
		return -EINVAL;
	}
	map = kmalloc(JBD_MAX_EXTENTS * sizeof(*map), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	err = map_journal(sb, map, &nr);
	if (!err)
		sbi->s_journal = journal_init(sb->s_bdev, sb->s_blocksize,
					      es->s_blocks_count, map, nr,
					      &err);
	kfree(map);
	if (err) {
		printk(KERN_ERR "EXT3-fs (%s): error: could not load journal "
				"inode\n",
		       sb->s_id);
		return err;
	}
	err = journal_recover(sbi->s_journal, &replayed);
	if (err)
		return err;
	if (es->s_feature_incompat & EXT3_FEATURE_INCOMPAT_RECOVER) {
		es->s_feature_incompat &= ~EXT3_FEATURE_INCOMPAT_RECOVER;
		err = ext2_sync_super(sb, true);
		printk(KERN_INFO "EXT3-fs (%s): recovery complete\n", sb->s_id);
	}
	return err;
}

/* Ordered data, from the committer (fs/jbd/commit.c): every file's dirty
 * pages written and waited for, and its inode copied into its block. */
static void flush_data(journal_t *j)
{
	struct super_block *sb = j->j_private;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_inode_info *ei;

	down(&sbi->s_inodes_sem);
	list_for_each_entry(ei, &sbi->s_inodes, i_list)
		ext2_sync_inode(ei->vfs_inode);
	up(&sbi->s_inodes_sem);
}

int ext3_journal_writable(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	journal_t *j = sbi->s_journal;

	if (!j)
		return 0;
	j->j_private = sb;
	j->j_flush_data = flush_data;
	if (sbi->s_commit_interval)
		j->j_commit_interval = sbi->s_commit_interval;
	return journal_load(j);
}

int ext3_journal_readonly(struct super_block *sb)
{
	journal_t *j = EXT2_SB(sb)->s_journal;

	return journal_loaded(j) ? journal_unload(j) : 0;
}

int ext3_force_commit(struct super_block *sb)
{
	journal_t *j = EXT2_SB(sb)->s_journal;

	return journal_loaded(j) ? journal_force_commit(j) : 0;
}

handle_t *ext3_journal_start(struct super_block *sb, bool try)
{
	journal_t *j = EXT2_SB(sb)->s_journal;

	if (!journal_loaded(j))
		return NULL;
	return try ? journal_try_start(j) : journal_start(j);
}

void ext3_journal_stop(handle_t *h)
{
	if (h && !IS_ERR(h))
		journal_stop(h);
}

void ext3_forget(struct super_block *sb, u32 block)
{
	handle_t *h = current_journal_handle();
	struct buffer_head *bh;

	if (!h || !journal_loaded(EXT2_SB(sb)->s_journal))
		return;
	/* Only a block the log may hold: one logged since the last
	 * checkpoint, or in the running transaction. */
	bh = sb_find_get_block(sb, block);
	if (bh && (bh->b_state & ((1ul << BH_JDirty) | (1ul << BH_JLogged))))
		journal_revoke(h, block);
	brelse(bh);
}
