/*
 * compat/eventfd.c - eventfd (323) and eventfd2 (328): a 64-bit counter
 * behind a file descriptor, for one thread or process to wake another
 * (Linux: fs/eventfd.c).
 *
 * A write of 8 bytes adds their value to the counter; a read of 8 bytes
 * (at least) returns the counter and sets it to 0, or with EFD_SEMAPHORE
 * returns 1 and takes 1 off.  A read of 0 waits (EAGAIN with
 * EFD_NONBLOCK); so does a write that would take the counter past
 * 0xfffffffffffffffe.  poll: readable while the counter is not 0,
 * writable while 1 more fits.  The file is anonymous (fs/anon_inodes.c)
 * and its wait queue is what poll, select and epoll sleep on.  Errors as
 * Linux 6.1: EINVAL for a buffer under 8 bytes, for writing
 * 0xffffffffffffffff, and for unknown flags.
 */
#include "fs/anon_inodes.h"
#include "fs/fcntl.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/sched/wait.h"
#include "mm/phys/slab.h"

#define EFD_SEMAPHORE 1
#define EFD_MAX 0xfffffffffffffffeULL	/* the counter's largest value */

struct eventfd_ctx {
	u64 count;
	bool semaphore;
	wait_queue_head_t wqh;
};

static ssize_t eventfd_read(struct file *file, char *buf, size_t n,
			    loff_t *pos)
{
	struct eventfd_ctx *ctx = file->private_data;
	u64 v;
	int err;

	(void)pos;
	if (n < sizeof(v))
		return -EINVAL;
	if (!ctx->count && (file->f_flags & O_NONBLOCK))
		return -EAGAIN;
	err = wait_event_interruptible(ctx->wqh, ctx->count != 0);
	if (err)
		return err;
	v = ctx->semaphore ? 1 : ctx->count;
	ctx->count -= v;
	memcpy(buf, &v, sizeof(v));
	wake_up(&ctx->wqh);	/* room for writers */
	return sizeof(v);
}

static ssize_t eventfd_write(struct file *file, const char *buf, size_t n,
			     loff_t *pos)
{
	struct eventfd_ctx *ctx = file->private_data;
	u64 v;
	int err;

	(void)pos;
	if (n < sizeof(v))
		return -EINVAL;
	memcpy(&v, buf, sizeof(v));
	if (v == ~0ULL)
		return -EINVAL;
	if (v > EFD_MAX - ctx->count && (file->f_flags & O_NONBLOCK))
		return -EAGAIN;
	err = wait_event_interruptible(ctx->wqh, v <= EFD_MAX - ctx->count);
	if (err)
		return err;
	ctx->count += v;
	if (v)
		wake_up(&ctx->wqh);	/* readers and pollers */
	return sizeof(v);
}

static unsigned int eventfd_poll(struct file *file,
				 struct wait_queue_head **wq)
{
	struct eventfd_ctx *ctx = file->private_data;
	unsigned int events = 0;

	if (wq)
		*wq = &ctx->wqh;
	if (ctx->count)
		events |= POLLIN;
	if (ctx->count < EFD_MAX)
		events |= POLLOUT;
	return events;
}

static void eventfd_release(struct inode *inode, struct file *file)
{
	(void)inode;
	kfree(file->private_data);
}

static const struct file_operations eventfd_fops = {
	.read = eventfd_read,
	.write = eventfd_write,
	.llseek = noop_llseek,
	.poll = eventfd_poll,
	.release = eventfd_release,
};

long sys_eventfd2(unsigned int initval, int flags)
{
	struct eventfd_ctx *ctx;
	struct file *file;

	if (flags & ~(EFD_SEMAPHORE | O_NONBLOCK | O_CLOEXEC))
		return -EINVAL;
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->count = initval;
	ctx->semaphore = (flags & EFD_SEMAPHORE) != 0;
	init_waitqueue_head(&ctx->wqh);
	file = anon_inode_getfile("[eventfd]", &eventfd_fops, ctx,
				  O_RDWR | (flags & O_NONBLOCK));
	if (!file) {
		kfree(ctx);
		return -ENOMEM;
	}
	return anon_inode_install(file, flags & O_CLOEXEC);
}

long sys_eventfd(unsigned int initval)
{
	return sys_eventfd2(initval, 0);
}
