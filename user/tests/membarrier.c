/*
 * membarrier.c - membarrier: the commands offered, registration, and
 * what fork and exec do to it.
 *
 * MEMBARRIER_CMD_QUERY lists at least the global, global-expedited and
 * private-expedited commands with their registrations (Linux adds the
 * rseq ones); a private-expedited barrier is EPERM until the process has
 * registered for it and works after; the global ones work unregistered;
 * flags and unknown commands are EINVAL.  A forked child keeps its
 * parent's registration (the mm is copied whole); an exec starts
 * unregistered.  Run with threads on every CPU, the barriers reach them.
 */
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define CMD_QUERY 0
#define CMD_GLOBAL (1 << 0)
#define CMD_GLOBAL_EXPEDITED (1 << 1)
#define CMD_REGISTER_GLOBAL_EXPEDITED (1 << 2)
#define CMD_PRIVATE_EXPEDITED (1 << 3)
#define CMD_REGISTER_PRIVATE_EXPEDITED (1 << 4)
#define CMD_PRIVATE_EXPEDITED_SYNC_CORE (1 << 5)
#define CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE (1 << 6)

static long membarrier(int cmd, unsigned flags)
{
	return syscall(SYS_membarrier, cmd, flags, 0);
}

static volatile int stop;

static void *spin(void *arg)
{
	(void)arg;
	while (!stop)
		;
	return NULL;
}

static int after_exec(void)
{
	return membarrier(CMD_PRIVATE_EXPEDITED, 0) < 0 && errno == EPERM ? 0 :
									    1;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	long q;
	int i, n = 0, status;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "after-exec"))
		return after_exec();
	q = membarrier(CMD_QUERY, 0);
	ok(q >= 0, "MEMBARRIER_CMD_QUERY");
	is(q & 0x7f, 0x7f, "offers the global, expedited and sync-core ones");
	is_errno(membarrier(CMD_QUERY, 1), EINVAL, "flags: EINVAL");
	is_errno(membarrier(1 << 12, 0), EINVAL, "an unknown command: EINVAL");
	is_errno(membarrier(CMD_PRIVATE_EXPEDITED, 0), EPERM,
		 "private expedited before registering: EPERM");
	is_errno(membarrier(CMD_PRIVATE_EXPEDITED_SYNC_CORE, 0), EPERM,
		 "and its sync-core form");
	for (i = 0; i < 2; i++)
		n += pthread_create(&t[i], NULL, spin, NULL) == 0;
	ok_sys(membarrier(CMD_REGISTER_PRIVATE_EXPEDITED, 0), "register");
	ok_sys(membarrier(CMD_PRIVATE_EXPEDITED, 0),
	       "then a private expedited barrier, %d threads spinning", n);
	ok_sys(membarrier(CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE, 0),
	       "register sync-core");
	ok_sys(membarrier(CMD_PRIVATE_EXPEDITED_SYNC_CORE, 0), "and use it");
	ok_sys(membarrier(CMD_GLOBAL, 0), "a global barrier");
	ok_sys(membarrier(CMD_GLOBAL_EXPEDITED, 0), "global expedited");
	ok_sys(membarrier(CMD_REGISTER_GLOBAL_EXPEDITED, 0),
	       "register global expedited");
	stop = 1;
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);

	pid = must(fork());
	if (pid == 0)
		_exit(membarrier(CMD_PRIVATE_EXPEDITED, 0) == 0 ? 0 : 1);
	is_exit(wait_for(pid), 0, "a forked child keeps the registration");
	pid = must(fork());
	if (pid == 0) {
		execl(argv[0], argv[0], "after-exec", (char *)NULL);
		_exit(3);
	}
	status = wait_for(pid);
	is_exit(status, 0, "an exec'd program starts unregistered (EPERM)");
	return done_testing();
}
