/*
 * fs/sync.c - fsync, fdatasync and syncfs.
 *
 * A file's data lives only in memory here: ramfs's page cache is the file
 * (swap holds pages for memory's sake, not to keep them), so there is
 * nothing to write back.  A regular file or directory of ramfs, tmpfs or
 * devtmpfs answers 0, as Linux's ramfs and shmem do (noop_fsync);
 * anything else (a pipe, a tty, a /proc or /dev node) has no fsync in
 * Linux either: EINVAL.  syncfs has a superblock to sync for any open
 * file, so it is 0 for every descriptor, as on Linux.
 */
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

static long do_fsync(unsigned int fd)
{
	struct file *f = fget_current(fd);
	long r;

	if (!f)
		return -EBADF;
	r = has_noop_fsync(f->f_inode) ? 0 : -EINVAL;
	fput(f);
	return r;
}

long sys_fsync(unsigned int fd)
{
	return do_fsync(fd);
}

/* Without metadata to skip, the same as fsync. */
long sys_fdatasync(unsigned int fd)
{
	return do_fsync(fd);
}

long sys_syncfs(int fd)
{
	struct file *f = fget_current(fd);

	if (!f)
		return -EBADF;
	fput(f);
	return 0;
}
