/*
 * fork.c - fork, wait and exit status.
 *
 * fork returns twice with the right values, the child's memory is a copy,
 * exit codes come back through wait4/waitpid exactly, WNOHANG and ECHILD
 * behave as in Linux, every child is reaped exactly once, orphans are
 * reparented, and vfork runs the child before the parent resumes.
 */
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tests/tap.h"

static void test_fork_returns(void)
{
	pid_t parent = getpid();
	int fds[2], status;
	pid_t child, seen = 0;

	must(pipe(fds));
	child = must(fork());
	if (child == 0) {
		pid_t me = getpid();
		/* Tell the parent our pid, and check our parent is it. */
		if (write(fds[1], &me, sizeof(me)) != sizeof(me))
			_exit(2);
		_exit(getppid() == parent ? 0 : 1);
	}
	ok(child > 0, "fork returns the child pid in the parent");
	ok(child != parent, "child pid differs from the parent's");
	close(fds[1]);	/* a child that dies before writing gives EOF */
	is(read(fds[0], &seen, sizeof(seen)), sizeof(seen), "read child pid");
	is(seen, child, "child's getpid equals fork's return value");
	status = wait_for(child);
	is_exit(status, 0, "child's getppid is the parent");
	close(fds[0]);
}

static void test_exit_codes(void)
{
	static const int codes[] = { 0, 1, 3, 42, 127, 255, 256 + 7 };
	unsigned i;

	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		pid_t pid = must(fork());
		if (pid == 0)
			_exit(codes[i]);
		is_exit(wait_for(pid), codes[i] & 0xff, "exit(%d) seen by waitpid",
			codes[i]);
	}
}

static void test_memory_copy(void)
{
	static volatile int shared_value = 1;
	int local = 10;
	pid_t pid = must(fork());

	if (pid == 0) {
		shared_value = 2;
		local = 20;
		_exit(shared_value == 2 && local == 20 ? 0 : 1);
	}
	is_exit(wait_for(pid), 0, "child writes its copy");
	is(shared_value, 1, "parent's static is unchanged by the child");
	is(local, 10, "parent's stack variable is unchanged by the child");
}

static void test_wait_variants(void)
{
	struct rusage ru;
	int fds[2], status = -1;
	char c = 0;
	pid_t pid;

	must(pipe(fds));
	pid = must(fork());
	if (pid == 0) {
		close(fds[1]);
		/* Block until the parent closes its end. */
		_exit(read(fds[0], &c, 1) == 0 ? 9 : 1);
	}
	close(fds[0]);
	is(waitpid(pid, &status, WNOHANG), 0, "WNOHANG on a running child returns 0");
	close(fds[1]);
	memset(&ru, 0, sizeof(ru));
	is(wait4(pid, &status, 0, &ru), pid, "wait4 returns the pid");
	is_exit(status, 9, "wait4 status");
	ok(ru.ru_utime.tv_usec >= 0 && ru.ru_utime.tv_usec < 1000000,
	   "wait4 fills rusage with a valid time");
	is_errno(waitpid(pid, &status, 0), ECHILD, "reaped child cannot be waited again");
	is_errno(wait(&status), ECHILD, "wait with no children gives ECHILD");
	is_errno(waitpid(-1, &status, WNOHANG), ECHILD, "WNOHANG with no children gives ECHILD");
}

static void test_many_children(void)
{
	enum { N = 20 };
	pid_t pids[N];
	int seen[N] = { 0 };
	int i, j, status, bad_status = 0, unknown = 0;
	pid_t r;

	for (i = 0; i < N; i++) {
		pids[i] = must(fork());
		if (pids[i] == 0)
			_exit(i);
	}
	for (i = 0; i < N; i++) {
		r = wait(&status);
		for (j = 0; j < N && pids[j] != r; j++)
			;
		if (j == N) {
			unknown++;
			continue;
		}
		seen[j]++;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != j)
			bad_status++;
	}
	for (i = 0, j = 0; i < N; i++)
		j += seen[i] == 1;
	is(j, N, "each of %d children reaped exactly once", N);
	is(unknown, 0, "wait returns only our children");
	is(bad_status, 0, "each child's status matches its index");
	is_errno(wait(&status), ECHILD, "then no children are left");
}

/* A grandchild outlives its parent and is reparented away from it. */
static void test_orphan(void)
{
	int fds[2];
	pid_t now;
	char c;
	pid_t mid, grand;

	must(pipe(fds));
	mid = must(fork());
	if (mid == 0) {
		pid_t me = getpid();

		grand = fork();
		if (grand == 0) {
			close(fds[0]);
			/* Until the middle process has exited. */
			while (getppid() == me)
				sched_yield();
			now = getppid();
			if (write(fds[1], &now, sizeof(now)) != sizeof(now))
				_exit(1);
			_exit(0);
		}
		_exit(0);
	}
	close(fds[1]);
	is_exit(wait_for(mid), 0, "middle process exits");
	is(read(fds[0], &now, sizeof(now)), sizeof(now), "orphan reports its parent");
	ok(now != mid && now > 0, "orphan is reparented (now %d)", now);
	ok(read(fds[0], &c, 1) == 0, "pipe reaches EOF when the orphan exits");
	close(fds[0]);
}

static void test_vfork(void)
{
	pid_t pid = must(vfork());

	/* The child may share our memory (or be a copy if vfork is fork):
	 * only _exit is allowed. */
	if (pid == 0)
		_exit(5);
	ok(pid > 0, "vfork returns a pid");
	is_exit(wait_for(pid), 5, "vfork child exit status");
}

static void test_getpid_stable(void)
{
	is(getpid(), getpid(), "getpid is stable");
	ok(getppid() > 0, "getppid is positive");
}

int main(void)
{
	test_fork_returns();
	test_exit_codes();
	test_memory_copy();
	test_wait_variants();
	test_many_children();
	test_orphan();
	test_vfork();
	test_getpid_stable();
	return done_testing();
}
