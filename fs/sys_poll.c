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
 * (kernel/signal/signal_frame.c) or the signal was dealt with otherwise
 * (finish_syscall_restart), so the handler runs under the caller's mask
 * and no signal the caller blocks slips in between.
 *
 * select, pselect6 and ppoll write the time left back into the caller's
 * timeout, as Linux does (poll_select_finish): the timeout less the ticks
 * the call took, never below zero; a zero timeout is left alone, and a
 * timeout in memory the kernel cannot write is too, without an error.
 *
 * A signal ends the wait with -ERESTARTNOHAND: the caller sees EINTR if a
 * handler runs, and otherwise (SIGSTOP then SIGCONT, say) the call starts
 * again, select and the others with the time left they wrote back, poll
 * through restart_syscall to the deadline it had (poll_until).
 */
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/time/time.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

struct pollfd {
	int fd;
	short events, revents;
};

#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

/* Ready events of one entry; *wq gets its queue when wq is not NULL. */
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
			ready = -ERESTARTNOHAND;
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

/* Rounded up; seconds and the rest apart, since ms * HZ would overflow a
 * long past 2^31 / HZ ms (six hours) and turn a long wait into a short one. */
static long ms_to_ticks(int ms)
{
	if (ms < 0)
		return -1;
	return ms / 1000 * HZ + ((ms % 1000) * HZ + 999) / 1000;
}

