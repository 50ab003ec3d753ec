/*
 * fs/sync.c - sync, syncfs, fsync and fdatasync.
 *
 * A file on a disk (a block device, a disk file system's file) answers
 * fsync through its f_op->fsync: its dirty pages written and waited for
 * (filemap_write_and_wait), and a write error recorded on its mapping
 * since the last fsync reported once, as Linux's errseq does for a single
 * opener.  A file whose data lives only in memory (a regular file or
 * directory of ramfs, tmpfs or devtmpfs) answers 0, as Linux's ramfs and
 * shmem do (noop_fsync); anything else (a pipe, a tty, a /proc node) has
 * no fsync in Linux either: EINVAL.  close(2) reports nothing: a block
 * device has no ->flush in Linux.
 *
 * sync writes every dirty inode (fs/fs_writeback.c), asks every mounted
 * disk file system to put its own state into its device's cache
 * (s_op->sync_fs), then writes and waits for every open block device's
 * cache, where that state lives.  syncfs does the same for one file
 * system.
 */
#include "fs/block_dev.h"
#include "fs/fs_writeback.h"
#include "fs/namei.h"
#include "fs/super.h"
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"

static bool has_noop_fsync(struct inode *inode)
{
	u32 magic = inode->i_sb ? inode->i_sb->s_magic : 0;

	return (S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode)) &&
	       (magic == RAMFS_MAGIC || magic == TMPFS_MAGIC);
}

int vfs_fsync(struct file *file, bool datasync)
{
	if (file->f_op && file->f_op->fsync)
		return file->f_op->fsync(file, datasync);
	return has_noop_fsync(file->f_inode) ? 0 : -EINVAL;
}

static long do_fsync(unsigned int fd, bool datasync)
{
	struct file *f = fget_current(fd);
	long r;

	if (!f)
		return -EBADF;
	r = vfs_fsync(f, datasync);
	fput(f);
	return r;
}

long sys_fsync(unsigned int fd)
{
	return do_fsync(fd, false);
}

long sys_fdatasync(unsigned int fd)
{
	return do_fsync(fd, true);
}

/* The file system's own state into its device's cache, then that cache
 * to the disk.  Caller holds namespace_sem, which keeps sb mounted. */
static int sync_filesystem(struct super_block *sb)
{
	int err = sync_inodes_sb(sb, WB_SYNC_ALL), err2 = 0;

	if (sb->s_op && sb->s_op->sync_fs)
		err2 = sb->s_op->sync_fs(sb, true);
	if (!err)
		err = err2;
	if (sb->s_bdev) {
		err2 = filemap_fdatawrite(sb->s_bdev->bd_inode->i_mapping);
		if (!err)
			err = err2;
		err2 = filemap_fdatawait_keep_errors(
			sb->s_bdev->bd_inode->i_mapping);
		if (!err)
			err = err2;
	}
	return err;
}

long sys_sync(void)
{
	struct block_device *bdev;

	sync_inodes_sb(NULL, WB_SYNC_NONE);
	down(&namespace_sem);
	for_each_blkdev(bdev)
		if (bdev->bd_super)
			sync_filesystem(bdev->bd_super);
	up(&namespace_sem);
	sync_bdevs();
	return 0;
}

/* Reports what writing failed now, or a write-back error of the file
 * system's pages that this open file has not heard of yet (s_wb_err,
 * sampled at open), once per file, as Linux's. */
long sys_syncfs(int fd)
{
	struct file *f = fget_current(fd);
	struct super_block *sb;
	int err = 0, err2 = 0;

	if (!f)
		return -EBADF;
	sb = f->f_inode->i_sb;
	if (sb) {
		down(&namespace_sem);
		err = sync_filesystem(sb);
		up(&namespace_sem);
		err2 = errseq_check_and_advance(&sb->s_wb_err, &f->f_sb_err);
	}
	fput(f);
	return err ? err : err2;
}
