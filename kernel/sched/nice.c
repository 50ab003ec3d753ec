/*
 * kernel/sched/nice.c - nice values: getpriority (96), setpriority (97)
 * and nice (34), as Linux 6.1 answers them, and the time slice a nice
 * value buys.
 *
 * A task's nice runs from -20 (most favoured) to 19; fork copies it and
 * exec keeps it.  The round-robin scheduler (kernel/sched/sched.c) gives
 * a task task_timeslice(t) ticks each time it is picked: SCHED_SLICE at
 * nice 0, scaled by (20 - nice) / 20, so -20 runs twice as long and 19
 * a single tick.  Among tasks that never sleep, the CPU is shared in
 * proportion to those slices.
 *
 * The system calls speak of three kinds of target (which): one task
 * (PRIO_PROCESS, a thread id, 0 for the caller), every task of a process
 * group (PRIO_PGRP, 0 for the caller's) and every task of a real user id
 * (PRIO_USER, 0 for the caller's).  getpriority answers 20 - nice of the
 * most favoured target, so that it is never negative (C libraries turn it
 * back); setpriority clamps the value into -20..19 and sets it on each
 * target the caller may change: its own tasks (the caller's euid is the
 * target's uid or euid) or anyone's with CAP_SYS_NICE, and a lower nice
 * only within the target's RLIMIT_NICE (20 - nice at most) or with
 * CAP_SYS_NICE.  ESRCH when no target exists; else the error of the last
 * refusal, or 0 when none was refused after a success.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/cred.h"
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"

#define PRIO_PROCESS 0
#define PRIO_PGRP 1
#define PRIO_USER 2
#define MIN_NICE (-20)
#define MAX_NICE 19
#define NICE_WIDTH (MAX_NICE - MIN_NICE + 1)

u32 task_timeslice(const struct task_struct *t)
{
	u32 slice = SCHED_SLICE * (u32)(20 - t->nice) / 20;

	if (t->policy == SCHED_FIFO)
		return 0;	/* no end: it runs until it gives way */
	if (t->policy == SCHED_RR)
		return RR_TIMESLICE;

	return slice ? slice : 1;
}

/* Linux's nice_to_rlimit: 1 (nice 19) to 40 (nice -20). */
static long nice_to_rlimit(int nice)
{
	return 20 - nice;
}

bool can_nice(struct task_struct *p, int nice)
{
	return (unsigned long)nice_to_rlimit(nice) <=
		       task_rlimit(p, RLIMIT_NICE) ||
	       capable(CAP_SYS_NICE);
}

static bool may_renice(struct task_struct *p)
{
	const struct cred *c = current_cred();

	return p->cred.uid == c->euid || p->cred.euid == c->euid ||
	       capable(CAP_SYS_NICE);
}

/* One target of setpriority; error is what the call says so far. */
static long set_one_prio(struct task_struct *p, int nice, long error)
{
	if (!may_renice(p))
		return -EPERM;
	if (nice < p->nice && !can_nice(p, nice))
		return -EACCES;
	p->nice = nice;
	return error == -ESRCH ? 0 : error;
}

/* Is p one of the targets (which, who)?  who is already resolved: the
 * caller's pgrp or uid for 0. */
static bool is_target(struct task_struct *p, int which, int who)
{
	if (p->pid == 0 || p->state == TASK_DEAD)
		return false;
	if (which == PRIO_PGRP)
		return p->pgrp == who;
	return p->cred.uid == (u32)who;
}

/* The caller's own group or user for who 0. */
static int resolve_who(int which, int who)
{
	if (who)
		return who;
	return which == PRIO_PGRP ? current->pgrp : (int)current_cred()->uid;
}

long sys_getpriority(int which, int who)
{
	struct task_struct *p;
	long best = -ESRCH;

	if (which < PRIO_PROCESS || which > PRIO_USER)
		return -EINVAL;
	if (which == PRIO_PROCESS) {
		p = who ? find_task_by_pid(who) : current;
		return p ? nice_to_rlimit(p->nice) : -ESRCH;
	}
	who = resolve_who(which, who);
	list_for_each_entry(p, &task_list, tasks)
		if (is_target(p, which, who) && nice_to_rlimit(p->nice) > best)
			best = nice_to_rlimit(p->nice);
	return best;
}

long sys_setpriority(int which, int who, int nice)
{
	struct task_struct *p;
	long error = -ESRCH;

	if (which < PRIO_PROCESS || which > PRIO_USER)
		return -EINVAL;
	if (nice < MIN_NICE)
		nice = MIN_NICE;
	if (nice > MAX_NICE)
		nice = MAX_NICE;
	if (which == PRIO_PROCESS) {
		p = who ? find_task_by_pid(who) : current;
		return p ? set_one_prio(p, nice, error) : -ESRCH;
	}
	who = resolve_who(which, who);
	list_for_each_entry(p, &task_list, tasks)
		if (is_target(p, which, who))
			error = set_one_prio(p, nice, error);
	return error;
}

/* The old call: add increment to the caller's nice; EPERM, not EACCES,
 * for a lower one it may not have. */
long sys_nice(int increment)
{
	int nice;

	if (increment < -NICE_WIDTH)
		increment = -NICE_WIDTH;
	if (increment > NICE_WIDTH)
		increment = NICE_WIDTH;
	nice = current->nice + increment;
	if (nice < MIN_NICE)
		nice = MIN_NICE;
	if (nice > MAX_NICE)
		nice = MAX_NICE;
	if (increment < 0 && !can_nice(current, nice))
		return -EPERM;
	current->nice = nice;
	return 0;
}
