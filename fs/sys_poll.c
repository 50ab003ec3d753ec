/*
 * fs/sys_poll.c - poll, ppoll, select and pselect6.
 *
 * do_poll asks each file's f_op->poll for its ready events; if none is
 * ready it queues one wait entry per file on the queue that file names,
 * sleeps until a wake-up, a signal or the timeout, and asks again.  Files
 * without a poll operation (regular files, directories) are always ready
 * for reading and writing, as on Linux.  select is poll on the fds its
 * bit sets name.
 *
 * ppoll and pselect6 (both time layouts) take a signal mask to run under
 * while they wait, as rt_sigsuspend does: the caller's mask is saved in
 * current->saved_sigmask and comes back when the call returns, or, when
 * a signal interrupted it, once that signal's handler frame is built
 * (kernel/signal_frame.c) or the signal was dealt with otherwise
 * (finish_syscall_restart), so the handler runs under the caller's mask
 * and no signal the caller blocks slips in between.  The time left is not
 * written back (Linux does); callers that loop recompute it anyway.
 */
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/sched.h"
#include "kernel/signal.h"
#include "kernel/time.h"
#include "kernel/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/task.h"
#include "kernel/timer.h"
#include "kernel/uaccess.h"
#include "mm/phys/slab.h"

struct pollfd {
	int fd;
	short events, revents;
};

#define POLL_MAX_FDS 1024
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

/* Ready events of one entry; *wq gets its queue when want_wq. */
static unsigned int poll_one(struct pollfd *p, wait_queue_head_t **wq)
{
	struct file *f;
	unsigned int mask;

	if (wq)
		*wq = NULL;
	if (p->fd < 0)
		return 0;
	f = fget_current(p->fd);
	if (!f)
		return POLLNVAL;
	mask = (f->f_op && f->f_op->poll) ? f->f_op->poll(f, wq)
					  : DEFAULT_POLLMASK;
	fput(f);
	return mask & (p->events | POLLERR | POLLHUP | POLLNVAL);
}

static int scan(struct pollfd *fds, unsigned int n, wait_queue_head_t **wqs)
{
	unsigned int i;
	int ready = 0;

	for (i = 0; i < n; i++) {
		fds[i].revents = poll_one(&fds[i], wqs ? &wqs[i] : NULL);
		if (fds[i].revents)
			ready++;
	}
	return ready;
}

/* timeout in ticks; < 0: forever.  Returns the number ready or -errno. */
static int do_poll(struct pollfd *fds, unsigned int n, long timeout)
{
	wait_queue_head_t **wqs = kzalloc(n * sizeof(*wqs) + 1, GFP_KERNEL);
	wait_queue_t *ws = kzalloc(n * sizeof(*ws) + 1, GFP_KERNEL);
	u32 deadline = jiffies + (timeout > 0 ? timeout : 0);
	unsigned int i;
	int ready;

	if (!wqs || !ws) {
		kfree(wqs);
		kfree(ws);
		return -ENOMEM;
	}
	for (;;) {
		ready = scan(fds, n, wqs);
		if (ready || timeout == 0)
			break;
		if (signal_pending(current)) {
			ready = -EINTR;
			break;
		}
		if (timeout > 0 && (s32)(jiffies - deadline) >= 0)
			break;
		for (i = 0; i < n; i++) {
			init_wait(&ws[i]);
			if (wqs[i])
				prepare_to_wait(wqs[i], &ws[i],
						TASK_INTERRUPTIBLE);
		}
		current->state = TASK_INTERRUPTIBLE;
		/* A wake-up since the scan may have been missed: look again. */
		if (!scan(fds, n, NULL) && !signal_pending(current))
			schedule_timeout(timeout < 0 ? MAX_SCHEDULE_TIMEOUT
						     : (long)(deadline - jiffies));
		current->state = TASK_RUNNING;
		for (i = 0; i < n; i++)
			if (wqs[i])
				finish_wait(wqs[i], &ws[i]);
	}
	kfree(wqs);
	kfree(ws);
	return ready;
}

static long ms_to_ticks(int ms)
{
	if (ms < 0)
		return -1;
	return ((long)ms * HZ + 999) / 1000;
}

