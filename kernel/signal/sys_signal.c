/*
 * kernel/signal/sys_signal.c - the signal system calls: rt_sigaction,
 * rt_sigprocmask, rt_sigpending, rt_sigsuspend, sigaltstack, pause, kill,
 * tkill, tgkill, rt_sigtimedwait, rt_sigqueueinfo, rt_tgsigqueueinfo.  The work is in kernel/signal/signal.c; these check and copy
 * the user's arguments.  set_user_sigmask and restore_user_sigmask are
 * the mask argument of the calls that wait under one (ppoll, pselect6,
 * epoll_pwait).  These are the rt_ forms with an 8-byte sigset, which
 * musl and glibc use on i386; the old calls with a 4-byte one wrap
 * do_sigaction, set_current_blocked, current_sigpending and sigsuspend
 * (compat/old_signal.c).  kill, tkill and tgkill send only where
 * kill_permission allows (kernel/signal/signal.h), -EPERM elsewhere.
 */
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/signal/signal_frame.h"
#include "kernel/time/time.h"
#include "kernel/syscall.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"

static bool valid_sig(int sig)
{
	return sig >= 1 && sig <= _NSIG;
}

/* Forget sig wherever it is pending in current's thread group. */
static void flush_pending(int sig)
{
	struct task_struct *t;

	current->signal->shared_pending.signal &= ~sigmask(sig);
	flush_sigqueue(&current->signal->shared_pending, sigmask(sig));
	for_each_thread(current->group_leader, t) {
		t->pending.signal &= ~sigmask(sig);
		flush_sigqueue(&t->pending, sigmask(sig));
	}
}

int do_sigaction(int sig, const struct k_sigaction *new,
		 struct k_sigaction *old)
{
	struct k_sigaction *ka;
	u32 flags;

	if (!valid_sig(sig) || (new && (sig == SIGKILL || sig == SIGSTOP)))
		return -EINVAL;
	ka = &current->sighand->action[sig - 1];
	if (old)
		*old = *ka;
	if (!new)
		return 0;
	flags = irq_save();
	*ka = *new;
	ka->sa_mask &= ~SIGKILL_STOP_MASK;
	/* POSIX: setting SIG_IGN discards what is pending (queued too). */
	if (new->sa_handler == SIG_IGN ||
	    (new->sa_handler == SIG_DFL &&
	     (sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH)))
		flush_pending(sig);
	irq_restore(flags);
	return 0;
}

long sys_rt_sigaction(int sig, const struct k_sigaction *uact,
		      struct k_sigaction *uoact, u32 sigsetsize)
{
	struct k_sigaction new, old;
	long err;

	if (sigsetsize != sizeof(sigset_t) || !valid_sig(sig))
		return -EINVAL;
	if (uact && (sig == SIGKILL || sig == SIGSTOP))
		return -EINVAL;
	if (uact && copy_from_user(&new, uact, sizeof(new)))
		return -EFAULT;
	err = do_sigaction(sig, uact ? &new : NULL, &old);
	if (!err && uoact && copy_to_user(uoact, &old, sizeof(old)))
		return -EFAULT;
	return err;
}

void set_current_blocked(sigset_t set)
{
	u32 flags = irq_save();

	current->blocked = set & ~SIGKILL_STOP_MASK;
	irq_restore(flags);
}

