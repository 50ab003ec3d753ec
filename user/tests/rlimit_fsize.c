/*
 * rlimit_fsize.c - RLIMIT_FSIZE: no file grows past the writer's limit.
 *
 * With the limit at 10000 bytes, on a tmpfs file: a write that crosses
 * it is cut short there; a write at or past it is EFBIG and sends SIGXFSZ
 * (caught and counted here); growing the file past it with ftruncate or
 * fallocate (even KEEP_SIZE, as tmpfs) is EFBIG and SIGXFSZ too, while
 * truncating to the limit or below works; copy_file_range to an offset
 * past it is EFBIG.  A pipe is not a file and takes no notice.  Then a
 * child that leaves SIGXFSZ at its default dies of it.
 */
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define PATH "/tmp/rlimit_fsize.test"
#define LIMIT 10000
#define KEEP_SIZE 0x01

static volatile sig_atomic_t xfsz;

static void on_xfsz(int sig)
{
	(void)sig;
	xfsz++;
}

static long fa(int fd, int mode, long long off, long long len)
{
	return syscall(SYS_fallocate, fd, mode, (unsigned int)off,
		       (unsigned int)(off >> 32), (unsigned int)len,
		       (unsigned int)(len >> 32));
}

static int set_fsize(long bytes)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_FSIZE, &rl) != 0)
		return -1;
	rl.rlim_cur = bytes;
	return setrlimit(RLIMIT_FSIZE, &rl);
}

/* Did the last call raise exactly one more SIGXFSZ? */
static int one_more(int *seen)
{
	int more = xfsz - *seen;

	*seen = xfsz;
	return more == 1;
}

static void file_limits(int fd)
{
	static char buf[8192];
	int seen = 0;
	loff_t off;
	long r;

	is(pwrite(fd, buf, 8192, 0), 8192, "a write under the limit");
	is(pwrite(fd, buf, 4096, 8192), LIMIT - 8192,
	   "a write across it is cut at the limit");
	ok(xfsz == 0, "and sends no signal");
	is_errno(pwrite(fd, buf, 1, LIMIT), EFBIG,
		 "a write at the limit: EFBIG");
	ok(one_more(&seen), "and SIGXFSZ");
	is_errno(pwrite(fd, buf, 1, 20000), EFBIG, "a write past it: EFBIG");
	ok(one_more(&seen), "and SIGXFSZ");
	is_errno(ftruncate(fd, LIMIT + 1), EFBIG, "ftruncate past it: EFBIG");
	ok(one_more(&seen), "and SIGXFSZ");
	ok_sys(ftruncate(fd, LIMIT), "ftruncate to the limit");
	ok_sys(ftruncate(fd, 100), "ftruncate down");
	is_errno(fa(fd, 0, 0, LIMIT + 1), EFBIG, "fallocate past it: EFBIG");
	ok(one_more(&seen), "and SIGXFSZ");
	is_errno(fa(fd, KEEP_SIZE, 0, LIMIT + 1), EFBIG,
		 "fallocate KEEP_SIZE past it: EFBIG");
	ok(one_more(&seen), "and SIGXFSZ");
	ok_sys(fa(fd, 0, 0, LIMIT), "fallocate to the limit");
	off = LIMIT;
	r = syscall(SYS_copy_file_range, fd, NULL, fd, &off, 10, 0);
	is_errno(r, EFBIG, "copy_file_range to the limit: EFBIG");
	ok(one_more(&seen), "and SIGXFSZ");
}

static void pipe_ignores_it(void)
{
	static char buf[LIMIT + 4096];
	int p[2];

	must(pipe(p));
	is(write(p[1], buf, sizeof(buf)), (long)sizeof(buf),
	   "a pipe takes more than the limit");
	close(p[0]);
	close(p[1]);
}

static int default_action_child(void)
{
	pid_t pid = must(fork());
	int fd;

	if (pid == 0) {
		signal(SIGXFSZ, SIG_DFL);
		fd = open(PATH, O_WRONLY);
		if (fd < 0 || set_fsize(100) != 0)
			_exit(3);
		pwrite(fd, "x", 1, 200);
		_exit(0);
	}
	return wait_for(pid);
}

int main(void)
{
	int fd;

	signal(SIGXFSZ, on_xfsz);
	fd = must(open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0600));
	if (!ok(set_fsize(LIMIT) == 0, "RLIMIT_FSIZE set to %d", LIMIT))
		return done_testing();
	file_limits(fd);
	pipe_ignores_it();
	is_signal(
		default_action_child(), SIGXFSZ,
		"a write past it kills a process that does not catch SIGXFSZ");
	close(fd);
	unlink(PATH);
	return done_testing();
}
