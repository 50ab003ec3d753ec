/*
 * compat/signalfd.c - signalfd (321) and signalfd4 (327): pending signals
 * read from a file descriptor instead of run as handlers (Linux:
 * fs/signalfd.c).
 *
 * The file holds a set of signals.  A read takes signals of that set
 * pending for the reader (its own first, then its process's, lowest
 * number first, as sigtimedwait does) and returns each as a 128-byte
 * struct signalfd_siginfo, as many as fit; with none it waits on the
 * reader's signal actions' signalfd queue (EAGAIN with SFD_NONBLOCK),
 * which every signal made pending wakes.  poll: readable while one of
 * the set is pending for the poller.  A program blocks the set first, so
 * the signals wait for the read rather than running their action.
 * SIGKILL and SIGSTOP are never in the set.
 */
#include "fs/anon_inodes.h"
#include "fs/fcntl.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/cpu/uaccess.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/process/task.h"
#include "kernel/sched/wait.h"
#include "kernel/signal/signal.h"
#include "kernel/signal/signal_frame.h"
#include "mm/phys/slab.h"

/* Linux's struct signalfd_siginfo: 128 bytes whatever the arch. */
struct signalfd_siginfo {
	u32 ssi_signo;
	s32 ssi_errno;
	s32 ssi_code;
	u32 ssi_pid;
	u32 ssi_uid;
	s32 ssi_fd;
	u32 ssi_tid;
	u32 ssi_band;
	u32 ssi_overrun;
	u32 ssi_trapno;
	s32 ssi_status;
	s32 ssi_int;
	u64 ssi_ptr;
	u64 ssi_utime;
	u64 ssi_stime;
	u64 ssi_addr;
	u8 pad[48];
};

struct signalfd_ctx {
	sigset_t sigmask;
};

/* info as a signalfd record: the siginfo's fields, by its layout. */
static void signalfd_copyinfo(struct signalfd_siginfo *s,
			      const struct ksiginfo *info)
{
	memset(s, 0, sizeof(*s));
	s->ssi_signo = info->si_signo;
	s->ssi_errno = info->si_errno;
	s->ssi_code = info->si_code;
	switch (siginfo_layout(info)) {
	case SIL_FAULT:
		s->ssi_addr = info->si_addr;
		break;
	case SIL_TIMER:
		s->ssi_tid = info->si_timerid;
		s->ssi_overrun = info->si_overrun;
		s->ssi_int = info->si_value;
		s->ssi_ptr = info->si_value;
		break;
	case SIL_RT:
		s->ssi_pid = info->si_pid;
		s->ssi_uid = info->si_uid;
		s->ssi_int = info->si_value;
		s->ssi_ptr = info->si_value;
		break;
	case SIL_KILL:
		s->ssi_pid = info->si_pid;
		s->ssi_uid = info->si_uid;
		s->ssi_status = info->si_status;
		break;
	}
}

/* One record into buf: its size, or 0 when none of the set is pending
 * and the caller may not wait, or -errno. */
static ssize_t signalfd_dequeue(struct signalfd_ctx *ctx, char *buf,
				bool nonblock)
{
	struct signalfd_siginfo rec;
	struct ksiginfo info;
	int err;

	/* Another thread may take the signal that woke us: wait again. */
	while (!dequeue_signal_in(ctx->sigmask, &info)) {
		if (nonblock)
			return 0;
		err = wait_event_interruptible(current->sighand->signalfd_wqh,
					       signal_pending_in(ctx->sigmask));
		if (err)
			return err;
	}
	signalfd_copyinfo(&rec, &info);
	memcpy(buf, &rec, sizeof(rec));
	return sizeof(rec);
}

/* Waits only for the first record; the rest are those already pending. */
static ssize_t signalfd_read(struct file *file, char *buf, size_t n,
			     loff_t *pos)
{
	struct signalfd_ctx *ctx = file->private_data;
	bool nonblock = (file->f_flags & O_NONBLOCK) != 0;
	size_t done = 0;
	ssize_t r = 0;

	(void)pos;
	if (n < sizeof(struct signalfd_siginfo))
		return -EINVAL;
	while (done + sizeof(struct signalfd_siginfo) <= n) {
		r = signalfd_dequeue(ctx, buf + done, nonblock || done);
		if (r <= 0)
			break;
		done += r;
	}
	if (done)
		return done;
	return r ? r : -EAGAIN;
}

static unsigned int signalfd_poll(struct file *file,
				  struct wait_queue_head **wq)
{
	struct signalfd_ctx *ctx = file->private_data;

	if (wq)
		*wq = &current->sighand->signalfd_wqh;
	return signal_pending_in(ctx->sigmask) ? POLLIN : 0;
}

static void signalfd_release(struct inode *inode, struct file *file)
{
	(void)inode;
	kfree(file->private_data);
}

static const struct file_operations signalfd_fops = {
	.read = signalfd_read,
	.llseek = noop_llseek,
	.poll = signalfd_poll,
	.release = signalfd_release,
};

long sys_signalfd4(int fd, const sigset_t *umask, u32 sizemask, int flags)
{
	struct signalfd_ctx *ctx;
	struct file *file;
	sigset_t mask;

	if (sizemask != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	if (flags & ~(O_NONBLOCK | O_CLOEXEC))
		return -EINVAL;
	mask &= ~(sigmask(SIGKILL) | sigmask(SIGSTOP));
	if (fd != -1) {
		file = anon_inode_fget(fd, &signalfd_fops);
		if (IS_ERR(file))
			return PTR_ERR(file);
		((struct signalfd_ctx *)file->private_data)->sigmask = mask;
		/* A reader asleep may now have something to read. */
		wake_up(&current->sighand->signalfd_wqh);
		fput(file);
		return fd;
	}
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->sigmask = mask;
	file = anon_inode_getfile("[signalfd]", &signalfd_fops, ctx,
				  O_RDWR | (flags & O_NONBLOCK));
	if (!file) {
		kfree(ctx);
		return -ENOMEM;
	}
	return anon_inode_install(file, flags & O_CLOEXEC);
}

long sys_signalfd(int fd, const sigset_t *umask, u32 sizemask)
{
	return sys_signalfd4(fd, umask, sizemask, 0);
}
