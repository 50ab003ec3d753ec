/*
 * fileio.c - regular file I/O.
 *
 * read/write/lseek/pread/pwrite/readv/writev, preadv/pwritev and their
 * 2 forms with flags, utime/utimes/futimesat, holes reading as zeros,
 * writes across page boundaries, ftruncate/truncate down and up (the old
 * bytes must not come back), O_APPEND, O_TRUNC, O_EXCL, access modes,
 * umask, chmod, and the file offset shared by fork.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include "tests/tap.h"

#define PAGE 4096

static unsigned char pat(long i)
{
	return (unsigned char)(i ^ (i >> 8) ^ 0x5a);
}

static long count_bad(const unsigned char *buf, long off, long len)
{
	long i, bad = 0;

	for (i = 0; i < len; i++)
		bad += buf[i] != pat(off + i);
	return bad;
}

static long count_nonzero(const unsigned char *buf, long len)
{
	long i, n = 0;

	for (i = 0; i < len; i++)
		n += buf[i] != 0;
	return n;
}

static off_t file_size(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? -1 : st.st_size;
}

static void test_create_excl(void)
{
	struct stat st;
	int fd;

	umask(022);
	fd = open("f-excl", O_RDWR | O_CREAT | O_EXCL, 0666);
	ok_sys(fd, "O_CREAT|O_EXCL creates");
	ok(fstat(fd, &st) == 0 && S_ISREG(st.st_mode), "new file is regular");
	is(st.st_mode & 07777, 0644, "mode 0666 masked by umask 022");
	is(st.st_size, 0, "new file is empty");
	is(st.st_nlink, 1, "one link");
	close(fd);
	is_errno(open("f-excl", O_RDWR | O_CREAT | O_EXCL, 0666), EEXIST,
		 "O_EXCL on an existing file: EEXIST");
	is(umask(077), 022, "umask returns the old mask");
	umask(022);
	ok_sys(chmod("f-excl", 0600), "chmod");
	ok(stat("f-excl", &st) == 0 && (st.st_mode & 07777) == 0600, "chmod took effect");
	fd = open("f-excl", O_RDONLY);
	ok_sys(fchmod(fd, 0640), "fchmod");
	ok(fstat(fd, &st) == 0 && (st.st_mode & 07777) == 0640, "fchmod took effect");
	ok_sys(access("f-excl", R_OK | W_OK), "access R_OK|W_OK");
	is_errno(access("f-nonexistent", F_OK), ENOENT, "access of a missing file: ENOENT");
	is_errno(open("f-nonexistent", O_RDONLY), ENOENT, "open without O_CREAT: ENOENT");
	is_errno(open("f-excl/x", O_RDONLY), ENOTDIR, "file as a directory: ENOTDIR");
	is_errno(open("f-excl", O_RDONLY | O_DIRECTORY), ENOTDIR, "O_DIRECTORY on a file: ENOTDIR");
	is_errno(open(".", O_WRONLY), EISDIR, "directory opened for writing: EISDIR");
	close(fd);
	unlink("f-excl");
}

static void test_rw_seek(void)
{
	char buf[32];
	int fd = open("f-rw", O_RDWR | O_CREAT | O_TRUNC, 0644);

	ok_sys(fd, "create f-rw");
	is(write(fd, "0123456789", 10), 10, "write 10");
	is(lseek(fd, 0, SEEK_CUR), 10, "offset advanced to 10");
	is(lseek(fd, 2, SEEK_SET), 2, "SEEK_SET 2");
	is(read(fd, buf, 3), 3, "read 3");
	ok(memcmp(buf, "234", 3) == 0, "read the right bytes");
	is(lseek(fd, -1, SEEK_CUR), 4, "SEEK_CUR -1");
	is(lseek(fd, -2, SEEK_END), 8, "SEEK_END -2");
	is(read(fd, buf, sizeof(buf)), 2, "read stops at EOF");
	is(read(fd, buf, sizeof(buf)), 0, "read at EOF returns 0");
	is_errno(lseek(fd, -11, SEEK_END), EINVAL, "seek before 0: EINVAL");
	is_errno(lseek(fd, 0, 42), EINVAL, "bad whence: EINVAL");
	is(pwrite(fd, "AB", 2, 1), 2, "pwrite at 1");
	is(lseek(fd, 0, SEEK_CUR), 10, "pwrite leaves the offset");
	is(pread(fd, buf, 4, 0), 4, "pread at 0");
	ok(memcmp(buf, "0AB3", 4) == 0, "pread sees the pwrite");
	is(lseek(fd, 0, SEEK_CUR), 10, "pread leaves the offset");
	close(fd);

	fd = open("f-rw", O_RDONLY);
	is_errno(write(fd, "x", 1), EBADF, "write on O_RDONLY: EBADF");
	close(fd);
	fd = open("f-rw", O_WRONLY);
	is_errno(read(fd, buf, 1), EBADF, "read on O_WRONLY: EBADF");
	ok((fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY, "F_GETFL: O_WRONLY");
	close(fd);
	is_errno(read(fd, buf, 1), EBADF, "read on a closed fd: EBADF");
	unlink("f-rw");
}

static void test_vectors(void)
{
	char a[3], b[5];
	struct iovec w[3] = { { "abc", 3 }, { "", 0 }, { "defgh", 5 } };
	struct iovec r[2] = { { a, 3 }, { b, 5 } };
	int fd = open("f-vec", O_RDWR | O_CREAT | O_TRUNC, 0644);

	is(writev(fd, w, 3), 8, "writev gathers 8 bytes");
	lseek(fd, 0, SEEK_SET);
	is(readv(fd, r, 2), 8, "readv scatters 8 bytes");
	ok(memcmp(a, "abc", 3) == 0 && memcmp(b, "defgh", 5) == 0, "readv data");
	close(fd);
	unlink("f-vec");
}

#define RWF_SYNC 0x04
#define RWF_APPEND 0x10

static long vec_at(int nr, int fd, struct iovec *v, int n, long long pos,
		   int flags)
{
	return syscall(nr, fd, v, n, (long)pos, (long)(pos >> 32), flags);
}

/* preadv and pwritev at an offset, and their 2 forms with flags. */
static void test_positioned_vectors(void)
{
	char a[3], b[5], c[4];
	struct iovec w[2] = { { "abc", 3 }, { "defgh", 5 } };
	struct iovec r[2] = { { a, 3 }, { b, 5 } };
	struct iovec t[1] = { { c, 4 } };
	int fd = open("f-pvec", O_RDWR | O_CREAT | O_TRUNC, 0644), p[2];

	is(vec_at(SYS_pwritev, fd, w, 2, 100, 0), 8, "pwritev at 100");
	is(lseek(fd, 0, SEEK_CUR), 0, "leaves the position");
	is(file_size(fd), 108, "the file is 108 bytes");
	is(vec_at(SYS_preadv, fd, r, 2, 100, 0), 8, "preadv at 100");
	ok(memcmp(a, "abc", 3) == 0 && memcmp(b, "defgh", 5) == 0,
	   "preadv data");
	is_errno(vec_at(SYS_preadv, fd, r, 2, -1, 0), EINVAL,
		 "preadv at -1: EINVAL");
	is_errno(vec_at(SYS_preadv, 999, r, 2, 0, 0), EBADF,
		 "preadv of a bad descriptor: EBADF");
	is_errno(vec_at(SYS_preadv, fd, r, -1, 0, 0), EINVAL,
		 "preadv of -1 buffers: EINVAL");
	if (ok_sys(pipe(p), "pipe")) {
		is_errno(vec_at(SYS_preadv, p[0], r, 2, 0, 0), ESPIPE,
			 "preadv of a pipe: ESPIPE");
		close(p[0]);
		close(p[1]);
	}

	lseek(fd, 103, SEEK_SET);
	is(vec_at(SYS_preadv2, fd, t, 1, -1, 0), 4,
	   "preadv2 at -1 reads at the position");
	ok(memcmp(c, "defg", 4) == 0, "preadv2 data");
	is(lseek(fd, 0, SEEK_CUR), 107, "and moves it");
	is_errno(vec_at(SYS_preadv2, fd, t, 1, -2, 0), EINVAL,
		 "preadv2 at -2: EINVAL");
	is(vec_at(SYS_pwritev2, fd, w, 1, 0, RWF_APPEND), 3,
	   "pwritev2 RWF_APPEND");
	is(file_size(fd), 111, "wrote at the end");
	is(vec_at(SYS_preadv, fd, t, 1, 107, 0), 4, "read the end");
	ok(memcmp(c, "habc", 4) == 0, "the appended bytes are there");
	is(vec_at(SYS_pwritev2, fd, w, 2, 0, RWF_SYNC), 8, "pwritev2 RWF_SYNC");
	is_errno(vec_at(SYS_pwritev2, fd, w, 2, 0, 0x100), EOPNOTSUPP,
		 "an unknown flag: EOPNOTSUPP");
	close(fd);
	unlink("f-pvec");
}

