/*
 * fs/fallocate.c - fallocate(2) (324): the VFS's checks, in Linux 6.1's
 * order (vfs_fallocate), before the file system's own operation
 * (file_operations.fallocate; ramfs's is fs/ramfs/inode.c's, which does
 * what Linux's tmpfs does).
 *
 * -EINVAL for offset < 0 or len <= 0; -EOPNOTSUPP for an unknown mode,
 * PUNCH_HOLE with ZERO_RANGE, or PUNCH_HOLE without KEEP_SIZE; -EINVAL
 * for COLLAPSE_RANGE or INSERT_RANGE with another flag, or UNSHARE_RANGE
 * with one but KEEP_SIZE; -EBADF for a file not open for writing; -ESPIPE
 * for a pipe, -EISDIR for a directory, -ENODEV for anything else that is
 * not a regular file; -EFBIG when offset + len passes the largest file
 * (or wraps); -EOPNOTSUPP when the file system has no fallocate.
 */
#include "fs/fallocate.h"
#include "fs/generic_file.h"
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"

static long check_mode(int mode)
{
	if (mode & ~FALLOC_FL_SUPPORTED_MASK)
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_PUNCH_HOLE) && (mode & FALLOC_FL_ZERO_RANGE))
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_PUNCH_HOLE) && !(mode & FALLOC_FL_KEEP_SIZE))
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_COLLAPSE_RANGE) &&
	    (mode & ~FALLOC_FL_COLLAPSE_RANGE))
		return -EINVAL;
	if ((mode & FALLOC_FL_INSERT_RANGE) && (mode & ~FALLOC_FL_INSERT_RANGE))
		return -EINVAL;
	if ((mode & FALLOC_FL_UNSHARE_RANGE) &&
	    (mode & ~(FALLOC_FL_UNSHARE_RANGE | FALLOC_FL_KEEP_SIZE)))
		return -EINVAL;
	return 0;
}

long vfs_fallocate(struct file *file, int mode, loff_t offset, loff_t len)
{
	umode_t type = file->f_inode->i_mode;
	long err;

	if (offset < 0 || len <= 0)
		return -EINVAL;
	err = check_mode(mode);
	if (err)
		return err;
	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if (S_ISFIFO(type))
		return -ESPIPE;
	if (S_ISDIR(type))
		return -EISDIR;
	if (!S_ISREG(type))
		return -ENODEV;
	/* offset + len past the limit, or wrapping: computed without
	 * overflowing (both are positive). */
	if (offset > MAX_LFS_FILESIZE || len > MAX_LFS_FILESIZE - offset)
		return -EFBIG;
	if (!file->f_op || !file->f_op->fallocate)
		return -EOPNOTSUPP;
	return file->f_op->fallocate(file, mode, offset, len);
}

/* i386 passes offset and len each in two registers, low word first
 * (Linux's ia32_fallocate). */
long sys_fallocate(int fd, int mode, u32 off_lo, u32 off_hi, u32 len_lo,
		   u32 len_hi)
{
	struct file *f = fget_current(fd);
	long err;

	if (!f)
		return -EBADF;
	err = vfs_fallocate(f, mode, make_loff(off_lo, off_hi),
			    make_loff(len_lo, len_hi));
	fput(f);
	return err;
}
