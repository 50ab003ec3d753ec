/*
 * procfd.c - /proc/PID/fd and /proc/PID/fdinfo.
 *
 * fd/N is a symlink naming the open file (its path, "pipe:[ino]" for a
 * pipe, "anon_inode:[eventpoll]" for an epoll set) with the permissions it is open with; opening it is a fresh open
 * of the same object (its own offset; the same pipe; a file unlinked since
 * still opens, and its link reads "NAME (deleted)" as after a rename over
 * it; a pipe whose writers are gone opens without waiting),
 * which is what bash's process substitution (/dev/fd/N) needs.  fdinfo/N shows pos and the O_* flags in octal, with O_CLOEXEC
 * for a close-on-exec descriptor.  A closed descriptor is ENOENT in both,
 * and another process's descriptors are seen through /proc/PID.
 */
#include <dirent.h>
#include <limits.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include "tests/tap.h"

static char cwd[PATH_MAX];

static void fd_path(char *buf, size_t size, const char *dir, int fd)
{
	snprintf(buf, size, "/proc/self/%s/%d", dir, fd);
}

/* readlink of /proc/self/fd/N as a string, or "" with errno set. */
static const char *fd_link(int fd, char *buf, size_t size)
{
	char path[64];
	ssize_t n;

	fd_path(path, sizeof(path), "fd", fd);
	n = readlink(path, buf, size - 1);
	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

/* pos and flags of /proc/self/fdinfo/N; 0 when it cannot be read. */
static int fdinfo(int fd, long long *pos, unsigned int *flags)
{
	char path[64], buf[256];

	fd_path(path, sizeof(path), "fdinfo", fd);
	if (!read_proc(path, buf, sizeof(buf)))
		return 0;
	return sscanf(buf, "pos:\t%lld\nflags:\t%o", pos, flags) == 2;
}

static mode_t link_perms(int fd)
{
	char path[64];
	struct stat st;

	fd_path(path, sizeof(path), "fd", fd);
	if (lstat(path, &st) || !S_ISLNK(st.st_mode))
		return 0;
	return st.st_mode & 07777;
}

static void test_file(void)
{
	char buf[PATH_MAX], want[PATH_MAX + 16], path[64];
	struct stat st, lst;
	long long pos;
	unsigned int flags;
	int fd, fd2;

	fd = must(open("procfd-file", O_RDWR | O_CREAT | O_TRUNC, 0644));
	snprintf(want, sizeof(want), "%s/procfd-file", strcmp(cwd, "/") ? cwd : "");
	ok(strcmp(fd_link(fd, buf, sizeof(buf)), want) == 0,
	   "fd/N of a file names its path (%s)", buf);
	is(link_perms(fd), 0700, "O_RDWR: the link is rwx for the owner");
	is(write(fd, "hello", 5), 5, "write through the descriptor");
	ok(fdinfo(fd, &pos, &flags), "fdinfo/N reads");
	is(pos, 5, "fdinfo pos: is the offset");
	is(flags & O_ACCMODE, O_RDWR, "fdinfo flags: has O_RDWR");
	is(flags & O_CLOEXEC, 0, "no O_CLOEXEC without FD_CLOEXEC");
	must(fcntl(fd, F_SETFD, FD_CLOEXEC));
	ok(fdinfo(fd, &pos, &flags) && (flags & O_CLOEXEC),
	   "FD_CLOEXEC shows as O_CLOEXEC (0%o)", flags);

	fd_path(path, sizeof(path), "fd", fd);
	fd2 = open(path, O_RDONLY);
	ok_sys(fd2, "open fd/N");
	memset(buf, 0, 8);
	is(read(fd2, buf, 8), 5, "a fresh open: its own offset, from 0");
	ok(memcmp(buf, "hello", 5) == 0, "the same file's bytes");
	ok(fstat(fd, &st) == 0 && stat(path, &lst) == 0 &&
	   st.st_ino == lst.st_ino && st.st_dev == lst.st_dev,
	   "stat follows fd/N to the file");
	is(link_perms(fd2), 0500, "O_RDONLY: the link is r-x");
	close(fd2);
	must(unlink("procfd-file"));
	strcat(want, " (deleted)");
	ok(strcmp(fd_link(fd, buf, sizeof(buf)), want) == 0,
	   "unlinked while open: fd/N names it with \" (deleted)\" (%s)", buf);
	fd2 = open(path, O_RDONLY);
	ok(fd2 >= 0 && read(fd2, buf, 8) == 5,
	   "an unlinked file still opens through fd/N");
	close(fd2);
	close(fd);
	errno = 0;
	is_errno(readlink(path, buf, sizeof(buf)), ENOENT,
		 "closed descriptor: readlink ENOENT");
	is_errno(open(path, O_RDONLY), ENOENT, "closed descriptor: open ENOENT");
	fd_path(path, sizeof(path), "fdinfo", fd);
	is_errno(open(path, O_RDONLY), ENOENT, "closed descriptor: fdinfo ENOENT");
	is_errno(readlink("/proc/self/fd/x", buf, sizeof(buf)), ENOENT,
		 "fd/x: ENOENT");

	fd = must(open("/dev/null", O_WRONLY | O_APPEND));
	ok(strcmp(fd_link(fd, buf, sizeof(buf)), "/dev/null") == 0,
	   "fd/N of /dev/null (%s)", buf);
	is(link_perms(fd), 0300, "O_WRONLY: the link is -wx");
	ok(fdinfo(fd, &pos, &flags) && (flags & O_ACCMODE) == O_WRONLY &&
	   (flags & O_APPEND), "fdinfo flags: O_WRONLY|O_APPEND (0%o)", flags);
	close(fd);
}

/* A file replaced by a rename while open is deleted too. */
static void test_replaced(void)
{
	char buf[PATH_MAX], want[PATH_MAX + 32];
	int fd;

	fd = must(open("procfd-a", O_RDWR | O_CREAT | O_TRUNC, 0644));
	close(must(open("procfd-b", O_RDWR | O_CREAT | O_TRUNC, 0644)));
	must(rename("procfd-b", "procfd-a"));
	snprintf(want, sizeof(want), "%s/procfd-a (deleted)",
		 strcmp(cwd, "/") ? cwd : "");
	ok(strcmp(fd_link(fd, buf, sizeof(buf)), want) == 0,
	   "renamed over while open: \" (deleted)\" (%s)", buf);
	close(fd);
	must(unlink("procfd-a"));
}

static void test_pipe(void)
{
	char a[64], b[64], want[64], path[64];
	struct stat st;
	int p[2], w;

	must(pipe(p));
	must(fstat(p[0], &st));
	snprintf(want, sizeof(want), "pipe:[%lu]", (unsigned long)st.st_ino);
	fd_link(p[0], a, sizeof(a));
	fd_link(p[1], b, sizeof(b));
	ok(strcmp(a, want) == 0, "fd/N of a pipe: %s", a);
	ok(strcmp(a, b) == 0, "both ends name the same pipe");
	fd_path(path, sizeof(path), "fd", p[1]);
	/* must: without this writer the read below would wait forever. */
	w = must(open(path, O_WRONLY));
	ok_sys(w, "open a pipe's fd/N for writing");
	is(must(write(w, "xy", 2)), 2, "write into it");
	close(w);
	memset(a, 0, sizeof(a));
	is(read(p[0], a, sizeof(a)), 2, "the same pipe: its reader gets it");
	ok(strcmp(a, "xy") == 0, "the bytes written");
	close(p[1]);
	/* No writer left: unlike a FIFO's, the open does not wait for one. */
	fd_path(path, sizeof(path), "fd", p[0]);
	w = open(path, O_RDONLY);
	ok_sys(w, "open a pipe's fd/N with no writer left");
	is(read(w, a, sizeof(a)), 0, "reads end of file at once");
	close(w);
	close(p[0]);
}

/* The listing has 0, 1, 2, the directory's own descriptor and no gaps
 * filled in; another process's table is seen through /proc/PID. */
static void test_listing(void)
{
	char path[64], buf[64];
	int p[2], fd, seen = 0, stray = 0;
	struct dirent *e;
	ssize_t n;
	DIR *d;
	pid_t pid;

	fd = must(open("/dev/null", O_RDONLY));
	d = opendir("/proc/self/fd");
	ok(d != NULL, "opendir /proc/self/fd");
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (atoi(e->d_name) == fd)
			seen++;
		else if (e->d_type != DT_LNK || fcntl(atoi(e->d_name), F_GETFD) < 0)
			stray++;
	}
	if (d)
		closedir(d);
	is(seen, 1, "our descriptor is listed once");
	is(stray, 0, "every entry is an open descriptor, a link");
	close(fd);

	must(pipe(p));
	pid = fork();
	if (pid == 0) {
		close(p[1]);
		dup2(p[0], 9);
		read(p[0], buf, 1);	/* until the parent is done */
		_exit(0);
	}
	close(p[0]);
	snprintf(path, sizeof(path), "/proc/%d/fd/9", pid);
	wait_sleeping(pid);
	n = readlink(path, buf, sizeof(buf) - 1);
	buf[n < 0 ? 0 : n] = '\0';
	ok(!strncmp(buf, "pipe:[", 6), "another process's fd/9 (%s)", buf);
	write(p[1], "", 1);
	is_exit(wait_for(pid), 0, "child exits");
	close(p[1]);
}

/* Anonymous files: the kind in brackets, as Linux names them. */
static void test_anon(void)
{
	char buf[64];
	int ep = epoll_create1(0), ev = eventfd(0, 0);

	if (!ok(ep >= 0 && ev >= 0, "an epoll set and an eventfd"))
		return;
	ok(!strcmp(fd_link(ep, buf, sizeof(buf)), "anon_inode:[eventpoll]"),
	   "fd/N of an epoll set: %s", buf);
	ok(!strcmp(fd_link(ev, buf, sizeof(buf)), "anon_inode:[eventfd]"),
	   "fd/N of an eventfd: %s", buf);
	close(ep);
	close(ev);
}

int main(void)
{
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/");
	test_file();
	test_replaced();
	test_pipe();
	test_anon();
	test_listing();
	return done_testing();
}