static long poll_user(struct pollfd *ufds, unsigned int nfds, long ticks)
{
	struct pollfd *fds;
	long ret;

	if (nfds > rlimit(RLIMIT_NOFILE))
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

static long poll_restart(struct restart_block *rb);

/* poll's timeout is a plain argument that cannot be written back, so an
 * interrupted poll restarts (restart_syscall) to the deadline it had. */
static long poll_until(struct pollfd *ufds, unsigned int nfds, bool forever,
		       u32 deadline)
{
	struct restart_block *rb = &current->restart_block;
	s32 left = (s32)(deadline - jiffies);
	long ret = poll_user(ufds, nfds, forever ? -1 : left > 0 ? left : 0);

	if (ret != -ERESTARTNOHAND)
		return ret;
	rb->fn = poll_restart;
	rb->deadline = deadline;
	rb->poll.ufds = ufds;
	rb->poll.nfds = nfds;
	rb->poll.forever = forever;
	return -ERESTART_RESTARTBLOCK;
}

static long poll_restart(struct restart_block *rb)
{
	return poll_until(rb->poll.ufds, rb->poll.nfds, rb->poll.forever,
			  rb->deadline);
}

long sys_poll(struct pollfd *fds, unsigned int nfds, int timeout_ms)
{
	long ticks = ms_to_ticks(timeout_ms);

	return poll_until(fds, nfds, ticks < 0,
			  jiffies + (u32)(ticks < 0 ? 0 : ticks));
}

/* A caller's timeout: as given, the ticks it comes to (-1: none, wait
 * forever) and when the call began. */
struct poll_timeout {
	struct timespec64 ts;
	long ticks;
	u32 start;
};

static long set_timeout(struct poll_timeout *to, s64 sec, s64 nsec)
{
	to->ts.tv_sec = sec;
	to->ts.tv_nsec = nsec;
	to->start = jiffies;
	if (sec < 0 || nsec < 0 || nsec >= NSEC_PER_SEC)
		return -EINVAL;
	to->ticks = timespec64_to_jiffies(&to->ts);
	return 0;
}

/* A user timespec64 timeout (NULL: forever). */
static long get_timeout64(const struct timespec64 *uts, struct poll_timeout *to)
{
	struct timespec64 ts;

	to->ticks = -1;
	if (!uts)
		return 0;
	if (copy_from_user(&ts, uts, sizeof(ts)))
		return -EFAULT;
	return set_timeout(to, ts.tv_sec, ts.tv_nsec);
}

/* The same for the 32-bit layout of ppoll and pselect6. */
static long get_timeout32(const struct old_timespec32 *uts,
			  struct poll_timeout *to)
{
	struct old_timespec32 t32;

	to->ticks = -1;
	if (!uts)
		return 0;
	if (copy_from_user(&t32, uts, sizeof(t32)))
		return -EFAULT;
	return set_timeout(to, t32.tv_sec, t32.tv_nsec);
}

/* What is left of to: false when nothing is to be written back (no
 * timeout, or a zero one). */
static bool time_left(const struct poll_timeout *to, struct timespec64 *left)
{
	u32 spent = jiffies - to->start;
	s64 nsec = to->ts.tv_nsec - (s64)(spent % HZ) * NSEC_PER_TICK;

	if (to->ticks < 0 || (!to->ts.tv_sec && !to->ts.tv_nsec))
		return false;
	left->tv_sec = to->ts.tv_sec - spent / HZ;
	if (nsec < 0) {
		nsec += NSEC_PER_SEC;
		left->tv_sec--;
	}
	left->tv_nsec = nsec;
	if (left->tv_sec < 0)
		left->tv_sec = left->tv_nsec = 0;
	return true;
}

/* Write the time left back in the layout the caller used.  A fault is
 * ignored, as Linux ignores it (the call did what it was asked). */
static void put_time_left(void *uts, bool time64, const struct poll_timeout *to)
{
	struct timespec64 left;
	struct old_timespec32 t32;

	if (!time_left(to, &left))
		return;
	if (time64) {
		(void)copy_to_user(uts, &left, sizeof(left));
		return;
	}
	t32.tv_sec = left.tv_sec;
	t32.tv_nsec = left.tv_nsec;
	(void)copy_to_user(uts, &t32, sizeof(t32));
}

static long ppoll_common(struct pollfd *fds, unsigned int nfds,
			 const struct poll_timeout *to, void *uts, bool time64,
			 const sigset_t *umask, size_t sigsetsize)
{
	bool set;
	long ret = set_user_sigmask(umask, sigsetsize, &set);

	if (ret)
		return ret;
	ret = poll_user(fds, nfds, to->ticks);
	restore_user_sigmask(set, ret);
	put_time_left(uts, time64, to);
	return ret;
}

long sys_ppoll_time64(struct pollfd *fds, unsigned int nfds,
		      struct timespec64 *uts, const sigset_t *sigmask,
		      size_t sigsetsize)
{
	struct poll_timeout to;
	long err = get_timeout64(uts, &to);

	return err ? err : ppoll_common(fds, nfds, &to, uts, true, sigmask,
					sigsetsize);
}

long sys_ppoll(struct pollfd *fds, unsigned int nfds,
	       struct old_timespec32 *uts, const sigset_t *sigmask,
	       size_t sigsetsize)
{
	struct poll_timeout to;
	long err = get_timeout32(uts, &to);

	return err ? err : ppoll_common(fds, nfds, &to, uts, false, sigmask,
					sigsetsize);
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
	struct poll_timeout to = { .ticks = -1 };
	struct old_timeval32 tv;
	struct timespec64 left;
	long ret;

	if (utv) {
		if (copy_from_user(&tv, utv, sizeof(tv)))
			return -EFAULT;
		/* Linux carries whole seconds out of tv_usec. */
		if (set_timeout(&to, (s64)tv.tv_sec + tv.tv_usec / USEC_PER_SEC,
				(s64)(tv.tv_usec % USEC_PER_SEC) * 1000))
			return -EINVAL;
	}
	ret = do_select(n, sets, to.ticks);
	if (time_left(&to, &left)) {
		tv.tv_sec = left.tv_sec;
		tv.tv_usec = (s32)left.tv_nsec / 1000;
		(void)copy_to_user(utv, &tv, sizeof(tv));
	}
	return ret;
}

/* The first select (82): its five arguments in a block in user memory. */
struct sel_arg_struct {
	u32 n;
	u32 inp, outp, exp;
	u32 tvp;
};

long sys_old_select(const struct sel_arg_struct *uarg)
{
	struct sel_arg_struct a;

	if (copy_from_user(&a, uarg, sizeof(a)))
		return -EFAULT;
	return sys_select((int)a.n, (u32 *)a.inp, (u32 *)a.outp, (u32 *)a.exp,
			  (struct old_timeval32 *)a.tvp);
}

/* pselect6's sixth argument points at this pair (six registers only). */
struct sigset_argpack {
	u32 ss;		/* const sigset_t *, may be NULL */
	u32 ss_len;
};

static long pselect_common(int n, u32 *sets[3], const struct poll_timeout *to,
			   void *uts, bool time64,
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
	ret = do_select(n, sets, to->ticks);
	restore_user_sigmask(set, ret);
	put_time_left(uts, time64, to);
	return ret;
}

long sys_pselect6_time64(int n, u32 *inp, u32 *outp, u32 *exp,
			 struct timespec64 *uts,
			 const struct sigset_argpack *sig)
{
	u32 *sets[3] = { inp, outp, exp };
	struct poll_timeout to;
	long err = get_timeout64(uts, &to);

	return err ? err : pselect_common(n, sets, &to, uts, true, sig);
}

long sys_pselect6(int n, u32 *inp, u32 *outp, u32 *exp,
		  struct old_timespec32 *uts,
		  const struct sigset_argpack *sig)
{
	u32 *sets[3] = { inp, outp, exp };
	struct poll_timeout to;
	long err = get_timeout32(uts, &to);

	return err ? err : pselect_common(n, sets, &to, uts, false, sig);
}
