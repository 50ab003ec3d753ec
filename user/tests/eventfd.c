/*
 * eventfd.c - eventfd and eventfd2: the counter read and written 8 bytes
 * at a time (a read takes it all, or 1 with EFD_SEMAPHORE), EAGAIN with
 * EFD_NONBLOCK when it is 0 or full, a blocked read woken by another
 * process's write, poll and epoll readiness, EFD_CLOEXEC, and Linux's
 * EINVALs.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static long efd_read(int fd)
{
	uint64_t v = 0;
	ssize_t n = read(fd, &v, sizeof(v));

	return n == sizeof(v) ? (long)v : -1;
}

static int efd_write(int fd, uint64_t v)
{
	return write(fd, &v, sizeof(v)) == sizeof(v) ? 0 : -1;
}

static short revents(int fd)
{
	struct pollfd p = { fd, POLLIN | POLLOUT, 0 };

	return poll(&p, 1, 0) == 1 ? p.revents : 0;
}

static void test_counter(void)
{
	int fd = syscall(SYS_eventfd2, 3, EFD_NONBLOCK);
	uint32_t small;

	if (!ok_sys(fd, "eventfd2(3, EFD_NONBLOCK)"))
		return;
	is(efd_read(fd), 3, "a read takes the initial 3");
	is_errno(efd_read(fd), EAGAIN, "then the counter is 0: EAGAIN");
	ok(efd_write(fd, 5) == 0 && efd_write(fd, 2) == 0, "write 5, write 2");
	is(efd_read(fd), 7, "a read takes 7");
	is_errno(read(fd, &small, sizeof(small)), EINVAL,
		 "a 4-byte read: EINVAL");
	is_errno(write(fd, &small, sizeof(small)), EINVAL,
		 "a 4-byte write: EINVAL");
	is_errno(efd_write(fd, ~0ULL), EINVAL, "writing 2^64 - 1: EINVAL");
	ok_sys(efd_write(fd, 0xfffffffffffffffeULL), "fill it to 2^64 - 2");
	is_errno(efd_write(fd, 1), EAGAIN, "one more: EAGAIN");
	is(revents(fd), POLLIN, "full: readable, not writable");
	efd_read(fd);
	is(revents(fd), POLLOUT, "empty: writable, not readable");
	is(lseek(fd, 5, SEEK_SET), 0, "lseek does nothing and says 0");
	close(fd);

	fd = eventfd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
	is(efd_read(fd), 1, "EFD_SEMAPHORE: a read takes 1");
	is(efd_read(fd), 1, "and 1 again");
	is_errno(efd_read(fd), EAGAIN, "then EAGAIN");
	close(fd);

	is_errno(syscall(SYS_eventfd2, 0, 0x100), EINVAL,
		 "an unknown flag: EINVAL");
	fd = eventfd(0, EFD_CLOEXEC);
	is(fcntl(fd, F_GETFD), FD_CLOEXEC, "EFD_CLOEXEC");
	ok((fcntl(fd, F_GETFL) & O_NONBLOCK) == 0, "blocking by default");
	close(fd);
	fd = syscall(SYS_eventfd, 4);
	is(efd_read(fd), 4, "the old eventfd (323)");
	close(fd);
}

/* A read that waits is woken by another process's write; so is epoll. */
static void test_wakeups(void)
{
	int fd = eventfd(0, 0), ep = epoll_create1(0);
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = 7 };
	pid_t parent = getpid(), pid;

	if (!ok(fd >= 0 && ep >= 0, "eventfd and an epoll set"))
		return;
	pid = must(fork());
	if (pid == 0) {
		wait_sleeping(parent);
		_exit(efd_write(fd, 9) ? 1 : 0);
	}
	is(efd_read(fd), 9, "a blocked read gets the child's 9");
	is_exit(wait_for(pid), 0, "the child wrote");

	ok_sys(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev), "epoll_ctl ADD");
	is(epoll_wait(ep, &ev, 1, 0), 0, "nothing ready yet");
	pid = must(fork());
	if (pid == 0) {
		wait_sleeping(parent);
		_exit(efd_write(fd, 1) ? 1 : 0);
	}
	memset(&ev, 0, sizeof(ev));
	ok(epoll_wait(ep, &ev, 1, 10000) == 1 && ev.data.u32 == 7 &&
		   (ev.events & EPOLLIN),
	   "epoll_wait wakes for the child's write");
	wait_for(pid);
	close(ep);
	close(fd);
}

int main(void)
{
	test_counter();
	test_wakeups();
	return done_testing();
}
