/*
 * kernel/process/exit.c - do_exit, zombies, and wait4/waitpid/waitid (see
 * kernel/process/exit.h).
 *
 * Lifetimes: a task's resources (mm, files, fs) go in do_exit, but its
 * task_struct and kernel stack outlive it as a zombie until its parent
 * reaps it; only the parent (or init, after reparenting) frees them, from
 * its own stack.  Parent/child links change with interrupts off.
 */
#include "kernel/process/exit.h"
#include "fs/coredump.h"
#include "ipc/sem.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/time/itimer.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "compat/pidfd.h"
#include "compat/posix-timers.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/syscall.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"

/* Every thread of a process waits for its children on the leader's
 * queue: any of them may reap a child of any other, as on Linux. */
static wait_queue_head_t *chldexit_queue(struct task_struct *p)
{
	return &p->group_leader->wait_chldexit;
}

/* A live thread of p's group other than t, or NULL. */
static struct task_struct *live_thread(struct task_struct *p,
				       struct task_struct *t)
{
	struct task_struct *r;

	for_each_thread(p->group_leader, r)
		if (r != t && !(r->flags & PF_EXITING))
			return r;
	return NULL;
}

/* Where t's children go: another live thread of its group, else the
 * nearest ancestor that asked for orphans (PR_SET_CHILD_SUBREAPER) and
 * still lives, else init (Linux's find_new_reaper). */
static struct task_struct *find_new_reaper(struct task_struct *t)
{
	struct task_struct *r = live_thread(t, t), *a;

	if (r)
		return r;
	for (a = t->group_leader->parent; a && a != init_task;
	     a = a->group_leader->parent) {
		if (!a->signal->is_child_subreaper)
			continue;
		r = live_thread(a, NULL);
		if (r)
			return r;
	}
	return init_task;
}

/* Our children get a new parent, woken if any of them is a zombie, and
 * the signal each asked for when its parent dies (PR_SET_PDEATHSIG). */
static void forget_original_parent(struct task_struct *t)
{
	struct task_struct *c, *n, *reaper = find_new_reaper(t);
	bool zombies = false;

	list_for_each_entry_safe(c, n, &t->children, sibling) {
		list_move_tail(&c->sibling, &reaper->children);
		c->parent = reaper;
		if (c->state == TASK_ZOMBIE)
			zombies = true;
		else if (c->pdeath_signal)
			group_send_sig_info(c->pdeath_signal, NULL, c);
	}
	if (zombies)
		wake_up(chldexit_queue(reaper));
}

/* The status wait4 reports: the group's once it is ending as a whole. */
static int exit_status(struct task_struct *t)
{
	if (t->signal->flags & SIGNAL_GROUP_EXIT)
		return t->signal->group_exit_code;
	return t->exit_code;
}

static bool parent_autoreaps(struct task_struct *parent)
{
	const struct k_sigaction *ka = &parent->sighand->action[SIGCHLD - 1];

	return parent == idle_task || ka->sa_handler == SIG_IGN ||
	       (ka->sa_flags & SA_NOCLDWAIT);
}

/* What SIGCHLD and waitid report for an exit with wait status s: the
 * si_code and si_status. */
static void exit_info(int s, int *code, int *status)
{
	if (WIFEXITED(s)) {
		*code = CLD_EXITED;
		*status = WEXITSTATUS(s);
	} else {
		*code = s & WCOREFLAG ? CLD_DUMPED : CLD_KILLED;
		*status = WTERMSIG(s);
	}
}

static void tell_parent(struct task_struct *t, int status)
{
	struct task_struct *parent = t->parent;
	struct ksiginfo info;

	memset(&info, 0, sizeof(info));
	info.si_signo = SIGCHLD;
	info.si_pid = t->pid;
	info.si_uid = t->cred.uid;
	exit_info(status, &info.si_code, &info.si_status);
	if (t->exit_signal > 0)
		group_send_sig_info(t->exit_signal, &info, parent);
	wake_up(chldexit_queue(parent));
}

