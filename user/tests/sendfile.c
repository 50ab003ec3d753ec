/*
 * sendfile.c - sendfile (187) and sendfile64 (239), called raw: file to
 * file with and without an offset, file to pipe, devices and pipes as the
 * input, the end of the file, and the errors in the order Linux checks
 * them.
 */
#include "tap.h"
#include <sys/stat.h>
#include <sys/syscall.h>

#define IN "/tmp/sendfile.in"
#define OUT "/tmp/sendfile.out"
#define SIZE 10000	/* more than two pages: the copy goes round */

static char data[SIZE], back[SIZE];

static long sendfile32(int out, int in, long *off, unsigned long n)
{
	return syscall(SYS_sendfile, out, in, off, n);
}

static long sendfile64(int out, int in, long long *off, unsigned long n)
{
	return syscall(SYS_sendfile64, out, in, off, n);
}

static void fill(void)
{
	int i, fd;

	for (i = 0; i < SIZE; i++)
		data[i] = (char)('a' + i % 26 + i / 997);
	fd = must(open(IN, O_RDWR | O_CREAT | O_TRUNC, 0644));
	is(write(fd, data, SIZE), SIZE, "the input file is written");
	close(fd);
}

static int same_as(const char *path, long off, long n)
{
	int fd = must(open(path, O_RDONLY));
	long got = read(fd, back, SIZE);

	close(fd);
	return got == n && memcmp(back, data + off, n) == 0;
}

static void file_to_file(void)
{
	int in = must(open(IN, O_RDONLY));
	int out = must(open(OUT, O_WRONLY | O_CREAT | O_TRUNC, 0644));
	long off = 100;
	long long off64 = 0;

	is(sendfile32(out, in, &off, 5000), 5000, "sendfile from an offset: 5000");
	is(off, 5100, "the offset comes back advanced");
	is(lseek(in, 0, SEEK_CUR), 0, "the input's position stays");
	ok(same_as(OUT, 100, 5000), "the output holds bytes 100..5099");
	must(ftruncate(out, 0));
	must(lseek(out, 0, SEEK_SET));
	is(sendfile32(out, in, NULL, SIZE + 500), SIZE,
	   "without an offset, up to the end of the file: %d", SIZE);
	is(lseek(in, 0, SEEK_CUR), SIZE, "the input's position moved");
	is(sendfile32(out, in, NULL, 10), 0, "at the end of the file: 0");
	ok(same_as(OUT, 0, SIZE), "the output is the whole input");
	off64 = SIZE - 10;
	must(lseek(out, 0, SEEK_SET));
	is(sendfile64(out, in, &off64, 100), 10, "sendfile64: the last 10 bytes");
	is(off64, SIZE, "its offset comes back advanced");
	is(sendfile64(out, in, &off64, 0), 0, "a count of 0: 0");
	close(in);
	close(out);
}

static void file_to_pipe(void)
{
	int in = must(open(IN, O_RDONLY)), p[2];
	char buf[64];

	must(pipe(p));
	is(sendfile32(p[1], in, NULL, 64), 64, "file to a pipe: 64 bytes");
	/* No writer left: should the sendfile have moved nothing (under
	 * fault injection), the read ends instead of waiting forever. */
	close(p[1]);
	is(read(p[0], buf, sizeof(buf)), 64, "the pipe holds them");
	ok(memcmp(buf, data, 64) == 0, "in order");
	close(p[0]);
	close(in);
}

static void errors(void)
{
	int in = must(open(IN, O_RDONLY)), p[2];
	int wronly = must(open(IN, O_WRONLY));
	int out = must(open(OUT, O_WRONLY));
	int append = must(open(OUT, O_WRONLY | O_APPEND));
	long off = -1;

	must(pipe(p));
	is_errno(sendfile32(out, 999, NULL, 1), EBADF, "a closed input: EBADF");
	is_errno(sendfile32(out, wronly, NULL, 1), EBADF,
		 "a write-only input: EBADF");
	is_errno(sendfile32(999, in, NULL, 1), EBADF, "a closed output: EBADF");
	is_errno(sendfile32(in, in, NULL, 1), EBADF, "a read-only output: EBADF");
	is_errno(sendfile32(out, p[0], &off, 1), ESPIPE,
		 "an offset on a pipe input: ESPIPE");
	is_errno(sendfile32(out, in, &off, 1), EINVAL, "a negative offset: EINVAL");
	is_errno(sendfile32(append, in, NULL, 1), EINVAL,
		 "an O_APPEND output: EINVAL");
	is_errno(sendfile32(out, in, (long *)16, 1), EFAULT,
		 "an offset pointer to nowhere: EFAULT");
	is_errno(sendfile64(out, in, (long long *)16, 1), EFAULT,
		 "sendfile64 with an offset pointer to nowhere: EFAULT");
	close(p[0]);
	close(p[1]);
	close(append);
	close(out);
	close(wronly);
	close(in);
}

/*
 * Linux 6.1 sends from what it can splice from: a random device, read to
 * the count as read(2) reads it; not /dev/zero, /dev/null, /dev/full or a
 * pipe (EINVAL), unless nothing is asked for.
 */
static void device_to_file(void)
{
	static const char *const refused[] = {
		"/dev/zero", "/dev/null", "/dev/full",
	};
	int out = open(OUT, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int urandom = open("/dev/urandom", O_RDONLY);
	struct stat st;
	char left[8];
	unsigned int i;
	int p[2];

	if (!ok_sys(out, "open the output") ||
	    !ok_sys(urandom, "open /dev/urandom") || !ok_sys(pipe(p), "pipe"))
		return;
	is(sendfile32(out, urandom, NULL, 100000), 100000,
	   "/dev/urandom to a file: all 100000 bytes in one call");
	ok(fstat(out, &st) == 0 && st.st_size == 100000,
	   "the file is 100000 bytes long");
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int fd = open(refused[i], O_RDONLY);

		is_errno(sendfile32(out, fd, NULL, 100), EINVAL,
			 "from %s: EINVAL", refused[i]);
		is(sendfile32(out, fd, NULL, 0), 0,
		   "from %s, nothing asked: 0", refused[i]);
		close(fd);
	}
	is(write(p[1], "abc", 3), 3, "three bytes into a pipe");
	is_errno(sendfile32(out, p[0], NULL, 100), EINVAL,
		 "from a pipe: EINVAL");
	is(read(p[0], left, sizeof(left)), 3, "the pipe still holds them");
	close(p[0]);
	close(p[1]);
	close(urandom);
	close(out);
}

int main(void)
{
	fill();
	file_to_file();
	file_to_pipe();
	device_to_file();
	errors();
	unlink(IN);
	unlink(OUT);
	return done_testing();
}
