/*
 * mm/vm/readahead.c - readahead(2) (225): read a file's pages into the
 * page cache before they are asked for.
 *
 * A Mapback file is its page cache (ramfs): there is nothing to read
 * ahead, so, like Linux for ramfs and tmpfs (ksys_readahead, then
 * generic_fadvise's POSIX_FADV_WILLNEED on a file system without a
 * backing device), the call checks its descriptor and returns 0.  Linux
 * 6.1's checks: -EBADF for a descriptor that is closed or not open for
 * reading, -EINVAL for anything but a regular file (a pipe, a directory).
 * The offset and count are not checked.
 */
#include "fs/sys_util.h"
#include "fs/stat.h"
#include "kernel/errno.h"
#include "mm/vm/mman.h"

/* i386 passes the 64-bit offset in two registers, low word first
 * (Linux's ia32_readahead). */
long sys_readahead(int fd, u32 off_lo, u32 off_hi, u32 count)
{
	struct file *f = fget_current(fd);
	long err = 0;

	(void)off_lo;
	(void)off_hi;
	(void)count;
	if (!f)
		return -EBADF;
	if (!(f->f_mode & FMODE_READ))
		err = -EBADF;
	else if (!S_ISREG(f->f_inode->i_mode))
		err = -EINVAL;
	fput(f);
	return err;
}
