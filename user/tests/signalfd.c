/*
 * signalfd.c - pending signals read from a descriptor, as Linux 6.1.
 *
 * With SIGUSR1, SIGUSR2, SIGRTMIN and SIGCHLD blocked: signalfd's errors;
 * nothing pending reads EAGAIN (non-blocking); a kill is read as one
 * 128-byte record with its code and sender, and poll saw it first; two
 * sigqueue values come back in order, both in one read; changing the set
 * of an existing signalfd returns the same descriptor and a signal left
 * out of the set stays pending; a blocking read wakes for a child's
 * SIGCHLD, with its pid and exit status; a buffer under 128 bytes is
 * EINVAL; /proc/self/fd names it anon_inode:[signalfd].
 */
#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static sigset_t set_of(int a, int b)
{
	sigset_t s;

	sigemptyset(&s);
	if (a)
		sigaddset(&s, a);
	if (b)
		sigaddset(&s, b);
	return s;
}

static void errors(void)
{
	sigset_t s = set_of(SIGUSR1, 0);
	int p[2];

	is_errno(syscall(SYS_signalfd4, -1, &s, 4, 0), EINVAL,
		 "a mask size of 4: EINVAL");
	is_errno(syscall(SYS_signalfd4, -1, &s, 8, 1), EINVAL,
		 "an unknown flag: EINVAL");
	is_errno(syscall(SYS_signalfd4, -1, NULL, 8, 0), EFAULT,
		 "an unreadable mask: EFAULT");
	is_errno(signalfd(1000, &s, 0), EBADF, "a closed descriptor: EBADF");
	must(pipe(p));
	is_errno(signalfd(p[0], &s, 0), EINVAL, "a pipe: EINVAL");
	close(p[0]);
	close(p[1]);
}

static void kill_and_queue(int fd)
{
	struct signalfd_siginfo si[3];
	struct pollfd pfd = { fd, POLLIN, 0 };
	char small[64];
	union sigval v;

	is_errno(read(fd, si, sizeof(si[0])), EAGAIN,
		 "nothing pending: EAGAIN");
	is(poll(&pfd, 1, 0), 0, "poll: not readable");
	kill(getpid(), SIGUSR1);
	is(poll(&pfd, 1, 0), 1, "a kill: readable");
	is_errno(read(fd, small, sizeof(small)), EINVAL,
		 "a buffer under 128 bytes: EINVAL");
	is(read(fd, si, sizeof(si)), (long)sizeof(si[0]), "one record");
	is(si[0].ssi_signo, SIGUSR1, "its signal");
	is(si[0].ssi_code, SI_USER, "its code, SI_USER");
	is(si[0].ssi_pid, getpid(), "its sender");
	is_errno(read(fd, si, sizeof(si)), EAGAIN, "taken: EAGAIN again");

	v.sival_int = 42;
	sigqueue(getpid(), SIGRTMIN, v);
	v.sival_int = 43;
	sigqueue(getpid(), SIGRTMIN, v);
	is(read(fd, si, sizeof(si)), (long)(2 * sizeof(si[0])),
	   "two queued signals in one read");
	ok(si[0].ssi_signo == (unsigned)SIGRTMIN &&
		   si[0].ssi_code == SI_QUEUE && si[0].ssi_int == 42 &&
		   si[1].ssi_int == 43,
	   "in order, with their values (%d %d)", si[0].ssi_int, si[1].ssi_int);
}

static void change_set(int fd)
{
	sigset_t s = set_of(SIGUSR2, 0);
	struct signalfd_siginfo si;
	struct timespec zero = { 0, 0 };

	is(signalfd(fd, &s, 0), fd, "a new set for the same descriptor");
	kill(getpid(), SIGUSR2);
	kill(getpid(), SIGUSR1);
	is(read(fd, &si, sizeof(si)), (long)sizeof(si), "a read");
	is(si.ssi_signo, SIGUSR2, "of the new set's signal");
	is_errno(read(fd, &si, sizeof(si)), EAGAIN,
		 "SIGUSR1, out of the set, is not read");
	s = set_of(SIGUSR1, 0);
	is(sigtimedwait(&s, NULL, &zero), SIGUSR1, "it stayed pending");
}

static void child_exit(void)
{
	sigset_t s = set_of(SIGCHLD, 0);
	int fd = must(signalfd(-1, &s, SFD_CLOEXEC));
	struct signalfd_siginfo si;
	pid_t pid = must(fork());

	if (pid == 0)
		_exit(3);
	is(read(fd, &si, sizeof(si)), (long)sizeof(si),
	   "a blocking read wakes for SIGCHLD");
	ok(si.ssi_signo == SIGCHLD && si.ssi_code == CLD_EXITED &&
		   si.ssi_pid == (unsigned)pid && si.ssi_status == 3,
	   "with the child's pid and exit status");
	wait_for(pid);
	close(fd);
}

static void proc_name(int fd)
{
	char path[64], link[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	ok(!strcmp(link, "anon_inode:[signalfd]"),
	   "/proc/self/fd names it (%s)", link);
}

int main(void)
{
	sigset_t blocked = set_of(SIGUSR1, SIGUSR2), s;
	int fd;

	sigaddset(&blocked, SIGRTMIN);
	sigaddset(&blocked, SIGCHLD);
	sigprocmask(SIG_BLOCK, &blocked, NULL);
	errors();
	s = set_of(SIGUSR1, SIGRTMIN);
	fd = must(signalfd(-1, &s, SFD_NONBLOCK));
	kill_and_queue(fd);
	change_set(fd);
	proc_name(fd);
	close(fd);
	child_exit();
	return done_testing();
}