long sys_rt_sigprocmask(int how, const sigset_t *uset, sigset_t *uoset,
			u32 sigsetsize)
{
	sigset_t set, old = current->blocked;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (uset) {
		if (copy_from_user(&set, uset, sizeof(set)))
			return -EFAULT;
		if (how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
			return -EINVAL;
	}
	if (uoset && copy_to_user(uoset, &old, sizeof(old)))
		return -EFAULT;
	if (!uset)
		return 0;
	if (how == SIG_BLOCK)
		set = old | set;
	else if (how == SIG_UNBLOCK)
		set = old & ~set;
	set_current_blocked(set);
	return 0;
}

sigset_t current_sigpending(void)
{
	return (current->pending.signal |
		current->signal->shared_pending.signal) &
	       current->blocked;
}

long sys_rt_sigpending(sigset_t *uset, u32 sigsetsize)
{
	sigset_t set = current_sigpending();

	/* Linux copies out as much as asked, up to the whole set. */
	if (sigsetsize > sizeof(sigset_t))
		return -EINVAL;
	return copy_to_user(uset, &set, sigsetsize) ? -EFAULT : 0;
}

/* Sleep until a signal is delivered: its handler runs with the mask the
 * caller had before (restored when the frame is built). */
static long sleep_for_signal(void)
{
	u32 flags = irq_save();

	while (!signal_pending(current)) {
		current->state = TASK_INTERRUPTIBLE;
		schedule();
	}
	irq_restore(flags);
	return -ERESTARTNOHAND;
}

/* See kernel/signal/signal.h. */
long set_user_sigmask(const sigset_t *umask, u32 size, bool *set)
{
	sigset_t mask;
	u32 flags;

	*set = false;
	if (!umask)
		return 0;
	if (size != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	flags = irq_save();
	current->saved_sigmask = current->blocked;
	current->restore_sigmask = true;
	current->blocked = mask & ~SIGKILL_STOP_MASK;
	irq_restore(flags);
	*set = true;
	return 0;
}

/* Put the caller's mask back, unless a signal is to be delivered first. */
void restore_user_sigmask(bool set, long ret)
{
	u32 flags;

	if (!set || ((ret == -EINTR || ret == -ERESTARTNOHAND) &&
		     signal_pending(current)))
		return;
	flags = irq_save();
	current->blocked = current->saved_sigmask;
	current->restore_sigmask = false;
	irq_restore(flags);
}

long sigsuspend(sigset_t mask)
{
	current->saved_sigmask = current->blocked;
	current->restore_sigmask = true;
	current->blocked = mask & ~SIGKILL_STOP_MASK;
	return sleep_for_signal();
}

long sys_rt_sigsuspend(const sigset_t *umask, u32 sigsetsize)
{
	sigset_t mask;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	return sigsuspend(mask);
}

long sys_pause(void)
{
	return sleep_for_signal();
}

/*
 * sigtimedwait and sigwaitinfo: take a pending signal of set without
 * running its action, or wait for one (at most *ts; NULL: for ever) with
 * set unblocked meanwhile, so that a signal sent to the process comes to
 * this thread.  SIGKILL and SIGSTOP cannot be waited for.  EAGAIN when
 * the time ran out, EINTR when another signal came first.
 */
static long do_sigtimedwait(sigset_t set, struct user_siginfo *uinfo,
			    const struct timespec64 *ts)
{
	long left = MAX_SCHEDULE_TIMEOUT;
	struct user_siginfo u;
	struct ksiginfo info;
	u32 flags;
	int sig;

	set &= ~SIGKILL_STOP_MASK;
	if (ts) {
		if (ts->tv_sec < 0 || ts->tv_nsec < 0 ||
		    ts->tv_nsec >= NSEC_PER_SEC)
			return -EINVAL;
		left = timespec64_to_jiffies(ts);
	}
	sig = dequeue_signal_in(set, &info);
	if (!sig && left) {
		/* real_blocked: a fatal signal of set that comes meanwhile is
		 * for us to take, not the end of the process. */
		flags = irq_save();
		current->real_blocked = current->blocked;
		current->blocked &= ~set;
		while (!signal_pending(current) && left) {
			current->state = TASK_INTERRUPTIBLE;
			left = schedule_timeout(left);
		}
		current->state = TASK_RUNNING;
		current->blocked = current->real_blocked;
		current->real_blocked = 0;
		irq_restore(flags);
		sig = dequeue_signal_in(set, &info);
	}
	if (!sig)
		return left ? -EINTR : -EAGAIN;
	if (uinfo) {
		fill_user_siginfo(&u, &info);
		if (copy_to_user(uinfo, &u, sizeof(u)))
			return -EFAULT;
	}
	return sig;
}

static long sigtimedwait_args(const sigset_t *uset, u32 sigsetsize,
			      sigset_t *set)
{
	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	return copy_from_user(set, uset, sizeof(*set)) ? -EFAULT : 0;
}

long sys_rt_sigtimedwait(const sigset_t *uset, struct user_siginfo *uinfo,
			 const struct old_timespec32 *uts, u32 sigsetsize)
{
	struct old_timespec32 t32;
	struct timespec64 ts;
	sigset_t set;
	long err = sigtimedwait_args(uset, sigsetsize, &set);

	if (err)
		return err;
	if (!uts)
		return do_sigtimedwait(set, uinfo, NULL);
	if (copy_from_user(&t32, uts, sizeof(t32)))
		return -EFAULT;
	ts.tv_sec = t32.tv_sec;
	ts.tv_nsec = t32.tv_nsec;
	return do_sigtimedwait(set, uinfo, &ts);
}

long sys_rt_sigtimedwait_time64(const sigset_t *uset,
				struct user_siginfo *uinfo,
				const struct timespec64 *uts, u32 sigsetsize)
{
	struct timespec64 ts;
	sigset_t set;
	long err = sigtimedwait_args(uset, sigsetsize, &set);

	if (err)
		return err;
	if (uts && copy_from_user(&ts, uts, sizeof(ts)))
		return -EFAULT;
	return do_sigtimedwait(set, uinfo, uts ? &ts : NULL);
}

struct user_stack_t {
	u32 ss_sp;
	s32 ss_flags;
	u32 ss_size;
};

static bool on_alt_stack(u32 sp)
{
	return current->sas_ss_size &&
	       sp - current->sas_ss_sp < current->sas_ss_size;
}

long sys_sigaltstack(const struct user_stack_t *uss, struct user_stack_t *uoss)
{
	struct task_struct *t = current;
	u32 sp = current_regs()->esp;
	struct user_stack_t ss, old;

	old.ss_sp = t->sas_ss_sp;
	old.ss_size = t->sas_ss_size;
	old.ss_flags = !t->sas_ss_size ? SS_DISABLE :
		       on_alt_stack(sp) ? SS_ONSTACK : 0;
	if (uss) {
		if (copy_from_user(&ss, uss, sizeof(ss)))
			return -EFAULT;
		if (on_alt_stack(sp))
			return -EPERM;
		if (ss.ss_flags & ~(SS_DISABLE | SS_ONSTACK))
			return -EINVAL;
		if (ss.ss_flags & SS_DISABLE) {
			ss.ss_sp = 0;
			ss.ss_size = 0;
		} else if (ss.ss_size < MINSIGSTKSZ) {
			return -ENOMEM;
		}
	}
	if (uoss && copy_to_user(uoss, &old, sizeof(old)))
		return -EFAULT;
	if (uss) {
		t->sas_ss_sp = ss.ss_sp;
		t->sas_ss_size = ss.ss_size;
	}
	return 0;
}

/* Deliver (or, for sig 0, just check) one signal from the caller, to
 * t's whole process (kill) or to the thread t alone (tkill, tgkill);
 * info NULL: SI_USER from the caller. */
static int kill_one(int sig, const struct ksiginfo *info,
		    struct task_struct *t, bool group)
{
	bool live_group = t && group && !thread_group_empty(t);

	if (!t || (t->flags & PF_KTHREAD) || (t->state & TASK_DEAD))
		return -ESRCH;
	if (!kill_permission(sig, t))
		return -EPERM;
	/* A zombie takes no signals, unless it is a leader whose threads
	 * live on: the process is still there. */
	if (t->state == TASK_ZOMBIE && !live_group)
		return 0;
	if (!sig)
		return 0;
	return group ? group_send_sig_info(sig, info, t)
		     : send_sig_info(sig, info, t);
}

static int kill_all(int sig)
{
	struct task_struct *t;
	int found = 0;
	u32 flags = irq_save();

	list_for_each_entry(t, &task_list, tasks) {
		if (t->pid <= 1 || t->tgid == current->tgid ||
		    (t->flags & PF_KTHREAD) || !thread_group_leader(t))
			continue;
		found = 1;
		if (sig && kill_permission(sig, t))
			group_send_sig_info(sig, NULL, t);
	}
	irq_restore(flags);
	return found ? 0 : -ESRCH;
}

long sys_kill(int pid, int sig)
{
	/* Linux looks for the targets first: a bad signal to nobody is
	 * ESRCH, to anybody (even one it may not signal) EINVAL. */
	if (sig < 0 || sig > _NSIG)
		return sys_kill(pid, 0) == -ESRCH ? -ESRCH : -EINVAL;
	if (pid > 0)
		return kill_one(sig, NULL, find_task_by_pid(pid), true);
	if (pid == -1)
		return kill_all(sig);
	if (pid == INT_MIN)
		return -ESRCH;	/* no process group -INT_MIN */
	if (pid == 0)
		pid = -current->pgrp;
	return kill_pgrp_info(-pid, sig, NULL);
}

/* Signals sent to a thread carry si_code SI_TKILL, as on Linux. */
static int tkill_one(int sig, struct task_struct *t)
{
	struct ksiginfo info;

	if (sig < 0 || sig > _NSIG)	/* as kill: ESRCH first */
		return tkill_one(0, t) == -ESRCH ? -ESRCH : -EINVAL;
	if (!sig || !t || (t->flags & PF_KTHREAD) ||
	    t->state & (TASK_ZOMBIE | TASK_DEAD))
		return kill_one(sig, NULL, t, false);
	if (!kill_permission(sig, t))
		return -EPERM;
	memset(&info, 0, sizeof(info));
	info.si_code = SI_TKILL;
	info.si_pid = current->tgid;
	info.si_uid = current_cred()->uid;
	return send_sig_info(sig, &info, t);
}

long sys_tkill(int tid, int sig)
{
	if (tid <= 0)
		return -EINVAL;
	return tkill_one(sig, find_task_by_pid(tid));
}

long sys_tgkill(int tgid, int tid, int sig)
{
	struct task_struct *t;

	if (tgid <= 0 || tid <= 0)
		return -EINVAL;
	t = find_task_by_pid(tid);
	if (t && t->tgid != tgid)
		return -ESRCH;
	return tkill_one(sig, t);
}

/*
 * sigqueue: a signal with the sender's siginfo (si_value, SI_QUEUE).  A
 * program may not pass itself off as the kernel or as kill: a code of 0
 * or above, or SI_TKILL, only to its own thread (EPERM), as Linux.
 * Checks in Linux's order: the siginfo (EFAULT), the ids, that, then the
 * target as kill finds it.
 */
long siginfo_from_user(int sig, const struct user_siginfo *uinfo,
		       struct ksiginfo *info)
{
	struct user_siginfo u;

	if (copy_from_user(&u, uinfo, sizeof(u)))
		return -EFAULT;
	memset(info, 0, sizeof(*info));
	info->si_signo = sig;
	info->si_errno = u.si_errno;
	info->si_code = u.si_code;
	info->si_pid = u.f.rt.pid;
	info->si_uid = u.f.rt.uid;
	info->si_value = u.f.rt.sigval;
	return 0;
}

bool siginfo_impersonates(const struct ksiginfo *info, int tid)
{
	return (info->si_code >= 0 || info->si_code == SI_TKILL) &&
	       tid != current->pid;
}

long kill_task_info(int sig, const struct ksiginfo *info, struct task_struct *t,
		    bool group)
{
	if (sig < 0 || sig > _NSIG)
		return kill_one(0, NULL, t, group) == -ESRCH ? -ESRCH : -EINVAL;
	return kill_one(sig, info, t, group);
}

long sys_rt_sigqueueinfo(int tgid, int sig, const struct user_siginfo *uinfo)
{
	struct ksiginfo info;
	long err = siginfo_from_user(sig, uinfo, &info);

	if (err)
		return err;
	if (siginfo_impersonates(&info, tgid))
		return -EPERM;
	return kill_task_info(sig, &info, find_task_by_pid(tgid), true);
}

long sys_rt_tgsigqueueinfo(int tgid, int tid, int sig,
			   const struct user_siginfo *uinfo)
{
	struct task_struct *t;
	struct ksiginfo info;
	long err = siginfo_from_user(sig, uinfo, &info);

	if (err)
		return err;
	if (tgid <= 0 || tid <= 0)
		return -EINVAL;
	if (siginfo_impersonates(&info, tid))
		return -EPERM;
	t = find_task_by_pid(tid);
	return kill_task_info(sig, &info, t && t->tgid == tgid ? t : NULL,
			      false);
}
