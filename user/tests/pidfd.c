/*
 * pidfd.c - process file descriptors: pidfd_open, pidfd_send_signal,
 * waitid(P_PIDFD), poll and epoll on a pidfd.
 *
 * A pidfd is close-on-exec and named anon_inode:[pidfd]; it polls
 * readable exactly when its process has exited; pidfd_send_signal kills
 * through it, waitid(P_PIDFD) reaps through it, and once the process is
 * reaped a signal is ESRCH.  PIDFD_NONBLOCK makes waitid EAGAIN while the
 * child lives.  A siginfo may go to oneself with any code, to another
 * process not posing as the kernel or kill (EPERM), and must name the
 * signal sent (EINVAL).  Errors: EINVAL for pid 0, a thread that is not
 * a process, unknown flags; ESRCH for no such process; EBADF for a
 * descriptor that is not a pidfd; EPERM for another user's process.
 */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tests/tap.h"

#ifndef P_PIDFD
#define P_PIDFD 3
#endif
#define PIDFD_NONBLOCK O_NONBLOCK

static int pidfd_open(pid_t pid, unsigned flags)
{
	return syscall(SYS_pidfd_open, pid, flags);
}

static int pidfd_send_signal(int fd, int sig, siginfo_t *info, unsigned flags)
{
	return syscall(SYS_pidfd_send_signal, fd, sig, info, flags);
}

static pid_t sleeper(void)
{
	pid_t pid = must(fork());

	if (pid == 0) {
		for (;;)
			pause();
	}
	return pid;
}

static int readable(int fd, int ms)
{
	struct pollfd p = { fd, POLLIN, 0 };

	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

static void kill_and_reap(void)
{
	pid_t pid = sleeper();
	int fd = pidfd_open(pid, 0);
	char path[64], link[64];
	siginfo_t si;
	ssize_t n;

	if (!ok(fd >= 0, "pidfd_open of a child"))
		return;
	ok(fcntl(fd, F_GETFD) & FD_CLOEXEC, "close-on-exec");
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	ok(!strcmp(link, "anon_inode:[pidfd]"), "named %s", link);
	ok(!readable(fd, 0), "not readable while it lives");
	ok_sys(pidfd_send_signal(fd, SIGTERM, NULL, 0), "SIGTERM through it");
	ok(readable(fd, 5000), "readable once it has exited");
	memset(&si, 0, sizeof(si));
	ok_sys(waitid(P_PIDFD, fd, &si, WEXITED), "waitid(P_PIDFD) reaps it");
	ok(si.si_pid == pid && si.si_code == CLD_KILLED &&
		   si.si_status == SIGTERM,
	   "killed by SIGTERM");
	is_errno(pidfd_send_signal(fd, 0, NULL, 0), ESRCH,
		 "once reaped, a signal is ESRCH");
	ok(readable(fd, 0), "and it stays readable");
	is_errno(waitid(P_PIDFD, fd, &si, WEXITED), ECHILD,
		 "waitid again: ECHILD");
	close(fd);
}

static void nonblock(void)
{
	pid_t pid = sleeper();
	int fd = pidfd_open(pid, PIDFD_NONBLOCK);
	siginfo_t si;

	ok(fd >= 0, "pidfd_open PIDFD_NONBLOCK");
	is_errno(waitid(P_PIDFD, fd, &si, WEXITED), EAGAIN,
		 "waitid on it while the child lives: EAGAIN");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(fd);
}

static void via_epoll(void)
{
	pid_t pid = sleeper();
	int fd = pidfd_open(pid, 0), ep = must(epoll_create1(0));
	struct epoll_event ev = { EPOLLIN, { .fd = fd } }, got;

	ok_sys(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev), "epoll watches a pidfd");
	is(epoll_wait(ep, &got, 1, 0), 0, "nothing while the child lives");
	kill(pid, SIGKILL);
	is(epoll_wait(ep, &got, 1, 5000), 1, "its exit wakes epoll_wait");
	waitpid(pid, NULL, 0);
	close(ep);
	close(fd);
}

static volatile int got_value;

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	got_value = si->si_value.sival_int;
}

static void with_siginfo(void)
{
	struct sigaction sa;
	siginfo_t si;
	int self = pidfd_open(getpid(), 0);
	pid_t pid = sleeper();
	int child = pidfd_open(pid, 0);

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_usr1;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_QUEUE;
	si.si_value.sival_int = 42;
	ok_sys(pidfd_send_signal(self, SIGUSR1, &si, 0),
	       "a siginfo to oneself");
	is(got_value, 42, "arrives with its value");
	si.si_code = SI_USER;
	ok_sys(pidfd_send_signal(self, SIGUSR1, &si, 0),
	       "any code to oneself, SI_USER too");
	is_errno(pidfd_send_signal(child, SIGUSR1, &si, 0), EPERM,
		 "SI_USER to another process: EPERM");
	si.si_code = SI_QUEUE;
	si.si_signo = SIGUSR2;
	is_errno(pidfd_send_signal(child, SIGUSR1, &si, 0), EINVAL,
		 "a siginfo naming another signal: EINVAL");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	signal(SIGUSR1, SIG_DFL);
	close(self);
	close(child);
}

static pid_t thread_tid;

static void errors(void)
{
	int fd;
	pid_t pid;

	is_errno(pidfd_open(0, 0), EINVAL, "pid 0: EINVAL");
	is_errno(pidfd_open(-1, 0), EINVAL, "pid -1: EINVAL");
	is_errno(pidfd_open(getpid(), 1), EINVAL, "unknown flags: EINVAL");
	pid = sleeper();
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	is_errno(pidfd_open(pid, 0), ESRCH, "a reaped process: ESRCH");
	fd = pidfd_open(getpid(), 0);
	is_errno(pidfd_send_signal(fd, 0, NULL, 1), EINVAL,
		 "pidfd_send_signal's flags: EINVAL");
	close(fd);
	is_errno(pidfd_send_signal(0, 0, NULL, 0), EBADF,
		 "a descriptor that is not a pidfd: EBADF");
	is_errno(pidfd_send_signal(999, 0, NULL, 0), EBADF,
		 "a closed one: EBADF");
	is_errno(waitid(P_PIDFD, 0, NULL, WEXITED), EBADF,
		 "waitid(P_PIDFD) on one that is not: EBADF");
}

static void *live_thread(void *arg)
{
	(void)arg;
	thread_tid = syscall(SYS_gettid);
	for (;;)
		pause();
	return NULL;
}

static int thread_child(void)
{
	pthread_t t;

	thread_tid = 0;
	if (pthread_create(&t, NULL, live_thread, NULL))
		return 2;
	while (!thread_tid)
		sched_yield();
	return pidfd_open(thread_tid, 0) < 0 && errno == EINVAL ? 0 : 1;
}

static int other_user(pid_t root)
{
	int fd = pidfd_open(root, 0);

	if (fd < 0 || setuid(4245) != 0)
		return 1;
	return pidfd_send_signal(fd, SIGUSR2, NULL, 0) < 0 && errno == EPERM ?
		       0 :
		       2;
}

int main(void)
{
	pid_t me = getpid(), pid;

	kill_and_reap();
	nonblock();
	via_epoll();
	with_siginfo();
	errors();
	pid = must(fork());
	if (pid == 0)
		_exit(thread_child());
	is_exit(wait_for(pid), 0, "pidfd_open of a live thread: EINVAL");
	pid = must(fork());
	if (pid == 0)
		_exit(other_user(me));
	is_exit(wait_for(pid), 0, "another user's process: EPERM");
	return done_testing();
}
