/*
 * fs/pipe.c - the pipe buffer, pipe(2) and FIFO opens.
 */
#include "fs/pipe.h"
#include "fs/fcntl.h"
#include "fs/super.h"
#include "fs/vfs.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"

unsigned int pipe_max_size = 1048576;

static unsigned int pipe_size(struct pipe_inode_info *pipe)
{
	return pipe->nr_pages * PAGE_SIZE;
}

static void free_bufs(struct page **bufs, unsigned int from, unsigned int to)
{
	for (; from < to; from++)
		if (bufs[from]) {
			put_page(bufs[from]);
			bufs[from] = NULL;
		}
}

static struct pipe_inode_info *get_pipe_info(struct inode *inode)
{
	struct pipe_inode_info *pipe;

	if (inode->i_pipe)
		return inode->i_pipe;
	pipe = kzalloc(sizeof(*pipe), GFP_KERNEL);
	if (!pipe)
		return NULL;
	pipe->bufs = kzalloc(PIPE_DEF_PAGES * sizeof(*pipe->bufs), GFP_KERNEL);
	if (pipe->bufs)
		pipe->bufs[0] = alloc_page(GFP_HIGHUSER);
	if (!pipe->bufs || !pipe->bufs[0]) {
		kfree(pipe->bufs);
		kfree(pipe);
		return NULL;
	}
	pipe->nr_pages = PIPE_DEF_PAGES;
	init_waitqueue_head(&pipe->wait);
	inode->i_pipe = pipe;
	return pipe;
}

void free_pipe_info(struct inode *inode)
{
	struct pipe_inode_info *pipe = inode->i_pipe;

	free_bufs(pipe->bufs, 0, pipe->nr_pages);
	kfree(pipe->bufs);
	kfree(pipe);
	inode->i_pipe = NULL;
}

/*
 * Take len bytes from the ring's start; give back the pages left: all but
 * the first when the pipe empties, else the page the reader just finished
 * unless it is the first or the writer has come round into it (the data
 * then fills more than all the other pages).
 */
static void pipe_consume(struct pipe_inode_info *pipe, unsigned int len)
{
	pipe->start = (pipe->start + len) % pipe_size(pipe);
	pipe->len -= len;
	if (!pipe->len) {
		pipe->start = 0;
		free_bufs(pipe->bufs, 1, pipe->nr_pages);
	} else if (!(pipe->start & (PAGE_SIZE - 1)) &&
		   pipe->len <= pipe_size(pipe) - PAGE_SIZE) {
		unsigned int left = pipe->start / PAGE_SIZE;

		left = (left ? left : pipe->nr_pages) - 1;
		if (left)
			free_bufs(pipe->bufs, left, left + 1);
	}
}

static ssize_t pipe_read(struct file *file, char *buf, size_t n, loff_t *pos)
{
	struct pipe_inode_info *pipe = file->f_inode->i_pipe;
	size_t done = 0;
	int err;

	(void)pos;
	if (!n)
		return 0;
	if (!pipe->len && pipe->writers && (file->f_flags & O_NONBLOCK))
		return -EAGAIN;
	err = wait_event_interruptible(pipe->wait,
				       pipe->len || !pipe->writers);
	if (err)
		return err;
	while (done < n && pipe->len) {
		unsigned int off = pipe->start & (PAGE_SIZE - 1);
		unsigned int chunk = min(pipe->len, PAGE_SIZE - off);

		chunk = min(chunk, n - done);
		memcpy_from_page(buf + done,
				 pipe->bufs[pipe->start / PAGE_SIZE], off,
				 chunk);
		pipe_consume(pipe, chunk);
		done += chunk;
	}
	wake_up(&pipe->wait);
	return done;
}

/* Copy as much as fits now; returns bytes copied, or -ENOMEM when a page
 * for the first byte could not be had. */
static ssize_t pipe_fill(struct pipe_inode_info *pipe, const char *buf,
			 size_t n)
{
	size_t done = 0;

	while (done < n && pipe->len < pipe_size(pipe)) {
		unsigned int end = (pipe->start + pipe->len) % pipe_size(pipe);
		unsigned int off = end & (PAGE_SIZE - 1);
		unsigned int chunk = min(pipe_size(pipe) - pipe->len,
					 PAGE_SIZE - off);
		struct page **page = &pipe->bufs[end / PAGE_SIZE];

		if (!*page)
			*page = alloc_page(GFP_HIGHUSER);
		if (!*page)
			return done ? (ssize_t)done : -ENOMEM;
		chunk = min(chunk, n - done);
		memcpy_to_page(*page, off, buf + done, chunk);
		pipe->len += chunk;
		done += chunk;
	}
	return done;
}