/* Leader t, its group now empty, becomes a zombie for its parent, or
 * goes at once if nobody will wait for it. */
static void exit_notify(struct task_struct *t)
{
	if (!t->parent || parent_autoreaps(t->parent)) {
		/* A parent blocked in wait4 learns it has one child fewer
		 * (and gets ECHILD when none are left), as on Linux. */
		if (t->parent)
			wake_up(chldexit_queue(t->parent));
		detach_task(t);
		t->state = TASK_DEAD;
	} else {
		t->state = TASK_ZOMBIE;
		tell_parent(t, exit_status(t));
	}
	pidfd_notify_exit();	/* the process has exited: pidfds readable */
}

/* A thread that is not the leader: nobody waits for it, it goes at once.
 * The last one out reports a leader that exited before it. */
static void release_thread(struct task_struct *t)
{
	struct task_struct *leader = t->group_leader;

	list_del_init(&t->thread_group);
	detach_task(t);
	t->state = TASK_DEAD;	/* freed by schedule_tail */
	if (leader->state != TASK_ZOMBIE || !thread_group_empty(leader))
		return;
	exit_notify(leader);
	if (leader->state == TASK_DEAD)
		free_task(leader);
}

/* t, already PF_EXITING, is the last live thread of its group. */
static bool group_dead(struct task_struct *t)
{
	struct task_struct *o;

	for_each_thread(t->group_leader, o)
		if (!(o->flags & PF_EXITING) &&
		    !(o->state & (TASK_ZOMBIE | TASK_DEAD)))
			return false;
	return true;
}

void __noreturn do_exit(int status)
{
	struct task_struct *t = current;

	if (t == idle_task)
		panic("the idle task tried to exit");
	if (t == init_task)
		panic("Attempted to kill init! exit status 0x%x", status);
	BUG_ON(t->flags & PF_EXITING);
	t->flags |= PF_EXITING;
	group_stop_leave(t);
	coredump_task_exit(t);	/* a thread dumping core reads us first */
	mm_release(t);
	exit_task_resources(t);
	itimer_exit(t);
	if (group_dead(t)) {
		exit_itimers(t->signal);
		exit_sem(&t->signal->sysvsem_undo);
	}

	cli();
	forget_original_parent(t);
	t->exit_code = status;
	if (!thread_group_leader(t))
		release_thread(t);
	else if (thread_group_empty(t))
		exit_notify(t);
	else
		t->state = TASK_ZOMBIE;	/* reported when the last thread goes */
	if (t->signal->group_exit_task)
		wake_up_process(t->signal->group_exit_task);
	schedule();
	BUG();
}

void __noreturn do_group_exit(int status)
{
	struct signal_struct *sg = current->signal;
	u32 flags = irq_save();

	if (signal_group_exit(sg)) {
		if (sg->flags & SIGNAL_GROUP_EXIT)
			status = sg->group_exit_code;
	} else if (!thread_group_empty(current)) {
		sg->group_exit_code = status;
		sg->flags = SIGNAL_GROUP_EXIT;
		zap_other_threads(current);
	}
	irq_restore(flags);
	do_exit(status);
}

/* Only current and, perhaps, the leader's zombie are left. */
static bool others_gone(struct task_struct *t)
{
	struct task_struct *o;

	for_each_thread(t->group_leader, o)
		if (o != t && !(thread_group_leader(o) &&
				o->state == TASK_ZOMBIE))
			return false;
	return true;
}

/* A thread that execs takes the place (and pid) of the dead leader,
 * whose zombie nobody else will ever see.  Interrupts are off. */
static void take_leadership(struct task_struct *t)
{
	struct task_struct *leader = t->group_leader;

	t->pid = leader->pid;
	t->pgrp = leader->pgrp;
	t->session = leader->session;
	t->exit_signal = leader->exit_signal;
	t->parent = leader->parent;
	if (t->parent)
		list_add(&t->sibling, &leader->sibling);
	list_del_init(&t->thread_group);
	t->group_leader = t;
	detach_task(leader);
	leader->state = TASK_DEAD;
	free_task(leader);
}

