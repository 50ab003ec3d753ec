/*
 * compat/posix-timers.c - POSIX per-process timers: timer_create (259),
 * timer_settime (260, and timer_settime64 409), timer_gettime (261, and
 * timer_gettime64 408), timer_getoverrun (262), timer_delete (263)
 * (Linux: kernel/time/posix-timers.c).
 *
 * A timer belongs to the thread group that made it (its signal_struct's
 * posix_timers list) and has a small id, the first unused from 0.  It
 * is a tick timer (kernel/time/tick_timer.h), as ITIMER_REAL's and
 * timerfd's are: an armed one is on active_timers, and run_posix_timers,
 * called from the scheduler tick next to run_real_timers, fires the ones
 * due.  Firing sends
 * the timer's signal with si_code SI_TIMER, si_timerid and si_value to
 * the process (SIGEV_SIGNAL) or one of its threads (SIGEV_THREAD_ID), or
 * nothing (SIGEV_NONE).
 *
 * Overruns: a timer's signal is pending at most once, even a real-time
 * one (which otherwise queues), as Linux.  An expiry while the timer's
 * signal is still pending, or a period that passed unseen, counts one
 * overrun; when the signal is taken (dequeue_signal calls
 * posixtimer_rearm) the count goes into its si_overrun and becomes what
 * timer_getoverrun says, and starts again from 0.
 *
 * CLOCK_REALTIME, CLOCK_MONOTONIC and CLOCK_BOOTTIME timers exist; an
 * absolute CLOCK_REALTIME expiry is turned into ticks when it is set and
 * does not follow a later clock_settime.  The clocks Linux has but gives
 * no timers (the raw and coarse ones) are EOPNOTSUPP, as there; so are
 * the CPU-time clocks (the process's CPU time is counted, but only the
 * itimers of kernel/time/cpu_timers.c run on it) and the alarm and TAI
 * clocks, which Mapback does not have.
 * Timers go away at exec and when the last thread of the group exits.
 */
#include "compat/posix-timers.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/time/tick_timer.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

#define SIGEV_SIGNAL	0
#define SIGEV_NONE	1
#define SIGEV_THREAD	2	/* libc's; the kernel sends a signal */
#define SIGEV_THREAD_ID	4

#define CLOCK_REALTIME_ALARM	8
#define CLOCK_BOOTTIME_ALARM	9
#define CLOCK_TAI		11

#define TIMER_MAX_ID 0x7fffffff

/* The i386 struct sigevent: 64 bytes. */
struct sigevent {
	u32 sigev_value;
	s32 sigev_signo;
	s32 sigev_notify;
	union {
		s32 pad[13];
		s32 tid;	/* SIGEV_THREAD_ID */
	} un;
};

struct k_itimer {
	struct list_head list;		/* in signal->posix_timers */
	struct signal_struct *signal;	/* the owning group */
	int it_id;
	int it_clock;
	int it_sigev_notify;
	int it_signo;
	u32 it_sigval;
	int it_pid;			/* the group's tgid, or the thread's tid */
	struct tick_timer timer;	/* on active_timers while armed */
	int it_overrun;			/* since the signal was last taken */
	int it_overrun_last;		/* what timer_getoverrun says */
};

/* Armed timers of every process; changed with interrupts off. */
static LIST_HEAD(active_timers);

static void add_overrun(struct k_itimer *t, u32 n)
{
	t->it_overrun = (u32)t->it_overrun + n > TIMER_MAX_ID
				? TIMER_MAX_ID : t->it_overrun + (int)n;
}

static bool is_timers(const struct ksiginfo *info, struct k_itimer *t)
{
	return info->si_signo == t->it_signo && info->si_code == SI_TIMER &&
	       info->si_timerid == t->it_id;
}

/* Is the signal t sent last still pending in p: in the signal's slot, or
 * queued behind another of the same real-time signal? */
static bool timer_signal_pending(struct k_itimer *t, struct sigpending *p)
{
	const struct sigqueue *q;

	if (!(p->signal & sigmask(t->it_signo)))
		return false;
	if (is_timers(&p->info[t->it_signo - 1], t))
		return true;
	for (q = p->queue; q; q = q->next)
		if (is_timers(&q->info, t))
			return true;
	return false;
}

