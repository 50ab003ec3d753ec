/*
 * close_range.c - close_range (436): closes the descriptors of a range
 * (flags 0), or marks them close-on-exec (CLOSE_RANGE_CLOEXEC);
 * CLOSE_RANGE_UNSHARE first gives a task sharing its table (CLONE_FILES)
 * one of its own.  EINVAL for first > last or an unknown flag.  A range
 * past the table's end is clipped; closed descriptors in it are skipped.
 */
#include "tap.h"
#include <signal.h>
#include <sys/syscall.h>

#define CLOSE_RANGE_UNSHARE 2
#define CLOSE_RANGE_CLOEXEC 4

static long cr(unsigned int first, unsigned int last, unsigned int flags)
{
	return syscall(SYS_close_range, first, last, flags);
}

static int is_open(int fd)
{
	return fcntl(fd, F_GETFD) >= 0;
}

static char stack[16384];
static int shared_fd;

/* A CLONE_FILES child: unshares, then closes its copy of shared_fd. */
static int child(void *arg)
{
	(void)arg;
	if (cr(shared_fd, shared_fd, CLOSE_RANGE_UNSHARE))
		return 1;
	return is_open(shared_fd) ? 2 : 0;
}

static void unshare_case(void)
{
	int status = -1;
	pid_t pid;

	shared_fd = must(dup(0));
	pid = must(clone(child, stack + sizeof(stack), CLONE_FILES | SIGCHLD,
			 NULL));
	must(waitpid(pid, &status, 0));
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "CLONE_RANGE_UNSHARE: the child closed its own copy (status %#x)",
	   status);
	ok(is_open(shared_fd), "the parent's descriptor stays open");
	close(shared_fd);
}

int main(void)
{
	int a = must(dup(0)), b = must(dup(0)), c = must(dup(0));

	is_errno(cr(5, 4, 0), EINVAL, "first > last: EINVAL");
	is_errno(cr(a, c, 1), EINVAL, "flag 1: EINVAL");
	is_errno(cr(a, c, 8), EINVAL, "flag 8: EINVAL");
	is(cr(a, c, CLOSE_RANGE_CLOEXEC), 0, "CLOSE_RANGE_CLOEXEC: 0");
	is(fcntl(a, F_GETFD), FD_CLOEXEC, "the first is close-on-exec");
	is(fcntl(c, F_GETFD), FD_CLOEXEC, "the last is close-on-exec");
	ok(is_open(0) && fcntl(0, F_GETFD) == 0, "fd 0 is left alone");
	close(b);
	is(cr(a, ~0U, 0), 0, "closing up to ~0U, with a hole: 0");
	ok(!is_open(a) && !is_open(c), "the range is closed");
	ok(is_open(0), "below the range stays open");
	is(cr(a, a, 0), 0, "a range of closed descriptors: 0");
	unshare_case();
	return done_testing();
}
