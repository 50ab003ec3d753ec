/*
 * kernel/process/exit.c - do_exit, zombies, and wait4/waitpid (see kernel/process/exit.h).
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

/* Where t's children go: another live thread of its group, else init
 * (2.6's reaper choice). */
static struct task_struct *find_new_reaper(struct task_struct *t)
{
	struct task_struct *r;

	for_each_thread(t->group_leader, r)
		if (r != t && !(r->flags & PF_EXITING))
			return r;
	return init_task;
}

/* Our children get a new parent, woken if any of them is a zombie. */
static void forget_original_parent(struct task_struct *t)
{
	struct task_struct *c, *n, *reaper = find_new_reaper(t);
	bool zombies = false;

	list_for_each_entry_safe(c, n, &t->children, sibling) {
		list_move_tail(&c->sibling, &reaper->children);
		c->parent = reaper;
		if (c->state == TASK_ZOMBIE)
			zombies = true;
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

static void tell_parent(struct task_struct *t, int status)
{
	struct task_struct *parent = t->parent;
	struct ksiginfo info;

	memset(&info, 0, sizeof(info));
	info.si_signo = SIGCHLD;
	info.si_pid = t->pid;
	if (WIFEXITED(status)) {
		info.si_code = CLD_EXITED;
		info.si_status = WEXITSTATUS(status);
	} else {
		info.si_code = status & WCOREFLAG ? CLD_DUMPED : CLD_KILLED;
		info.si_status = WTERMSIG(status);
	}
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

static bool wait_match(struct task_struct *c, int pid)
{
	if (pid > 0)
		return c->pid == pid;
	if (pid == -1)
		return true;
	if (pid == 0)
		return c->pgrp == current->pgrp;
	return c->pgrp == -pid;
}

static void fill_rusage(struct rusage *ru, u32 utime, u32 stime)
{
	memset(ru, 0, sizeof(*ru));
	jiffies_to_timeval(utime, &ru->ru_utime);
	jiffies_to_timeval(stime, &ru->ru_stime);
}

/* Free zombie c and return its pid.  Interrupts are off. */
static int reap(struct task_struct *c, int *status, struct rusage *ru)
{
	int pid = c->pid;

	*status = exit_status(c);
	if (ru)
		fill_rusage(ru, c->utime + c->cutime, c->stime + c->cstime);
	current->cutime += c->utime + c->cutime;
	current->cstime += c->stime + c->cstime;
	c->state = TASK_DEAD;
	detach_task(c);
	free_task(c);
	return pid;
}

/* One look at p's children: a pid, or 0 with *found set if any match. */
static long wait_scan_children(struct task_struct *p, int pid, int options,
			       int *status, struct rusage *ru, bool *found)
{
	struct task_struct *c;

	list_for_each_entry(c, &p->children, sibling) {
		if (!wait_match(c, pid))
			continue;
		*found = true;
		if (c->state == TASK_ZOMBIE && thread_group_empty(c))
			return reap(c, status, ru);
		if (!c->wait_report)
			continue;
		if ((c->wait_report == W_CONTINUED && (options & WCONTINUED)) ||
		    (c->wait_report != W_CONTINUED && (options & WUNTRACED))) {
			*status = c->wait_report;
			c->wait_report = 0;
			if (ru)
				fill_rusage(ru, c->utime, c->stime);
			return c->pid;
		}
	}
	return 0;
}

/* One look at the children of every thread of the group (only ours
 * with __WNOTHREAD): a pid, 0 if none is ready, or -ECHILD. */
static long wait_scan(int pid, int options, int *status, struct rusage *ru)
{
	struct task_struct *t;
	bool found = false;
	long ret;

	if (options & __WNOTHREAD)
		ret = wait_scan_children(current, pid, options, status, ru,
					 &found);
	else
		for_each_thread(current->group_leader, t) {
			ret = wait_scan_children(t, pid, options, status, ru,
						 &found);
			if (ret)
				break;
		}
	if (ret)
		return ret;
	return found ? 0 : -ECHILD;
}

long do_wait(int pid, int options, int *status, struct rusage *ru)
{
	wait_queue_t w;
	long ret;
	u32 flags;

	init_wait(&w);
	for (;;) {
		prepare_to_wait(chldexit_queue(current), &w,
				TASK_INTERRUPTIBLE);
		flags = irq_save();
		ret = wait_scan(pid, options, status, ru);
		irq_restore(flags);
		if (ret || (options & WNOHANG))
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