/* Interrupts off. */
static void posix_timer_fire(struct k_itimer *t)
{
	struct task_struct *p;
	struct ksiginfo info;
	struct sigpending *pending;

	if (t->it_sigev_notify == SIGEV_NONE)
		return;
	p = find_task_by_pid(t->it_pid);
	if (!p || p->signal != t->signal)
		return;		/* the thread it was for has gone */
	pending = t->it_sigev_notify & SIGEV_THREAD_ID ? &p->pending
						      : &t->signal->shared_pending;
	if (timer_signal_pending(t, pending)) {
		add_overrun(t, 1);
		return;
	}
	memset(&info, 0, sizeof(info));
	info.si_signo = t->it_signo;
	info.si_code = SI_TIMER;
	info.si_timerid = t->it_id;
	info.si_value = t->it_sigval;
	if (t->it_sigev_notify & SIGEV_THREAD_ID)
		send_sig_info(t->it_signo, &info, p);
	else
		group_send_sig_info(t->it_signo, &info, p);
}

void run_posix_timers(void)
{
	struct k_itimer *t, *n;
	u32 expiries;

	list_for_each_entry_safe(t, n, &active_timers, timer.active) {
		expiries = tick_timer_expired(&t->timer);
		if (!expiries)
			continue;
		posix_timer_fire(t);
		add_overrun(t, expiries - 1);
	}
}

void posixtimer_rearm(struct ksiginfo *info)
{
	struct k_itimer *t;

	list_for_each_entry(t, &current->signal->posix_timers, list)
		if (t->it_id == info->si_timerid) {
			info->si_overrun = t->it_overrun;
			t->it_overrun_last = t->it_overrun;
			t->it_overrun = 0;
			return;
		}
}

static struct k_itimer *lock_timer(int id)
{
	struct k_itimer *t;

	list_for_each_entry(t, &current->signal->posix_timers, list)
		if (t->it_id == id)
			return t;
	return NULL;
}

static void timer_free(struct k_itimer *t)
{
	u32 flags = irq_save();

	tick_timer_disarm(&t->timer);
	list_del(&t->list);
	irq_restore(flags);
	kfree(t);
}

void exit_itimers(struct signal_struct *sig)
{
	while (!list_empty(&sig->posix_timers))
		timer_free(list_entry(sig->posix_timers.next, struct k_itimer,
				      list));
}

/* Linux's answer for each clock id: 0, -EINVAL or -EOPNOTSUPP. */
static int timer_clock_ok(int clock)
{
	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_REALTIME_ALARM:
	case CLOCK_BOOTTIME_ALARM:
	case CLOCK_TAI:
		return -EOPNOTSUPP;
	default:
		return -EINVAL;
	}
}

/* Linux's good_sigevent: the notification, its signal and its thread. */
static int check_sigevent(const struct sigevent *ev, int *pid)
{
	struct task_struct *t;

	*pid = current->tgid;
	switch (ev->sigev_notify) {
	case SIGEV_SIGNAL | SIGEV_THREAD_ID:
		t = find_task_by_pid(ev->un.tid);
		if (!t || t->tgid != current->tgid)
			return -EINVAL;
		*pid = t->pid;
		/* fall through */
	case SIGEV_SIGNAL:
	case SIGEV_THREAD:
		if (ev->sigev_signo <= 0 || ev->sigev_signo > _NSIG)
			return -EINVAL;
		/* fall through */
	case SIGEV_NONE:
		return 0;
	default:
		return -EINVAL;
	}
}

static int next_timer_id(struct signal_struct *sig)
{
	int id;

	for (id = 0; id < TIMER_MAX_ID; id++) {
		struct k_itimer *t;
		bool used = false;

		list_for_each_entry(t, &sig->posix_timers, list)
			if (t->it_id == id)
				used = true;
		if (!used)
			return id;
	}
	return -EAGAIN;
}

