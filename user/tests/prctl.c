/*
 * prctl.c - the prctl options about a process's place in the tree:
 * PR_SET_PDEATHSIG (a grandchild is signalled when its parent exits, and
 * a fork clears it), PR_SET_CHILD_SUBREAPER (an orphan below comes to
 * this process, not to init, and this process reaps it) and
 * PR_SET_NO_NEW_PRIVS (set once, inherited, never undone; its effect on
 * a set-ID exec is in creds.c), with Linux 6.1's argument checks.
 */
#include <signal.h>
#include <sys/prctl.h>
#include "tests/tap.h"

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	got = sig;
}

static int get_int(int option)
{
	int v = -1;

	return prctl(option, &v, 0, 0, 0) ? -1 : v;
}

/* A middle child forks a grandchild that asks for SIGUSR1 at its
 * parent's death, then exits; the grandchild reports the signal on p. */
static void test_pdeathsig(void)
{
	int p[2], ready[2];
	char c = 0;
	pid_t mid;

	is(get_int(PR_GET_PDEATHSIG), 0, "no death signal at first");
	is_errno(prctl(PR_SET_PDEATHSIG, 99, 0, 0, 0), EINVAL,
		 "signal 99: EINVAL");
	ok_sys(prctl(PR_SET_PDEATHSIG, SIGUSR2, 0, 0, 0),
	       "PR_SET_PDEATHSIG SIGUSR2");
	is(get_int(PR_GET_PDEATHSIG), SIGUSR2, "PR_GET_PDEATHSIG says so");
	mid = must(fork());
	if (mid == 0)
		_exit(get_int(PR_GET_PDEATHSIG));
	is_exit(wait_for(mid), 0, "a forked child starts without it");
	prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0);

	must(pipe(p));
	must(pipe(ready));
	mid = must(fork());
	if (mid == 0) {
		if (fork() == 0) {
			sigset_t none, usr1;

			/* Blocked until sigsuspend: a signal taken between
			 * the test of got and the call would leave it
			 * waiting for another that never comes. */
			sigemptyset(&usr1);
			sigaddset(&usr1, SIGUSR1);
			sigprocmask(SIG_BLOCK, &usr1, NULL);
			signal(SIGUSR1, on_usr1);
			prctl(PR_SET_PDEATHSIG, SIGUSR1, 0, 0, 0);
			write(ready[1], "r", 1);
			sigemptyset(&none);
			while (!got)
				sigsuspend(&none);
			c = (char)got;
			write(p[1], &c, 1);
			_exit(0);
		}
		close(ready[1]);	/* no grandchild: read sees EOF */
		read(ready[0], &c, 1);
		_exit(0);	/* the grandchild's parent dies */
	}
	close(p[1]);
	close(ready[1]);
	wait_for(mid);
	is(read(p[0], &c, 1), 1, "the grandchild says it was signalled");
	is(c, SIGUSR1, "by SIGUSR1, when its parent exited");
	close(p[0]);
	close(ready[0]);
}

/* As a subreaper, the orphaned grandchild is ours to reap. */
static void test_subreaper(void)
{
	pid_t mid, grand, me = getpid();
	int status, p[2];

	is(get_int(PR_GET_CHILD_SUBREAPER), 0, "not a subreaper at first");
	ok_sys(prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0),
	       "PR_SET_CHILD_SUBREAPER");
	is(get_int(PR_GET_CHILD_SUBREAPER), 1, "PR_GET_CHILD_SUBREAPER says so");
	must(pipe(p));
	mid = must(fork());
	if (mid == 0) {
		grand = fork();
		if (grand == 0) {
			int tries = 10000;	/* 10 s, then give up */

			while (getppid() != me && --tries)
				usleep(1000);
			_exit(tries ? 7 : 8);	/* 7: adopted by the subreaper */
		}
		write(p[1], &grand, sizeof(grand));
		_exit(0);
	}
	close(p[1]);
	grand = 0;
	read(p[0], &grand, sizeof(grand));
	close(p[0]);
	wait_for(mid);
	is(waitpid(grand, &status, 0), grand, "the orphan is ours to reap");
	is_exit(status, 7, "it saw us as its parent");
	ok_sys(prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0), "and off again");
	is(get_int(PR_GET_CHILD_SUBREAPER), 0, "no longer a subreaper");
}

static void test_no_new_privs(void)
{
	pid_t pid;

	is(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 0, "no_new_privs off");
	is_errno(prctl(PR_GET_NO_NEW_PRIVS, 1, 0, 0, 0), EINVAL,
		 "PR_GET_NO_NEW_PRIVS with an argument: EINVAL");
	pid = must(fork());
	if (pid == 0) {
		if (prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0) != -1 ||
		    errno != EINVAL)
			_exit(1);	/* only 1 may be set */
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 1, 0, 0) != -1 ||
		    errno != EINVAL)
			_exit(2);
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			_exit(3);
		if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1)
			_exit(4);
		pid = fork();
		if (pid == 0)
			_exit(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 ? 0
									  : 5);
		if (wait_for(pid) != 0)
			_exit(5);
		_exit(prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0) == -1 ? 0 : 6);
	}
	is_exit(wait_for(pid), 0,
		"set once (only to 1), inherited by a fork, never undone");
	is(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 0,
	   "the parent's stays off");
}

int main(void)
{
	test_pdeathsig();
	test_subreaper();
	test_no_new_privs();
	is_errno(prctl(9999, 0, 0, 0, 0), EINVAL, "an unknown option: EINVAL");
	return done_testing();
}
