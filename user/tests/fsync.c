/*
 * fsync.c - fsync (118) and fdatasync (148): 0 for a file or directory of
 * the in-memory file system (sqlite3 calls them after every write), EINVAL
 * for a pipe, EBADF for a closed descriptor, as Linux on tmpfs.
 */
#include "tap.h"
#include <sys/syscall.h>

#define PATH "/tmp/fsync.test"

int main(void)
{
	int fd = must(open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644));
	int dir = must(open("/tmp", O_RDONLY | O_DIRECTORY));
	int p[2];

	must(write(fd, "data", 4));
	is(fsync(fd), 0, "fsync of a file: 0");
	is(fdatasync(fd), 0, "fdatasync of a file: 0");
	is(fsync(dir), 0, "fsync of a directory: 0");
	must(pipe(p));
	is_errno(fsync(p[0]), EINVAL, "fsync of a pipe: EINVAL");
	is_errno(fdatasync(p[1]), EINVAL, "fdatasync of a pipe: EINVAL");
	is_errno(syscall(SYS_fsync, 999), EBADF, "fsync of a closed fd: EBADF");
	is_errno(syscall(SYS_fdatasync, -1), EBADF,
		 "fdatasync of fd -1: EBADF");
	close(p[0]);
	close(p[1]);
	close(dir);
	close(fd);
	unlink(PATH);
	return done_testing();
}
