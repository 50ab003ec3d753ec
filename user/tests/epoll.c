/*
 * epoll.c - epoll_create (254), epoll_create1 (329), epoll_ctl (255),
 * epoll_wait (256), epoll_pwait (319) and epoll_pwait2 (441), called raw
 * so the kernel's own checks are what is tested.
 *
 * Pipes are the watched files: their readiness and wake-ups are the ones
 * poll(2) uses.  Level-triggered items are reported for as long as they
 * are ready, EPOLLET ones once per wake-up, EPOLLONESHOT ones once until
 * EPOLL_CTL_MOD; a child writing into a pipe wakes a parent asleep in
 * epoll_wait, a signal ends the wait with EINTR, and a file whose last
 * descriptor is closed leaves the set.
 */
#include "tap.h"
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <sys/epoll.h>
#include <sys/syscall.h>

#ifndef SYS_epoll_pwait2
#define SYS_epoll_pwait2 441
#endif

struct ts64 {
	long long tv_sec, tv_nsec;
};

#define KSIGSET_SIZE 8	/* the kernel's sigset_t: 64 signals */

static long ep_create(int size)
{
	return syscall(SYS_epoll_create, size);
}

static long ep_create1(int flags)
{
	return syscall(SYS_epoll_create1, flags);
}

static long ep_ctl(int epfd, int op, int fd, unsigned int events,
		   unsigned long long data)
{
	struct epoll_event ev;

	ev.events = events;
	ev.data.u64 = data;
	return syscall(SYS_epoll_ctl, epfd, op, fd, &ev);
}

static long ep_wait(int epfd, struct epoll_event *evs, int max, int ms)
{
	return syscall(SYS_epoll_wait, epfd, evs, max, ms);
}