/*
 * execve from a thread (2.6's de_thread, here rather than in exec
 * because it is the exit side's bookkeeping): the other threads get
 * SIGKILL, current waits until they are gone and becomes the leader.
 * Fails only when the group is already ending, and then current dies.
 */
int de_thread(struct task_struct *t)
{
	struct signal_struct *sg = t->signal;
	u32 flags;

	if (thread_group_leader(t) && thread_group_empty(t))
		return 0;
	flags = irq_save();
	if (signal_group_exit(sg)) {
		irq_restore(flags);
		return -EAGAIN;
	}
	sg->group_exit_task = t;
	zap_other_threads(t);
	while (!others_gone(t)) {
		t->state = TASK_UNINTERRUPTIBLE;
		schedule();
	}
	sg->group_exit_task = NULL;
	if (!thread_group_leader(t))
		take_leadership(t);
	irq_restore(flags);
	return 0;
}

/* What a wait is for (Linux's struct wait_opts) and what it found. */
enum pid_type { PIDTYPE_PID, PIDTYPE_PGID, PIDTYPE_MAX /* any child */ };

struct waitid_info {
	int pid;
	u32 uid;	/* the child's real uid */
	int status;	/* exit code, or the signal */
	int cause;	/* CLD_* */
};

struct wait_opts {
	enum pid_type type;
	int pid;		/* the pid or process group to match */
	int flags;		/* WEXITED, WSTOPPED, WNOHANG, WNOWAIT, ... */
	struct waitid_info info;
	int stat;		/* the wait4 status word */
	struct rusage *ru;	/* or NULL */
	bool nonblock;		/* a PIDFD_NONBLOCK pidfd: EAGAIN, not a wait */
};

static bool wait_match(const struct wait_opts *wo, struct task_struct *c)
{
	switch (wo->type) {
	case PIDTYPE_PID:
		return c->pid == wo->pid;
	case PIDTYPE_PGID:
		return c->pgrp == wo->pid;
	default:
		return true;
	}
}

static void fill_rusage(struct rusage *ru, u32 utime, u32 stime)
{
	memset(ru, 0, sizeof(*ru));
	jiffies_to_timeval(utime, &ru->ru_utime);
	jiffies_to_timeval(stime, &ru->ru_stime);
}

/* Report zombie c and, without WNOWAIT, free it.  Interrupts are off. */
static int wait_task_zombie(struct wait_opts *wo, struct task_struct *c)
{
	int pid = c->pid;

	wo->stat = exit_status(c);
	wo->info.pid = pid;
	wo->info.uid = c->cred.uid;
	exit_info(wo->stat, &wo->info.cause, &wo->info.status);
	if (wo->ru)
		fill_rusage(wo->ru, c->utime + c->cutime, c->stime + c->cstime);
	if (wo->flags & WNOWAIT)
		return pid;
	current->cutime += c->utime + c->cutime;
	current->cstime += c->stime + c->cstime;
	c->state = TASK_DEAD;
	detach_task(c);
	free_task(c);
	return pid;
}

/* Report c's stop or continue if asked for; WNOWAIT leaves it to be
 * reported again.  0 if there is nothing to report. */
static int wait_task_stopped(struct wait_opts *wo, struct task_struct *c)
{
	int report = c->wait_report;

	if (!report)
		return 0;
	if (report == W_CONTINUED ? !(wo->flags & WCONTINUED)
				  : !(wo->flags & WSTOPPED))
		return 0;
	wo->stat = report;
	wo->info.pid = c->pid;
	wo->info.uid = c->cred.uid;
	wo->info.cause = report == W_CONTINUED ? CLD_CONTINUED : CLD_STOPPED;
	wo->info.status = report == W_CONTINUED ? SIGCONT : WEXITSTATUS(report);
	if (wo->ru)
		fill_rusage(wo->ru, c->utime, c->stime);
	if (!(wo->flags & WNOWAIT))
		c->wait_report = 0;
	return c->pid;
}

