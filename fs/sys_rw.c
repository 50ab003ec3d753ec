/*
 * fs/sys_rw.c - read, write and their vector and positioned forms,
 * sendfile, copy_file_range, lseek.
 *
 * User data moves through a kernel bounce page, one page at a time, so
 * that file systems and drivers only ever see kernel buffers and never
 * take a user page fault while holding a lock (fs/file.h).  A transfer
 * stops at the first short chunk (end of file, a tty line, a pipe that
 * had less), as the single read or write underneath would have; reads of
 * anything but a regular file or a block device take one chunk, since
 * asking a pipe or a tty for more could block, except that a pipe holding
 * more is read on (a pipe read gives all it holds up to the count, as on
 * Linux), and so is a device that never blocks (/dev/zero, /dev/urandom:
 * Linux's drivers loop to the count themselves), which stops early only
 * for a signal.
 *
 * A pipe's bytes are gone once read, and Linux's pipe_read consumes only
 * what it copied out: a read into a buffer that faults leaves them in the
 * pipe.  So a pipe is asked only for as many bytes as the user buffer was
 * first shown to take: its pages are faulted in for writing beforehand,
 * and the read stops (EFAULT if nothing came) at the first page that
 * cannot be.  An empty pipe is read as asked, so that it waits, or gives
 * EAGAIN or end of file, as on Linux; bytes that arrive during that wait
 * and then cannot be copied out are lost, as they are when another thread
 * unmaps the buffer between the check and the copy.  Files with a
 * position give the bytes back by rewinding it.
 */
#include "fs/syscalls.h"
#include "fs/fcntl.h"
#include "fs/generic_file.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/random.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/wait.h"
#include "mm/phys/page_alloc.h"

struct iovec {
	void *iov_base;
	size_t iov_len;
};

#define UIO_MAXIOV 1024
#define MAX_RW_COUNT 0x7ffff000	/* Linux's cap on one transfer */

static bool is_fifo(struct file *f)
{
	return S_ISFIFO(f->f_inode->i_mode);
}

/* A pipe with bytes to read now. */
static bool fifo_has_data(struct file *f)
{
	return is_fifo(f) && f->f_op && f->f_op->poll &&
	       (f->f_op->poll(f, NULL) & POLLIN);
}

/* A character device with no poll operation, which poll therefore calls
 * always ready: it never blocks (/dev/zero, /dev/full, /dev/urandom). */
static bool never_blocks(struct file *f)
{
	return S_ISCHR(f->f_inode->i_mode) && f->f_op && !f->f_op->poll;
}

/*
 * After a full chunk: go on reading?  A file or a disk (a block device)
 * always says.  A device that never blocks: yes, unless a signal has
 * come, which ends the transfer with what it has; it can be asked for
 * gigabytes, so other tasks get the CPU here meanwhile.  A pipe: while it
 * holds more.
 */
static bool read_on(struct file *f)
{
	if (S_ISREG(f->f_inode->i_mode) || S_ISBLK(f->f_inode->i_mode))
		return true;
	if (never_blocks(f)) {
		cond_resched();
		return !signal_pending_current();
	}
	return fifo_has_data(f);
}

/* The most to ask a pipe for: what the buffer takes, unless the pipe is
 * empty (the read waits, or is EAGAIN or end of file, as the pipe says). */
static size_t fifo_chunk(struct file *f, char *ubuf, size_t chunk)
{
	size_t fits = chunk - fault_in_writeable(ubuf, chunk);

	return fits || fifo_has_data(f) ? fits : chunk;
}

