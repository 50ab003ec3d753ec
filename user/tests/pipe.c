/*
 * pipe.c - pipes.
 *
 * Data in order, EOF only when every write end is closed, SIGPIPE and
 * EPIPE on a pipe with no reader, pipe2 flags, non-blocking reads, a large
 * transfer between processes that must block and wake many times, poll and
 * select readiness, a poll whose INT_MAX ms timeout must still wait,
 * FIONREAD, ESPIPE, S_ISFIFO, a read into a bad buffer (EFAULT) that
 * leaves the bytes in the pipe.
 */
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/stat.h>
#include "tests/tap.h"

static void test_basic(void)
{
	char buf[16] = { 0 };
	struct stat st;
	int p[2], n = -1;

	must(pipe(p));
	/* A write that fails (an injected failure) must fail the reads
	 * below, not leave them blocked on an empty pipe. */
	must(fcntl(p[0], F_SETFL, O_NONBLOCK));
	ok(p[0] >= 0 && p[1] >= 0 && p[0] != p[1], "two distinct fds");
	is(write(p[1], "hello", 5), 5, "write 5 bytes");
	is(write(p[1], "world", 5), 5, "write 5 more");
	ok_sys(ioctl(p[0], FIONREAD, &n), "ioctl FIONREAD");
	is(n, 10, "FIONREAD counts the unread bytes");
	is(read(p[0], buf, 3), 3, "short read takes 3");
	is(read(p[0], buf + 3, sizeof(buf)), 7, "next read takes the rest");
	ok(memcmp(buf, "helloworld", 10) == 0, "data in order");
	ok(fstat(p[0], &st) == 0 && S_ISFIFO(st.st_mode), "fstat: S_ISFIFO");
	is(st.st_nlink, 1, "fstat: one link, as Linux's pipefs gives");
	is_errno(lseek(p[0], 0, SEEK_SET), ESPIPE, "lseek on a pipe: ESPIPE");
	is_errno(write(p[0], "x", 1), EBADF, "write to the read end: EBADF");
	is_errno(read(p[1], buf, 1), EBADF, "read from the write end: EBADF");
	close(p[1]);
	is(read(p[0], buf, sizeof(buf)), 0, "read after writer closed: EOF");
	close(p[0]);
}

static void test_eof_needs_all_writers(void)
{
	int p[2], dupw;
	char c;

	must(pipe2(p, O_NONBLOCK));
	dupw = dup(p[1]);
	close(p[1]);
	is_errno(read(p[0], &c, 1), EAGAIN, "a dup of the write end keeps it open: EAGAIN");
	close(dupw);
	is(read(p[0], &c, 1), 0, "last writer closed: EOF");
	close(p[0]);
}

static void test_sigpipe(void)
{
	int p[2], status;
	pid_t pid;

	must(pipe(p));
	close(p[0]);
	pid = must(fork());
	if (pid == 0) {
		write(p[1], "x", 1);
		_exit(0);
	}
	is_signal(wait_for(pid), SIGPIPE, "write with no reader: killed by SIGPIPE");

	signal(SIGPIPE, SIG_IGN);
	is_errno(write(p[1], "x", 1), EPIPE, "SIGPIPE ignored: EPIPE");
	signal(SIGPIPE, SIG_DFL);
	close(p[1]);

	/* A reader that exits closes the read end too. */
	must(pipe(p));
	pid = must(fork());
	if (pid == 0)
		_exit(0);
	close(p[0]);
	status = wait_for(pid);
	signal(SIGPIPE, SIG_IGN);
	is_errno(write(p[1], "x", 1), EPIPE, "reader exited: EPIPE");
	signal(SIGPIPE, SIG_DFL);
	is_exit(status, 0, "reader exit status");
	close(p[1]);
}

static void test_pipe2_flags(void)
{
	int p[2];

	ok_sys(pipe2(p, O_CLOEXEC), "pipe2 O_CLOEXEC");
	ok(fcntl(p[0], F_GETFD) == FD_CLOEXEC && fcntl(p[1], F_GETFD) == FD_CLOEXEC,
	   "both ends FD_CLOEXEC");
	ok(!(fcntl(p[0], F_GETFL) & O_NONBLOCK), "not O_NONBLOCK");
	close(p[0]);
	close(p[1]);
	is_errno(pipe2(p, 0x7fffffff & ~(O_CLOEXEC | O_NONBLOCK | O_DIRECT)), EINVAL,
		 "pipe2 with unknown flags: EINVAL");
}

/* Fill a non-blocking pipe: at least PIPE_BUF fits, then EAGAIN. */
static void test_capacity(void)
{
	char buf[512];
	int p[2];
	long total = 0;
	ssize_t n;

	memset(buf, 'c', sizeof(buf));
	must(pipe2(p, O_NONBLOCK));
	while ((n = write(p[1], buf, sizeof(buf))) > 0)
		total += n;
	is_errno(n, EAGAIN, "full pipe: EAGAIN");
	ok(total >= PIPE_BUF, "capacity %ld >= PIPE_BUF", total);
	close(p[0]);
	close(p[1]);
}

static unsigned char pattern(long i)
{
	return (unsigned char)(i * 7 + (i >> 11));
}

