/*
 * mm/vm/fadvise.c - posix_fadvise: fadvise64 (250) and fadvise64_64 (272).
 *
 * Advice about how a file will be read.  The call is checked as Linux
 * checks it: -EBADF for a closed fd, -ESPIPE for a pipe or FIFO, -EINVAL
 * for a negative length or an advice it does not know; else 0.
 * POSIX_FADV_WILLNEED reads the range of a disk file into its page cache
 * (length 0: to the end of the file); the rest of the advice is ignored,
 * as Linux ignores all of it on a memory file system (ramfs, tmpfs).
 */
#include "fs/sys_util.h"
#include "fs/stat.h"
#include "kernel/errno.h"
#include "mm/vm/mman.h"
#include "mm/vm/readahead.h"
#include "mm/phys/page.h"

#define POSIX_FADV_NORMAL 0
#define POSIX_FADV_WILLNEED 3
#define POSIX_FADV_NOREUSE 5	/* the last: RANDOM, SEQUENTIAL, WILLNEED,
				 * DONTNEED are 1 to 4 */

/* Read [offset, offset + len) ahead; len 0 is to the end of the file. */
static void will_need(struct file *f, loff_t offset, loff_t len)
{
	loff_t end = len && len <= f->f_inode->i_size - offset
			     ? offset + len
			     : f->f_inode->i_size;

	if (end > offset)
		force_page_cache_readahead(
			f->f_mapping, f, (unsigned long)(offset >> PAGE_SHIFT),
			(unsigned long)(((end - 1) >> PAGE_SHIFT) -
					(offset >> PAGE_SHIFT) + 1));
}

static long do_fadvise(int fd, loff_t offset, loff_t len, int advice)
{
	struct file *f = fget_current(fd);
	long err = 0;

	if (!f)
		return -EBADF;
	if (S_ISFIFO(f->f_inode->i_mode))
		err = -ESPIPE;
	else if (len < 0 || advice < POSIX_FADV_NORMAL ||
		 advice > POSIX_FADV_NOREUSE)
		err = -EINVAL;
	else if (advice == POSIX_FADV_WILLNEED && offset >= 0 &&
		 S_ISREG(f->f_inode->i_mode))
		will_need(f, offset, len);
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
