/*
 * priority.c - nice values: getpriority (96), setpriority (97) and nice
 * (34), called raw where the C library would hide what the kernel says.
 *
 * The kernel's getpriority answers 20 - nice; setpriority clamps into
 * -20..19; fork copies the value and /proc/PID/stat shows it (priority
 * 20 + nice, then nice); root may lower it, another user only raise it
 * (EACCES below, EPERM from the old nice call) and only on its own
 * processes (EPERM); PRIO_PGRP and PRIO_USER reach every task of the
 * group or user; the errors in Linux 6.1's order.  The policy queries:
 * every task is SCHED_OTHER, and each policy's priority range.
 */
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static long getprio(int which, int who)
{
	return syscall(SYS_getpriority, which, who);
}

static long setprio(int which, int who, int nice)
{
	return syscall(SYS_setpriority, which, who, nice);
}

static void own(void)
{
	is(getprio(PRIO_PROCESS, 0), 20, "getpriority: 20 - nice 0");
	is(setprio(PRIO_PROCESS, 0, 5), 0, "setpriority to 5");
	is(getprio(PRIO_PROCESS, getpid()), 15, "getpriority by pid: 15");
	is(stat_field(18), 25, "/proc/self/stat: priority 25");
	is(stat_field(19), 5, "/proc/self/stat: nice 5");
	is(syscall(SYS_nice, 1), 0, "nice(1)");
	is(getpriority(PRIO_PROCESS, 0), 6, "then nice is 6");
	is(setprio(PRIO_PROCESS, 0, 100), 0, "setpriority to 100");
	is(getpriority(PRIO_PROCESS, 0), 19, "is clamped to 19");
	is(setprio(PRIO_PROCESS, 0, -100), 0, "root sets -100");
	is(getpriority(PRIO_PROCESS, 0), -20, "clamped to -20");
	is(setprio(PRIO_PGRP, 0, 2), 0, "PRIO_PGRP 0: the caller's group");
	is(getpriority(PRIO_PGRP, getpgrp()), 2, "the group's nice is 2");
	is(setprio(PRIO_USER, getuid(), 0), 0, "PRIO_USER of root");
	is(getpriority(PRIO_PROCESS, 0), 0, "took this process back to 0");
}

static void inherited(void)
{
	pid_t pid;

	must(setprio(PRIO_PROCESS, 0, 3));
	pid = must(fork());
	if (pid == 0)
		_exit(getpriority(PRIO_PROCESS, 0) == 3 ? 0 : 1);
	is_exit(wait_for(pid), 0, "a child starts with its parent's nice");
	must(setprio(PRIO_PROCESS, 0, 0));
}

/* A child that becomes nobody: it may raise its nice, not lower it, and
 * not touch root's processes. */
static void unprivileged(void)
{
	pid_t parent = getpid(), pid = must(fork());

	if (pid == 0) {
		int r = 0;

		if (setuid(65534) != 0)
			_exit(100);
		if (setprio(PRIO_PROCESS, 0, 10) != 0)
			r |= 1;
		if (setprio(PRIO_PROCESS, 0, 5) != -1 || errno != EACCES)
			r |= 2;
		if (syscall(SYS_nice, -1) != -1 || errno != EPERM)
			r |= 4;
		if (setprio(PRIO_PROCESS, parent, 10) != -1 || errno != EPERM)
			r |= 8;
		if (getprio(PRIO_PROCESS, parent) != 20)
			r |= 16;	/* anyone may ask */
		if (getpriority(PRIO_PROCESS, 0) != 10)
			r |= 32;
		_exit(r);
	}
	is_exit(wait_for(pid), 0,
		"nobody raises its own nice, cannot lower it or renice root's");
	is(getpriority(PRIO_PROCESS, 0), 0, "the parent's nice is unchanged");
}

static void errors(void)
{
	is_errno(getprio(3, 0), EINVAL, "getpriority of an unknown which: EINVAL");
	is_errno(setprio(-1, 0, 0), EINVAL, "setpriority of which -1: EINVAL");
	is_errno(getprio(PRIO_PROCESS, 0x7ffffff0), ESRCH,
		 "getpriority of no such process: ESRCH");
	is_errno(setprio(PRIO_PROCESS, 0x7ffffff0, 0), ESRCH,
		 "setpriority of no such process: ESRCH");
	is_errno(getprio(PRIO_PGRP, 0x7ffffff0), ESRCH,
		 "of no such group: ESRCH");
	is_errno(getprio(PRIO_USER, 54321), ESRCH, "of a user with no process: ESRCH");
}

/* The policy queries: SCHED_OTHER, and each policy's priority range. */
static void policies(void)
{
	is(syscall(SYS_sched_getscheduler, 0), SCHED_OTHER,
	   "sched_getscheduler: SCHED_OTHER");
	is(syscall(SYS_sched_getscheduler, getppid()), SCHED_OTHER,
	   "the parent's too");
	is_errno(syscall(SYS_sched_getscheduler, -1), EINVAL,
		 "sched_getscheduler(-1): EINVAL");
	is_errno(syscall(SYS_sched_getscheduler, 0x7ffffff0), ESRCH,
		 "of no such process: ESRCH");
	is(syscall(SYS_sched_get_priority_max, SCHED_FIFO), 99, "FIFO max 99");
	is(syscall(SYS_sched_get_priority_min, SCHED_FIFO), 1, "FIFO min 1");
	is(syscall(SYS_sched_get_priority_max, SCHED_RR), 99, "RR max 99");
	is(syscall(SYS_sched_get_priority_min, SCHED_RR), 1, "RR min 1");
	is(syscall(SYS_sched_get_priority_max, SCHED_OTHER), 0, "OTHER max 0");
	is(syscall(SYS_sched_get_priority_min, SCHED_BATCH), 0, "BATCH min 0");
	is(syscall(SYS_sched_get_priority_max, SCHED_IDLE), 0, "IDLE max 0");
	is_errno(syscall(SYS_sched_get_priority_max, 4), EINVAL,
		 "policy 4: EINVAL");
	is_errno(syscall(SYS_sched_get_priority_min, -1), EINVAL,
		 "policy -1: EINVAL");
}

int main(void)
{
	own();
	inherited();
	unprivileged();
	errors();
	policies();
	return done_testing();
}