/* One look at p's children: a pid, or 0 with *found set if any match. */
static long wait_scan_children(struct wait_opts *wo, struct task_struct *p,
			       bool *found)
{
	struct task_struct *c;
	int ret;

	list_for_each_entry(c, &p->children, sibling) {
		if (!wait_match(wo, c))
			continue;
		if (c->state == TASK_ZOMBIE && thread_group_empty(c)) {
			/* Without WEXITED it is no child to wait for at
			 * all (ECHILD if there is no other), as on Linux. */
			if (!(wo->flags & WEXITED))
				continue;
			*found = true;
			return wait_task_zombie(wo, c);
		}
		*found = true;
		ret = wait_task_stopped(wo, c);
		if (ret)
			return ret;
	}
	return 0;
}

/* One look at the children of every thread of the group (only ours
 * with __WNOTHREAD): a pid, 0 if none is ready, or -ECHILD. */
static long wait_scan(struct wait_opts *wo)
{
	struct task_struct *t;
	bool found = false;
	long ret;

	if (wo->flags & __WNOTHREAD)
		ret = wait_scan_children(wo, current, &found);
	else
		for_each_thread(current->group_leader, t) {
			ret = wait_scan_children(wo, t, &found);
			if (ret)
				break;
		}
	if (ret)
		return ret;
	return found ? 0 : -ECHILD;
}

/* wait4 and waitid (Linux's do_wait): the child's pid with wo->stat,
 * wo->info and *wo->ru filled, 0 with WNOHANG when none is ready,
 * -ECHILD when no child matches, -ERESTARTSYS on a signal. */
static long __do_wait(struct wait_opts *wo)
{
	wait_queue_t w;
	long ret;
	u32 flags;

	init_wait(&w);
	for (;;) {
		prepare_to_wait(chldexit_queue(current), &w,
				TASK_INTERRUPTIBLE);
		flags = irq_save();
		ret = wait_scan(wo);
		irq_restore(flags);
		if (ret || (wo->flags & WNOHANG))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(chldexit_queue(current), &w);
	return ret;
}

long do_wait(int pid, int options, int *status, struct rusage *ru)
{
	struct wait_opts wo = { .flags = options | WEXITED, .ru = ru };
	long ret;

	if (pid > 0) {
		wo.type = PIDTYPE_PID;
		wo.pid = pid;
	} else if (pid == -1) {
		wo.type = PIDTYPE_MAX;
	} else {
		wo.type = PIDTYPE_PGID;
		wo.pid = pid ? -pid : current->pgrp;
	}
	ret = __do_wait(&wo);
	if (ret > 0)
		*status = wo.stat;
	return ret;
}

void notify_parent_stopped(struct task_struct *child, int why, int sig)
{
	struct task_struct *parent = child->parent;
	const struct k_sigaction *ka;
	struct ksiginfo info;

	if (!parent)
		return;
	child->wait_report = why == CLD_STOPPED ? W_STOPCODE(sig) : W_CONTINUED;
	ka = &parent->sighand->action[SIGCHLD - 1];
	if (!(ka->sa_flags & SA_NOCLDSTOP)) {
		memset(&info, 0, sizeof(info));
		info.si_signo = SIGCHLD;
		info.si_code = why;
		info.si_pid = child->pid;
		info.si_uid = child->cred.uid;
		info.si_status = sig;
		group_send_sig_info(SIGCHLD, &info, parent);
	}
	wake_up(chldexit_queue(parent));
}

long sys_exit(int code)
{
	do_exit(W_EXITCODE(code & 0xff, 0));
}

long sys_exit_group(int code)
{
	do_group_exit(W_EXITCODE(code & 0xff, 0));
}

#define WAIT_OPTIONS (WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD | \
		      __WALL | __WCLONE)

