/*
 * kernel/process/sys_proc.c - process identity: getpid, getppid, gettid and the
 * process group and session calls (the user and group ids are in
 * kernel/process/sys_cred.c).
 *
 * Process groups and sessions follow POSIX: setpgid moves the caller or
 * a child that has not yet exec'd into a group of its own session;
 * setsid makes a new session and group unless the caller leads a group.
 */
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/process/task.h"

long sys_getpid(void)
{
	return current->tgid;
}

long sys_gettid(void)
{
	return current->pid;
}

long sys_getppid(void)
{
	struct task_struct *p = current->group_leader->parent;

	return p && p != idle_task ? p->tgid : 0;
}

long sys_getpgrp(void)
{
	return current->pgrp;
}

static struct task_struct *task_or_current(int pid)
{
	return pid ? find_task_by_pid(pid) : current;
}

long sys_getpgid(int pid)
{
	struct task_struct *t = task_or_current(pid);

	return t ? t->pgrp : -ESRCH;
}

long sys_getsid(int pid)
{
	struct task_struct *t = task_or_current(pid);

	return t ? t->session : -ESRCH;
}

/* Is there a task in group pgrp of session sid? */
static bool pgrp_in_session(int pgrp, int sid)
{
	struct task_struct *t;

	list_for_each_entry(t, &task_list, tasks)
		if (t->pgrp == pgrp && t->session == sid &&
		    t->state != TASK_DEAD)
			return true;
	return false;
}

static long setpgid_locked(int pid, int pgid)
{
	struct task_struct *t = task_or_current(pid);

	if (!t || (t != current && t->parent != current))
		return -ESRCH;
	if (t != current && !(t->flags & PF_FORKNOEXEC))
		return -EACCES;
	if (t->session == t->pid)
		return -EPERM;		/* a session leader stays put */
	if (t->session != current->session)
		return -EPERM;
	if (!pgid)
		pgid = t->pid;
	if (pgid != t->pid && !pgrp_in_session(pgid, current->session))
		return -EPERM;
	t->pgrp = pgid;
	return 0;
}

long sys_setpgid(int pid, int pgid)
{
	u32 flags;
	long ret;

	if (pid < 0 || pgid < 0)
		return -EINVAL;
	flags = irq_save();
	ret = setpgid_locked(pid, pgid);
	irq_restore(flags);
	return ret;
}

long sys_setsid(void)
{
	struct task_struct *t = current, *o;
	u32 flags = irq_save();

	list_for_each_entry(o, &task_list, tasks)
		if (o->pgrp == t->pid && o->state != TASK_DEAD) {
			irq_restore(flags);
			return -EPERM;
		}
	t->session = t->pgrp = t->pid;
	t->tty = NULL;
	irq_restore(flags);
	return t->session;
}
