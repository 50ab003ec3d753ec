/*
 * restart.c - waits that a stop and a continue must not end, and that a
 * handler must.
 *
 * A process stopped (SIGSTOP) and continued (SIGCONT) in the middle of
 * poll, select, ppoll, pselect or nanosleep goes on waiting as if nothing
 * had happened: no handler ran, so the call restarts (poll and nanosleep
 * through restart_syscall, to the deadline they had).  A handler ends the
 * same waits with EINTR, for poll and select even when it was installed
 * with SA_RESTART, as on Linux.  restart_syscall called with nothing to
 * restart is EINTR.
 */
#include <poll.h>
#include <signal.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include "tests/tap.h"

enum wait_kind { POLL, POLL_TIMED, SELECT, PPOLL, PSELECT, NANOSLEEP };

static const char *const names[] = {
	[POLL] = "poll",
	[POLL_TIMED] = "poll with a timeout",
	[SELECT] = "select",
	[PPOLL] = "ppoll",
	[PSELECT] = "pselect",
	[NANOSLEEP] = "nanosleep",
};

static void on_usr1(int sig)
{
	(void)sig;
}

/* The child's wait on fd; 1 when the data came (or the sleep ended),
 * -1 with errno set when it did not. */
static int child_wait(enum wait_kind kind, int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	struct timespec ts = { 0, 300 * 1000 * 1000 };
	fd_set rd;

	FD_ZERO(&rd);
	FD_SET(fd, &rd);
	switch (kind) {
	case POLL:
		return poll(&p, 1, -1);
	case POLL_TIMED:
		return poll(&p, 1, 600000);
	case SELECT:
		return select(fd + 1, &rd, NULL, NULL, NULL);
	case PPOLL:
		return ppoll(&p, 1, NULL, NULL);
	case PSELECT:
		return pselect(fd + 1, &rd, NULL, NULL, NULL, NULL);
	case NANOSLEEP:
		return nanosleep(&ts, NULL) == 0 ? 1 : -1;
	}
	return -1;
}

/* Until pid sleeps or has exited (a zombie is not 'S'). */
static void wait_asleep_or_gone(pid_t pid)
{
	char s;

	while ((s = proc_state(pid)) != 'S' && s != 'Z' && s != '?')
		sched_yield();
}

/* A child waits; it is stopped and continued; then the data comes. */
static void stop_and_continue(enum wait_kind kind)
{
	int p[2], status;
	pid_t pid;

	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		close(p[1]);
		_exit(child_wait(kind, p[0]) == 1 ? 0 : errno == EINTR ? 2 : 1);
	}
	close(p[0]);
	wait_asleep_or_gone(pid);
	must(kill(pid, SIGSTOP));
	ok(waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status),
	   "%s: the waiter stops", names[kind]);
	must(kill(pid, SIGCONT));
	wait_asleep_or_gone(pid);
	if (write(p[1], "x", 1) != 1)
		diag("%s: the waiter was gone before the data", names[kind]);
	close(p[1]);
	is_exit(wait_for(pid), 0,
		"%s: goes on waiting after SIGSTOP and SIGCONT", names[kind]);
}

/* A child waits with a SIGUSR1 handler (SA_RESTART); SIGUSR1 comes. */
static void handler_interrupts(enum wait_kind kind)
{
	struct sigaction sa;
	int p[2];
	pid_t pid;

	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;
		sa.sa_flags = SA_RESTART;
		sigaction(SIGUSR1, &sa, NULL);
		close(p[1]);
		_exit(child_wait(kind, p[0]) == -1 && errno == EINTR ? 0 : 1);
	}
	close(p[0]);
	wait_asleep_or_gone(pid);
	must(kill(pid, SIGUSR1));
	is_exit(wait_for(pid), 0,
		"%s: a handler ends it with EINTR, SA_RESTART or not",
		names[kind]);
	close(p[1]);
}

int main(void)
{
	enum wait_kind k;

	/* A waiter that gave up early leaves the pipe without a reader:
	 * the write then fails, and the exit status says why. */
	signal(SIGPIPE, SIG_IGN);
	for (k = POLL; k <= NANOSLEEP; k++)
		stop_and_continue(k);
	handler_interrupts(POLL);
	handler_interrupts(SELECT);
	handler_interrupts(PPOLL);
	is_errno(syscall(SYS_restart_syscall), EINTR,
		 "restart_syscall with nothing to restart: EINTR");
	return done_testing();
}
