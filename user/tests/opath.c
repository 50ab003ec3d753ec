/*
 * opath.c - O_PATH descriptors, as Linux 6.1: a handle on a name that
 * reads, writes, maps, changes nothing and takes no ioctl (EBADF), while
 * fstat, fstatfs, fchdir, dup, close, fcntl's F_GETFL/F_GETFD/F_DUPFD,
 * openat with it as dirfd and /proc/self/fd's link work.  O_PATH drops
 * O_CREAT and O_TRUNC; O_PATH|O_NOFOLLOW on a symlink opens the link.
 */
#include "tap.h"
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>

#define DIR "/tmp/opath.dir"
#define FILE_ DIR "/f"
#define LINK DIR "/l"

static void on_file(void)
{
	int fd = must(open(FILE_, O_PATH | O_RDWR | O_TRUNC));
	struct stat st;
	struct statfs sf;
	char buf[64];
	int d;

	is(fcntl(fd, F_GETFL), O_PATH, "F_GETFL: O_PATH alone");
	must(fstat(fd, &st));
	is(st.st_size, 4, "fstat works, and O_TRUNC was dropped");
	is(fstatfs(fd, &sf), 0, "fstatfs works");
	is_errno(read(fd, buf, 1), EBADF, "read: EBADF");
	is_errno(write(fd, "x", 1), EBADF, "write: EBADF");
	is_errno(pread(fd, buf, 1, 0), EBADF, "pread: EBADF");
	ok(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0) == MAP_FAILED &&
		   errno == EBADF,
	   "mmap: EBADF");
	/* The calls themselves: libc's fchmod and fchown go on through
	 * /proc/self/fd after EBADF. */
	is_errno(syscall(SYS_fchmod, fd, 0600), EBADF, "fchmod: EBADF");
	is_errno(syscall(SYS_fchown32, fd, 0, 0), EBADF, "fchown32: EBADF");
	is_errno(ioctl(fd, FIONREAD, &d), EBADF, "ioctl: EBADF");
	is_errno(fgetxattr(fd, "user.x", buf, sizeof(buf)), EBADF,
		 "fgetxattr: EBADF");
	is_errno(ftruncate(fd, 0), EBADF, "ftruncate: EBADF");
	is_errno(fsync(fd), EBADF, "fsync: EBADF");
	is_errno(fcntl(fd, F_SETFL, O_NONBLOCK), EBADF, "F_SETFL: EBADF");
	d = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	ok(d >= 0, "F_DUPFD_CLOEXEC works");
	is(fcntl(d, F_GETFD), FD_CLOEXEC, "the copy is close-on-exec");
	is(close(d), 0, "close works");
	d = dup(fd);
	is(fcntl(d, F_GETFL), O_PATH, "dup gives an O_PATH copy");
	close(d);
	snprintf(buf, sizeof(buf), "/proc/self/fd/%d", fd);
	{
		char target[64] = "";

		is(readlink(buf, target, sizeof(target) - 1),
		   (long)strlen(FILE_), "/proc/self/fd link's length");
		ok(!strcmp(target, FILE_), "names the file: %s", target);
	}
	close(fd);
	is_errno(open(DIR "/missing", O_PATH | O_CREAT, 0644), ENOENT,
		 "O_PATH|O_CREAT creates nothing: ENOENT");
}

static void on_dir(void)
{
	int fd = must(open(DIR, O_PATH | O_DIRECTORY));
	int f;
	char cwd[64] = "";

	f = openat(fd, "f", O_RDONLY);
	ok(f >= 0, "openat with an O_PATH dirfd");
	if (f >= 0)
		close(f);
	is(fchdir(fd), 0, "fchdir works");
	ok(getcwd(cwd, sizeof(cwd)) && !strcmp(cwd, DIR), "cwd is %s", cwd);
	must(chdir("/tmp"));
	is_errno(syscall(SYS_getdents64, fd, cwd, sizeof(cwd)), EBADF,
		 "getdents64: EBADF");
	is_errno(open(FILE_, O_PATH | O_DIRECTORY), ENOTDIR,
		 "O_PATH|O_DIRECTORY on a file: ENOTDIR");
	close(fd);
}

static void on_symlink(void)
{
	int fd = must(open(LINK, O_PATH | O_NOFOLLOW));
	struct stat st;

	must(fstat(fd, &st));
	ok(S_ISLNK(st.st_mode), "O_PATH|O_NOFOLLOW: the link itself");
	close(fd);
	fd = must(open(LINK, O_PATH));
	must(fstat(fd, &st));
	ok(S_ISREG(st.st_mode), "O_PATH alone follows it");
	close(fd);
}

int main(void)
{
	int fd;

	must(mkdir(DIR, 0755));
	fd = must(open(FILE_, O_WRONLY | O_CREAT, 0));
	must(write(fd, "data", 4));
	close(fd);
	must(symlink("f", LINK));
	on_file();
	on_dir();
	on_symlink();
	unlink(LINK);
	unlink(FILE_);
	rmdir(DIR);
	return done_testing();
}