long sys_timer_create(int clock, const struct sigevent *uev, int *uid)
{
	struct signal_struct *sig = current->signal;
	struct sigevent ev;
	struct k_itimer *t;
	int err, id;

	if (uev && copy_from_user(&ev, uev, sizeof(ev)))
		return -EFAULT;
	err = timer_clock_ok(clock);
	if (err)
		return err;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -EAGAIN;
	id = next_timer_id(sig);
	if (id < 0) {
		kfree(t);
		return id;
	}
	tick_timer_init(&t->timer);
	t->signal = sig;
	t->it_id = id;
	t->it_clock = clock;
	if (uev) {
		err = check_sigevent(&ev, &t->it_pid);
		t->it_sigev_notify = ev.sigev_notify;
		t->it_signo = ev.sigev_signo;
		t->it_sigval = ev.sigev_value;
	} else {
		/* No sigevent: SIGALRM carrying the timer's id. */
		t->it_pid = current->tgid;
		t->it_sigev_notify = SIGEV_SIGNAL;
		t->it_signo = SIGALRM;
		t->it_sigval = id;
	}
	if (!err && copy_to_user(uid, &id, sizeof(id)))
		err = -EFAULT;
	if (err) {
		kfree(t);
		return err;
	}
	list_add_tail(&t->list, &sig->posix_timers);
	return 0;
}

static long do_timer_settime(int id, int flags, struct itimerspec64 *new,
			     struct itimerspec64 *old)
{
	struct k_itimer *t;
	u32 irqflags;

	if (!itimerspec64_valid(new))
		return -EINVAL;
	t = lock_timer(id);
	if (!t)
		return -EINVAL;
	if (flags & TIMER_ABSTIME)
		abs_to_relative(t->it_clock, &new->it_value);
	irqflags = irq_save();
	tick_timer_get(&t->timer, old);
	t->it_overrun = 0;
	t->it_overrun_last = 0;
	tick_timer_set(&t->timer, &active_timers, &new->it_value,
		       &new->it_interval);
	irq_restore(irqflags);
	return 0;
}

long sys_timer_settime(int id, int flags,
		       const struct old_itimerspec32 *unew,
		       struct old_itimerspec32 *uold)
{
	struct old_itimerspec32 n32, o32;
	struct itimerspec64 n, o;
	long err;

	if (!unew)
		return -EINVAL;
	if (copy_from_user(&n32, unew, sizeof(n32)))
		return -EFAULT;
	itimerspec_from_old(&n, &n32);
	err = do_timer_settime(id, flags, &n, &o);
	if (err || !uold)
		return err;
	itimerspec_to_old(&o32, &o);
	return copy_to_user(uold, &o32, sizeof(o32)) ? -EFAULT : 0;
}

long sys_timer_settime64(int id, int flags, const struct itimerspec64 *unew,
			 struct itimerspec64 *uold)
{
	struct itimerspec64 n, o;
	long err;

	if (!unew)
		return -EINVAL;
	if (copy_from_user(&n, unew, sizeof(n)))
		return -EFAULT;
	/* A 32-bit process's tv_nsec: the upper half is padding. */
	n.it_interval.tv_nsec = (s32)n.it_interval.tv_nsec;
	n.it_value.tv_nsec = (s32)n.it_value.tv_nsec;
	err = do_timer_settime(id, flags, &n, &o);
	if (err || !uold)
		return err;
	return copy_to_user(uold, &o, sizeof(o)) ? -EFAULT : 0;
}

static long do_timer_gettime(int id, struct itimerspec64 *cur)
{
	struct k_itimer *t = lock_timer(id);
	u32 flags;

	if (!t)
		return -EINVAL;
	flags = irq_save();
	tick_timer_get(&t->timer, cur);
	irq_restore(flags);
	return 0;
}

long sys_timer_gettime(int id, struct old_itimerspec32 *ucur)
{
	struct itimerspec64 cur;
	struct old_itimerspec32 c32;
	long err = do_timer_gettime(id, &cur);

	if (err)
		return err;
	itimerspec_to_old(&c32, &cur);
	return copy_to_user(ucur, &c32, sizeof(c32)) ? -EFAULT : 0;
}

long sys_timer_gettime64(int id, struct itimerspec64 *ucur)
{
	struct itimerspec64 cur;
	long err = do_timer_gettime(id, &cur);

	if (err)
		return err;
	return copy_to_user(ucur, &cur, sizeof(cur)) ? -EFAULT : 0;
}

long sys_timer_getoverrun(int id)
{
	struct k_itimer *t = lock_timer(id);

	return t ? t->it_overrun_last : -EINVAL;
}

long sys_timer_delete(int id)
{
	struct k_itimer *t = lock_timer(id);

	if (!t)
		return -EINVAL;
	timer_free(t);
	return 0;
}
