/*
 * dirs.c - directories, names and links.
 *
 * mkdir/rmdir and their errors (EEXIST, ENOTEMPTY, ENOTDIR, EISDIR), rename
 * (over an existing file, of directories, into itself; a failed one
 * frees what it looked up), hard links, unlink
 * of an open file, symlinks and readlink (O_CREAT through a dangling one
 * makes its target), ELOOP, ENAMETOOLONG, path forms
 * (//, ., ..), openat/fstatat/unlinkat, and a getdents64 listing read with
 * a small buffer so it takes many calls.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static int put(const char *name, const char *data)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t len = strlen(data);

	if (fd < 0)
		return -1;
	if (write(fd, data, len) != len) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/* The first bytes of a file as a string, "" when it cannot be read. */
static const char *get(const char *name)
{
	static char buf[64];
	int fd = open(name, O_RDONLY);
	ssize_t n = fd < 0 ? 0 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static void test_mkdir_rmdir(void)
{
	struct stat st;

	ok_sys(mkdir("d", 0755), "mkdir");
	ok(stat("d", &st) == 0 && S_ISDIR(st.st_mode), "it is a directory");
	is(st.st_nlink, 2, "new directory has 2 links");
	is_errno(mkdir("d", 0755), EEXIST, "mkdir existing: EEXIST");
	ok_sys(mkdir("d/sub/", 0755), "mkdir with a trailing slash");
	ok(stat("d", &st) == 0 && st.st_nlink == 3,
	   "subdirectory adds a link to the parent");
	put("d/file", "x");
	is_errno(rmdir("d"), ENOTEMPTY, "rmdir non-empty: ENOTEMPTY");
	is_errno(rmdir("d/file"), ENOTDIR, "rmdir of a file: ENOTDIR");
	is_errno(unlink("d/sub"), EISDIR, "unlink of a directory: EISDIR");
	is_errno(rmdir("d/sub/."), EINVAL, "rmdir of '.': EINVAL");
	is_errno(mkdir("d/file/x", 0755), ENOTDIR,
		 "mkdir under a file: ENOTDIR");
	is_errno(mkdir("nope/x", 0755), ENOENT,
		 "mkdir under a missing dir: ENOENT");
	is_errno(open("d/file/", O_RDONLY), ENOTDIR,
		 "trailing slash on a file: ENOTDIR");
	ok(stat("d//sub/./../sub", &st) == 0 && S_ISDIR(st.st_mode),
	   "//, . and .. resolve");
	ok_sys(rmdir("d/sub"), "rmdir empty");
	is_errno(stat("d/sub", &st), ENOENT, "gone after rmdir");
	ok_sys(unlink("d/file"), "unlink");
	is_errno(unlink("d/file"), ENOENT, "unlink twice: ENOENT");
	ok_sys(rmdir("d"), "rmdir now empty dir");
}

static void test_rename(void)
{
	struct stat st;
	int fd;

	put("r-a", "aaa");
	put("r-b", "bbb");
	ok_sys(rename("r-a", "r-c"), "rename to a new name");
	is_errno(stat("r-a", &st), ENOENT, "old name gone");
	ok(strcmp(get("r-c"), "aaa") == 0, "new name has the data");
	fd = open("r-b", O_RDONLY);
	ok_sys(rename("r-c", "r-b"), "rename over an existing file");
	ok(strcmp(get("r-b"), "aaa") == 0, "target now has the source's data");
	{
		char buf[4] = { 0 };
		ok(read(fd, buf, 3) == 3 && strcmp(buf, "bbb") == 0,
		   "an fd open on the replaced file still reads its data");
	}
	close(fd);
	ok_sys(rename("r-b", "r-b"), "rename onto itself is a no-op");

	mkdir("r-d1", 0755);
	mkdir("r-d2", 0755);
	put("r-d2/f", "f");
	is_errno(rename("r-d1", "r-d2"), ENOTEMPTY,
		 "dir over non-empty dir: ENOTEMPTY");
	is_errno(rename("r-b", "r-d1"), EISDIR, "file over dir: EISDIR");
	is_errno(rename("r-d1", "r-b"), ENOTDIR, "dir over file: ENOTDIR");
	is_errno(rename("r-d2", "r-d2/in"), EINVAL, "dir into itself: EINVAL");
	unlink("r-d2/f");
	ok_sys(rename("r-d1", "r-d2"), "dir over empty dir");
	ok(stat("r-d2", &st) == 0 && S_ISDIR(st.st_mode),
	   "target is the directory");
	is_errno(stat("r-d1", &st), ENOENT, "source dir gone");
	is_errno(rename("r-missing", "r-x"), ENOENT, "rename missing: ENOENT");
	rmdir("r-d2");
	unlink("r-b");
}

static void test_links(void)
{
	struct stat a, b;
	char buf[8] = { 0 };
	int fd;

	put("l-a", "data");
	ok_sys(link("l-a", "l-b"), "link");
	ok(stat("l-a", &a) == 0 && stat("l-b", &b) == 0, "stat both names");
	is(a.st_ino, b.st_ino, "same inode");
	is(a.st_nlink, 2, "nlink 2");
	is_errno(link("l-a", "l-b"), EEXIST,
		 "link to an existing name: EEXIST");
	mkdir("l-d", 0755);
	is_errno(link("l-d", "l-d2"), EPERM, "hard link to a directory: EPERM");
	rmdir("l-d");
	unlink("l-a");
	ok(strcmp(get("l-b"), "data") == 0, "data survives via the other link");

	fd = open("l-b", O_RDWR);
	ok_sys(unlink("l-b"), "unlink the last name of an open file");
	ok(fstat(fd, &a) == 0 && a.st_nlink == 0, "open file has nlink 0");
	ok(pread(fd, buf, 4, 0) == 4 && memcmp(buf, "data", 4) == 0,
	   "still readable");
	ok(pwrite(fd, "more", 4, 4) == 4 && fstat(fd, &a) == 0 &&
		   a.st_size == 8,
	   "still writable");
	close(fd);
	is_errno(open("l-b", O_RDONLY), ENOENT, "name is gone");
}

/* O_CREAT follows 40 links to the name it makes; a 41st is ELOOP. */
static void test_create_chain(void)
{
	char name[16], target[16];
	struct stat st;
	int i;

	for (i = 0; i <= 40; i++) {
		snprintf(name, sizeof(name), "s-c%d", i);
		snprintf(target, sizeof(target), i < 40 ? "s-c%d" : "s-far",
			 i + 1);
		symlink(target, name);
	}
	close(open("s-c1", O_WRONLY | O_CREAT, 0644));
	ok(lstat("s-far", &st) == 0 && S_ISREG(st.st_mode),
	   "O_CREAT through 40 links makes the file");
	unlink("s-far");
	is_errno(open("s-c0", O_WRONLY | O_CREAT, 0644), ELOOP,
		 "through 41: ELOOP");
	for (i = 0; i <= 40; i++) {
		snprintf(name, sizeof(name), "s-c%d", i);
		unlink(name);
	}
}

static void test_symlinks(void)
{
	char buf[64];
	struct stat st;

	put("s-target", "tgt");
	ok_sys(symlink("s-target", "s-link"), "symlink");
	ok(lstat("s-link", &st) == 0 && S_ISLNK(st.st_mode), "lstat: S_ISLNK");
	is(st.st_size, 8, "symlink size is the target's length");
	memset(buf, 'X', sizeof(buf));
	is(readlink("s-link", buf, sizeof(buf)), 8,
	   "readlink returns the length");
	ok(memcmp(buf, "s-target", 8) == 0 && buf[8] == 'X',
	   "readlink writes no NUL");
	is(readlink("s-link", buf, 3), 3, "readlink truncates to the buffer");
	is_errno(readlink("s-target", buf, sizeof(buf)), EINVAL,
		 "readlink of a file: EINVAL");
	ok(stat("s-link", &st) == 0 && S_ISREG(st.st_mode),
	   "stat follows the link");
	ok(strcmp(get("s-link"), "tgt") == 0, "open follows the link");
	is_errno(open("s-link", O_RDONLY | O_NOFOLLOW), ELOOP,
		 "O_NOFOLLOW on a link: ELOOP");
	is_errno(symlink("x", "s-link"), EEXIST, "symlink over a name: EEXIST");

	symlink("s-missing", "s-dangling");
	is_errno(open("s-dangling", O_RDONLY), ENOENT, "dangling link: ENOENT");
	is_errno(open("s-dangling", O_RDWR | O_CREAT | O_EXCL, 0644), EEXIST,
		 "O_CREAT|O_EXCL on a dangling link: EEXIST");
	close(open("s-dangling", O_RDWR | O_CREAT, 0600));
	ok(lstat("s-missing", &st) == 0 && S_ISREG(st.st_mode) &&
		   (st.st_mode & 0777) == 0600,
	   "O_CREAT through a dangling link makes its target");
	symlink("s-dangling", "s-chain");
	unlink("s-missing");
	close(open("s-chain", O_WRONLY | O_CREAT, 0644));
	ok(lstat("s-missing", &st) == 0 && S_ISREG(st.st_mode),
	   "and through a chain of two links");
	unlink("s-chain");
	unlink("s-missing");
	test_create_chain();
	is_errno(open("s-new", O_RDWR | O_CREAT | O_DIRECTORY, 0644), EINVAL,
		 "O_CREAT|O_DIRECTORY: EINVAL");
	is_errno(lstat("s-new", &st), ENOENT, "and nothing made");
	symlink("s-loop2", "s-loop1");
	symlink("s-loop1", "s-loop2");
	is_errno(open("s-loop1", O_RDONLY), ELOOP, "a -> b -> a: ELOOP");
	is_errno(open("s-loop1", O_RDWR | O_CREAT, 0644), ELOOP,
		 "O_CREAT through a -> b -> a: ELOOP");
	is_errno(stat("s-loop1", &st), ELOOP, "stat of a loop: ELOOP");

	mkdir("s-dir", 0755);
	put("s-dir/in", "in");
	symlink("s-dir", "s-dirlink");
	ok(strcmp(get("s-dirlink/in"), "in") == 0,
	   "a link in the middle of a path");
	unlink("s-dir/in");
	rmdir("s-dir");
	unlink("s-dirlink");
	unlink("s-loop1");
	unlink("s-loop2");
	unlink("s-dangling");
	unlink("s-link");
	unlink("s-target");
}

static void test_name_too_long(void)
{
	static char name[NAME_MAX + 2], path[PATH_MAX + 10];
	int i;

	memset(name, 'n', NAME_MAX + 1);
	is_errno(open(name, O_RDONLY | O_CREAT, 0644), ENAMETOOLONG,
		 "component of %d bytes: ENAMETOOLONG", NAME_MAX + 1);
	is_errno(mkdir(name, 0755), ENAMETOOLONG, "mkdir: ENAMETOOLONG");
	name[NAME_MAX] = '\0';
	ok_sys(put(name, "ok"), "component of exactly NAME_MAX bytes works");
	unlink(name);
	for (i = 0; i + 2 <= PATH_MAX + 4; i += 2)
		memcpy(path + i, "a/", 2);
	path[i] = '\0';
	is_errno(open(path, O_RDONLY), ENAMETOOLONG,
		 "path over PATH_MAX: ENAMETOOLONG");
}

static void test_at_calls(void)
{
	struct stat st;
	int dfd, fd;

	mkdir("at", 0755);
	dfd = open("at", O_RDONLY | O_DIRECTORY);
	ok_sys(dfd, "open a directory O_DIRECTORY");
	fd = openat(dfd, "file", O_WRONLY | O_CREAT, 0644);
	ok_sys(fd, "openat relative to it");
	close(fd);
	ok(fstatat(dfd, "file", &st, 0) == 0 && S_ISREG(st.st_mode), "fstatat");
	ok_sys(stat("at/file", &st), "the file is in the directory");
	is_errno(unlinkat(dfd, "file", AT_REMOVEDIR), ENOTDIR,
		 "unlinkat AT_REMOVEDIR of a file");
	ok_sys(unlinkat(dfd, "file", 0), "unlinkat");
	is_errno(openat(dfd, "file", O_RDONLY), ENOENT, "gone");
	close(dfd);
	ok_sys(unlinkat(AT_FDCWD, "at", AT_REMOVEDIR), "unlinkat AT_REMOVEDIR");
}

struct linux_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static void test_getdents(void)
{
	enum { N = 60 };
	char name[48], buf[200];
	int seen[N] = { 0 };
	int dots = 0, dotdot = 0, other = 0, badtype = 0, calls = 0, once = 0;
	int fd, i;
	long n;

	mkdir("g", 0755);
	for (i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "g/entry-with-a-long-name-%02d",
			 i);
		put(name, "");
	}
	mkdir("g/subdir", 0755);
	fd = open("g", O_RDONLY | O_DIRECTORY);
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		long off = 0;
		calls++;
		while (off < n) {
			struct linux_dirent64 *d = (void *)(buf + off);
			off += d->d_reclen;
			if (!strcmp(d->d_name, ".")) {
				dots++;
				badtype += d->d_type != DT_DIR;
			} else if (!strcmp(d->d_name, "..")) {
				dotdot++;
				badtype += d->d_type != DT_DIR;
			} else if (!strcmp(d->d_name, "subdir")) {
				badtype += d->d_type != DT_DIR;
				other++;
			} else if (sscanf(d->d_name,
					  "entry-with-a-long-name-%d",
					  &i) == 1 &&
				   i >= 0 && i < N) {
				seen[i]++;
				badtype += d->d_type != DT_REG;
			} else {
				other += 100;
			}
		}
	}
	is(n, 0, "getdents64 ends with 0");
	ok(calls > 5, "a small buffer takes many calls (%d)", calls);
	for (i = 0; i < N; i++)
		once += seen[i] == 1;
	is(once, N, "every file listed exactly once");
	ok(dots == 1 && dotdot == 1, "'.' and '..' listed once each");
	is(other, 1, "the subdirectory and nothing else");
	is(badtype, 0, "d_type is DT_REG / DT_DIR");
	lseek(fd, 0, SEEK_SET);
	is_errno(syscall(SYS_getdents64, fd, buf, 8), EINVAL,
		 "buffer too small for an entry: EINVAL");
	close(fd);
	fd = open("g/subdir", O_RDONLY);
	ok(fd >= 0 && rmdir("g/subdir") == 0, "rmdir a directory that is open");
	is_errno(syscall(SYS_getdents64, fd, buf, sizeof(buf)), ENOENT,
		 "getdents64 on a removed directory: ENOENT");
	close(fd);
	fd = open("g/entry-with-a-long-name-00", O_RDONLY);
	is_errno(syscall(SYS_getdents64, fd, buf, sizeof(buf)), ENOTDIR,
		 "getdents64 on a file: ENOTDIR");
	close(fd);
	for (i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "g/entry-with-a-long-name-%02d",
			 i);
		unlink(name);
	}
	ok_sys(rmdir("g"), "directory empty after unlinking all");
}

/* The first field of /proc/sys/fs/inode-nr: inodes in memory. */
static long inodes_in_memory(void)
{
	char buf[64];

	return read_proc("/proc/sys/fs/inode-nr", buf, sizeof(buf)) ?
		       atol(buf) :
		       -1;
}

/* A rename that fails at its target keeps no hold on its source: files
 * renamed into a missing directory and then removed leave no inodes. */
static void test_rename_failure_frees(void)
{
	long before = inodes_in_memory(), after;
	int i, errs = 0;

	for (i = 0; i < 50; i++) {
		put("dirs-src", "x");
		errs += rename("dirs-src", "dirs-none/x") < 0 &&
			errno == ENOENT;
		unlink("dirs-src");
	}
	after = inodes_in_memory();
	is(errs, 50, "rename into a missing directory: ENOENT");
	ok(before > 0 && after < before + 10,
	   "and the files' inodes go with them (%ld before, %ld after)", before,
	   after);
}

int main(void)
{
	test_mkdir_rmdir();
	test_rename();
	test_rename_failure_frees();
	test_links();
	test_symlinks();
	test_name_too_long();
	test_at_calls();
	test_getdents();
	return done_testing();
}
