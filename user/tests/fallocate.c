/*
 * fallocate.c - fallocate (324) as Linux 6.1 on tmpfs: mode 0 grows the
 * file and reads as zeros, KEEP_SIZE leaves the size, PUNCH_HOLE|KEEP_SIZE
 * turns a range into zeros (also in a page mapped MAP_SHARED, which must
 * see it), and the errors of vfs_fallocate and shmem_fallocate.  Offset
 * and length go in two registers each, low word first.
 */
#include "tap.h"
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#define PATH "/tmp/fallocate.test"
#define KEEP 0x01
#define PUNCH 0x02
#define COLLAPSE 0x08
#define ZERO 0x10
#define INSERT 0x20
#define UNSHARE 0x40

static long fa(int fd, int mode, long long off, long long len)
{
	return syscall(SYS_fallocate, fd, mode, (unsigned int)off,
		       (unsigned int)(off >> 32), (unsigned int)len,
		       (unsigned int)(len >> 32));
}

static long long size_of(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? -1 : (long long)st.st_size;
}

/* Are bytes [off, off + n) all c? */
static int all(int fd, long long off, int n, char c)
{
	static char buf[16384];
	int i;

	if (n > (int)sizeof(buf) || pread(fd, buf, n, off) != n)
		return 0;
	for (i = 0; i < n; i++)
		if (buf[i] != c)
			return 0;
	return 1;
}

static void errors(int fd)
{
	int ro = must(open(PATH, O_RDONLY));
	int dir = must(open("/tmp", O_RDONLY | O_DIRECTORY));
	int null = must(open("/dev/null", O_WRONLY));
	int p[2];

	is_errno(fa(fd, 0, 0, 0), EINVAL, "len 0: EINVAL");
	is_errno(fa(fd, 0, 0, -1), EINVAL, "len < 0: EINVAL");
	is_errno(fa(fd, 0, -1, 1), EINVAL, "offset < 0: EINVAL");
	is_errno(fa(fd, 0x80, 0, 1), EOPNOTSUPP, "an unknown mode: EOPNOTSUPP");
	is_errno(fa(fd, PUNCH, 0, 1), EOPNOTSUPP,
		 "PUNCH_HOLE without KEEP_SIZE: EOPNOTSUPP");
	is_errno(fa(fd, PUNCH | ZERO | KEEP, 0, 1), EOPNOTSUPP,
		 "PUNCH_HOLE with ZERO_RANGE: EOPNOTSUPP");
	is_errno(fa(fd, COLLAPSE | KEEP, 0, 4096), EINVAL,
		 "COLLAPSE_RANGE with KEEP_SIZE: EINVAL");
	is_errno(fa(fd, INSERT | KEEP, 0, 4096), EINVAL,
		 "INSERT_RANGE with KEEP_SIZE: EINVAL");
	is_errno(fa(fd, UNSHARE | PUNCH | KEEP, 0, 4096), EINVAL,
		 "UNSHARE_RANGE with PUNCH_HOLE: EINVAL");
	is_errno(fa(fd, COLLAPSE, 0, 4096), EOPNOTSUPP,
		 "COLLAPSE_RANGE on tmpfs: EOPNOTSUPP");
	is_errno(fa(fd, INSERT, 0, 4096), EOPNOTSUPP,
		 "INSERT_RANGE on tmpfs: EOPNOTSUPP");
	is_errno(fa(fd, ZERO, 0, 4096), EOPNOTSUPP,
		 "ZERO_RANGE on tmpfs: EOPNOTSUPP");
	is_errno(fa(fd, UNSHARE, 0, 4096), EOPNOTSUPP,
		 "UNSHARE_RANGE on tmpfs: EOPNOTSUPP");
	is_errno(fa(ro, 0, 0, 4096), EBADF, "a read-only fd: EBADF");
	is_errno(fa(999, 0, 0, 4096), EBADF, "a closed fd: EBADF");
	is_errno(fa(dir, 0, 0, 4096), EBADF, "a directory (read-only): EBADF");
	is_errno(fa(null, 0, 0, 4096), ENODEV, "/dev/null: ENODEV");
	must(pipe(p));
	is_errno(fa(p[1], 0, 0, 4096), ESPIPE, "a pipe's write end: ESPIPE");
	is_errno(fa(p[0], 0, 0, 4096), EBADF, "a pipe's read end: EBADF");
	is_errno(fa(fd, 0, 1LL << 44, 1), EFBIG,
		 "past the largest file: EFBIG");
	is_errno(fa(fd, 0, 1LL << 62, 1LL << 62), EFBIG,
		 "offset + len wrapping: EFBIG");
	close(p[0]);
	close(p[1]);
	close(null);
	close(dir);
	close(ro);
}

/* A hole punched into a shared mapping's pages: the mapping sees zeros. */
static void punch_mapped(int fd)
{
	char *m =
		mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (!ok(m != MAP_FAILED, "map three pages shared"))
		return;
	memset(m, 'm', 3 * 4096);
	is(fa(fd, PUNCH | KEEP, 4096, 4096), 0, "punch the mapped middle page");
	ok(m[4096] == 0 && m[8191] == 0, "the mapping reads zeros there");
	ok(m[4095] == 'm' && m[8192] == 'm', "and its neighbours stay");
	m[4100] = 'n';
	ok(all(fd, 4100, 1, 'n'), "a store into the hole reaches the file");
	munmap(m, 3 * 4096);
}

int main(void)
{
	int fd = must(open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644));
	static char data[12288];

	is(fa(fd, 0, 0, 10000), 0, "mode 0: 0");
	is(size_of(fd), 10000, "the size grows to offset + len");
	ok(all(fd, 0, 10000, 0), "the new range reads zeros");
	is(fa(fd, KEEP, 8192, 20000), 0, "KEEP_SIZE: 0");
	is(size_of(fd), 10000, "KEEP_SIZE leaves the size");
	is(fa(fd, 0, 100, 50), 0, "mode 0 inside the file: 0");
	is(size_of(fd), 10000, "a range inside does not shrink it");
	memset(data, 'x', sizeof(data));
	is(pwrite(fd, data, sizeof(data), 0), (long)sizeof(data),
	   "write three pages of x");
	is(fa(fd, 0, 0, 4096), 0, "mode 0 over data: 0");
	ok(all(fd, 0, 4096, 'x'), "keeps the data");
	is(fa(fd, PUNCH | KEEP, 1000, 5000), 0, "punch 1000..5999: 0");
	ok(all(fd, 1000, 5000, 0), "the hole reads zeros");
	ok(all(fd, 0, 1000, 'x') && all(fd, 6000, 6288, 'x'),
	   "the bytes around it stay");
	is(size_of(fd), 12288, "punching keeps the size");
	is(fa(fd, PUNCH | KEEP, 12000, 100000), 0, "punch past the end: 0");
	is(size_of(fd), 12288, "the size stays");
	ok(all(fd, 11999, 1, 'x') && all(fd, 12000, 288, 0),
	   "zeros from the hole's start");
	punch_mapped(fd);
	errors(fd);
	close(fd);
	unlink(PATH);
	return done_testing();
}
