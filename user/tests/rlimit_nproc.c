/*
 * rlimit_nproc.c - RLIMIT_NPROC: how many tasks a user may have.
 *
 * Its default is Linux's, the same as RLIMIT_SIGPENDING's (half the
 * threads the RAM could hold), soft and hard.  A child turns itself into
 * user 4242, allows that user three tasks, and forks: two children (who
 * wait) make three, and the third fork is EAGAIN; once one of them has
 * exited and been reaped, a fork works again.  Root is not bound (the
 * parent forks under the same low limit).  A setuid that leaves its new
 * user over the limit works, but the exec after it is EAGAIN while the
 * user still is.
 */
#include <signal.h>
#include <sys/resource.h>
#include "tests/tap.h"

#define USER 4242

static pid_t sleeper(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		pause();
		_exit(0);
	}
	return pid;
}

/* Kill and reap child pid, if there is one. */
static void reap(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* As user USER with RLIMIT_NPROC 3: the exit status says what failed. */
static int limited_user(void)
{
	struct rlimit rl = { 3, 3 };
	pid_t a, b, c;

	if (setrlimit(RLIMIT_NPROC, &rl) != 0 || setuid(USER) != 0)
		return 2;
	a = sleeper();
	b = sleeper();
	if (a < 0 || b < 0) {
		reap(a);
		reap(b);
		return 3;
	}
	c = fork();
	if (c == 0)
		_exit(0);
	if (c >= 0 || errno != EAGAIN) {
		reap(a);
		reap(b);
		reap(c);
		return 4;
	}
	reap(a);
	c = fork();
	if (c == 0)
		_exit(0);
	reap(b);
	if (c < 0)
		return 5;
	reap(c);
	return 0;
}

/* A child that becomes user uid, says so on fd, and waits. */
static pid_t waiting_as(uid_t uid, int fd)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (setuid(uid) == 0)
			write(fd, "x", 1);
		pause();
		_exit(0);
	}
	return pid;
}

/*
 * As root with RLIMIT_NPROC 1: two children become user USER + 1 and
 * wait, which is already one too many; setuid to that user works, but
 * the exec after it is EAGAIN, until the others are gone.
 */
static int setuid_then_exec(void)
{
	struct rlimit rl = { 1, 1 };
	pid_t a = -1, b = -1;
	int p[2], ret = 0;
	char c[2];

	if (pipe(p) != 0 || setrlimit(RLIMIT_NPROC, &rl) != 0)
		return 2;
	a = waiting_as(USER + 1, p[1]);
	b = waiting_as(USER + 1, p[1]);
	if (a < 0 || b < 0 || read(p[0], c, 1) != 1 || read(p[0], c, 1) != 1)
		ret = 3;
	else if (setuid(USER + 1) != 0)
		ret = 4;
	else if (execl("/bin/sh", "sh", "-c", "exit 0", (char *)NULL) != -1 ||
		 errno != EAGAIN)
		ret = 5;
	reap(a);
	reap(b);
	if (ret)
		return ret;
	execl("/bin/sh", "sh", "-c", "exit 0", (char *)NULL);
	return 6;
}

int main(void)
{
	struct rlimit np, sp, rl = { 1, 1 };
	pid_t pid;

	ok_sys(getrlimit(RLIMIT_NPROC, &np), "getrlimit(RLIMIT_NPROC)");
	ok_sys(getrlimit(RLIMIT_SIGPENDING, &sp),
	       "getrlimit(RLIMIT_SIGPENDING)");
	ok(np.rlim_cur != RLIM_INFINITY && np.rlim_cur == np.rlim_max,
	   "the default is finite, soft and hard alike (%lu)",
	   (unsigned long)np.rlim_cur);
	is(np.rlim_cur, sp.rlim_cur, "and equal to RLIMIT_SIGPENDING's");

	pid = must(fork());
	if (pid == 0)
		_exit(limited_user());
	is_exit(wait_for(pid), 0,
		"user %d with RLIMIT_NPROC 3: the fourth task is EAGAIN, and "
		"one reaped makes room",
		USER);

	pid = must(fork());
	if (pid == 0) {
		if (setrlimit(RLIMIT_NPROC, &rl) != 0)
			_exit(2);
		pid = fork();
		if (pid == 0)
			_exit(0);
		_exit(pid > 0 && waitpid(pid, NULL, 0) == pid ? 0 : 3);
	}
	is_exit(wait_for(pid), 0, "root forks past RLIMIT_NPROC 1");

	pid = must(fork());
	if (pid == 0)
		_exit(setuid_then_exec());
	is_exit(wait_for(pid), 0,
		"setuid to a user over the limit: the exec after it is EAGAIN "
		"until the user has room");
	return done_testing();
}
