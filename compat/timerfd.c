/*
 * compat/timerfd.c - timerfd_create (322), timerfd_settime (325, and
 * timerfd_settime64 411), timerfd_gettime (326, and timerfd_gettime64
 * 410): a timer whose expiries are read from a file descriptor rather
 * than sent as a signal (Linux: fs/timerfd.c).
 *
 * The timer is a tick timer (kernel/time/tick_timer.h), on
 * active_timerfds while armed; the tick (run_timerfds, next to
 * run_posix_timers) counts each expiry into the file's ticks and wakes
 * whoever sleeps on it.  A read of 8 bytes (at least) returns the count
 * of expiries since the last read and sets it to 0; with none it waits
 * (EAGAIN with TFD_NONBLOCK).  poll: readable while the count is not 0.
 * Times are in ticks as the POSIX timers' are: a value is rounded up and
 * the tick under way added, so a timer never expires early.
 *
 * An absolute CLOCK_REALTIME timer set with TFD_TIMER_CANCEL_ON_SET is on
 * cancel_timerfds from then until it is set again or closed, armed or
 * not (a one-shot one that fired stays): each time the clock is set
 * (settimeofday, clock_settime) its next read is ECANCELED.  The alarm clocks are their plain clocks here:
 * Mapback never suspends.
 */
#include "compat/timerfd.h"
#include "fs/anon_inodes.h"
#include "fs/fcntl.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/sched/wait.h"
#include "kernel/time/tick_timer.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "mm/phys/slab.h"

#define CLOCK_REALTIME_ALARM 8
#define CLOCK_BOOTTIME_ALARM 9
#define TFD_TIMER_ABSTIME 1
#define TFD_TIMER_CANCEL_ON_SET 2

struct timerfd_ctx {
	struct tick_timer timer; /* on active_timerfds while armed */
	struct list_head clist; /* on cancel_timerfds: set CANCEL_ON_SET */
	int clockid;
	u64 ticks; /* expiries not yet read */
	bool canceled; /* on cancel_timerfds, and the clock was set since */
	wait_queue_head_t wqh;
};

/* Armed timers of every process, and the CANCEL_ON_SET ones; changed
 * with interrupts off. */
static LIST_HEAD(active_timerfds);
static LIST_HEAD(cancel_timerfds);

void run_timerfds(void)
{
	struct timerfd_ctx *ctx, *n;
	u32 expiries;

	list_for_each_entry_safe(ctx, n, &active_timerfds, timer.active) {
		expiries = tick_timer_expired(&ctx->timer);
		if (!expiries)
			continue;
		ctx->ticks += expiries;
		wake_up(&ctx->wqh);
	}
}

void timerfd_clock_was_set(void)
{
	struct timerfd_ctx *ctx;
	u32 flags = irq_save();

	list_for_each_entry(ctx, &cancel_timerfds, clist) {
		ctx->canceled = true;
		ctx->ticks++;
		wake_up(&ctx->wqh);
	}
	irq_restore(flags);
}

static ssize_t timerfd_read(struct file *file, char *buf, size_t n, loff_t *pos)
{
	struct timerfd_ctx *ctx = file->private_data;
	u32 flags;
	u64 v;
	int err;

	(void)pos;
	if (n < sizeof(v))
		return -EINVAL;
	if (!ctx->ticks && (file->f_flags & O_NONBLOCK))
		return -EAGAIN;
	err = wait_event_interruptible(ctx->wqh, ctx->ticks != 0);
	if (err)
		return err;
	flags = irq_save();
	v = ctx->ticks;
	ctx->ticks = 0;
	if (ctx->canceled) {
		ctx->canceled = false;
		v = 0;
	}
	irq_restore(flags);
	if (!v)
		return -ECANCELED;
	memcpy(buf, &v, sizeof(v));
	return sizeof(v);
}

static unsigned int timerfd_poll(struct file *file, struct wait_queue_head **wq)
{
	struct timerfd_ctx *ctx = file->private_data;

	if (wq)
		*wq = &ctx->wqh;
	return ctx->ticks ? POLLIN : 0;
}

static void timerfd_release(struct inode *inode, struct file *file)
{
	struct timerfd_ctx *ctx = file->private_data;
	u32 flags = irq_save();

	(void)inode;
	tick_timer_disarm(&ctx->timer);
	list_del(&ctx->clist);
	irq_restore(flags);
	kfree(ctx);
}

static const struct file_operations timerfd_fops = {
	.read = timerfd_read,
	.llseek = noop_llseek,
	.poll = timerfd_poll,
	.release = timerfd_release,
};

