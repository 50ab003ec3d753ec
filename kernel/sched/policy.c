/*
 * kernel/sched/policy.c - scheduling policies: sched_setscheduler (156),
 * sched_getscheduler (157), sched_setparam (154), sched_getparam (155),
 * sched_get_priority_max/min (159, 160) and sched_rr_get_interval (161,
 * and 423 with 64-bit times), as Linux 6.1 answers them.
 *
 * A task's policy is SCHED_OTHER (round robin with slices by nice),
 * SCHED_BATCH and SCHED_IDLE (scheduled as SCHED_OTHER here: they only
 * say the task is not interactive), or a real-time one with a priority
 * from 1 to 99: SCHED_FIFO or SCHED_RR.  How the scheduler treats those
 * is in kernel/sched/sched.c.  SCHED_RESET_ON_FORK, or'ed into the
 * policy, makes a child start without a real-time policy or a raised
 * priority (kernel/process/fork.c).
 *
 * Permission, as Linux's __sched_setscheduler: with CAP_SYS_NICE anything;
 * otherwise only the caller's own tasks (euid is the target's uid or
 * euid), a real-time policy only within the target's RLIMIT_RTPRIO (0 by
 * default, so not at all), SCHED_RESET_ON_FORK cannot be taken off, and
 * SCHED_IDLE left only within RLIMIT_NICE.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/cpu/uaccess.h"
#include "kernel/process/cred.h"
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"
#include "kernel/time/time.h"

struct sched_param {
	int sched_priority;
};

static bool valid_policy(int policy)
{
	return policy == SCHED_OTHER || policy == SCHED_FIFO ||
	       policy == SCHED_RR || policy == SCHED_BATCH ||
	       policy == SCHED_IDLE;
}

static bool rt_policy(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR;
}

/* The task pid names (0: the caller) in *res; EINVAL for a negative
 * pid, ESRCH when there is none. */
static long find_target(int pid, struct task_struct **res)
{
	if (pid < 0)
		return -EINVAL;
	*res = pid ? find_task_by_pid(pid) : current;
	return *res && (*res)->state != TASK_DEAD ? 0 : -ESRCH;
}

/* May the caller give p this policy and priority? */
static long may_set(struct task_struct *p, int policy, int prio,
		    bool reset_on_fork)
{
	const struct cred *c = current_cred();
	unsigned long rtprio = task_rlimit(p, RLIMIT_RTPRIO);

	if (capable(CAP_SYS_NICE))
		return 0;
	if (rt_policy(policy)) {
		if (policy != p->policy && !rtprio)
			return -EPERM;
		if (prio > p->rt_priority && (unsigned long)prio > rtprio)
			return -EPERM;
	}
	if (p->cred.uid != c->euid && p->cred.euid != c->euid)
		return -EPERM;
	if (p->sched_reset_on_fork && !reset_on_fork)
		return -EPERM;
	/* Leaving SCHED_IDLE is a rise, as a lower nice would be. */
	if (p->policy == SCHED_IDLE && policy != SCHED_IDLE &&
	    !can_nice(p, p->nice))
		return -EPERM;
	return 0;
}

/* policy -1: keep p's (sched_setparam). */
static long set_scheduler(int pid, int policy, const struct sched_param *up)
{
	struct task_struct *p;
	struct sched_param sp;
	bool reset = false;
	long err;

	if (!up || pid < 0)
		return -EINVAL;
	if (copy_from_user(&sp, up, sizeof(sp)))
		return -EFAULT;
	err = find_target(pid, &p);
	if (err)
		return err;
	if (policy < 0) {
		policy = p->policy;
		reset = p->sched_reset_on_fork;
	} else {
		reset = (policy & SCHED_RESET_ON_FORK) != 0;
		policy &= ~SCHED_RESET_ON_FORK;
		if (!valid_policy(policy))
			return -EINVAL;
	}
	if (sp.sched_priority < 0 || sp.sched_priority >= MAX_RT_PRIO ||
	    rt_policy(policy) != (sp.sched_priority != 0))
		return -EINVAL;
	err = may_set(p, policy, sp.sched_priority, reset);
	if (err)
		return err;
	nr_rt_tasks += rt_policy(policy) - rt_task(p);
	p->policy = policy;
	p->rt_priority = sp.sched_priority;
	p->sched_reset_on_fork = reset;
	/* A task that fell behind others gives way; one that rose may
	 * take a CPU now. */
	if (p->on_cpu) {
		p->need_resched = 1;
		kick_process(p);
	} else if (p->state == TASK_RUNNING) {
		check_preempt(p);
	}
	return 0;
}

long sys_sched_setscheduler(int pid, int policy, const struct sched_param *up)
{
	if (policy < 0)
		return -EINVAL;
	return set_scheduler(pid, policy, up);
}

long sys_sched_setparam(int pid, const struct sched_param *up)
{
	return set_scheduler(pid, -1, up);
}

long sys_sched_getscheduler(int pid)
{
	struct task_struct *p;
	long err = find_target(pid, &p);

	if (err)
		return err;
	return p->policy | (p->sched_reset_on_fork ? SCHED_RESET_ON_FORK : 0);
}

long sys_sched_getparam(int pid, struct sched_param *up)
{
	struct sched_param sp;
	struct task_struct *p;
	long err;

	if (!up)
		return -EINVAL;
	err = find_target(pid, &p);
	if (err)
		return err;
	sp.sched_priority = rt_task(p) ? p->rt_priority : 0;
	return copy_to_user(up, &sp, sizeof(sp)) ? -EFAULT : 0;
}

/* The priorities each policy takes: 1 to 99 for the real-time ones, 0
 * for the rest. */
static long priority_bound(int policy, long rt)
{
	if (!valid_policy(policy))
		return -EINVAL;
	return rt_policy(policy) ? rt : 0;
}

long sys_sched_get_priority_max(int policy)
{
	return priority_bound(policy, MAX_RT_PRIO - 1);
}

long sys_sched_get_priority_min(int policy)
{
	return priority_bound(policy, 1);
}

/* The time slice p gets: RR_TIMESLICE under SCHED_RR, none (0) under
 * SCHED_FIFO, its nice-scaled slice otherwise. */
static long rr_interval(int pid, struct timespec64 *ts)
{
	struct task_struct *p;
	long err = find_target(pid, &p);

	if (err)
		return err;
	jiffies_to_timespec64(task_timeslice(p), ts);
	return 0;
}

long sys_sched_rr_get_interval(int pid, struct old_timespec32 *uts)
{
	struct old_timespec32 t32;
	struct timespec64 ts;
	long err = rr_interval(pid, &ts);

	if (err)
		return err;
	t32.tv_sec = ts.tv_sec;
	t32.tv_nsec = ts.tv_nsec;
	return copy_to_user(uts, &t32, sizeof(t32)) ? -EFAULT : 0;
}

long sys_sched_rr_get_interval_time64(int pid, struct timespec64 *uts)
{
	struct timespec64 ts;
	long err = rr_interval(pid, &ts);

	if (err)
		return err;
	return copy_to_user(uts, &ts, sizeof(ts)) ? -EFAULT : 0;
}
