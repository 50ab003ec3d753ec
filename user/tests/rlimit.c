/*
 * rlimit.c - resource limits belong to the process, and who may set them.
 *
 * A limit one thread sets holds for the other threads of its process, and
 * a forked child starts with its parent's.  A soft limit above the hard
 * one is EINVAL.  Anyone may lower a hard limit; raising one takes
 * CAP_SYS_RESOURCE (root here; a process turned into user 4243 gets
 * EPERM), and not even root may set RLIMIT_NOFILE's above fs.nr_open
 * (Linux's 1048576).  prlimit reaches another process of the same user,
 * or any with the capability: a user process asking for root's is EPERM,
 * a pid that does not exist ESRCH, and a refused call leaves the old
 * value's buffer untouched.
 */
#include <pthread.h>
#include <string.h>
#include <sys/resource.h>
#include "tests/tap.h"

#define USER 4243
#define NR_OPEN (1024 * 1024)

static void *lower_core(void *arg)
{
	struct rlimit rl = { 4096, RLIM_INFINITY };

	(void)arg;
	return (void *)(long)setrlimit(RLIMIT_CORE, &rl);
}

static void threads_share_limits(void)
{
	struct rlimit rl;
	pthread_t t;
	void *ret;

	if (!ok(pthread_create(&t, NULL, lower_core, NULL) == 0,
		"a thread starts"))
		return;
	pthread_join(t, &ret);
	is((long)ret, 0, "the thread sets RLIMIT_CORE");
	ok_sys(getrlimit(RLIMIT_CORE, &rl), "getrlimit in the main thread");
	is((long)rl.rlim_cur, 4096, "which sees the thread's soft limit");
}

static void children_inherit(void)
{
	struct rlimit rl = { 3000, 3500 };
	pid_t pid;

	ok_sys(setrlimit(RLIMIT_NOFILE, &rl), "lower RLIMIT_NOFILE");
	pid = must(fork());
	if (pid == 0) {
		getrlimit(RLIMIT_NOFILE, &rl);
		_exit(rl.rlim_cur == 3000 && rl.rlim_max == 3500 ? 0 : 1);
	}
	is_exit(wait_for(pid), 0, "a child starts with its parent's limits");
}

static void checks(void)
{
	struct rlimit rl = { 200, 100 }, big = { 1024, NR_OPEN + 1 };
	struct rlimit up = { 1024, 4000 }, max = { 1024, NR_OPEN };

	is_errno(setrlimit(RLIMIT_NOFILE, &rl), EINVAL,
		 "a soft limit above the hard one: EINVAL");
	ok_sys(setrlimit(RLIMIT_NOFILE, &up), "root raises a hard limit");
	is_errno(
		setrlimit(RLIMIT_NOFILE, &big), EPERM,
		"RLIMIT_NOFILE's hard limit above nr_open: EPERM, even for root");
	ok_sys(setrlimit(RLIMIT_NOFILE, &max), "at nr_open it is allowed");
	ok_sys(setrlimit(RLIMIT_NOFILE, &up), "and lowered again");
}

/* As user USER: the exit status is the number of the first failure. */
static int unprivileged(pid_t root_pid)
{
	struct rlimit lower = { 100, 200 }, higher = { 100, 300 };
	struct rlimit soft_up = { 200, 200 }, old;

	if (setuid(USER) != 0)
		return 1;
	if (setrlimit(RLIMIT_NOFILE, &lower) != 0)
		return 2;
	if (setrlimit(RLIMIT_NOFILE, &higher) == 0 || errno != EPERM)
		return 3;
	if (setrlimit(RLIMIT_NOFILE, &soft_up) != 0)
		return 4;
	if (prlimit(getpid(), RLIMIT_NOFILE, NULL, &old) != 0 ||
	    old.rlim_cur != 200)
		return 5;
	memset(&old, 0x55, sizeof(old));
	if (prlimit(root_pid, RLIMIT_NOFILE, NULL, &old) == 0 || errno != EPERM)
		return 6;
	if (old.rlim_cur != (rlim_t)0x5555555555555555ULL &&
	    old.rlim_cur != (rlim_t)0x55555555UL)
		return 7;
	if (setrlimit(RLIMIT_NOFILE, &higher) == 0 || errno != EPERM)
		return 8;
	return 0;
}

static void privilege(void)
{
	pid_t me = getpid(), pid = must(fork());

	if (pid == 0)
		_exit(unprivileged(me));
	is_exit(wait_for(pid), 0,
		"a user lowers limits, may not raise a hard one (EPERM), nor "
		"read root's (EPERM), and a refused prlimit writes nothing");
}

static void other_process(void)
{
	struct rlimit rl = { 77, 88 }, got;
	int p[2];
	char c;
	pid_t pid;

	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		close(p[1]);
		read(p[0], &c, 1); /* until the parent has set the limit */
		getrlimit(RLIMIT_NOFILE, &got);
		_exit(got.rlim_cur == 77 && got.rlim_max == 88 ? 0 : 1);
	}
	close(p[0]);
	ok_sys(prlimit(pid, RLIMIT_NOFILE, &rl, NULL),
	       "root sets a child's limit with prlimit");
	ok_sys(prlimit(pid, RLIMIT_NOFILE, NULL, &got), "and reads it back");
	is((long)got.rlim_max, 88, "the hard limit it set");
	write(p[1], "x", 1);
	close(p[1]);
	is_exit(wait_for(pid), 0, "the child sees the limit set from outside");
	is_errno(prlimit(pid, RLIMIT_NOFILE, NULL, &got), ESRCH,
		 "prlimit on a pid that is gone: ESRCH");
}

int main(void)
{
	threads_share_limits();
	children_inherit();
	checks();
	privilege();
	other_process();
	return done_testing();
}
