/*
 * fs/fs_writeback.h - which inodes have something to write back, and the
 * flusher thread that writes it (Linux's fs/fs-writeback.c).
 *
 * An inode with dirty pages (I_DIRTY_PAGES, set by set_page_dirty) or
 * dirty metadata of its own (I_DIRTY_SYNC, I_DIRTY_DATASYNC, set by its
 * file system through mark_inode_dirty) is on one global dirty list,
 * oldest first, and remembers when it went dirty (dirtied_when, jiffies).
 * Writing an inode back (writeback_single_inode) clears its state first,
 * writes its pages (do_writepages) and then the inode itself through
 * s_op->write_inode; what is dirtied meanwhile puts it back on the list.
 *
 * The flusher ("flush") wakes every dirty_writeback_interval centiseconds
 * and writes the inodes dirty for longer than dirty_expire_interval, and
 * at once (wakeup_flusher_threads) when the dirty pages pass the
 * background threshold, until they are below it again.
 */
#ifndef FS_FS_WRITEBACK_H
#define FS_FS_WRITEBACK_H

#include "mm/writeback/writeback.h"

struct inode;
struct super_block;

/* inode->i_state */
#define I_DIRTY_SYNC 1 /* the inode itself (times, size) changed */
#define I_DIRTY_DATASYNC 2 /* ... in a way fdatasync must write */
#define I_DIRTY_PAGES 4 /* its mapping has dirty pages */
#define I_DIRTY (I_DIRTY_SYNC | I_DIRTY_DATASYNC | I_DIRTY_PAGES)

/* Add flags to the inode's dirty state; the first puts it on the dirty
 * list.  Any context: interrupts may be off. */
void __mark_inode_dirty(struct inode *inode, unsigned int flags);
static inline void mark_inode_dirty(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY_SYNC | I_DIRTY_DATASYNC);
}
static inline void mark_inode_dirty_sync(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY_SYNC);
}

/* Write the inode's pages and itself as wbc says; 0 or the first error. */
int writeback_single_inode(struct inode *inode, struct writeback_control *wbc);
/* Write everything of the inode and wait for it (sync: also the inode
 * through write_inode with wait set). */
int write_inode_now(struct inode *inode, bool sync);
/* The inode is being destroyed: off the dirty list (fs/inode.c). */
void inode_wb_list_del(struct inode *inode);

/* Every dirty inode of sb (NULL: of every superblock), oldest first;
 * WB_SYNC_ALL also waits.  0 or the first error. */
int sync_inodes_sb(struct super_block *sb, enum writeback_sync_modes mode);
/* Write up to nr pages of the oldest dirty inodes, without waiting; the
 * number written.  Inodes dirtied after older_than (jiffies) are left
 * when expired_only. */
long writeback_inodes(long nr, bool expired_only, u32 older_than);

/* Start the flusher thread (boot). */
void flusher_start(void);
/* Dirty pages passed the background threshold: write now. */
void wakeup_flusher_threads(void);

#endif
