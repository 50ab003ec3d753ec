/*
 * memdev.c - /dev/null, /dev/zero and /dev/full: their numbers, and reads
 * as long as asked.
 *
 * A device that never blocks gives all that one read asks for, however
 * large, as Linux's does: 256 KiB of zeros in one call, not a page.  The
 * read stops short only where the buffer does (the bytes before the first
 * page that cannot be written) or when a signal comes: a child reading
 * 1 MiB at a time, with its parent on the same CPU sending it signals,
 * must see a read cut short at a page boundary.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include "tests/tap.h"

#define BIG (256 * 1024)
#define SIGNALLED_READ (1024 * 1024)
#define TRIES 2000

/* The number of bytes of p[0..n) that are not c. */
static size_t not_all(const unsigned char *p, size_t n, unsigned char c)
{
	size_t i, bad = 0;

	for (i = 0; i < n; i++)
		bad += p[i] != c;
	return bad;
}

static void test_node(const char *path, unsigned int minor)
{
	struct stat st;

	if (!ok_sys(stat(path, &st), "stat %s", path))
		return;
	ok(S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
		   minor(st.st_rdev) == minor,
	   "%s is character device 1,%u", path, minor);
	is(st.st_mode & 0777, 0666, "%s is mode 0666", path);
}

/* path reads as zeros, BIG bytes in one call, and readv fills two
 * buffers in one call too. */
static void test_zeros(const char *path)
{
	static unsigned char buf[BIG + 4096];
	struct iovec iov[2] = {
		{ buf, 5000 }, { buf + 5000, 200000 },
	};
	int fd = open(path, O_RDONLY);

	if (!ok_sys(fd, "open %s", path))
		return;
	memset(buf, 0xff, sizeof(buf));
	is(read(fd, buf, BIG), BIG, "%s: a 256 KiB read is whole", path);
	is(not_all(buf, BIG, 0), 0, "%s: every byte is zero", path);
	is(not_all(buf + BIG, 4096, 0xff), 0,
	   "%s: no byte past the count is written", path);
	memset(buf, 0xff, sizeof(buf));
	is(readv(fd, iov, 2), 205000, "%s: readv fills both buffers", path);
	is(not_all(buf, 205000, 0), 0, "%s: with zeros", path);
	is(read(fd, buf, 0), 0, "%s: a read of nothing is 0", path);
	is_errno(read(fd, (void *)4, 100), EFAULT, "%s: a bad buffer: EFAULT",
		 path);
	close(fd);
}

/* The third of four pages cannot be written: the read gives the two
 * before it. */
static void test_short_buffer(void)
{
	unsigned char *p = (unsigned char *)must(mmap(
		NULL, 4 * 4096, PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	int fd = must(open("/dev/zero", O_RDONLY));

	must(mprotect(p + 2 * 4096, 4096, PROT_READ));
	memset(p, 0xff, 2 * 4096);
	is(read(fd, p, 4 * 4096), 2 * 4096,
	   "/dev/zero into a buffer read-only from its third page: two pages");
	is(not_all(p, 2 * 4096, 0), 0, "those two pages are zeros");
	close(fd);
	munmap(p, 4 * 4096);
}

static void test_null_and_full(void)
{
	static char buf[BIG];
	int null = must(open("/dev/null", O_RDWR));
	int full = must(open("/dev/full", O_RDWR));

	is(read(null, buf, sizeof(buf)), 0, "/dev/null reads end of file");
	is(write(null, buf, sizeof(buf)), BIG,
	   "/dev/null takes a 256 KiB write whole");
	is_errno(write(full, buf, 1), ENOSPC, "/dev/full: a write is ENOSPC");
	close(null);
	close(full);
}

static volatile sig_atomic_t signals;

static void count_signal(int sig)
{
	(void)sig;
	signals++;
}

/* The child: read 1 MiB from /dev/zero until a read comes back short;
 * exit 0 when one did and was cut at a page, 1 when none did, 2 for a
 * read that went wrong. */
static void read_until_cut(void)
{
	unsigned char *buf = (unsigned char *)mmap(
		NULL, SIGNALLED_READ, PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd = open("/dev/zero", O_RDONLY), i;

	if (buf == MAP_FAILED || fd < 0)
		_exit(2);
	for (i = 0; i < TRIES; i++) {
		ssize_t r = read(fd, buf, SIGNALLED_READ);

		if (r == SIGNALLED_READ || (r < 0 && errno == EINTR))
			continue;
		_exit(r > 0 && r % 4096 == 0 ? 0 : 2);
	}
	_exit(1);
}

static void test_signal_cuts_read(void)
{
	struct sigaction sa;
	pid_t child;
	int status;

	/* One CPU for both: the parent runs while the child is preempted,
	 * which is mostly in the middle of a read. */
	if (pin_to_cpu(0)) {
		skip("a signal cuts a long read short", "cannot pin to CPU 0");
		return;
	}
	/* The child inherits the handler, so no signal finds it without. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = count_signal;	/* no SA_RESTART */
	must(sigaction(SIGUSR1, &sa, NULL));
	child = must(fork());
	if (child == 0)
		read_until_cut();
	while (waitpid(child, &status, WNOHANG) == 0) {
		kill(child, SIGUSR1);
		sched_yield();
	}
	is_exit(status, 0,
		"a signal cuts a 1 MiB read of /dev/zero short, at a page");
}

int main(void)
{
	test_node("/dev/null", 3);
	test_node("/dev/zero", 5);
	test_node("/dev/full", 7);
	test_zeros("/dev/zero");
	test_zeros("/dev/full");
	test_short_buffer();
	test_null_and_full();
	test_signal_cuts_read();
	return done_testing();
}