static long poll_user(struct pollfd *ufds, unsigned int nfds, long ticks)
{
	struct pollfd *fds;
	long ret;

	if (nfds > POLL_MAX_FDS)
		return -EINVAL;
	fds = kmalloc(nfds * sizeof(*fds) + 1, GFP_KERNEL);
	if (!fds)
		return -ENOMEM;
	if (copy_from_user(fds, ufds, nfds * sizeof(*fds))) {
		kfree(fds);
		return -EFAULT;
	}
	ret = do_poll(fds, nfds, ticks);
	if (ret >= 0 && copy_to_user(ufds, fds, nfds * sizeof(*fds)))
		ret = -EFAULT;
	kfree(fds);
	return ret;
}

long sys_poll(struct pollfd *fds, unsigned int nfds, int timeout_ms)
{
	return poll_user(fds, nfds, ms_to_ticks(timeout_ms));
}

static long ts_ticks(const struct timespec64 *ts)
{
	if (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= NSEC_PER_SEC)
		return -2;
	return timespec64_to_jiffies(ts);
}

/* A user timespec64 timeout into *ticks (-1 for NULL: forever). */
static long user_ts64_ticks(const struct timespec64 *uts, long *ticks)
{
	struct timespec64 ts;

	*ticks = -1;
	if (!uts)
		return 0;
	if (copy_from_user(&ts, uts, sizeof(ts)))
		return -EFAULT;
	*ticks = ts_ticks(&ts);
	return *ticks == -2 ? -EINVAL : 0;
}

/* The same for the 32-bit layout of ppoll and pselect6. */
static long user_ts32_ticks(const struct old_timespec32 *uts, long *ticks)
{
	struct old_timespec32 t32;
	struct timespec64 ts;

	*ticks = -1;
	if (!uts)
		return 0;
	if (copy_from_user(&t32, uts, sizeof(t32)))
		return -EFAULT;
	ts.tv_sec = t32.tv_sec;
	ts.tv_nsec = t32.tv_nsec;
	*ticks = ts_ticks(&ts);
	return *ticks == -2 ? -EINVAL : 0;
}

static long ppoll_common(struct pollfd *fds, unsigned int nfds, long ticks,
			 const sigset_t *umask, size_t sigsetsize)
{
	bool set;
	long ret = set_user_sigmask(umask, sigsetsize, &set);

	if (ret)
		return ret;
	ret = poll_user(fds, nfds, ticks);
	restore_user_sigmask(set, ret);
	return ret;
}

long sys_ppoll_time64(struct pollfd *fds, unsigned int nfds,
		      const struct timespec64 *uts, const sigset_t *sigmask,
		      size_t sigsetsize)
{
	long ticks, err = user_ts64_ticks(uts, &ticks);

	return err ? err : ppoll_common(fds, nfds, ticks, sigmask, sigsetsize);
}

long sys_ppoll(struct pollfd *fds, unsigned int nfds,
	       const struct old_timespec32 *uts, const sigset_t *sigmask,
	       size_t sigsetsize)
{
	long ticks, err = user_ts32_ticks(uts, &ticks);

	return err ? err : ppoll_common(fds, nfds, ticks, sigmask, sigsetsize);
}

#define FD_SETSIZE 1024
#define NFDBITS 32

static bool fd_isset(const u32 *set, int fd)
{
	return set && (set[fd / NFDBITS] >> (fd % NFDBITS)) & 1;
}