static ssize_t do_read(struct file *f, char *ubuf, size_t n, loff_t *pos)
{
	char *kbuf;
	size_t done = 0;
	ssize_t r = 0;

	if (!access_ok(ubuf, n))
		return -EFAULT;
	kbuf = (char *)__get_free_page(GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	while (done < n) {
		size_t chunk = min(n - done, (size_t)PAGE_SIZE);

		if (is_fifo(f))
			chunk = fifo_chunk(f, ubuf + done, chunk);
		if (!chunk) {
			r = -EFAULT;
			break;
		}
		r = vfs_read(f, kbuf, chunk, pos);
		if (r <= 0)
			break;
		if (copy_to_user(ubuf + done, kbuf, r)) {
			*pos -= r;	/* not delivered: not consumed */
			r = -EFAULT;
			break;
		}
		done += r;
		if ((size_t)r < chunk || !read_on(f))
			break;
	}
	free_page((unsigned long)kbuf);
	return done ? (ssize_t)done : r;
}

static ssize_t do_write(struct file *f, const char *ubuf, size_t n,
			loff_t *pos)
{
	char *kbuf;
	size_t done = 0;
	ssize_t r = 0;

	if (!access_ok(ubuf, n))
		return -EFAULT;
	kbuf = (char *)__get_free_page(GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	while (done < n) {
		size_t chunk = min(n - done, (size_t)PAGE_SIZE);

		if (copy_from_user(kbuf, ubuf + done, chunk)) {
			r = -EFAULT;
			break;
		}
		r = vfs_write(f, kbuf, chunk, pos);
		if (r <= 0)
			break;
		done += r;
		if ((size_t)r < chunk)
			break;
	}
	free_page((unsigned long)kbuf);
	return done ? (ssize_t)done : r;
}

long sys_read(unsigned int fd, char *buf, size_t count)
{
	struct file *f = fget_current(fd);
	long r;

	if (!f)
		return -EBADF;
	r = do_read(f, buf, min(count, (size_t)MAX_RW_COUNT), &f->f_pos);
	fput(f);
	return r;
}

long sys_write(unsigned int fd, const char *buf, size_t count)
{
	struct file *f = fget_current(fd);
	long r;

	if (!f)
		return -EBADF;
	r = do_write(f, buf, min(count, (size_t)MAX_RW_COUNT), &f->f_pos);
	fput(f);
	return r;
}

static bool seekable(struct file *f)
{
	return !(f->f_op && f->f_op->llseek == no_llseek);
}

/* pread64/pwrite64: at pos, leaving f_pos alone; pipes and ttys -ESPIPE. */
static long do_rw_at(unsigned int fd, char *buf, size_t count, loff_t pos,
		     bool write)
{
	struct file *f = fget_current(fd);
	long r;

	if (!f)
		return -EBADF;
	count = min(count, (size_t)MAX_RW_COUNT);
	if (!seekable(f))
		r = -ESPIPE;
	else if (pos < 0)
		r = -EINVAL;
	else
		r = write ? do_write(f, buf, count, &pos)
			  : do_read(f, buf, count, &pos);
	fput(f);
	return r;
}

long sys_pread64(unsigned int fd, char *buf, size_t count, u32 pos_lo,
		 u32 pos_hi)
{
	return do_rw_at(fd, buf, count, make_loff(pos_lo, pos_hi), false);
}

long sys_pwrite64(unsigned int fd, const char *buf, size_t count,
		  u32 pos_lo, u32 pos_hi)
{
	return do_rw_at(fd, (char *)buf, count, make_loff(pos_lo, pos_hi),
			true);
}

/* The vector of iovcnt buffers at uiov, one after another, at *pos. */
static long rw_vec(struct file *f, const struct iovec *uiov, int iovcnt,
		   loff_t *pos, bool write)
{
	long total = 0;
	int i;

	if (iovcnt < 0 || iovcnt > UIO_MAXIOV)
		return -EINVAL;
	for (i = 0; i < iovcnt; i++) {
		struct iovec v;
		ssize_t r;

		if (copy_from_user(&v, &uiov[i], sizeof(v))) {
			total = total ? total : -EFAULT;
			break;
		}
		if ((ssize_t)v.iov_len < 0) {
			total = total ? total : -EINVAL;
			break;
		}
		if (!v.iov_len)
			continue;
		r = write ? do_write(f, v.iov_base, v.iov_len, pos)
			  : do_read(f, v.iov_base, v.iov_len, pos);
		if (r < 0) {
			total = total ? total : r;
			break;
		}
		total += r;
		if ((size_t)r < v.iov_len)
			break;
	}
	return total;
}

#define RWF_HIPRI 0x01	/* poll for completion: nothing to poll here */
#define RWF_DSYNC 0x02
#define RWF_SYNC 0x04
#define RWF_APPEND 0x10

/*
 * readv and writev (pos -1: at the file position, moving it), preadv and
 * pwritev (at pos, leaving it), and their 2 forms with flags: RWF_SYNC and
 * RWF_DSYNC write through as fsync would, RWF_APPEND writes at the end,
 * RWF_HIPRI asks nothing of a disk that interrupts; RWF_NOWAIT (no file
 * here could say "would block" instead of waiting for its disk) and
 * unknown flags are EOPNOTSUPP.  Linux's order of errors.
 */
static long do_rw_vec(unsigned int fd, const struct iovec *uiov, int iovcnt,
		      loff_t pos, int flags, bool write)
{
	struct file *f;
	long r;

	if (pos < -1)
		return -EINVAL;
	f = fget_current(fd);
	if (!f)
		return -EBADF;
	if (pos >= 0 && !seekable(f))
		r = -ESPIPE;
	else if (flags & ~(RWF_HIPRI | RWF_DSYNC | RWF_SYNC | RWF_APPEND))
		r = -EOPNOTSUPP;
	else {
		loff_t *at = pos >= 0 ? &pos : &f->f_pos;

		if (write && (flags & RWF_APPEND) && f->f_mapping)
			*at = f->f_mapping->host->i_size;
		r = rw_vec(f, uiov, iovcnt, at, write);
		if (r > 0 && write && (flags & (RWF_SYNC | RWF_DSYNC))) {
			int err = vfs_fsync(f, !(flags & RWF_SYNC));

			r = err ? err : r;
		}
	}
	fput(f);
	return r;
}

long sys_readv(unsigned int fd, const struct iovec *iov, int iovcnt)
{
	return do_rw_vec(fd, iov, iovcnt, -1, 0, false);
}

long sys_writev(unsigned int fd, const struct iovec *iov, int iovcnt)
{
	return do_rw_vec(fd, iov, iovcnt, -1, 0, true);
}

/* preadv (333): a negative pos is EINVAL, where preadv2 takes -1. */
long sys_preadv(unsigned int fd, const struct iovec *iov, int iovcnt,
		u32 pos_lo, u32 pos_hi)
{
	loff_t pos = make_loff(pos_lo, pos_hi);

	return pos < 0 ? -EINVAL : do_rw_vec(fd, iov, iovcnt, pos, 0, false);
}

long sys_pwritev(unsigned int fd, const struct iovec *iov, int iovcnt,
		 u32 pos_lo, u32 pos_hi)
{
	loff_t pos = make_loff(pos_lo, pos_hi);

	return pos < 0 ? -EINVAL : do_rw_vec(fd, iov, iovcnt, pos, 0, true);
}

long sys_preadv2(unsigned int fd, const struct iovec *iov, int iovcnt,
		 u32 pos_lo, u32 pos_hi, int flags)
{
	return do_rw_vec(fd, iov, iovcnt, make_loff(pos_lo, pos_hi), flags,
			 false);
}

long sys_pwritev2(unsigned int fd, const struct iovec *iov, int iovcnt,
		  u32 pos_lo, u32 pos_hi, int flags)
{
	return do_rw_vec(fd, iov, iovcnt, make_loff(pos_lo, pos_hi), flags,
			 true);
}

/*
 * From in at *pos_in to out at *pos_out through the bounce page, never
 * through user memory (what Linux's do_splice_direct does for sendfile
 * and copy_file_range).  It stops at the end of in, or where read_on
 * says.  Bytes read but not written are given back to in.  The bytes
 * moved, or the error when none were.
 */
static ssize_t copy_through_page(struct file *in, loff_t *pos_in,
				 struct file *out, loff_t *pos_out, size_t count)
{
	char *kbuf = (char *)__get_free_page(GFP_KERNEL);
	size_t done = 0;
	ssize_t r = 0, w;

	if (!kbuf)
		return -ENOMEM;
	count = min(count, (size_t)MAX_RW_COUNT);
	while (done < count) {
		size_t chunk = min(count - done, (size_t)PAGE_SIZE);

		r = vfs_read(in, kbuf, chunk, pos_in);
		if (r <= 0)
			break;
		w = vfs_write(out, kbuf, r, pos_out);
		if (w < r) {
			*pos_in -= r - (w > 0 ? w : 0);
			done += w > 0 ? w : 0;
			r = w;
			break;
		}
		done += r;
		if ((size_t)r < chunk || !read_on(in))
			break;
	}
	free_page((unsigned long)kbuf);
	return done ? (ssize_t)done : r;
}

/*
 * What sendfile can read, as on Linux 6.1 (where it takes an input with a
 * splice_read): files, disks and the random devices, not pipes, ttys,
 * /dev/zero or /dev/null.
 */
static bool sendfile_readable(struct file *in)
{
	umode_t mode = in->f_inode->i_mode;

	return S_ISREG(mode) || S_ISBLK(mode) || in->f_op == &random_fops;
}

/*
 * sendfile: with an offset, in is read from there and its f_pos stays;
 * without, from its f_pos.  The checks come in Linux's order: in, its
 * mode, the offset, out, its mode; an O_APPEND out is EINVAL (Linux 6.1
 * refuses it too), and so is an input sendfile cannot read, unless
 * nothing was asked for.
 */
static long do_sendfile(unsigned int out_fd, unsigned int in_fd,
			loff_t *ppos, size_t count)
{
	struct file *in = fget_current(in_fd), *out = NULL;
	long r = -EBADF;

	if (!in || !(in->f_mode & FMODE_READ))
		goto out;
	r = -ESPIPE;
	if (ppos && !seekable(in))
		goto out;
	r = -EINVAL;
	if (ppos && *ppos < 0)
		goto out;
	r = -EBADF;
	out = fget_current(out_fd);
	if (!out || !(out->f_mode & FMODE_WRITE))
		goto out;
	r = -EINVAL;
	if ((out->f_flags & O_APPEND) || (count && !sendfile_readable(in)))
		goto out;
	r = copy_through_page(in, ppos ? ppos : &in->f_pos, out, &out->f_pos,
			      count);
out:
	if (out)
		fput(out);
	if (in)
		fput(in);
	return r;
}

long sys_sendfile(unsigned int out_fd, unsigned int in_fd, long *offset,
		  size_t count)
{
	long off;
	loff_t pos;
	long r;

	if (!offset)
		return do_sendfile(out_fd, in_fd, NULL, count);
	if (get_user(off, offset))
		return -EFAULT;
	pos = off;
	r = do_sendfile(out_fd, in_fd, &pos, count);
	if (r >= 0 && put_user((long)pos, offset))
		return -EFAULT;
	return r;
}

long sys_sendfile64(unsigned int out_fd, unsigned int in_fd, loff_t *offset,
		    size_t count)
{
	loff_t pos;
	long r;

	if (!offset)
		return do_sendfile(out_fd, in_fd, NULL, count);
	if (copy_from_user(&pos, offset, sizeof(pos)))
		return -EFAULT;
	r = do_sendfile(out_fd, in_fd, &pos, count);
	if (r >= 0 && copy_to_user(offset, &pos, sizeof(pos)))
		return -EFAULT;
	return r;
}

/*
 * copy_file_range's checks on the files and the range, in Linux 6.1's
 * order (generic_copy_file_checks, then rw_verify_area on both ends):
 * regular files only, in readable and out writable but not O_APPEND, one
 * file system (no Mapback file system copies across superblocks, so as
 * for Linux's ramfs and tmpfs that is EXDEV), no wrap-around, the count
 * cut at the end of in and at the writer's RLIMIT_FSIZE and the largest
 * file (write_check_limits), no overlap within one file, and no negative
 * offset.
 */
static int copy_file_checks(struct file *in, loff_t pos_in, struct file *out,
			    loff_t pos_out, size_t *len)
{
	struct inode *ii = in->f_inode, *io = out->f_inode;
	size_t count = *len;
	int err;

	if (S_ISDIR(ii->i_mode) || S_ISDIR(io->i_mode))
		return -EISDIR;
	if (!S_ISREG(ii->i_mode) || !S_ISREG(io->i_mode))
		return -EINVAL;
	if (!(in->f_mode & FMODE_READ) || !(out->f_mode & FMODE_WRITE) ||
	    (out->f_flags & O_APPEND))
		return -EBADF;
	if (ii->i_sb != io->i_sb)
		return -EXDEV;
	if ((u64)pos_in + count < (u64)pos_in ||
	    (u64)pos_out + count < (u64)pos_out)
		return -EOVERFLOW;
	if (pos_in >= ii->i_size)
		count = 0;
	else if ((loff_t)count > ii->i_size - pos_in)
		count = ii->i_size - pos_in;
	err = write_check_limits(pos_out, &count);
	if (err)
		return err;
	if (ii == io && pos_out + (loff_t)count > pos_in &&
	    pos_out < pos_in + (loff_t)count)
		return -EINVAL;
	if (pos_in < 0 || pos_out < 0 || (ssize_t)count < 0)
		return -EINVAL;
	*len = count;
	return 0;
}

/* An offset argument of copy_file_range: *uoff, or f's position. */
static int get_copy_pos(struct file *f, loff_t *uoff, loff_t *pos)
{
	if (!uoff) {
		*pos = f->f_pos;
		return 0;
	}
	return copy_from_user(pos, uoff, sizeof(*pos)) ? -EFAULT : 0;
}

/* ... and back after a copy: r, or -EFAULT when the store failed. */
static long put_copy_pos(struct file *f, loff_t *uoff, loff_t pos, long r)
{
	if (!uoff)
		f->f_pos = pos;
	else if (copy_to_user(uoff, &pos, sizeof(pos)))
		return -EFAULT;
	return r;
}

/*
 * copy_file_range: len bytes from in to out, each at its offset (a
 * 64-bit value in user memory, which comes back advanced) or, for a NULL
 * offset, at its file position (which moves).  No flag is defined.
 */
long sys_copy_file_range(unsigned int fd_in, loff_t *off_in,
			 unsigned int fd_out, loff_t *off_out, size_t len,
			 unsigned int flags)
{
	struct file *in = fget_current(fd_in), *out = NULL;
	loff_t pos_in, pos_out;
	long r = -EBADF;

	if (!in)
		goto out;
	out = fget_current(fd_out);
	if (!out)
		goto out;
	r = get_copy_pos(in, off_in, &pos_in);
	if (!r)
		r = get_copy_pos(out, off_out, &pos_out);
	if (!r && flags)
		r = -EINVAL;
	if (!r)
		r = copy_file_checks(in, pos_in, out, pos_out, &len);
	if (!r && len)
		r = copy_through_page(in, &pos_in, out, &pos_out, len);
	if (r > 0)	/* in's first: with one file twice, out's wins */
		r = put_copy_pos(out, off_out, pos_out,
				 put_copy_pos(in, off_in, pos_in, r));
out:
	if (out)
		fput(out);
	if (in)
		fput(in);
	return r;
}

long sys_lseek(unsigned int fd, long offset, unsigned int whence)
{
	struct file *f = fget_current(fd);
	loff_t r;

	if (!f)
		return -EBADF;
	r = vfs_llseek(f, offset, whence);
	if (r > 0x7fffffff)
		r = -EOVERFLOW;
	fput(f);
	return (long)r;
}

long sys_llseek(unsigned int fd, u32 off_hi, u32 off_lo, loff_t *result,
		unsigned int whence)
{
	struct file *f = fget_current(fd);
	loff_t r;

	if (!f)
		return -EBADF;
	r = vfs_llseek(f, make_loff(off_lo, off_hi), whence);
	fput(f);
	if (r < 0)
		return (long)r;
	return copy_to_user(result, &r, sizeof(r)) ? -EFAULT : 0;
}