static long ep_pwait(int epfd, struct epoll_event *evs, int max, int ms,
		     const sigset_t *mask)
{
	return syscall(SYS_epoll_pwait, epfd, evs, max, ms, mask,
		       KSIGSET_SIZE);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void drain(int fd)
{
	char buf[64];

	while (read(fd, buf, sizeof(buf)) == (ssize_t)sizeof(buf))
		;
}

static void test_create(void)
{
	long fd;

	is_errno(ep_create(0), EINVAL, "epoll_create(0): EINVAL");
	is_errno(ep_create(-1), EINVAL, "epoll_create(-1): EINVAL");
	fd = ep_create(1);
	ok_sys(fd, "epoll_create(1) gives a descriptor");
	is(fcntl(fd, F_GETFD), 0, "epoll_create: not close-on-exec");
	close(fd);
	fd = ep_create1(EPOLL_CLOEXEC);
	ok_sys(fd, "epoll_create1(EPOLL_CLOEXEC) gives a descriptor");
	is(fcntl(fd, F_GETFD), FD_CLOEXEC, "EPOLL_CLOEXEC sets FD_CLOEXEC");
	is(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDWR, "the epoll file is O_RDWR");
	close(fd);
	is_errno(ep_create1(1), EINVAL, "epoll_create1: a bad flag: EINVAL");
	is_errno(ep_create1(O_NONBLOCK), EINVAL,
		 "epoll_create1(O_NONBLOCK): EINVAL");
}

static void test_ctl_errors(void)
{
	int ep = must(ep_create1(0)), ep2 = must(ep_create1(0));
	int p[2], file;
	struct epoll_event ev = { EPOLLIN, { 0 } };

	must(pipe(p));
	file = must(open("/tmp/epoll-file", O_RDWR | O_CREAT | O_TRUNC, 0600));
	unlink("/tmp/epoll-file");
	is_errno(ep_ctl(ep, EPOLL_CTL_ADD, file, EPOLLIN, 0), EPERM,
		 "ADD of a regular file: EPERM");
	is_errno(ep_ctl(ep, EPOLL_CTL_ADD, ep, EPOLLIN, 0), EINVAL,
		 "ADD of the epoll fd to itself: EINVAL");
	is_errno(ep_ctl(p[0], EPOLL_CTL_ADD, p[1], EPOLLIN, 0), EINVAL,
		 "epfd not an epoll file: EINVAL");
	is_errno(ep_ctl(ep, EPOLL_CTL_ADD, 999, EPOLLIN, 0), EBADF,
		 "ADD of a closed fd: EBADF");
	is_errno(ep_ctl(999, EPOLL_CTL_ADD, p[0], EPOLLIN, 0), EBADF,
		 "a closed epfd: EBADF");
	is_errno(syscall(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, p[0],
			 (struct epoll_event *)1), EFAULT,
		 "ADD with an unmapped event: EFAULT");
	is(syscall(SYS_epoll_ctl, ep, EPOLL_CTL_DEL, p[0], NULL), -1,
	   "DEL of a fd not in the set fails...");
	is(errno, ENOENT, "... with ENOENT (the NULL event is not read)");
	is_errno(ep_ctl(ep, EPOLL_CTL_MOD, p[0], EPOLLIN, 0), ENOENT,
		 "MOD of a fd not in the set: ENOENT");
	ok_sys(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN, 1), "ADD a pipe");
	is_errno(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN, 1), EEXIST,
		 "ADD it again: EEXIST");
	is_errno(ep_ctl(ep, 7, p[0], EPOLLIN, 1), EINVAL,
		 "an unknown op: EINVAL");
	is_errno(ep_ctl(ep, EPOLL_CTL_MOD, p[0], EPOLLIN | EPOLLEXCLUSIVE, 1),
		 EINVAL, "MOD with EPOLLEXCLUSIVE: EINVAL");
	is_errno(ep_ctl(ep, EPOLL_CTL_ADD, p[1],
			EPOLLIN | EPOLLEXCLUSIVE | EPOLLONESHOT, 1),
		 EINVAL, "EPOLLEXCLUSIVE with EPOLLONESHOT: EINVAL");
	ok_sys(ep_ctl(ep, EPOLL_CTL_MOD, p[0], EPOLLIN | EPOLLET, 2),
	       "MOD an item in the set");
	ok_sys(syscall(SYS_epoll_ctl, ep, EPOLL_CTL_DEL, p[0], &ev),
	       "DEL it");
	is_errno(ep_ctl(ep, EPOLL_CTL_DEL, p[0], 0, 0), ENOENT,
		 "DEL it again: ENOENT");
	ok_sys(ep_ctl(ep2, EPOLL_CTL_ADD, ep, EPOLLIN, 3),
	       "an epoll file watches another");
	is_errno(ep_ctl(ep, EPOLL_CTL_ADD, ep2, EPOLLIN, 4), ELOOP,
		 "and the other watching it back: ELOOP");
	close(file);
	close(p[0]);
	close(p[1]);
	close(ep);
	close(ep2);
}

static void test_wait_errors(void)
{
	int ep = must(ep_create1(0)), p[2];
	struct epoll_event ev[2];
	struct ts64 bad = { 0, 1000000000 };
	sigset_t none;

	must(pipe(p));
	is_errno(ep_wait(ep, ev, 0, 0), EINVAL, "epoll_wait: maxevents 0: EINVAL");
	is_errno(ep_wait(ep, ev, -1, 0), EINVAL,
		 "epoll_wait: negative maxevents: EINVAL");
	is_errno(ep_wait(ep, (struct epoll_event *)0xc0000000, 1, 0), EFAULT,
		 "epoll_wait: events in kernel space: EFAULT");
	is_errno(ep_wait(p[0], ev, 1, 0), EINVAL,
		 "epoll_wait on a pipe: EINVAL");
	is_errno(ep_wait(999, ev, 1, 0), EBADF, "epoll_wait on a closed fd: EBADF");
	sigemptyset(&none);
	is_errno(syscall(SYS_epoll_pwait, ep, ev, 1, 0, &none, 4), EINVAL,
		 "epoll_pwait: a sigset size of 4: EINVAL");
	is_errno(syscall(SYS_epoll_pwait, ep, ev, 1, 0, (sigset_t *)1,
			 KSIGSET_SIZE), EFAULT,
		 "epoll_pwait: an unmapped mask: EFAULT");
	is_errno(syscall(SYS_epoll_pwait2, ep, ev, 1, &bad, NULL, 0), EINVAL,
		 "epoll_pwait2: tv_nsec of 10^9: EINVAL");
	is_errno(syscall(SYS_epoll_pwait2, ep, ev, 1, (struct ts64 *)1, NULL,
			 0), EFAULT, "epoll_pwait2: an unmapped timeout: EFAULT");
	/* A ready item and an unwritable array: nothing could be copied. */
	must(write(p[1], "x", 1));
	must(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN, 5));
	is_errno(ep_wait(ep, (struct epoll_event *)4096, 1, 0), EFAULT,
		 "epoll_wait: an unmapped array with an event ready: EFAULT");
	is(ep_wait(ep, ev, 2, 0), 1, "the event is still there afterwards");
	close(p[0]);
	close(p[1]);
	close(ep);
}