static ssize_t pipe_write(struct file *file, const char *buf, size_t n,
			  loff_t *pos)
{
	struct pipe_inode_info *pipe = file->f_inode->i_pipe;
	size_t done = 0;
	/* Small writes go in whole or wait: PIPE_BUF atomicity. */
	size_t need = n <= PIPE_BUF ? n : 1;
	ssize_t got;
	int err;

	(void)pos;
	while (done < n) {
		if (!pipe->readers) {
			send_sig(SIGPIPE, current);
			return done ? (ssize_t)done : -EPIPE;
		}
		if (pipe_size(pipe) - pipe->len >= min(need, n - done)) {
			got = pipe_fill(pipe, buf + done, n - done);
			if (got < 0)
				return done ? (ssize_t)done : got;
			done += got;
			wake_up(&pipe->wait);
			continue;
		}
		if (file->f_flags & O_NONBLOCK)
			return done ? (ssize_t)done : -EAGAIN;
		err = wait_event_interruptible(pipe->wait,
			!pipe->readers ||
			pipe_size(pipe) - pipe->len >= min(need, n - done));
		if (err)
			return done ? (ssize_t)done : err;
	}
	return done;
}

static unsigned int pipe_poll(struct file *file, struct wait_queue_head **wq)
{
	struct pipe_inode_info *pipe = file->f_inode->i_pipe;
	unsigned int mask = 0;

	if (wq)
		*wq = &pipe->wait;
	if (file->f_mode & FMODE_READ) {
		if (pipe->len)
			mask |= POLLIN | POLLRDNORM;
		if (!pipe->writers && pipe->w_counter)
			mask |= POLLHUP;
	}
	if (file->f_mode & FMODE_WRITE) {
		if (pipe->len < pipe_size(pipe))
			mask |= POLLOUT | POLLWRNORM;
		if (!pipe->readers)
			mask |= POLLERR;
	}
	return mask;
}

static int pipe_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static void pipe_release(struct inode *inode, struct file *file)
{
	struct pipe_inode_info *pipe = inode->i_pipe;

	if (file->f_mode & FMODE_READ)
		pipe->readers--;
	if (file->f_mode & FMODE_WRITE)
		pipe->writers--;
	wake_up(&pipe->wait);
}

/*
 * Opening a FIFO waits for the other end unless O_NONBLOCK, as POSIX.  An
 * anonymous pipe opened again through /proc/PID/fd/N never waits, as on
 * Linux: its writers may all be gone already (`cat <(echo hi)`), and then
 * the reader gets end of file at once.
 */
static int fifo_open(struct inode *inode, struct file *file)
{
	struct pipe_inode_info *pipe = get_pipe_info(inode);
	bool nonblock = file->f_flags & O_NONBLOCK;
	bool anon = is_pipefs_inode(inode);
	unsigned int seen;
	int err = 0;

	if (!pipe)
		return -ENOMEM;
	file->f_op = &fifo_fops;
	switch (file->f_mode & (FMODE_READ | FMODE_WRITE)) {
	case FMODE_READ:
		pipe->readers++;
		pipe->r_counter++;
		wake_up(&pipe->wait);
		seen = pipe->w_counter;
		if (!nonblock && !anon && !pipe->writers)
			err = wait_event_interruptible(pipe->wait,
					pipe->w_counter != seen);
		if (err)
			pipe->readers--;
		break;
	case FMODE_WRITE:
		if (nonblock && !anon && !pipe->readers)
			return -ENXIO;
		pipe->writers++;
		pipe->w_counter++;
		wake_up(&pipe->wait);
		seen = pipe->r_counter;
		if (!anon && !pipe->readers)
			err = wait_event_interruptible(pipe->wait,
					pipe->r_counter != seen);
		if (err)
			pipe->writers--;
		break;
	default:
		pipe->readers++;
		pipe->writers++;
		pipe->r_counter++;
		pipe->w_counter++;
		wake_up(&pipe->wait);
		break;
	}
	return err;
}

const struct file_operations fifo_fops = {
	.open = fifo_open,
	.read = pipe_read,
	.write = pipe_write,
	.llseek = no_llseek,
	.poll = pipe_poll,
	.ioctl = pipe_ioctl,
	.release = pipe_release,
};

#define FIONREAD 0x541B

static int pipe_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pipe_inode_info *pipe = file->f_inode->i_pipe;
	int n = pipe->len;

	if (cmd != FIONREAD)
		return -ENOTTY;
	return put_user(n, (int *)arg);
}

