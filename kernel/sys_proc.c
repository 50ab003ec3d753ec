/*
 * kernel/sys_proc.c - process identity: getpid, getppid, gettid, the
 * process group and session calls, and the user/group id calls.
 *
 * Mapback has one user: everybody is root (uid 0, gid 0).  The id calls
 * are consistent with that: every getter says 0, setting an id to 0 (or
 * leaving it with -1) succeeds, any other id is -EPERM.
 *
 * Process groups and sessions follow POSIX: setpgid moves the caller or
 * a child that has not yet exec'd into a group of its own session;
 * setsid makes a new session and group unless the caller leads a group.
 */
#include "kernel/errno.h"
#include "kernel/io.h"
#include "kernel/task.h"
#include "kernel/uaccess.h"

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

/* The user and group ids: all root. */
long sys_getuid(void)
{
	return 0;
}

static long set_root_id(int id)
{
	return id == 0 ? 0 : -EPERM;
}

static long set_root_ids(int a, int b, int c)
{
	if ((a != -1 && a != 0) || (b != -1 && b != 0) || (c != -1 && c != 0))
		return -EPERM;
	return 0;
}

long sys_setuid(int uid)
{
	return set_root_id(uid);
}

long sys_setreuid(int ruid, int euid)
{
	return set_root_ids(ruid, euid, -1);
}

long sys_setresuid(int r, int e, int s)
{
	return set_root_ids(r, e, s);
}

long sys_getresuid(u32 *r, u32 *e, u32 *s)
{
	u32 zero = 0;

	if (copy_to_user(r, &zero, 4) || copy_to_user(e, &zero, 4) ||
	    copy_to_user(s, &zero, 4))
		return -EFAULT;
	return 0;
}

/* The 16-bit variants store 16-bit ids. */
long sys_getresuid16(u16 *r, u16 *e, u16 *s)
{
	u16 zero = 0;

	if (copy_to_user(r, &zero, 2) || copy_to_user(e, &zero, 2) ||
	    copy_to_user(s, &zero, 2))
		return -EFAULT;
	return 0;
}

long sys_getgroups(int size, u32 *list)
{
	(void)list;
	return size < 0 ? -EINVAL : 0;
}

long sys_setgroups(int size, const u32 *list)
{
	(void)list;
	if (size < 0)
		return -EINVAL;
	return size == 0 ? 0 : -EPERM;
}

long sys_setfsuid(int uid)
{
	(void)uid;
	return 0;	/* returns the previous fsuid, always 0 */
}
