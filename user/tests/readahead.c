/*
 * readahead.c - readahead (225): on ramfs and tmpfs there is nothing to
 * read ahead, so a regular file open for reading gives 0 whatever the
 * range; EBADF for a closed or write-only descriptor, EINVAL for a pipe or
 * a directory, as Linux 6.1's ksys_readahead.  The 64-bit offset goes in
 * two registers, low word first.
 */
#include "tap.h"
#include <sys/syscall.h>

#define PATH "/tmp/readahead.test"

static long ra(int fd, long long off, unsigned int count)
{
	return syscall(SYS_readahead, fd, (unsigned int)off,
		       (unsigned int)(off >> 32), count);
}

int main(void)
{
	int fd = must(open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644));
	int wr = must(open(PATH, O_WRONLY));
	int dir = must(open("/tmp", O_RDONLY | O_DIRECTORY));
	int p[2];
	char buf[4] = "";

	must(write(fd, "data", 4));
	is(ra(fd, 0, 4096), 0, "a file: 0");
	is(ra(fd, 1LL << 40, 1 << 20), 0, "far past the end: 0");
	is(ra(fd, 0, 0), 0, "a count of 0: 0");
	is(pread(fd, buf, 4, 0), 4, "the file still reads");
	ok(!memcmp(buf, "data", 4), "with its data");
	is_errno(ra(wr, 0, 4096), EBADF, "a write-only fd: EBADF");
	is_errno(ra(999, 0, 4096), EBADF, "a closed fd: EBADF");
	is_errno(ra(dir, 0, 4096), EINVAL, "a directory: EINVAL");
	must(pipe(p));
	is_errno(ra(p[0], 0, 4096), EINVAL, "a pipe: EINVAL");
	close(p[0]);
	close(p[1]);
	close(dir);
	close(wr);
	close(fd);
	unlink(PATH);
	return done_testing();
}