/* utime, utimes and futimesat: the old calls with whole seconds and
 * microseconds. */
static void test_old_utimes(void)
{
	int fd = open("f-utime", O_RDWR | O_CREAT | O_TRUNC, 0644);
	struct { int32_t actime, modtime; } ub = { 1000, 2000 };
	struct { int32_t sec, usec; } tv[2] = { { 3000, 5 }, { 4000, 999999 } };
	struct stat st;

	ok_sys(syscall(SYS_utime, "f-utime", &ub), "utime");
	ok(stat("f-utime", &st) == 0 && st.st_atime == 1000 &&
		   st.st_mtime == 2000 && st.st_mtim.tv_nsec == 0,
	   "atime 1000, mtime 2000");
	ok_sys(syscall(SYS_utimes, "f-utime", tv), "utimes");
	ok(stat("f-utime", &st) == 0 && st.st_atime == 3000 &&
		   st.st_atim.tv_nsec == 5000 && st.st_mtime == 4000 &&
		   st.st_mtim.tv_nsec == 999999000,
	   "microseconds become nanoseconds");
	tv[1].usec = 1000000;
	is_errno(syscall(SYS_utimes, "f-utime", tv), EINVAL,
		 "a million microseconds: EINVAL");
	tv[1].usec = 0;
	ok_sys(syscall(SYS_futimesat, AT_FDCWD, "f-utime", tv), "futimesat");
	ok(stat("f-utime", &st) == 0 && st.st_mtime == 4000 &&
		   st.st_mtim.tv_nsec == 0,
	   "futimesat sets them");
	ok_sys(syscall(SYS_utime, "f-utime", NULL), "utime to now");
	ok(stat("f-utime", &st) == 0 && st.st_mtime > 4000, "now is later");
	is_errno(syscall(SYS_utimes, "f-missing", NULL), ENOENT,
		 "utimes of a missing name: ENOENT");
	is_errno(syscall(SYS_utimensat, AT_FDCWD, NULL, NULL, 0), EFAULT,
		 "utimensat with no name and no descriptor: EFAULT");
	is_errno(syscall(SYS_utimensat, fd, NULL, NULL, AT_SYMLINK_NOFOLLOW),
		 EINVAL, "utimensat of a descriptor with a flag: EINVAL");
	close(fd);
	unlink("f-utime");
}

