/*
 * kernel/exit.c - do_exit, zombies, and wait4/waitpid (see kernel/exit.h).
 *
 * Lifetimes: a task's resources (mm, files, fs) go in do_exit, but its
 * task_struct and kernel stack outlive it as a zombie until its parent
 * reaps it; only the parent (or init, after reparenting) frees them, from
 * its own stack.  Parent/child links change with interrupts off.
 */
#include "kernel/exit.h"
#include "kernel/errno.h"
#include "kernel/io.h"
#include "kernel/itimer.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/sched.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/uaccess.h"

/* Our children become init's; init is woken if any of them is a zombie. */
static void forget_original_parent(struct task_struct *t)
{
	struct task_struct *c, *n;
	bool zombies = false;

	list_for_each_entry_safe(c, n, &t->children, sibling) {
		list_move_tail(&c->sibling, &init_task->children);
		c->parent = init_task;
		if (c->state == TASK_ZOMBIE)
			zombies = true;
	}
	if (zombies)
		wake_up(&init_task->wait_chldexit);
}

static bool parent_autoreaps(struct task_struct *parent)
{
	const struct k_sigaction *ka = &parent->sighand[SIGCHLD - 1];

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
	if (t->exit_signal)
		send_sig_info(t->exit_signal, &info, parent);
	wake_up(&parent->wait_chldexit);
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
	exit_task_resources(t);
	itimer_exit(t);

	cli();
	forget_original_parent(t);
	t->exit_code = status;
	if (!t->parent || parent_autoreaps(t->parent)) {
		/* A parent blocked in wait4 learns it has one child fewer
		 * (and gets ECHILD when none are left), as on Linux. */
		if (t->parent)
			wake_up(&t->parent->wait_chldexit);
		detach_task(t);
		t->state = TASK_DEAD;	/* freed by schedule_tail */
	} else {
		t->state = TASK_ZOMBIE;
		tell_parent(t, status);
	}
	schedule();
	BUG();
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

	*status = c->exit_code;
	if (ru)
		fill_rusage(ru, c->utime + c->cutime, c->stime + c->cstime);
	current->cutime += c->utime + c->cutime;
	current->cstime += c->stime + c->cstime;
	c->state = TASK_DEAD;
	detach_task(c);
	free_task(c);
	return pid;
}

/* One look at the children: a pid, 0 if none is ready, or -ECHILD. */
static long wait_scan(int pid, int options, int *status, struct rusage *ru)
{
	struct task_struct *c;
	bool found = false;

	list_for_each_entry(c, &current->children, sibling) {
		if (!wait_match(c, pid))
			continue;
		found = true;
		if (c->state == TASK_ZOMBIE)
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
	return found ? 0 : -ECHILD;
}

long do_wait(int pid, int options, int *status, struct rusage *ru)
{
	wait_queue_t w;
	long ret;
	u32 flags;

	init_wait(&w);
	for (;;) {
		prepare_to_wait(&current->wait_chldexit, &w, TASK_INTERRUPTIBLE);
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
	finish_wait(&current->wait_chldexit, &w);
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
	ka = &parent->sighand[SIGCHLD - 1];
	if (!(ka->sa_flags & SA_NOCLDSTOP)) {
		memset(&info, 0, sizeof(info));
		info.si_signo = SIGCHLD;
		info.si_code = why;
		info.si_pid = child->pid;
		info.si_status = sig;
		send_sig_info(SIGCHLD, &info, parent);
	}
	wake_up(&parent->wait_chldexit);
}

long sys_exit(int code)
{
	do_exit(W_EXITCODE(code & 0xff, 0));
}

long sys_exit_group(int code)
{
	do_exit(W_EXITCODE(code & 0xff, 0));
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
