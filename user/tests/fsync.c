/*
 * fsync.c - fsync (118) and fdatasync (148): 0 for a file or directory of
 * the in-memory file systems, ramfs and tmpfs alike (sqlite3 calls them
 * after every write), EINVAL for a pipe, EBADF for a closed descriptor, as
 * Linux on tmpfs.  syncfs (344): 0 for any open descriptor, EBADF.
 */
#include "tap.h"
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#define PATH "/tmp/fsync.test"
#define MNT "/tmp/fsync.mnt"

/* A file and a directory of a tmpfs mounted for the test. */
static void on_tmpfs(void)
{
	int fd, dir;

	must(mkdir(MNT, 0755));
	must(mount("tmpfs", MNT, "tmpfs", 0, NULL));
	fd = must(open(MNT "/f", O_RDWR | O_CREAT, 0644));
	dir = must(open(MNT, O_RDONLY | O_DIRECTORY));
	must(write(fd, "data", 4));
	is(fsync(fd), 0, "fsync of a tmpfs file: 0");
	is(fdatasync(fd), 0, "fdatasync of a tmpfs file: 0");
	is(fsync(dir), 0, "fsync of a tmpfs directory: 0");
	is(syscall(SYS_syncfs, fd), 0, "syncfs of a tmpfs file: 0");
	close(dir);
	close(fd);
	must(umount(MNT));
	must(rmdir(MNT));
}

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
	is(syscall(SYS_syncfs, fd), 0, "syncfs of a file: 0");
	is(syscall(SYS_syncfs, p[0]), 0, "syncfs of a pipe: 0");
	is_errno(syscall(SYS_syncfs, 999), EBADF, "syncfs of a closed fd: EBADF");
	close(p[0]);
	close(p[1]);
	close(dir);
	close(fd);
	unlink(PATH);
	on_tmpfs();
	return done_testing();
}