static void test_level(void)
{
	int ep = must(ep_create1(0)), p[2], q[2];
	struct epoll_event ev[4];
	struct ts64 zero = { 0, 0 };
	long long t0;

	must(pipe(p));
	must(pipe(q));
	must(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN, 0x1122334455667788ULL));
	is(ep_wait(ep, ev, 4, 0), 0, "an empty pipe: nothing ready");
	t0 = now_ms();
	is(ep_wait(ep, ev, 4, 100), 0, "a 100 ms timeout ends with 0");
	ok(now_ms() - t0 >= 100, "after at least 100 ms (%lld)",
	   now_ms() - t0);
	must(write(p[1], "ab", 2));
	memset(ev, 0, sizeof(ev));
	is(ep_wait(ep, ev, 4, -1), 1, "data in the pipe: one event");
	is(ev[0].events, EPOLLIN, "it is EPOLLIN");
	ok(ev[0].data.u64 == 0x1122334455667788ULL, "with the item's data");
	is(ep_wait(ep, ev, 4, 0), 1, "level-triggered: reported again");
	is(syscall(SYS_epoll_pwait, ep, ev, 4, 0, NULL, 0), 1,
	   "epoll_pwait without a mask: the same");
	is(syscall(SYS_epoll_pwait2, ep, ev, 4, &zero, NULL, 0), 1,
	   "epoll_pwait2 with a zero timeout: the same");
	drain(p[0]);
	is(ep_wait(ep, ev, 4, 0), 0, "once read empty, no longer reported");

	/* Two ready items, one slot: each call takes the next. */
	must(ep_ctl(ep, EPOLL_CTL_ADD, q[0], EPOLLIN, 2));
	must(write(p[1], "a", 1));
	must(write(q[1], "b", 1));
	is(ep_wait(ep, ev, 1, 0), 1, "two ready, maxevents 1: one event");
	{
		unsigned long long first = ev[0].data.u64;

		is(ep_wait(ep, ev, 1, 0), 1, "and one on the next call");
		ok(ev[0].data.u64 != first, "the other one (round robin)");
	}
	is(ep_wait(ep, ev, 4, 0), 2, "with room for four: both");

	/* The write end: EPOLLOUT, then EPOLLERR when the reader goes. */
	must(ep_ctl(ep, EPOLL_CTL_ADD, q[1], EPOLLOUT, 3));
	must(ep_ctl(ep, EPOLL_CTL_DEL, p[0], 0, 0));
	must(ep_ctl(ep, EPOLL_CTL_DEL, q[0], 0, 0));
	is(ep_wait(ep, ev, 4, 0), 1, "a pipe's write end is writable");
	is(ev[0].events, EPOLLOUT, "EPOLLOUT");
	close(q[0]);
	is(ep_wait(ep, ev, 4, 0), 1, "its reader closed: still one event");
	is(ev[0].events, EPOLLOUT | EPOLLERR,
	   "EPOLLOUT|EPOLLERR (ERR is always watched)");
	close(q[1]);
	/* The read end once the writer is gone: EPOLLHUP. */
	must(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN, 4));
	close(p[1]);
	drain(p[0]);
	is(ep_wait(ep, ev, 4, 0), 1, "the writer closed: one event");
	is(ev[0].events, EPOLLHUP, "EPOLLHUP (HUP is always watched)");
	close(p[0]);
	close(ep);
}

