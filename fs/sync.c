/*
 * fs/sync.c - fsync and fdatasync.
 *
 * A file's data lives only in memory here: ramfs's page cache is the file
 * (swap holds pages for memory's sake, not to keep them), so there is
 * nothing to write back.  A regular file or directory of ramfs answers 0,
 * as Linux's ramfs does (noop_fsync); anything else (a pipe, a tty, a
 * /proc or /dev node) has no fsync in Linux either: EINVAL.
 */
#include "fs/super.h"
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"

static long do_fsync(unsigned int fd)
{
	struct file *f = fget_current(fd);
	struct inode *inode;
	long r = -EINVAL;

	if (!f)
		return -EBADF;
	inode = f->f_inode;
	if ((S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode)) &&
	    inode->i_sb && inode->i_sb->s_magic == RAMFS_MAGIC)
		r = 0;
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