/* 1 MiB through a pipe in odd-sized chunks: many blocks and wake-ups. */
static void test_transfer(void)
{
	enum { TOTAL = 1 << 20 };
	unsigned char buf[3001];
	long got = 0, bad = 0, i;
	int p[2];
	ssize_t n;
	pid_t pid;

	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		long sent = 0;
		close(p[0]);
		while (sent < TOTAL) {
			long len = TOTAL - sent < 1777 ? TOTAL - sent : 1777;
			for (i = 0; i < len; i++)
				buf[i] = pattern(sent + i);
			n = write(p[1], buf, len);
			if (n <= 0)
				_exit(1);
			sent += n;
		}
		_exit(0);
	}
	close(p[1]);
	while ((n = read(p[0], buf, sizeof(buf))) > 0) {
		for (i = 0; i < n; i++)
			bad += buf[i] != pattern(got + i);
		got += n;
	}
	is(n, 0, "transfer ends with EOF");
	/* Before the wait: a writer still blocked on a full pipe (the read
	 * failed) gets EPIPE and exits instead of waiting for us forever. */
	close(p[0]);
	is(got, TOTAL, "all bytes arrive");
	is(bad, 0, "no byte corrupted or reordered");
	is_exit(wait_for(pid), 0, "writer exit status");
}

static void test_poll_select(void)
{
	struct pollfd pfd[2];
	struct timeval tv = { 0, 0 };
	fd_set rd, wr;
	int p[2];

	must(pipe(p));
	pfd[0].fd = p[0];
	pfd[0].events = POLLIN;
	pfd[1].fd = p[1];
	pfd[1].events = POLLOUT;
	is(poll(pfd, 2, 0), 1, "empty pipe: only the write end is ready");
	ok(pfd[0].revents == 0 && (pfd[1].revents & POLLOUT), "revents: none / POLLOUT");
	must(write(p[1], "z", 1));
	is(poll(pfd, 1, 0), 1, "after a write the read end polls ready");
	ok(pfd[0].revents & POLLIN, "POLLIN");

	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(p[0], &rd);
	FD_SET(p[1], &wr);
	is(select(p[0] > p[1] ? p[0] + 1 : p[1] + 1, &rd, &wr, NULL, &tv), 2,
	   "select: both ready");
	ok(FD_ISSET(p[0], &rd) && FD_ISSET(p[1], &wr), "select sets both bits");

	close(p[1]);
	pfd[0].revents = 0;
	poll(pfd, 1, 0);
	ok(pfd[0].revents & POLLHUP, "writer closed: POLLHUP on the read end");
	close(p[0]);
}

/* A timeout of INT_MAX ms (24 days) waits for the data, like any long
 * one: it must not overflow into no wait at all. */
static void test_poll_long_timeout(void)
{
	struct pollfd pfd;
	pid_t parent = getpid(), pid;
	int p[2];

	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		wait_sleeping(parent);
		_exit(write(p[1], "x", 1) == 1 ? 0 : 1);
	}
	/* The child's end is the only writer: should its write fail, its
	 * exit hangs the pipe up rather than leave the poll waiting. */
	close(p[1]);
	pfd.fd = p[0];
	pfd.events = POLLIN;
	pfd.revents = 0;
	is(poll(&pfd, 1, INT_MAX), 1, "poll with an INT_MAX ms timeout waits for the data");
	ok(pfd.revents & POLLIN, "and it is POLLIN");
	is_exit(wait_for(pid), 0, "the writer wrote once the poller slept");
	close(p[0]);
}

/* EFAULT takes nothing out of the pipe: Linux copies as it consumes. */
static void test_read_efault(void)
{
	char buf[8] = { 0 };
	char *none;
	int p[2];

	must(pipe2(p, O_NONBLOCK));	/* bytes lost: EAGAIN, not a hang */
	none = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (none == MAP_FAILED || mprotect(none + 4096, 4096, PROT_NONE))
		must(-1);
	none += 4096;	/* writable below, PROT_NONE from here */
	is_errno(read(p[0], (void *)1, 3), EAGAIN,
		 "empty non-blocking pipe, bad buffer: EAGAIN first");
	is(write(p[1], "abc", 3), 3, "write abc");
	is_errno(read(p[0], (void *)1, 3), EFAULT, "read into address 1: EFAULT");
	is_errno(read(p[0], none, 3), EFAULT, "read into a PROT_NONE page: EFAULT");
	is(read(p[0], buf, sizeof(buf)), 3, "the bytes are still in the pipe");
	ok(memcmp(buf, "abc", 3) == 0, "and read back in order");
	is(write(p[1], "def", 3), 3, "write def");
	is(read(p[0], none - 3, 64), 3,
	   "read ending in a PROT_NONE page: the 3 bytes that fit before it");
	ok(memcmp(none - 3, "def", 3) == 0, "and they are the right ones");
	munmap(none - 4096, 8192);
	close(p[1]);
	is(read(p[0], (void *)1, 3), 0, "at end of file, bad buffer: 0");
	close(p[0]);
}

int main(void)
{
	test_basic();
	test_eof_needs_all_writers();
	test_sigpipe();
	test_pipe2_flags();
	test_capacity();
	test_transfer();
	test_poll_select();
	test_poll_long_timeout();
	test_read_efault();
	return done_testing();
}