long sys_timerfd_create(int clockid, int flags)
{
	struct timerfd_ctx *ctx;
	struct file *file;

	if (flags & ~(O_NONBLOCK | O_CLOEXEC))
		return -EINVAL;
	if (clockid != CLOCK_REALTIME && clockid != CLOCK_MONOTONIC &&
	    clockid != CLOCK_BOOTTIME && clockid != CLOCK_REALTIME_ALARM &&
	    clockid != CLOCK_BOOTTIME_ALARM)
		return -EINVAL;
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->clockid = clockid == CLOCK_REALTIME_ALARM ? CLOCK_REALTIME :
		       clockid == CLOCK_BOOTTIME_ALARM ? CLOCK_BOOTTIME :
							 clockid;
	tick_timer_init(&ctx->timer);
	INIT_LIST_HEAD(&ctx->clist);
	init_waitqueue_head(&ctx->wqh);
	file = anon_inode_getfile("[timerfd]", &timerfd_fops, ctx,
				  O_RDWR | (flags & O_NONBLOCK));
	if (!file) {
		kfree(ctx);
		return -ENOMEM;
	}
	return anon_inode_install(file, flags & O_CLOEXEC);
}

static long do_timerfd_settime(int fd, int flags, struct itimerspec64 *new,
			       struct itimerspec64 *old)
{
	struct timerfd_ctx *ctx;
	struct file *file;
	u32 irqflags;

	if (flags & ~(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET))
		return -EINVAL;
	if (!itimerspec64_valid(new))
		return -EINVAL;
	file = anon_inode_fget(fd, &timerfd_fops);
	if (IS_ERR(file))
		return PTR_ERR(file);
	ctx = file->private_data;
	if (flags & TFD_TIMER_ABSTIME)
		abs_to_relative(ctx->clockid, &new->it_value);
	irqflags = irq_save();
	tick_timer_get(&ctx->timer, old);
	ctx->ticks = 0;
	ctx->canceled = false;
	list_del_init(&ctx->clist);
	if (ctx->clockid == CLOCK_REALTIME && (flags & TFD_TIMER_ABSTIME) &&
	    (flags & TFD_TIMER_CANCEL_ON_SET))
		list_add_tail(&ctx->clist, &cancel_timerfds);
	tick_timer_set(&ctx->timer, &active_timerfds, &new->it_value,
		       &new->it_interval);
	irq_restore(irqflags);
	fput(file);
	return 0;
}

static long do_timerfd_gettime(int fd, struct itimerspec64 *cur)
{
	struct file *file = anon_inode_fget(fd, &timerfd_fops);
	struct timerfd_ctx *ctx;
	u32 flags;

	if (IS_ERR(file))
		return PTR_ERR(file);
	flags = irq_save();
	ctx = file->private_data;
	tick_timer_get(&ctx->timer, cur);
	irq_restore(flags);
	fput(file);
	return 0;
}

long sys_timerfd_settime(int fd, int flags, const struct old_itimerspec32 *unew,
			 struct old_itimerspec32 *uold)
{
	struct old_itimerspec32 n32, o32;
	struct itimerspec64 n, o;
	long err;

	if (copy_from_user(&n32, unew, sizeof(n32)))
		return -EFAULT;
	itimerspec_from_old(&n, &n32);
	err = do_timerfd_settime(fd, flags, &n, &o);
	if (err || !uold)
		return err;
	itimerspec_to_old(&o32, &o);
	return copy_to_user(uold, &o32, sizeof(o32)) ? -EFAULT : 0;
}

long sys_timerfd_settime64(int fd, int flags, const struct itimerspec64 *unew,
			   struct itimerspec64 *uold)
{
	struct itimerspec64 n, o;
	long err;

	if (copy_from_user(&n, unew, sizeof(n)))
		return -EFAULT;
	/* A 32-bit process's tv_nsec: the upper half is padding. */
	n.it_interval.tv_nsec = (s32)n.it_interval.tv_nsec;
	n.it_value.tv_nsec = (s32)n.it_value.tv_nsec;
	err = do_timerfd_settime(fd, flags, &n, &o);
	if (err || !uold)
		return err;
	return copy_to_user(uold, &o, sizeof(o)) ? -EFAULT : 0;
}

long sys_timerfd_gettime(int fd, struct old_itimerspec32 *ucur)
{
	struct old_itimerspec32 c32;
	struct itimerspec64 c;
	long err = do_timerfd_gettime(fd, &c);

	if (err)
		return err;
	itimerspec_to_old(&c32, &c);
	return copy_to_user(ucur, &c32, sizeof(c32)) ? -EFAULT : 0;
}

long sys_timerfd_gettime64(int fd, struct itimerspec64 *ucur)
{
	struct itimerspec64 c;
	long err = do_timerfd_gettime(fd, &c);

	if (err)
		return err;
	return copy_to_user(ucur, &c, sizeof(c)) ? -EFAULT : 0;
}
