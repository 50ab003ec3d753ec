/*
 * schedpolicy.c - scheduling policies: sched_setscheduler and the calls
 * around it, and what SCHED_FIFO does, as Linux 6.1.
 *
 * Root may make itself SCHED_FIFO or SCHED_RR (priority 1..99; /proc
 * shows it in stat's fields 18, 40 and 41), sched_rr_get_interval says 0
 * for FIFO and 100 ms for RR, SCHED_RESET_ON_FORK gives a child
 * SCHED_OTHER, and the errors come in Linux's order; nobody may not take
 * a real-time policy nor touch root's tasks, nor leave SCHED_IDLE.  On
 * one CPU (all pinned to CPU 0): a FIFO task that never sleeps keeps a
 * forked child of its own priority, or an ordinary one, off the CPU; a
 * child raised above it runs before sched_setscheduler returns; and
 * sched_yield lets an equal one run.  Called raw: musl's wrappers of
 * these calls return ENOSYS.
 */
#include <sched.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include "tests/tap.h"

static volatile int *flag;	/* shared with the children */

static long setsched(pid_t pid, int policy, int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	return syscall(SYS_sched_setscheduler, pid, policy, &sp);
}

/* musl's wrappers say ENOSYS: the kernel's calls are per thread. */
static long getsched(pid_t pid)
{
	return syscall(SYS_sched_getscheduler, pid);
}

static int getprio(pid_t pid)
{
	struct sched_param sp = { .sched_priority = -1 };

	return syscall(SYS_sched_getparam, pid, &sp) ? -1 : sp.sched_priority;
}

/* Spin for ms milliseconds without sleeping. */
static void spin(int ms)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 <
	       ms);
}

static void test_calls(void)
{
	struct timespec ts;
	struct sched_param sp;
	int32_t t32[2];

	is(getsched(0), SCHED_OTHER, "SCHED_OTHER at first");
	is(getprio(0), 0, "priority 0");
	ok_sys(setsched(0, SCHED_FIFO, 10), "root: SCHED_FIFO 10");
	is(getsched(0), SCHED_FIFO, "sched_getscheduler: FIFO");
	is(getprio(0), 10, "sched_getparam: 10");
	is(stat_field(18), -11, "/proc/self/stat priority -11");
	is(stat_field(40), 10, "rt_priority 10");
	is(stat_field(41), SCHED_FIFO, "policy 1");
	ok(sched_rr_get_interval(0, &ts) == 0 && ts.tv_sec == 0 &&
		   ts.tv_nsec == 0,
	   "sched_rr_get_interval under FIFO: 0");
	ok_sys(setsched(0, SCHED_RR, 5), "SCHED_RR 5");
	ok(sched_rr_get_interval(0, &ts) == 0 && ts.tv_sec == 0 &&
		   ts.tv_nsec == 100000000,
	   "sched_rr_get_interval under RR: 100 ms");
	ok(syscall(SYS_sched_rr_get_interval, 0, t32) == 0 && t32[0] == 0 &&
		   t32[1] == 100000000,
	   "and the old call with 32-bit times");
	sp.sched_priority = 20;
	ok_sys(syscall(SYS_sched_setparam, 0, &sp), "sched_setparam 20");
	ok(getsched(0) == SCHED_RR && getprio(0) == 20,
	   "still RR, now 20");

	is_errno(setsched(0, SCHED_FIFO, 0), EINVAL, "FIFO priority 0: EINVAL");
	is_errno(setsched(0, SCHED_FIFO, 100), EINVAL, "priority 100: EINVAL");
	is_errno(setsched(0, SCHED_OTHER, 5), EINVAL,
		 "OTHER priority 5: EINVAL");
	is_errno(setsched(0, 4, 0), EINVAL, "policy 4: EINVAL");
	is_errno(syscall(SYS_sched_setscheduler, 0, SCHED_FIFO, NULL), EINVAL,
		 "no parameter: EINVAL");
	is_errno(setsched(-1, SCHED_OTHER, 0), EINVAL, "pid -1: EINVAL");
	is_errno(setsched(0x7ffffff0, SCHED_OTHER, 0), ESRCH,
		 "no such process: ESRCH");
	is_errno(syscall(SYS_sched_getparam, 0, NULL), EINVAL,
		 "sched_getparam to NULL: EINVAL");
	is_errno(syscall(SYS_sched_getparam, 0, (void *)8), EFAULT,
		 "to a bad address: EFAULT");

	ok_sys(setsched(0, SCHED_OTHER, 0), "back to SCHED_OTHER");
	ok_sys(setsched(0, SCHED_BATCH, 0), "SCHED_BATCH");
	is(getsched(0), SCHED_BATCH, "says BATCH");
	ok_sys(setsched(0, SCHED_OTHER, 0), "and back");
}

