/*
 * copy_file_range.c - copy_file_range (377), called raw: between two
 * files with offsets and with file positions, within one file, the end
 * of the input, and Linux 6.1's errors (EBADF, EINVAL for flags, a pipe
 * or an overlap, EISDIR, EXDEV across file systems, EFAULT, EOVERFLOW, EFBIG).
 */
#include "tap.h"
#include <stdint.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#define NR_copy_file_range 377
#define IN "/tmp/cfr.in"
#define OUT "/tmp/cfr.out"
#define MNT "/tmp/cfr.mnt"
#define SIZE 10000	/* more than two pages: the copy goes round */

static char data[SIZE], back[SIZE];

static long cfr(int in, long long *off_in, int out, long long *off_out,
		size_t len, unsigned int flags)
{
	return syscall(NR_copy_file_range, in, off_in, out, off_out, len,
		       flags);
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

static int holds(int fd, long long at, const char *want, long n)
{
	return pread(fd, back, n, at) == n && memcmp(back, want, n) == 0;
}

static void with_offsets(void)
{
	int in = must(open(IN, O_RDONLY));
	int out = must(open(OUT, O_RDWR | O_CREAT | O_TRUNC, 0644));
	long long oi = 100, oo = 50;

	is(cfr(in, &oi, out, &oo, 5000, 0), 5000,
	   "5000 bytes from offset 100 to offset 50");
	is(oi, 5100, "the input offset comes back advanced");
	is(oo, 5050, "the output offset comes back advanced");
	is(lseek(in, 0, SEEK_CUR), 0, "the input's position stays");
	is(lseek(out, 0, SEEK_CUR), 0, "the output's position stays");
	ok(holds(out, 50, data + 100, 5000), "the output holds bytes 100..5099");
	is(lseek(out, 0, SEEK_END), 5050, "the output grew to 5050 bytes");
	oi = SIZE - 10;
	is(cfr(in, &oi, out, &oo, 100, 0), 10, "near the end: the last 10 bytes");
	oi = SIZE;
	is(cfr(in, &oi, out, &oo, 100, 0), 0, "at the end of the input: 0");
	oi = SIZE + 4096;
	is(cfr(in, &oi, out, &oo, 100, 0), 0, "past the end: 0");
	is(cfr(in, NULL, out, NULL, 0, 0), 0, "a length of 0: 0");
	close(in);
	close(out);
}

static void with_positions(void)
{
	int in = must(open(IN, O_RDONLY));
	int out = must(open(OUT, O_RDWR | O_CREAT | O_TRUNC, 0644));
	long long oo = 0;

	must(lseek(in, 1000, SEEK_SET));
	must(lseek(out, 7, SEEK_SET));
	is(cfr(in, NULL, out, NULL, SIZE, 0), SIZE - 1000,
	   "from the positions, up to the end of the input");
	is(lseek(in, 0, SEEK_CUR), SIZE, "the input's position moved");
	is(lseek(out, 0, SEEK_CUR), 7 + SIZE - 1000, "the output's position moved");
	ok(holds(out, 7, data + 1000, SIZE - 1000), "the bytes are the input's");
	must(lseek(in, 0, SEEK_SET));
	is(cfr(in, NULL, out, &oo, 64, 0), 64, "an input position, an output offset");
	is(lseek(in, 0, SEEK_CUR), 64, "the input's position moved by 64");
	is(oo, 64, "the output offset too");
	ok(holds(out, 0, data, 64), "the first 64 bytes are there");
	close(in);
	close(out);
}

/* Within one file: disjoint ranges copy, overlapping ones do not. */
static void same_file(void)
{
	int fd = must(open(IN, O_RDWR));
	long long a = 0, b = SIZE;

	is(cfr(fd, &a, fd, &b, 4096, 0), 4096,
	   "one file to its own end: 4096 bytes");
	ok(holds(fd, SIZE, data, 4096), "the file's start is repeated there");
	a = 0;
	b = 100;
	is_errno(cfr(fd, &a, fd, &b, 200, 0), EINVAL, "overlapping ranges: EINVAL");
	a = 0;
	b = 100;
	is(cfr(fd, &a, fd, &b, 100, 0), 100, "adjacent ranges: 100 bytes");
	must(ftruncate(fd, SIZE));
	close(fd);
	fill();
}

static void errors(void)
{
	int in = must(open(IN, O_RDONLY));
	int out = must(open(OUT, O_WRONLY));
	int app = must(open(OUT, O_WRONLY | O_APPEND));
	int dir = must(open("/tmp", O_RDONLY));
	int p[2];
	long long off = -1, big = 0x7ffffffffffff000LL;

	must(pipe(p));
	is_errno(cfr(999, NULL, out, NULL, 1, 0), EBADF, "a closed input: EBADF");
	is_errno(cfr(in, NULL, 999, NULL, 1, 0), EBADF, "a closed output: EBADF");
	is_errno(cfr(in, (long long *)16, out, NULL, 1, 0), EFAULT,
		 "an unreadable input offset: EFAULT");
	is_errno(cfr(in, NULL, out, (long long *)16, 1, 0), EFAULT,
		 "an unreadable output offset: EFAULT");
	is_errno(cfr(in, NULL, out, NULL, 1, 1), EINVAL, "flags 1: EINVAL");
	is_errno(cfr(dir, NULL, out, NULL, 1, 0), EISDIR, "a directory: EISDIR");
	is_errno(cfr(in, NULL, p[1], NULL, 1, 0), EINVAL, "a pipe: EINVAL");
	is_errno(cfr(p[0], NULL, out, NULL, 1, 0), EINVAL,
		 "from a pipe: EINVAL");
	is_errno(cfr(out, NULL, out, NULL, 1, 0), EBADF,
		 "a write-only input: EBADF");
	is_errno(cfr(in, NULL, in, NULL, 1, 0), EBADF,
		 "a read-only output: EBADF");
	is_errno(cfr(in, NULL, app, NULL, 1, 0), EBADF,
		 "an O_APPEND output: EBADF");
	is_errno(cfr(in, &off, out, NULL, 1, 0), EOVERFLOW,
		 "a range wrapping past 2^64: EOVERFLOW");
	off = -5;
	is_errno(cfr(in, &off, out, NULL, 3, 0), EINVAL,
		 "a negative input offset: EINVAL");
	off = 0;
	is_errno(cfr(in, &off, out, &big, 0x2000, 0), EFBIG,
		 "an output offset past the largest file: EFBIG");
	close(p[0]);
	close(p[1]);
	close(dir);
	close(app);
	close(out);
	close(in);
}

/* Another mount of tmpfs is another file system: EXDEV. */
static void across_mounts(void)
{
	int in, out;

	if (mkdir(MNT, 0755) < 0 ||
	    !ok_sys(mount("tmpfs", MNT, "tmpfs", 0, NULL), "mount a tmpfs"))
		return;
	in = must(open(IN, O_RDONLY));
	out = must(open(MNT "/f", O_WRONLY | O_CREAT, 0644));
	is_errno(cfr(in, NULL, out, NULL, 1, 0), EXDEV,
		 "to another file system: EXDEV");
	is_errno(cfr(out, NULL, in, NULL, 1, 0), EBADF,
		 "the mode checks come first: EBADF");
	close(out);
	close(in);
	unlink(MNT "/f");
	umount(MNT);
	rmdir(MNT);
}

int main(void)
{
	fill();
	with_offsets();
	with_positions();
	same_file();
	errors();
	across_mounts();
	unlink(IN);
	unlink(OUT);
	return done_testing();
}
