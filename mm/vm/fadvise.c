/*
 * mm/vm/fadvise.c - posix_fadvise: fadvise64 (250) and fadvise64_64 (272).
 *
 * Advice about how a file will be read.  Mapback's files are in memory
 * and it has no readahead to tune, so, like Linux for a file system
 * without a backing device (ramfs, tmpfs), it checks the call and ignores
 * the advice: -EBADF for a closed fd, -ESPIPE for a pipe or FIFO, -EINVAL
 * for a negative length or an advice it does not know; else 0.
 */
#include "fs/sys_util.h"
#include "fs/stat.h"
#include "kernel/errno.h"
#include "mm/vm/mman.h"

#define POSIX_FADV_NORMAL 0
#define POSIX_FADV_NOREUSE 5	/* the last: RANDOM, SEQUENTIAL, WILLNEED,
				 * DONTNEED are 1 to 4 */

static long do_fadvise(int fd, loff_t offset, loff_t len, int advice)
{
	struct file *f = fget_current(fd);
	long err = 0;

	(void)offset;
	if (!f)
		return -EBADF;
	if (S_ISFIFO(f->f_inode->i_mode))
		err = -ESPIPE;
	else if (len < 0 || advice < POSIX_FADV_NORMAL ||
		 advice > POSIX_FADV_NOREUSE)
		err = -EINVAL;
	fput(f);
	return err;
}

/* i386 passes each 64-bit argument in two registers, low word first. */
long sys_fadvise64_64(int fd, u32 off_lo, u32 off_hi, u32 len_lo,
		      u32 len_hi, int advice)
{
	return do_fadvise(fd, make_loff(off_lo, off_hi),
			  make_loff(len_lo, len_hi), advice);
}

/* The older call: a 32-bit length. */
long sys_fadvise64(int fd, u32 off_lo, u32 off_hi, u32 len, int advice)
{
	return do_fadvise(fd, make_loff(off_lo, off_hi), len, advice);
}
