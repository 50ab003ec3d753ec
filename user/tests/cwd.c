/*
 * cwd.c - getcwd, chdir and fchdir.
 *
 * getcwd follows chdir and fchdir, ".." at the root stays at the root, a
 * small buffer gives ERANGE, the cwd is inherited by fork but a child's
 * chdir does not move the parent, and a removed cwd makes getcwd ENOENT.
 */
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static char start[PATH_MAX];

static void test_chdir(void)
{
	char buf[PATH_MAX], want[PATH_MAX + 8];
	int fd;

	ok(getcwd(start, sizeof(start)) != NULL && start[0] == '/', "getcwd is absolute (%s)", start);
	is(syscall(SYS_getcwd, buf, sizeof(buf)), strlen(start) + 1,
	   "raw getcwd returns the length with the NUL");
	mkdir("cwd-d", 0755);
	mkdir("cwd-d/sub", 0755);
	ok_sys(chdir("cwd-d/sub"), "chdir relative");
	snprintf(want, sizeof(want), "%s/cwd-d/sub", strcmp(start, "/") ? start : "");
	ok(getcwd(buf, sizeof(buf)) && strcmp(buf, want) == 0, "getcwd follows (%s)", buf);
	ok_sys(chdir(".."), "chdir ..");
	snprintf(want, sizeof(want), "%s/cwd-d", strcmp(start, "/") ? start : "");
	ok(getcwd(buf, sizeof(buf)) && strcmp(buf, want) == 0, "back in the parent");
	is_errno(getcwd(buf, 3) ? 0 : -1, ERANGE, "buffer too small: ERANGE");
	fd = open("sub", O_RDONLY | O_DIRECTORY);
	ok_sys(chdir(start), "chdir absolute");
	ok_sys(fchdir(fd), "fchdir");
	snprintf(want, sizeof(want), "%s/cwd-d/sub", strcmp(start, "/") ? start : "");
	ok(getcwd(buf, sizeof(buf)) && strcmp(buf, want) == 0, "fchdir moved the cwd");
	close(fd);
	fd = open(".", O_RDONLY);
	is_errno(fchdir(-1), EBADF, "fchdir(-1): EBADF");
	close(fd);
	chdir(start);
	is_errno(chdir("cwd-nonexistent"), ENOENT, "chdir to a missing dir: ENOENT");
	close(open("cwd-file", O_WRONLY | O_CREAT, 0644));
	is_errno(chdir("cwd-file"), ENOTDIR, "chdir to a file: ENOTDIR");
	fd = open("cwd-file", O_RDONLY);
	is_errno(fchdir(fd), ENOTDIR, "fchdir to a file: ENOTDIR");
	close(fd);
	unlink("cwd-file");
}

static void test_fork_and_root(void)
{
	char buf[PATH_MAX];
	pid_t pid = fork();

	if (pid == 0) {
		char cbuf[PATH_MAX];
		if (!getcwd(cbuf, sizeof(cbuf)) || strcmp(cbuf, start))
			_exit(1);
		if (chdir("/..") || !getcwd(cbuf, sizeof(cbuf)) || strcmp(cbuf, "/"))
			_exit(2);
		_exit(0);
	}
	is_exit(wait_for(pid), 0, "child inherits the cwd; /.. is /");
	ok(getcwd(buf, sizeof(buf)) && strcmp(buf, start) == 0, "child's chdir left ours alone");

	pid = fork();
	if (pid == 0) {
		char cbuf[PATH_MAX];
		if (chdir("cwd-d/sub") || rmdir("../sub"))
			_exit(1);
		_exit(getcwd(cbuf, sizeof(cbuf)) == NULL && errno == ENOENT ? 0 : 2);
	}
	is_exit(wait_for(pid), 0, "getcwd in a removed directory: ENOENT");
	rmdir("cwd-d/sub");
	rmdir("cwd-d");
}

int main(void)
{
	test_chdir();
	test_fork_and_root();
	return done_testing();
}
