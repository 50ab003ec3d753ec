/*
 * rofs.c - a read-only mount, as Linux 6.1: a tmpfs mounted for the test
 * is remounted read-only (MS_REMOUNT|MS_RDONLY) and back; while read-only
 * every change through it is EROFS, reading still works, a shared
 * writable mapping cannot be had (the file opens only for reading:
 * EACCES), /proc/mounts and statfs say ro; a remount read-only while a
 * file is open for writing is EBUSY.
 */
#include "tap.h"
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <sys/xattr.h>

#define MNT "/tmp/rofs.mnt"

/* The options field of MNT's line in /proc/mounts, or "". */
static const char *mount_opts(void)
{
	static char buf[4096], opts[64];
	int fd = open("/proc/mounts", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	char *line;

	opts[0] = 0;
	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return opts;
	buf[n] = 0;
	line = strstr(buf, " " MNT " tmpfs ");
	if (line)
		sscanf(line + strlen(" " MNT " tmpfs "), "%63s", opts);
	return opts;
}

static int remount(unsigned long flags)
{
	return mount("tmpfs", MNT, "tmpfs", MS_REMOUNT | flags, NULL);
}

static void writers_refused(void)
{
	struct timeval tv[2] = { { 1, 0 }, { 2, 0 } };
	struct statvfs sv;
	char buf[8] = "";
	int fd;
	char *m;

	ok(!strncmp(mount_opts(), "ro", 2), "/proc/mounts says %s",
	   mount_opts());
	is(statvfs(MNT, &sv), 0, "statvfs");
	ok(sv.f_flag & ST_RDONLY, "statvfs: ST_RDONLY");
	is_errno(open(MNT "/f", O_WRONLY), EROFS, "open for writing: EROFS");
	is_errno(open(MNT "/f", O_RDWR), EROFS, "open O_RDWR: EROFS");
	is_errno(open(MNT "/f", O_RDONLY | O_TRUNC), EROFS, "O_TRUNC: EROFS");
	is_errno(open(MNT "/new", O_WRONLY | O_CREAT, 0644), EROFS,
		 "O_CREAT of a new file: EROFS");
	is_errno(creat(MNT "/new", 0644), EROFS, "creat: EROFS");
	is_errno(mkdir(MNT "/d2", 0755), EROFS, "mkdir: EROFS");
	is_errno(mkdir(MNT "/d", 0755), EEXIST,
		 "mkdir of an existing name: EEXIST");
	is_errno(unlink(MNT "/f"), EROFS, "unlink: EROFS");
	is_errno(rmdir(MNT "/d"), EROFS, "rmdir: EROFS");
	is_errno(rename(MNT "/f", MNT "/g"), EROFS, "rename: EROFS");
	is_errno(chmod(MNT "/f", 0600), EROFS, "chmod: EROFS");
	is_errno(chown(MNT "/f", 0, 0), EROFS, "chown: EROFS");
	is_errno(truncate(MNT "/f", 0), EROFS, "truncate: EROFS");
	is_errno(utimes(MNT "/f", tv), EROFS, "utimes: EROFS");
	is_errno(symlink("f", MNT "/s"), EROFS, "symlink: EROFS");
	is_errno(link(MNT "/f", MNT "/h"), EROFS, "link: EROFS");
	is_errno(mknod(MNT "/p", S_IFIFO | 0644, 0), EROFS, "mknod: EROFS");
	is_errno(setxattr(MNT "/f", "user.x", "1", 1, 0), EROFS,
		 "setxattr: EROFS");
	fd = open(MNT "/f", O_RDONLY);
	ok(fd >= 0, "open for reading works");
	is(read(fd, buf, 4), 4, "and reads");
	is_errno(fchmod(fd, 0600), EROFS, "fchmod: EROFS");
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m == MAP_FAILED && errno == EACCES,
	   "a shared writable mapping: EACCES");
	m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "a shared read-only mapping works");
	if (m != MAP_FAILED)
		munmap(m, 4096);
	close(fd);
}

int main(void)
{
	int fd;

	must(mkdir(MNT, 0755));
	must(mount("tmpfs", MNT, "tmpfs", 0, NULL));
	fd = must(open(MNT "/f", O_RDWR | O_CREAT, 0644));
	must(write(fd, "data", 4));
	must(mkdir(MNT "/d", 0755));
	ok(!strncmp(mount_opts(), "rw", 2), "mounted rw");
	is_errno(remount(MS_RDONLY), EBUSY,
		 "remount ro with a file open for writing: EBUSY");
	close(fd);
	is(remount(MS_RDONLY), 0, "remount ro: 0");
	writers_refused();
	is(remount(0), 0, "remount rw: 0");
	ok(!strncmp(mount_opts(), "rw", 2), "/proc/mounts says rw again");
	fd = open(MNT "/f", O_WRONLY | O_APPEND);
	ok(fd >= 0, "open for writing works again");
	if (fd >= 0) {
		is(write(fd, "more", 4), 4, "and writes");
		close(fd);
	}
	is_errno(mount("tmpfs", MNT "/d", "tmpfs", MS_REMOUNT, NULL), EINVAL,
		 "remount of a directory that is no mount's root: EINVAL");
	must(umount(MNT));
	must(rmdir(MNT));
	return done_testing();
}