static void test_edge_oneshot(void)
{
	int ep = must(ep_create1(0)), p[2], q[2];
	struct epoll_event ev[4];

	must(pipe(p));
	must(pipe(q));
	must(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN | EPOLLET, 1));
	is(ep_wait(ep, ev, 4, 0), 0, "EPOLLET on an empty pipe: nothing");
	must(write(p[1], "a", 1));
	is(ep_wait(ep, ev, 4, 0), 1, "EPOLLET: a write is reported");
	is(ep_wait(ep, ev, 4, 0), 0, "but only once");
	must(write(p[1], "b", 1));
	is(ep_wait(ep, ev, 4, 0), 1, "the next write is reported again");
	is(ep_wait(ep, ev, 4, 0), 0, "once");
	must(ep_ctl(ep, EPOLL_CTL_DEL, p[0], 0, 0));

	must(ep_ctl(ep, EPOLL_CTL_ADD, q[0], EPOLLIN | EPOLLONESHOT, 2));
	must(write(q[1], "a", 1));
	is(ep_wait(ep, ev, 4, 0), 1, "EPOLLONESHOT: reported");
	is(ep_wait(ep, ev, 4, 0), 0, "then disabled");
	must(write(q[1], "b", 1));
	is(ep_wait(ep, ev, 4, 0), 0, "a new write does not re-enable it");
	is_errno(ep_ctl(ep, EPOLL_CTL_ADD, q[0], EPOLLIN, 2), EEXIST,
		 "the disabled item is still in the set");
	ok_sys(ep_ctl(ep, EPOLL_CTL_MOD, q[0], EPOLLIN | EPOLLONESHOT, 3),
	       "MOD re-arms it");
	is(ep_wait(ep, ev, 4, 0), 1, "and it is reported again");
	ok(ev[0].data.u64 == 3, "with the new data");
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
	close(ep);
}

/* A child writes after a while; the parent sleeps in epoll_wait. */
static void test_child_wakes(void)
{
	int ep = must(ep_create1(0)), p[2], status;
	struct epoll_event ev[2];
	pid_t pid;

	must(pipe(p));
	must(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN | EPOLLET, 7));
	pid = must(fork());
	if (pid == 0) {
		struct timespec d = { 0, 50 * 1000000 };

		nanosleep(&d, NULL);
		_exit(write(p[1], "x", 1) == 1 ? 0 : 1);
	}
	is(ep_wait(ep, ev, 2, 5000), 1,
	   "a child's write wakes the parent in epoll_wait");
	ok(ev[0].events == EPOLLIN && ev[0].data.u64 == 7, "EPOLLIN, data 7");
	must(waitpid(pid, &status, 0));
	is_exit(status, 0, "the child wrote");

	/* The child inherits the epoll file and waits on it itself. */
	pid = must(fork());
	if (pid == 0) {
		struct epoll_event cev;

		_exit(ep_wait(ep, &cev, 1, 5000) == 1 && cev.data.u64 == 8 ?
			      0 : 1);
	}
	must(ep_ctl(ep, EPOLL_CTL_MOD, p[0], EPOLLIN | EPOLLET, 8));
	must(waitpid(pid, &status, 0));
	is_exit(status, 0, "a forked child waits on the inherited epoll fd");
	close(p[0]);
	close(p[1]);
	close(ep);
}

static volatile int usr1_count;

static void on_usr1(int sig)
{
	(void)sig;
	usr1_count++;
}