/*
 * A new capacity of nr pages.  The pages holding data move to the front
 * of the new array in ring order; -EBUSY when they would not fit, as
 * Linux's pipe_resize_ring (which counts occupied pages, not bytes), and
 * when the writer has come round into the reader's page (Linux, whose
 * pages are separate buffers, would resize that ring).
 */
static int pipe_resize(struct pipe_inode_info *pipe, unsigned int nr)
{
	unsigned int first = pipe->start / PAGE_SIZE;
	unsigned int used = pipe->len ? (pipe->start % PAGE_SIZE + pipe->len +
					  PAGE_SIZE - 1) / PAGE_SIZE
				      : 1;
	unsigned int i;
	struct page **bufs;

	if (used > nr || used > pipe->nr_pages)
		return -EBUSY;
	bufs = kzalloc(nr * sizeof(*bufs), GFP_KERNEL);
	if (!bufs)
		return -ENOMEM;
	for (i = 0; i < used; i++) {
		unsigned int from = (first + i) % pipe->nr_pages;

		bufs[i] = pipe->bufs[from];
		pipe->bufs[from] = NULL;
	}
	free_bufs(pipe->bufs, 0, pipe->nr_pages);
	kfree(pipe->bufs);
	pipe->bufs = bufs;
	pipe->nr_pages = nr;
	pipe->start %= PAGE_SIZE;
	wake_up(&pipe->wait);	/* writers may fit now */
	return 0;
}

unsigned long round_pipe_size(unsigned long size)
{
	unsigned long r = PAGE_SIZE;

	if (size > (1UL << 31))
		return 0;
	while (r < size)
		r <<= 1;
	return r;
}

long pipe_fcntl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pipe_inode_info *pipe = file->f_inode->i_pipe;
	unsigned long size;
	int err;

	if (file->f_op != &fifo_fops || !pipe)
		return -EBADF;
	if (cmd == F_GETPIPE_SZ)
		return pipe_size(pipe);
	size = round_pipe_size(arg);
	if (!size)
		return -EINVAL;
	/* Growing past pipe_max_size needs CAP_SYS_RESOURCE (euid 0). */
	if (size / PAGE_SIZE > pipe->nr_pages && size > pipe_max_size &&
	    !capable(CAP_SYS_RESOURCE))
		return -EPERM;
	err = pipe_resize(pipe, size / PAGE_SIZE);
	return err ? err : (long)size;
}

/* pipefs: the unmounted home of anonymous pipe inodes. */
static bool pipefs_drop_inode(struct inode *inode)
{
	(void)inode;
	return true;
}

static const struct super_operations pipefs_sops = {
	.drop_inode = pipefs_drop_inode,
};

static struct file_system_type pipefs_type = { .name = "pipefs" };
static struct vfsmount pipe_mnt;

void pipe_init(void)
{
	struct super_block *sb = sget_nodev(&pipefs_type, &pipefs_sops);

	BUG_ON(!sb);
	sb->s_root = new_inode(sb, S_IFDIR | 0755);
	BUG_ON(!sb->s_root);
	pipe_mnt.mnt_sb = sb;
	pipe_mnt.mnt_root = sb->s_root;
	pipe_mnt.mnt_parent = &pipe_mnt;
	pipe_mnt.mnt_count = 1;
	INIT_LIST_HEAD(&pipe_mnt.mnt_list);
}

bool is_pipefs_inode(struct inode *inode)
{
	return inode->i_sb == pipe_mnt.mnt_sb;
}

int do_pipe(struct file **res, int flags)
{
	struct inode *inode = new_inode(pipe_mnt.mnt_sb, S_IFIFO | 0600);
	struct path path = { &pipe_mnt, inode };
	struct pipe_inode_info *pipe;
	int err = -ENFILE;

	if (!inode)
		return err;
	inode_init_owner(inode, NULL, inode->i_mode);	/* the caller's */
	inode->i_fop = &fifo_fops;
	pipe = get_pipe_info(inode);
	if (!pipe)
		goto out;
	pipe->readers = pipe->writers = 1;
	pipe->r_counter = pipe->w_counter = 1;
	res[0] = alloc_file(&path, O_RDONLY | (flags & O_NONBLOCK), &fifo_fops);
	if (!res[0])
		goto out;
	res[1] = alloc_file(&path, O_WRONLY | (flags & O_NONBLOCK), &fifo_fops);
	if (!res[1]) {
		fput(res[0]);
		goto out;
	}
	err = 0;
out:
	iput(inode);	/* on success the two files hold it */
	return err;
}
