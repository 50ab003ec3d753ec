/*
 * dup.c - dup, dup2, dup3 and fcntl.
 *
 * dup takes the lowest free fd and shares the offset and status flags,
 * dup2 replaces an open target, dup3 flags, F_DUPFD/F_DUPFD_CLOEXEC
 * minimums, F_GETFD/F_SETFD, F_GETFL/F_SETFL with O_NONBLOCK, EBADF and
 * EINVAL cases, and the RLIMIT_NOFILE bound.
 */
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static void test_dup(void)
{
	char buf[8];
	int fd = open("dup-f", O_RDWR | O_CREAT | O_TRUNC, 0644);
	int d, low;

	write(fd, "abcdef", 6);
	low = dup(0);
	close(low);
	d = dup(fd);
	is(d, low, "dup takes the lowest free fd");
	lseek(fd, 1, SEEK_SET);
	is(lseek(d, 0, SEEK_CUR), 1, "dup shares the offset");
	is(read(d, buf, 2), 2, "read through the dup");
	is(lseek(fd, 0, SEEK_CUR), 3, "moves the original's offset");
	fcntl(fd, F_SETFL, O_APPEND);
	ok(fcntl(d, F_GETFL) & O_APPEND, "dup shares the status flags");
	is(fcntl(d, F_GETFD), 0, "dup clears FD_CLOEXEC");
	close(fd);
	is(pread(d, buf, 3, 0), 3, "dup works after the original is closed");
	close(d);
	unlink("dup-f");
}

static void test_dup2_dup3(void)
{
	int p[2], q[2];
	char c;

	must(pipe(p));
	must(pipe(q));
	is(dup2(p[0], q[0]), q[0], "dup2 onto an open fd");
	must(write(p[1], "x", 1));
	ok(read(q[0], &c, 1) == 1 && c == 'x', "target now reads the first pipe");
	close(q[1]);
	is(dup2(p[0], p[0]), p[0], "dup2 onto itself returns it");
	is_errno(dup2(1000000, 5), EBADF, "dup2 of a bad fd: EBADF");
	is_errno(dup3(p[0], p[0], 0), EINVAL, "dup3 onto itself: EINVAL");
	/* Raw: musl emulates dup3 without O_CLOEXEC by dup2. */
	is_errno(syscall(SYS_dup3, p[0], q[0], 0x1234), EINVAL, "dup3 bad flags: EINVAL");
	is(dup3(p[0], q[0], O_CLOEXEC), q[0], "dup3 O_CLOEXEC");
	is(fcntl(q[0], F_GETFD), FD_CLOEXEC, "target has FD_CLOEXEC");
	close(q[0]);
	close(p[0]);
	close(p[1]);
}

static void test_fcntl(void)
{
	struct rlimit rl;
	int p[2], d;
	char c;

	must(pipe(p));
	d = fcntl(p[0], F_DUPFD, 20);
	ok(d >= 20, "F_DUPFD honours the minimum (%d)", d);
	close(d);
	d = fcntl(p[0], F_DUPFD_CLOEXEC, 30);
	ok(d >= 30 && fcntl(d, F_GETFD) == FD_CLOEXEC, "F_DUPFD_CLOEXEC");
	close(d);
	ok_sys(fcntl(p[0], F_SETFD, FD_CLOEXEC), "F_SETFD");
	is(fcntl(p[0], F_GETFD), FD_CLOEXEC, "F_GETFD reads it back");
	fcntl(p[0], F_SETFD, 0);
	is(fcntl(p[0], F_GETFD), 0, "and clears it");
	is(fcntl(p[0], F_GETFL) & O_ACCMODE, O_RDONLY, "read end is O_RDONLY");
	is(fcntl(p[1], F_GETFL) & O_ACCMODE, O_WRONLY, "write end is O_WRONLY");
	must(fcntl(p[0], F_SETFL, O_NONBLOCK));
	ok(fcntl(p[0], F_GETFL) & O_NONBLOCK, "F_GETFL shows it");
	is_errno(read(p[0], &c, 1), EAGAIN, "empty non-blocking read: EAGAIN");
	is_errno(fcntl(1000000, F_GETFD), EBADF, "fcntl on a bad fd: EBADF");
	close(p[1]);
	close(p[0]);
	is_errno(close(p[0]), EBADF, "close twice: EBADF");

	ok_sys(getrlimit(RLIMIT_NOFILE, &rl), "getrlimit RLIMIT_NOFILE");
	ok(rl.rlim_cur > 3 && rl.rlim_cur <= rl.rlim_max, "soft limit within hard");
	is_errno(dup2(0, rl.rlim_cur), EBADF, "dup2 to fd >= RLIMIT_NOFILE: EBADF");
	is_errno(fcntl(0, F_DUPFD, rl.rlim_cur), EINVAL, "F_DUPFD from the limit: EINVAL");
}

int main(void)
{
	test_dup();
	test_dup2_dup3();
	test_fcntl();
	return done_testing();
}