long sys_wait4(int pid, int *ustatus, int options, struct rusage *uru)
{
	struct rusage ru;
	int status = 0;
	long ret;

	if (options & ~WAIT_OPTIONS)
		return -EINVAL;
	if (pid == INT_MIN)
		return -ESRCH;	/* its group, -INT_MIN, cannot be */
	ret = do_wait(pid, options, &status, uru ? &ru : NULL);
	if (ret <= 0)
		return ret;
	if (ustatus && copy_to_user(ustatus, &status, sizeof(status)))
		return -EFAULT;
	if (uru && copy_to_user(uru, &ru, sizeof(ru)))
		return -EFAULT;
	return ret;
}

long sys_waitpid(int pid, int *ustatus, int options)
{
	return sys_wait4(pid, ustatus, options, NULL);
}

#define WAITID_OPTIONS (WNOHANG | WNOWAIT | WEXITED | WSTOPPED | WCONTINUED | \
			__WNOTHREAD | __WALL | __WCLONE)

/* waitid's idtype. */
#define P_ALL	0
#define P_PID	1
#define P_PGID	2
#define P_PIDFD	3

/* Which children waitid means: 0, or its error in Linux's order. */
static int waitid_target(struct wait_opts *wo, int which, int upid)
{
	bool nonblock;

	switch (which) {
	case P_ALL:
		wo->type = PIDTYPE_MAX;
		return 0;
	case P_PID:
		wo->type = PIDTYPE_PID;
		wo->pid = upid;
		return upid <= 0 ? -EINVAL : 0;
	case P_PGID:
		wo->type = PIDTYPE_PGID;
		wo->pid = upid ? upid : current->pgrp;
		return upid < 0 ? -EINVAL : 0;
	case P_PIDFD:
		if (upid < 0)
			return -EINVAL;
		wo->type = PIDTYPE_PID;
		wo->pid = pidfd_get_pid(upid, &nonblock);
		if (wo->pid == -EBADF)
			return -EBADF;
		/* A pidfd opened PIDFD_NONBLOCK does not wait: EAGAIN. */
		if (nonblock && !(wo->flags & WNOHANG)) {
			wo->flags |= WNOHANG;
			wo->nonblock = true;
		}
		return 0;
	default:
		return -EINVAL;
	}
}

/* The part of Linux's i386 siginfo_t that waitid writes. */
struct waitid_siginfo {
	int si_signo;
	int si_errno;
	int si_code;
	int si_pid;
	u32 si_uid;
	int si_status;
};

/*
 * As Linux 6.1: the rusage is written before the siginfo, and a siginfo
 * is written (zeros, si_signo 0) even when WNOHANG found no child ready.
 */
long sys_waitid(int which, int upid, void *uinfo, int options,
		struct rusage *uru)
{
	struct wait_opts wo = { .flags = options };
	struct waitid_siginfo si;
	struct rusage ru;
	long ret;

	if (options & ~WAITID_OPTIONS)
		return -EINVAL;
	if (!(options & (WEXITED | WSTOPPED | WCONTINUED)))
		return -EINVAL;
	ret = waitid_target(&wo, which, upid);
	if (ret)
		return ret;
	wo.ru = uru ? &ru : NULL;
	ret = __do_wait(&wo);
	if (ret < 0)
		return ret;
	if (!ret && wo.nonblock)
		ret = -EAGAIN;
	memset(&si, 0, sizeof(si));
	if (ret > 0) {
		if (uru && copy_to_user(uru, &ru, sizeof(ru)))
			return -EFAULT;
		si.si_signo = SIGCHLD;
		si.si_code = wo.info.cause;
		si.si_pid = wo.info.pid;
		si.si_uid = wo.info.uid;
		si.si_status = wo.info.status;
	}
	if (uinfo && copy_to_user(uinfo, &si, sizeof(si)))
		return -EFAULT;
	return ret < 0 ? ret : 0;
}