static void test_signals(void)
{
	int ep = must(ep_create1(0)), p[2], status;
	struct epoll_event ev[2];
	struct sigaction sa;
	sigset_t block, none, old, now;
	pid_t pid;

	must(pipe(p));
	must(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN, 1));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_RESTART;	/* epoll_wait is never restarted */
	sigaction(SIGUSR1, &sa, NULL);
	pid = must(fork());
	if (pid == 0) {
		struct timespec d = { 0, 50 * 1000000 };

		nanosleep(&d, NULL);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	/* 10 s, not forever: under fault injection the child may die first. */
	is_errno(ep_wait(ep, ev, 2, 10000), EINTR,
		 "a signal ends epoll_wait with EINTR, even with SA_RESTART");
	is(usr1_count, 1, "and its handler ran");
	must(waitpid(pid, &status, 0));

	/* epoll_pwait: SIGUSR1 blocked and pending, the call's mask lets it in. */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	raise(SIGUSR1);
	is(usr1_count, 1, "SIGUSR1 blocked: pending");
	sigemptyset(&none);
	is_errno(ep_pwait(ep, ev, 2, 1000, &none), EINTR,
		 "epoll_pwait with a mask that unblocks it: EINTR");
	is(usr1_count, 2, "the handler ran");
	sigprocmask(SIG_BLOCK, NULL, &now);
	ok(sigismember(&now, SIGUSR1), "the caller's mask is back after it");
	raise(SIGUSR1);
	is(ep_pwait(ep, ev, 2, 0, &block), 0,
	   "epoll_pwait with a mask that blocks it: a plain timeout");
	is(usr1_count, 2, "the handler has not run");
	sigprocmask(SIG_SETMASK, &old, NULL);
	is(usr1_count, 3, "it runs once unblocked");
	signal(SIGUSR1, SIG_DFL);
	close(p[0]);
	close(p[1]);
	close(ep);
}

static void test_close(void)
{
	int ep = must(ep_create1(0)), inner = must(ep_create1(0));
	int p[2], q[2], d;
	struct epoll_event ev[4];

	must(pipe(p));
	must(pipe(q));
	must(write(p[1], "a", 1));
	must(write(q[1], "b", 1));
	must(ep_ctl(ep, EPOLL_CTL_ADD, p[0], EPOLLIN, 1));
	must(ep_ctl(ep, EPOLL_CTL_ADD, q[0], EPOLLIN, 2));
	is(ep_wait(ep, ev, 4, 0), 2, "two pipes with data: two events");
	close(p[0]);
	is(ep_wait(ep, ev, 4, 0), 1, "one read end closed: one event");
	ok(ev[0].data.u64 == 2, "the other one's");
	is_errno(ep_ctl(ep, EPOLL_CTL_DEL, p[0], 0, 0), EBADF,
		 "DEL of the closed fd: EBADF");
	d = must(dup(q[0]));
	close(q[0]);
	is(ep_wait(ep, ev, 4, 0), 1,
	   "closed but dup'ed: the open file stays in the set");
	is_errno(ep_ctl(ep, EPOLL_CTL_DEL, d, 0, 0), ENOENT,
		 "the set knows it by its old fd only");
	close(d);
	is(ep_wait(ep, ev, 4, 0), 0, "its last descriptor closed: gone");

	/* Nesting: the outer set sees the inner one readable. */
	must(pipe(p));
	must(ep_ctl(inner, EPOLL_CTL_ADD, p[0], EPOLLIN, 9));
	must(ep_ctl(ep, EPOLL_CTL_ADD, inner, EPOLLIN, 10));
	is(ep_wait(ep, ev, 4, 0), 0, "an inner set with nothing ready");
	must(write(p[1], "c", 1));
	is(ep_wait(ep, ev, 4, 0), 1, "its pipe written: the outer set sees it");
	ok(ev[0].data.u64 == 10 && ev[0].events == EPOLLIN,
	   "as EPOLLIN of the inner epoll fd");
	{
		struct pollfd pfd = { inner, POLLIN, 0 };

		is(poll(&pfd, 1, 0), 1, "poll(2) on an epoll fd with events");
		is(pfd.revents, POLLIN, "POLLIN");
	}
	close(inner);
	is(ep_wait(ep, ev, 4, 0), 0, "the inner set closed: gone");
	/* Closing a set with items leaves the files working. */
	close(ep);
	ok(read(p[0], ev, 1) == 1, "the pipe still reads after its set closed");
	close(p[0]);
	close(p[1]);
	close(q[1]);
}

int main(void)
{
	test_create();
	test_ctl_errors();
	test_wait_errors();
	test_level();
	test_edge_oneshot();
	test_child_wakes();
	test_signals();
	test_close();
	return done_testing();
}
