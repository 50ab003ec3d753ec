/*
 * flock.c - flock(2) (143): whole-file locks owned by the open file.
 *
 * Two opens of one file conflict even in one process, a shared lock
 * admits other shared ones, re-asking for the type held changes nothing,
 * asking for the other type drops the lock held first (so a refused
 * conversion leaves none, as Linux documents), dup and fork share the
 * open's lock and only its last close drops it, flock and fcntl locks
 * never meet, /proc/locks says FLOCK, a blocking request sleeps until the
 * holder lets go and a signal ends the wait with EINTR; the errors in
 * Linux 6.1's order, and its LOCK_MAND requests that succeed doing
 * nothing.
 */
#include "tap.h"
#include <signal.h>
#include <sys/file.h>
#include <sys/time.h>

#define PATH "/tmp/flock.test"
#define LOCK_MAND 32

static int proc_locks_has(const char *what)
{
	static char buf[4096];

	return read_proc("/proc/locks", buf, sizeof(buf)) &&
	       strstr(buf, what) != NULL;
}

static void errors(void)
{
	int fd = must(open(PATH, O_RDWR | O_CREAT, 0644));
	int path = must(open(PATH, O_PATH));

	is_errno(flock(fd, 0), EINVAL, "no operation: EINVAL");
	is_errno(flock(fd, LOCK_SH | LOCK_EX), EINVAL,
		 "LOCK_SH|LOCK_EX: EINVAL");
	is_errno(flock(999, 0), EINVAL,
		 "a bad operation is EINVAL before a bad descriptor");
	is_errno(flock(999, LOCK_EX), EBADF, "a closed descriptor: EBADF");
	is_errno(flock(path, LOCK_EX), EBADF, "an O_PATH descriptor: EBADF");
	is(flock(fd, LOCK_MAND | LOCK_EX), 0, "LOCK_MAND: ignored, 0");
	ok(!proc_locks_has("FLOCK"), "and no lock was taken");
	close(path);
	close(fd);
}

static void two_opens(void)
{
	int a = must(open(PATH, O_RDWR)), b = must(open(PATH, O_RDONLY));
	char line[64];

	is(flock(a, LOCK_EX), 0, "LOCK_EX");
	is(flock(a, LOCK_EX), 0, "LOCK_EX again on the same open");
	snprintf(line, sizeof(line), "FLOCK  ADVISORY  WRITE %d ", getpid());
	ok(proc_locks_has(line), "/proc/locks: %s", line);
	is_errno(flock(b, LOCK_EX | LOCK_NB), EWOULDBLOCK,
		 "another open of the file, same process: EWOULDBLOCK");
	is_errno(flock(b, LOCK_SH | LOCK_NB), EWOULDBLOCK,
		 "a shared lock too");
	is(flock(a, LOCK_UN), 0, "LOCK_UN");
	is(flock(b, LOCK_SH | LOCK_NB), 0, "then the other open's LOCK_SH");
	is(flock(a, LOCK_SH | LOCK_NB), 0, "and a second shared lock");
	ok(proc_locks_has("FLOCK  ADVISORY  READ"), "/proc/locks: READ");
	is_errno(flock(a, LOCK_EX | LOCK_NB), EWOULDBLOCK,
		 "converting to LOCK_EX beside a shared lock: EWOULDBLOCK");
	is(flock(b, LOCK_EX | LOCK_NB), 0,
	   "the refused conversion dropped the lock it had");
	is(flock(a, LOCK_UN), 0, "LOCK_UN of no lock: 0");
	close(a);
	close(b);
}

static void shared_open(void)
{
	int a = must(open(PATH, O_RDWR)), b = must(open(PATH, O_RDWR));
	int d = must(dup(a));
	pid_t pid;

	must(flock(a, LOCK_EX));
	pid = must(fork());
	if (pid == 0) {
		int r = 0;

		if (flock(d, LOCK_EX | LOCK_NB) != 0)
			r |= 1;		/* the shared open: its own lock */
		if (flock(b, LOCK_EX | LOCK_NB) != -1 || errno != EWOULDBLOCK)
			r |= 2;		/* the other open: a conflict */
		_exit(r);
	}
	is_exit(wait_for(pid), 0,
		"a fork child shares the open's lock and conflicts with the other");
	close(d);
	is_errno(flock(b, LOCK_EX | LOCK_NB), EWOULDBLOCK,
		 "closing a dup of the open drops nothing");
	close(a);
	is(flock(b, LOCK_EX | LOCK_NB), 0, "its last close drops the lock");
	close(b);
}

static void not_fcntl(void)
{
	int a = must(open(PATH, O_RDWR)), b = must(open(PATH, O_RDWR));
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	pid_t pid;

	must(flock(a, LOCK_EX));
	pid = must(fork());
	if (pid == 0)
		_exit(fcntl(b, F_SETLK, &fl) == 0 ? 0 : 1);
	is_exit(wait_for(pid), 0,
		"a POSIX lock on a file another process flock()ed: granted");
	close(a);
	close(b);
}

static int lock_ex(int fd)
{
	return flock(fd, LOCK_EX);
}

/* The holder, a child, lets go once it sees the parent asleep. */
static void waits(void)
{
	int a = must(open(PATH, O_RDWR));
	pid_t pid = fork_lock_holder(PATH, lock_ex);

	if (ok(pid > 0, "the child holds the file")) {
		is(flock(a, LOCK_EX), 0,
		   "LOCK_EX waits until the child's close releases it");
		is_exit(wait_for(pid), 0, "the child let go");
	}
	close(a);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* A signal ends the wait: EINTR, with no SA_RESTART. */
static void interrupted(void)
{
	int a = must(open(PATH, O_RDWR)), b = must(open(PATH, O_RDWR));
	struct itimerval it = { .it_value = { 0, 100000 } };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	must(sigaction(SIGALRM, &sa, NULL));
	must(flock(a, LOCK_EX));
	must(setitimer(ITIMER_REAL, &it, NULL));
	is_errno(flock(b, LOCK_SH), EINTR, "a signal ends the wait: EINTR");
	close(a);
	close(b);
	signal(SIGALRM, SIG_DFL);
}

int main(void)
{
	errors();
	two_opens();
	shared_open();
	not_fcntl();
	waits();
	interrupted();
	unlink(PATH);
	return done_testing();
}
