/*
 * waitpid.c - wait4 and waitpid at their edges, as Linux 6.1.
 *
 * Unknown options are EINVAL before anything else; pid INT_MIN (whose
 * process group -INT_MIN cannot exist) is ESRCH, even with children;
 * a pid or group with no child in it is ECHILD; WNOHANG with a running
 * child is 0; an unwritable status is EFAULT and still reaps the child.
 */
#include <limits.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static long wait4_raw(int pid, int *status, int options, struct rusage *ru)
{
	return syscall(SYS_wait4, pid, status, options, ru);
}

int main(void)
{
	int fds[2], status;
	pid_t pid;
	char c;

	is_errno(waitpid(INT_MIN, &status, 0), ESRCH,
		 "waitpid(INT_MIN) without children: ESRCH");
	is_errno(waitpid(-1, &status, 0), ECHILD, "no children: ECHILD");

	must(pipe(fds));
	pid = must(fork());
	if (pid == 0) {
		close(fds[1]);
		read(fds[0], &c, 1); /* until the parent closes its end */
		_exit(7);
	}
	close(fds[0]);
	is_errno(waitpid(INT_MIN, &status, 0), ESRCH,
		 "waitpid(INT_MIN) with a child: ESRCH");
	is_errno(waitpid(INT_MIN, &status, WNOHANG), ESRCH,
		 "waitpid(INT_MIN, WNOHANG): ESRCH");
	is_errno(wait4_raw(INT_MIN, &status, 0x4, NULL), EINVAL,
		 "wait4 with WEXITED (not a wait4 option): EINVAL first");
	is_errno(wait4_raw(-1, &status, 0x100, NULL), EINVAL,
		 "wait4 with an unknown option: EINVAL");
	is_errno(waitpid(INT_MAX, &status, 0), ECHILD,
		 "waitpid(INT_MAX), no such child: ECHILD");
	is_errno(waitpid(-INT_MAX, &status, 0), ECHILD,
		 "waitpid(-INT_MAX), no such group: ECHILD");
	is_errno(waitpid(getppid(), &status, WNOHANG), ECHILD,
		 "waitpid of the parent: ECHILD");
	is(waitpid(pid, &status, WNOHANG), 0,
	   "WNOHANG with the child running: 0");
	is(waitpid(-getpgrp(), &status, WNOHANG), 0,
	   "WNOHANG on our group with the child running: 0");

	close(fds[1]);
	/* The child exits once it sees end of file. */
	while (kill(pid, 0) == 0 && proc_state(pid) != 'Z')
		sched_yield();
	is_errno(wait4_raw(pid, (int *)4, 0, NULL), EFAULT,
		 "an unwritable status: EFAULT");
	is_errno(waitpid(pid, &status, WNOHANG), ECHILD,
		 "the child was reaped all the same");
	return done_testing();
}
