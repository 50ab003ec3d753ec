/*
 * rlimit_nofile.c - RLIMIT_NOFILE: how many descriptors a process may use.
 *
 * Every descriptor is below the soft limit: with it at 16, dup takes
 * the free slots up to 15 and then fails with EMFILE; dup2 to 16 is
 * EBADF, F_DUPFD from 16 EINVAL and from a full range EMFILE; pipe with
 * one slot left is EMFILE and takes nothing; poll of more descriptors
 * than the limit is EINVAL.  Lowering the limit leaves descriptors above
 * it open and usable.  Raised to the hard limit (4096 by default, as
 * Linux boots), descriptors in the thousands work, and root may raise
 * the hard limit too.
 */
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include "tests/tap.h"

static int set_nofile(rlim_t cur, rlim_t max)
{
	struct rlimit rl = { cur, max };

	return setrlimit(RLIMIT_NOFILE, &rl);
}

/* dup(0) until it fails; the last descriptor it gave, or -1. */
static int fill(int *err)
{
	int fd, last = -1;

	while ((fd = dup(0)) >= 0)
		last = fd;
	*err = errno;
	return last;
}

static void at_sixteen(void)
{
	struct pollfd pfd[17];
	int last, err, p[2], i;

	ok_sys(set_nofile(16, 4096), "soft limit 16");
	last = fill(&err);
	is(last, 15, "dup fills the table up to 15");
	is(err, EMFILE, "and then fails with EMFILE");
	is_errno(dup2(0, 16), EBADF, "dup2 to the limit: EBADF");
	is_errno(fcntl(0, F_DUPFD, 16), EINVAL,
		 "F_DUPFD from the limit: EINVAL");
	is_errno(fcntl(0, F_DUPFD, 10), EMFILE, "F_DUPFD with no room: EMFILE");
	close(15);
	is(dup2(0, 15), 15, "dup2 to a descriptor below it");
	close(15);
	is_errno(pipe(p), EMFILE, "pipe with one slot left: EMFILE");
	is(dup(0), 15, "and the slot is still free");
	for (i = 0; i < 17; i++) {
		pfd[i].fd = -1;
		pfd[i].events = POLLIN;
	}
	is_errno(poll(pfd, 17, 0), EINVAL, "poll of 17 descriptors: EINVAL");
	is(poll(pfd, 16, 0), 0, "poll of 16 is allowed");
	for (i = 3; i <= 15; i++)
		close(i);
}

static void lowered_under_open(void)
{
	int fd = must(open("/dev/null", O_RDWR));
	int high = must(dup2(fd, 12));

	ok_sys(set_nofile(8, 4096), "soft limit lowered to 8 under fd 12");
	is(write(high, "x", 1), 1, "fd 12 still writes");
	is_errno(dup2(fd, 12), EBADF, "but dup2 to it is EBADF now");
	ok_sys(close(high), "and it closes");
	close(fd);
}

static void raised(void)
{
	struct rlimit rl;

	ok_sys(getrlimit(RLIMIT_NOFILE, &rl), "getrlimit");
	is((long)rl.rlim_max, 4096, "the hard limit is 4096");
	ok_sys(set_nofile(4096, 4096), "soft limit raised to the hard one");
	is(dup2(0, 3000), 3000, "dup2 to 3000");
	ok(fcntl(0, F_DUPFD, 2500) >= 2500, "F_DUPFD from 2500");
	ok(access("/proc/self/fd/3000", F_OK) == 0,
	   "/proc/self/fd/3000 exists");
	close(3000);
	ok_sys(set_nofile(5000, 5000), "root raises the hard limit to 5000");
	is(dup2(0, 4500), 4500, "dup2 to 4500");
	close(4500);
}

int main(void)
{
	struct rlimit rl;

	ok_sys(getrlimit(RLIMIT_NOFILE, &rl), "getrlimit(RLIMIT_NOFILE)");
	is((long)rl.rlim_cur, 1024, "soft limit 1024 by default");
	is((long)rl.rlim_max, 4096, "hard limit 4096 by default");
	at_sixteen();
	lowered_under_open();
	raised();
	return done_testing();
}
