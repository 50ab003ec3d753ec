/*
 * pipe_size.c - F_GETPIPE_SZ and F_SETPIPE_SZ (fcntl 1032, 1031): a pipe
 * holds 64 KiB at first; a new size is rounded up to a power of two pages
 * and is what a writer really gets (O_NONBLOCK: EAGAIN when full); EBUSY
 * when shrinking below the data held; EINVAL past 2 GiB; EBADF for a file
 * that is not a pipe.  /proc/sys/fs/pipe-max-size is 1048576.
 */
#include "tap.h"

#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#define F_GETPIPE_SZ 1032
#endif

static char out[16384], in[16384];

static void check_read(int fd, int off, int n, const char *what)
{
	is(read(fd, in, n), n, "%s: read %d bytes", what, n);
	ok(!memcmp(in, out + off, n), "%s: the bytes written, in order", what);
}

/* Fill to the new capacity, meet EAGAIN, grow, shrink. */
static void capacity(int p[2])
{
	is(fcntl(p[1], F_SETPIPE_SZ, 4096), 4096, "set 4096: 4096");
	is(write(p[1], out, 4096), 4096, "4096 bytes fit");
	is_errno(write(p[1], out, 1), EAGAIN, "one more: EAGAIN");
	is(fcntl(p[0], F_SETPIPE_SZ, 8192), 8192,
	   "grow to 8192 with data held, through the read end");
	is(write(p[1], out + 4096, 8192), 4096, "4096 more fit, no more");
	is_errno(write(p[1], out, 1), EAGAIN, "then EAGAIN");
	is_errno(fcntl(p[1], F_SETPIPE_SZ, 4096), EBUSY,
		 "shrink below the data held: EBUSY");
	is(fcntl(p[1], F_GETPIPE_SZ), 8192, "the size stays 8192");
	check_read(p[0], 0, 8192, "after the grow");
	is(fcntl(p[1], F_SETPIPE_SZ, 4096), 4096, "empty, it shrinks");
}

/* Data that goes round the end of the ring comes back in order. */
static void wrap(int p[2])
{
	is(fcntl(p[1], F_SETPIPE_SZ, 8192), 8192, "set 8192");
	is(write(p[1], out, 6000), 6000, "write 6000");
	check_read(p[0], 0, 5000, "the first 5000");
	is(write(p[1], out + 6000, 3000), 3000, "write 3000 round the end");
	check_read(p[0], 5000, 4000, "the rest");
}

/* Past pipe-max-size only root may grow a pipe (CAP_SYS_RESOURCE);
 * within it, anybody. */
static void unprivileged_grow(int p[2])
{
	pid_t pid = fork();

	if (pid == 0) {
		if (setuid(65534) != 0)
			_exit(2);
		if (fcntl(p[1], F_SETPIPE_SZ, 2 << 20) != -1 || errno != EPERM)
			_exit(3);
		if (fcntl(p[1], F_SETPIPE_SZ, 1 << 20) != 1 << 20)
			_exit(4);
		_exit(0);
	}
	is_exit(wait_for(pid), 0,
		"as nobody: 2 MiB is EPERM, 1 MiB (the maximum) is allowed");
}

int main(void)
{
	int p[2], fd, i;
	char buf[32] = "";

	for (i = 0; i < (int)sizeof(out); i++)
		out[i] = (char)(i * 7 + i / 251);
	must(pipe2(p, O_NONBLOCK));
	is(fcntl(p[0], F_GETPIPE_SZ), 65536, "a new pipe: 65536");
	is(fcntl(p[1], F_SETPIPE_SZ, 5000), 8192, "5000 rounds to 8192");
	is(fcntl(p[0], F_GETPIPE_SZ), 8192, "both ends see it");
	is(fcntl(p[1], F_SETPIPE_SZ, 0), 4096, "0 rounds to a page");
	is(fcntl(p[1], F_SETPIPE_SZ, 1 << 20), 1 << 20,
	   "1 MiB, pipe-max-size: 1 MiB");
	is_errno(fcntl(p[1], F_SETPIPE_SZ, 0x80000001U), EINVAL,
		 "past 2 GiB: EINVAL");
	unprivileged_grow(p);
	capacity(p);
	wrap(p);
	close(p[0]);
	close(p[1]);
	fd = must(open("/proc/sys/fs/pipe-max-size", O_RDONLY));
	is(read(fd, buf, sizeof(buf) - 1), 8, "pipe-max-size reads 8 bytes");
	ok(!strcmp(buf, "1048576\n"), "pipe-max-size: 1048576");
	close(fd);
	fd = must(open("/proc/self/status", O_RDONLY));
	is_errno(fcntl(fd, F_GETPIPE_SZ), EBADF, "a file: EBADF");
	close(fd);
	return done_testing();
}
