/*
 * fs/sys_rw.c - read, write and their vector and positioned forms,
 * sendfile, lseek.
 *
 * User data moves through a kernel bounce page, one page at a time, so
 * that file systems and drivers only ever see kernel buffers and never
 * take a user page fault while holding a lock (fs/file.h).  A transfer
 * stops at the first short chunk (end of file, a tty line, a pipe that
 * had less), as the single read or write underneath would have; reads of
 * anything but a regular file take one chunk, since asking a pipe or a tty
 * for more could block.
 */
#include "fs/syscalls.h"
#include "fs/fcntl.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/uaccess.h"
#include "mm/phys/page_alloc.h"

struct iovec {
	void *iov_base;
	size_t iov_len;
};

#define UIO_MAXIOV 1024
#define MAX_RW_COUNT 0x7ffff000	/* Linux's cap on one transfer */

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

		r = vfs_read(f, kbuf, chunk, pos);
		if (r <= 0)
			break;
		if (copy_to_user(ubuf + done, kbuf, r)) {
			*pos -= r;	/* not delivered: not consumed */
			r = -EFAULT;
			break;
		}
		done += r;
		/* Only regular files are read on: a pipe or tty may block. */
		if ((size_t)r < chunk || !S_ISREG(f->f_inode->i_mode))
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

static long do_rw_vec(unsigned int fd, const struct iovec *uiov, int iovcnt,
		      bool write)
{
	struct file *f;
	long total = 0;
	int i;

	if (iovcnt < 0 || iovcnt > UIO_MAXIOV)
		return -EINVAL;
	f = fget_current(fd);
	if (!f)
		return -EBADF;
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
		r = write ? do_write(f, v.iov_base, v.iov_len, &f->f_pos)
			  : do_read(f, v.iov_base, v.iov_len, &f->f_pos);
		if (r < 0) {
			total = total ? total : r;
			break;
		}
		total += r;
		if ((size_t)r < v.iov_len)
			break;
	}
	fput(f);
	return total;
}

long sys_readv(unsigned int fd, const struct iovec *iov, int iovcnt)
{
	return do_rw_vec(fd, iov, iovcnt, false);
}

long sys_writev(unsigned int fd, const struct iovec *iov, int iovcnt)
{
	return do_rw_vec(fd, iov, iovcnt, true);
}

/*
 * sendfile: from in to out through the bounce page, never through user
 * memory.  With an offset, in is read from there and its f_pos stays;
 * without, from its f_pos.  The checks come in Linux's order: in, its
 * mode, the offset, out, its mode; an O_APPEND out is EINVAL (Linux 6.1
 * refuses it too).  Bytes read but not written are given back to in.
 */
static long do_sendfile(unsigned int out_fd, unsigned int in_fd,
			loff_t *ppos, size_t count)
{
	struct file *in = fget_current(in_fd), *out = NULL;
	char *kbuf = NULL;
	size_t done = 0;
	ssize_t r = -EBADF, w;

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
	if (out->f_flags & O_APPEND)
		goto out;
	if (!ppos)
		ppos = &in->f_pos;
	r = -ENOMEM;
	kbuf = (char *)__get_free_page(GFP_KERNEL);
	if (!kbuf)
		goto out;
	count = min(count, (size_t)MAX_RW_COUNT);
	r = 0;
	while (done < count) {
		size_t chunk = min(count - done, (size_t)PAGE_SIZE);

		r = vfs_read(in, kbuf, chunk, ppos);
		if (r <= 0)
			break;
		w = vfs_write(out, kbuf, r, &out->f_pos);
		if (w < r) {
			*ppos -= r - (w > 0 ? w : 0);
			done += w > 0 ? w : 0;
			r = w;
			break;
		}
		done += r;
		if ((size_t)r < chunk || !S_ISREG(in->f_inode->i_mode))
			break;
	}
out:
	if (kbuf)
		free_page((unsigned long)kbuf);
	if (out)
		fput(out);
	if (in)
		fput(in);
	return done ? (long)done : r;
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