static void test_fork_and_users(void)
{
	pid_t pid;

	ok_sys(setsched(0, SCHED_FIFO | SCHED_RESET_ON_FORK, 10),
	       "FIFO 10 with SCHED_RESET_ON_FORK");
	is(getsched(0), SCHED_FIFO | SCHED_RESET_ON_FORK,
	   "sched_getscheduler shows the flag");
	pid = must(fork());
	if (pid == 0)
		_exit(getsched(0) == SCHED_OTHER && getprio(0) == 0 ?
			      0 : 1);
	is_exit(wait_for(pid), 0, "the child starts SCHED_OTHER, priority 0");
	ok_sys(setsched(0, SCHED_FIFO, 10), "FIFO 10 without the flag");
	pid = must(fork());
	if (pid == 0)
		_exit(getsched(0) == SCHED_FIFO && getprio(0) == 10 ?
			      0 : 1);
	is_exit(wait_for(pid), 0, "the child inherits FIFO 10");
	ok_sys(setsched(0, SCHED_OTHER, 0), "back to SCHED_OTHER");

	pid = must(fork());
	if (pid == 0) {
		pid_t parent = getppid();

		if (setuid(65534))
			_exit(1);
		if (setsched(0, SCHED_FIFO, 1) != -1 || errno != EPERM)
			_exit(2);	/* RLIMIT_RTPRIO is 0 */
		if (setsched(parent, SCHED_BATCH, 0) != -1 || errno != EPERM)
			_exit(3);	/* not its own */
		if (setsched(0, SCHED_IDLE, 0))
			_exit(4);
		if (setsched(0, SCHED_OTHER, 0) != -1 || errno != EPERM)
			_exit(5);	/* no way back from IDLE */
		_exit(0);
	}
	is_exit(wait_for(pid), 0,
		"nobody: no FIFO, not root's tasks, no way out of SCHED_IDLE");
}

/* The FIFO parent spins; flag says whether the child has run. */
static void test_fifo_runs(void)
{
	pid_t pid;

	*flag = 0;
	ok_sys(setsched(0, SCHED_FIFO, 10), "FIFO 10");
	pid = must(fork());
	if (pid == 0) {
		*flag = 1;
		_exit(0);
	}
	spin(50);
	is(*flag, 0, "a FIFO child of the same priority waits while we spin");
	is_exit(wait_for(pid), 0, "and runs once we sleep");

	*flag = 0;
	ok_sys(setsched(0, SCHED_FIFO | SCHED_RESET_ON_FORK, 10),
	       "FIFO 10, children SCHED_OTHER");
	pid = must(fork());
	if (pid == 0) {
		*flag = 1;
		pause();
		_exit(0);
	}
	spin(50);
	is(*flag, 0, "an ordinary child waits while we spin");
	ok_sys(setsched(pid, SCHED_FIFO, 20), "raise the child to FIFO 20");
	is(*flag, 1, "it ran before sched_setscheduler returned");
	kill(pid, SIGKILL);
	wait_for(pid);

	*flag = 0;
	ok_sys(setsched(0, SCHED_FIFO, 10), "FIFO 10 again");
	pid = must(fork());
	if (pid == 0) {
		*flag = 1;
		_exit(0);
	}
	spin(20);
	is(*flag, 0, "the equal child waits");
	sched_yield();
	is(*flag, 1, "sched_yield let it run");
	wait_for(pid);
	ok_sys(setsched(0, SCHED_OTHER, 0), "back to SCHED_OTHER");
}

int main(void)
{
	flag = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!ok(flag != MAP_FAILED, "a shared page") ||
	    !ok_sys(pin_to_cpu(0), "pinned to CPU 0"))
		return done_testing();
	test_calls();
	test_fork_and_users();
	test_fifo_runs();
	return done_testing();
}