/* Several pages written from an unaligned offset in unaligned chunks. */
static void test_page_boundaries(void)
{
	enum { OFF = PAGE - 6, LEN = 3 * PAGE + 100 };
	static unsigned char buf[LEN + PAGE];
	long done, bad;
	int fd = open("f-pages", O_RDWR | O_CREAT | O_TRUNC, 0644);

	for (done = 0; done < LEN; done++)
		buf[done] = pat(OFF + done);
	lseek(fd, OFF, SEEK_SET);
	for (done = 0; done < LEN; done += 1000) {
		long len = LEN - done < 1000 ? LEN - done : 1000;
		if (write(fd, buf + done, len) != len)
			break;
	}
	is(done >= LEN, 1, "wrote %d bytes across 4 pages", LEN);
	is(file_size(fd), OFF + LEN, "size is offset + length");
	memset(buf, 0xee, sizeof(buf));
	is(pread(fd, buf, OFF, 0), OFF, "read the hole before the data");
	is(count_nonzero(buf, OFF), 0, "hole reads as zeros");
	is(pread(fd, buf, LEN + PAGE, OFF), LEN, "read the data back, short at EOF");
	bad = count_bad(buf, OFF, LEN);
	is(bad, 0, "every byte across the page boundaries is right");
	close(fd);
	unlink("f-pages");
}

/* A write far past EOF leaves a hole of whole pages that read as zeros. */
static void test_holes(void)
{
	static unsigned char buf[5 * PAGE];
	int fd = open("f-hole", O_RDWR | O_CREAT | O_TRUNC, 0644);

	is(pwrite(fd, "head", 4, 0), 4, "write at 0");
	is(pwrite(fd, "tail", 4, 5 * PAGE), 4, "write at 5 pages");
	is(file_size(fd), 5 * PAGE + 4, "size covers the hole");
	memset(buf, 0xee, sizeof(buf));
	is(pread(fd, buf, sizeof(buf), 0), sizeof(buf), "read the hole");
	ok(memcmp(buf, "head", 4) == 0, "head intact");
	is(count_nonzero(buf + 4, sizeof(buf) - 4), 0, "hole is zeros");
	close(fd);
	unlink("f-hole");
}