static long do_select(int n, u32 *ufds[3], long ticks)
{
	u32 sets[3][FD_SETSIZE / NFDBITS], out[3][FD_SETSIZE / NFDBITS];
	unsigned int words, count = 0;
	struct pollfd *fds;
	int fd, i, k;
	long ret;

	if (n < 0 || n > FD_SETSIZE)
		return -EINVAL;
	words = (n + NFDBITS - 1) / NFDBITS;
	memset(out, 0, sizeof(out));
	for (k = 0; k < 3; k++)
		if (ufds[k] && copy_from_user(sets[k], ufds[k], words * 4))
			return -EFAULT;
	fds = kmalloc(n * sizeof(*fds) + 1, GFP_KERNEL);
	if (!fds)
		return -ENOMEM;
	for (fd = 0; fd < n; fd++) {
		short ev = 0;

		if (fd_isset(ufds[0] ? sets[0] : NULL, fd))
			ev |= POLLIN | POLLRDNORM | POLLHUP | POLLERR;
		if (fd_isset(ufds[1] ? sets[1] : NULL, fd))
			ev |= POLLOUT | POLLWRNORM | POLLERR;
		if (fd_isset(ufds[2] ? sets[2] : NULL, fd))
			ev |= POLLPRI;
		if (ev) {
			fds[count].fd = fd;
			fds[count++].events = ev;
		}
	}
	ret = do_poll(fds, count, ticks);
	for (i = 0; ret >= 0 && i < (int)count; i++) {
		short r = fds[i].revents;

		fd = fds[i].fd;
		if (r & POLLNVAL) {
			ret = -EBADF;
			break;
		}
		if ((r & (POLLIN | POLLRDNORM | POLLHUP | POLLERR)) &&
		    (fds[i].events & POLLIN))
			out[0][fd / NFDBITS] |= 1u << (fd % NFDBITS);
		if ((r & (POLLOUT | POLLWRNORM | POLLERR)) &&
		    (fds[i].events & POLLOUT))
			out[1][fd / NFDBITS] |= 1u << (fd % NFDBITS);
		if (r & POLLPRI)
			out[2][fd / NFDBITS] |= 1u << (fd % NFDBITS);
	}
	kfree(fds);
	if (ret < 0)
		return ret;
	ret = 0;
	for (k = 0; k < 3; k++) {
		unsigned int w;

		for (w = 0; w < words; w++)
			for (i = 0; i < NFDBITS; i++)
				ret += (out[k][w] >> i) & 1;
		if (ufds[k] && copy_to_user(ufds[k], out[k], words * 4))
			return -EFAULT;
	}
	return ret;
}

long sys_select(int n, u32 *inp, u32 *outp, u32 *exp,
		struct old_timeval32 *utv)
{
	u32 *sets[3] = { inp, outp, exp };
	struct old_timeval32 tv;
	long ticks = -1;

	if (utv) {
		if (copy_from_user(&tv, utv, sizeof(tv)))
			return -EFAULT;
		if (tv.tv_sec < 0 || tv.tv_usec < 0 || tv.tv_usec >= 1000000)
			return -EINVAL;
		ticks = tv.tv_sec * HZ + (tv.tv_usec * HZ + 999999) / 1000000;
	}
	return do_select(n, sets, ticks);
}

/* pselect6's sixth argument points at this pair (six registers only). */
struct sigset_argpack {
	u32 ss;		/* const sigset_t *, may be NULL */
	u32 ss_len;
};

static long pselect_common(int n, u32 *sets[3], long ticks,
			   const struct sigset_argpack *usig)
{
	struct sigset_argpack sig = { 0, 0 };
	bool set;
	long ret;

	if (usig && copy_from_user(&sig, usig, sizeof(sig)))
		return -EFAULT;
	ret = set_user_sigmask((const sigset_t *)sig.ss, sig.ss_len, &set);
	if (ret)
		return ret;
	ret = do_select(n, sets, ticks);
	restore_user_sigmask(set, ret);
	return ret;
}

long sys_pselect6_time64(int n, u32 *inp, u32 *outp, u32 *exp,
			 const struct timespec64 *uts,
			 const struct sigset_argpack *sig)
{
	u32 *sets[3] = { inp, outp, exp };
	long ticks, err = user_ts64_ticks(uts, &ticks);

	return err ? err : pselect_common(n, sets, ticks, sig);
}

long sys_pselect6(int n, u32 *inp, u32 *outp, u32 *exp,
		  const struct old_timespec32 *uts,
		  const struct sigset_argpack *sig)
{
	u32 *sets[3] = { inp, outp, exp };
	long ticks, err = user_ts32_ticks(uts, &ticks);

	return err ? err : pselect_common(n, sets, ticks, sig);
}