static void test_truncate(void)
{
	static unsigned char buf[3 * PAGE];
	int fd = open("f-trunc", O_RDWR | O_CREAT | O_TRUNC, 0644);
	long i;

	for (i = 0; i < (long)sizeof(buf); i++)
		buf[i] = pat(i);
	is(write(fd, buf, sizeof(buf)), sizeof(buf), "write 3 pages");
	ok_sys(ftruncate(fd, PAGE + 100), "ftruncate down into page 1");
	is(file_size(fd), PAGE + 100, "size after ftruncate");
	is(pread(fd, buf, sizeof(buf), 0), PAGE + 100, "read stops at the new size");
	is(count_bad(buf, 0, PAGE + 100), 0, "kept bytes intact");
	ok_sys(ftruncate(fd, 3 * PAGE), "ftruncate up again");
	memset(buf, 0xee, sizeof(buf));
	is(pread(fd, buf, sizeof(buf), 0), sizeof(buf), "read 3 pages");
	is(count_bad(buf, 0, PAGE + 100), 0, "bytes below the cut intact");
	is(count_nonzero(buf + PAGE + 100, 2 * PAGE - 100), 0,
	   "bytes past the old cut read as zeros, not the old data");
	ok_sys(truncate("f-trunc", 10), "truncate by path");
	is(file_size(fd), 10, "size after truncate");
	ok_sys(ftruncate(fd, 0), "ftruncate to 0");
	is(pread(fd, buf, 1, 0), 0, "empty file reads EOF");
	is_errno(ftruncate(fd, -1), EINVAL, "negative length: EINVAL");
	close(fd);
	fd = open("f-trunc", O_RDONLY);
	is_errno(ftruncate(fd, 0), EINVAL, "ftruncate of a read-only fd: EINVAL");
	close(fd);
	unlink("f-trunc");
	is_errno(truncate("f-trunc", 0), ENOENT, "truncate of a missing file: ENOENT");
}

static void test_append_trunc(void)
{
	char buf[16];
	int fd = open("f-app", O_RDWR | O_CREAT | O_TRUNC, 0644);

	write(fd, "abc", 3);
	close(fd);
	fd = open("f-app", O_WRONLY | O_APPEND);
	ok((fcntl(fd, F_GETFL) & O_APPEND) != 0, "F_GETFL shows O_APPEND");
	lseek(fd, 0, SEEK_SET);
	is(write(fd, "de", 2), 2, "write with O_APPEND after seek to 0");
	is(lseek(fd, 0, SEEK_CUR), 5, "offset is at the new end");
	close(fd);
	fd = open("f-app", O_RDONLY);
	is(read(fd, buf, sizeof(buf)), 5, "file grew to 5");
	ok(memcmp(buf, "abcde", 5) == 0, "appended at the end, not at 0");
	close(fd);
	fd = open("f-app", O_RDWR | O_TRUNC);
	is(file_size(fd), 0, "O_TRUNC empties the file");
	is(read(fd, buf, sizeof(buf)), 0, "nothing to read");
	close(fd);
	unlink("f-app");
}

/* fork shares the open file description: one offset for both. */
static void test_shared_offset(void)
{
	char buf[8];
	int fd = open("f-fork", O_RDWR | O_CREAT | O_TRUNC, 0644);
	pid_t pid;

	pid = fork();
	if (pid == 0)
		_exit(write(fd, "child", 5) == 5 ? 0 : 1);
	is_exit(wait_for(pid), 0, "child writes through the inherited fd");
	is(lseek(fd, 0, SEEK_CUR), 5, "parent's offset moved with the child's write");
	write(fd, "+p", 2);
	is(pread(fd, buf, sizeof(buf), 0), 7, "both writes in the file");
	ok(memcmp(buf, "child+p", 7) == 0, "in order");
	close(fd);
	unlink("f-fork");
}

int main(void)
{
	test_create_excl();
	test_rw_seek();
	test_vectors();
	test_positioned_vectors();
	test_old_utimes();
	test_page_boundaries();
	test_holes();
	test_truncate();
	test_append_trunc();
	test_shared_offset();
	return done_testing();
}
