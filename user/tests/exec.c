/*
 * exec.c - execve with argv and envp.
 *
 * The test re-executes itself with a mode word in argv[1] ("child",
 * "cloexec", "signals", "script"); in those modes it checks what it was
 * given and reports through its exit status (0 = all as expected, N = the
 * first check that failed).  The parent side also checks the error cases:
 * missing file, directory, no execute permission, a file that is not an
 * executable, a truncated ELF file.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tests/tap.h"

extern char **environ;

static const char *self;

/* ---- the exec'd side ---- */

static int count_env(char **envp)
{
	int n = 0;

	while (envp[n])
		n++;
	return n;
}

static int child_args(int argc, char **argv)
{
	if (argc != 6)
		return 10;
	if (strcmp(argv[2], "a b") || strcmp(argv[3], "") || strcmp(argv[4], "x"))
		return 11;
	if (atoi(argv[5]) != getpid())
		return 12;	/* exec keeps the pid */
	if (argv[argc] != NULL)
		return 13;
	if (count_env(environ) != 3)
		return 14;
	if (!getenv("FOO") || strcmp(getenv("FOO"), "bar"))
		return 15;
	if (!getenv("EMPTY") || strcmp(getenv("EMPTY"), ""))
		return 16;
	if (!getenv("LONG") || strlen(getenv("LONG")) != 3000)
		return 17;
	return 0;
}

/* argv[2] is an fd opened O_CLOEXEC, argv[3] one without it. */
static int child_cloexec(int argc, char **argv)
{
	if (argc != 4)
		return 20;
	if (fcntl(atoi(argv[2]), F_GETFD) != -1 || errno != EBADF)
		return 21;
	if (fcntl(atoi(argv[3]), F_GETFD) != 0)
		return 22;
	return 0;
}

/* Caught signals are reset to default, ignored ones stay ignored, the
 * mask is kept. */
static int child_signals(void)
{
	struct sigaction sa;
	sigset_t mask;

	if (sigaction(SIGUSR1, NULL, &sa) || sa.sa_handler != SIG_DFL)
		return 30;
	if (sigaction(SIGUSR2, NULL, &sa) || sa.sa_handler != SIG_IGN)
		return 31;
	if (sigprocmask(SIG_BLOCK, NULL, &mask) || !sigismember(&mask, SIGTERM))
		return 32;
	return 0;
}

/* Run as "#!self script" interpreter: argv = self, "script", path, extra. */
static int child_script(int argc, char **argv)
{
	if (argc != 4)
		return 40;
	if (strcmp(argv[0], self) != 0)
		return 41;
	if (strstr(argv[2], "exec-script") == NULL)
		return 42;
	if (strcmp(argv[3], "extra") != 0)
		return 43;
	return 0;
}

static int child_main(int argc, char **argv)
{
	const char *mode = argv[1];

	if (!strcmp(mode, "child"))
		return child_args(argc, argv);
	if (!strcmp(mode, "cloexec"))
		return child_cloexec(argc, argv);
	if (!strcmp(mode, "signals"))
		return child_signals();
	if (!strcmp(mode, "script"))
		return child_script(argc, argv);
	return 99;
}

/* ---- the test side ---- */

/* fork, execve(path, argv, envp) in the child; the wait status. */
static int spawn(const char *path, char **argv, char **envp)
{
	pid_t pid = fork();

	if (pid == 0) {
		execve(path, argv, envp);
		_exit(120 + (errno & 7));
	}
	return wait_for(pid);
}

static void test_args(void)
{
	static char longval[3006];
	char pidbuf[16];
	char *argv[] = { (char *)self, "child", "a b", "", "x", pidbuf, NULL };
	char *envp[] = { "FOO=bar", "EMPTY=", longval, NULL };
	pid_t pid;

	memcpy(longval, "LONG=", 5);
	memset(longval + 5, 'L', 3000);
	pid = fork();
	if (pid == 0) {
		snprintf(pidbuf, sizeof(pidbuf), "%d", getpid());
		execve(self, argv, envp);
		_exit(127);
	}
	is_exit(wait_for(pid), 0, "argv, envp and pid arrive intact");
}

static void test_cloexec(void)
{
	char a[16], b[16];
	char *argv[] = { (char *)self, "cloexec", a, b, NULL };
	int fd1 = open(self, O_RDONLY | O_CLOEXEC);
	int fd2 = open(self, O_RDONLY);

	ok(fd1 >= 0 && fd2 >= 0, "open self twice");
	snprintf(a, sizeof(a), "%d", fd1);
	snprintf(b, sizeof(b), "%d", fd2);
	is_exit(spawn(self, argv, environ), 0, "O_CLOEXEC fd closed by exec, other kept");
	close(fd1);
	close(fd2);
}

static void noop_handler(int sig)
{
	(void)sig;
}

static void test_signals(void)
{
	char *argv[] = { (char *)self, "signals", NULL };
	struct sigaction sa;
	sigset_t mask, old;
	int status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigaction(SIGUSR2, &sa, NULL);
	sa.sa_handler = noop_handler;
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigprocmask(SIG_BLOCK, &mask, &old);
	status = spawn(self, argv, environ);
	is_exit(status, 0, "exec resets handlers, keeps SIG_IGN and the mask");
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGUSR1, SIG_DFL);
	signal(SIGUSR2, SIG_DFL);
}

static int make_file(const char *name, const void *data, size_t len, mode_t mode)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, mode);

	if (fd < 0)
		return -1;
	if (write(fd, data, len) != (ssize_t)len) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static void test_script(void)
{
	char script[256];
	char *argv[] = { "exec-script", "extra", NULL };

	snprintf(script, sizeof(script), "#!%s script\n", self);
	ok_sys(make_file("exec-script", script, strlen(script), 0755), "write #! script");
	is_exit(spawn("./exec-script", argv, environ), 0,
		"#! script runs its interpreter with the right argv");
	unlink("exec-script");
}

static void test_errors(void)
{
	static const char junk[] = "this is not an executable\n";
	char *argv[] = { "x", NULL };
	char head[64];
	int fd;

	is_errno(execve("/nonexistent/prog", argv, environ), ENOENT, "missing file: ENOENT");
	mkdir("exec-dir", 0755);
	is_errno(execve("exec-dir", argv, environ), EACCES, "directory: EACCES");
	rmdir("exec-dir");

	make_file("exec-noperm", junk, sizeof(junk) - 1, 0644);
	is_errno(execve("./exec-noperm", argv, environ), EACCES, "no execute bit: EACCES");
	unlink("exec-noperm");

	make_file("exec-junk", junk, sizeof(junk) - 1, 0755);
	is_errno(execve("./exec-junk", argv, environ), ENOEXEC, "not ELF, no #!: ENOEXEC");
	unlink("exec-junk");

	/* The ELF header alone: program headers lie past the end of file. */
	fd = open(self, O_RDONLY);
	ok(fd >= 0 && read(fd, head, sizeof(head)) == sizeof(head), "read own ELF header");
	close(fd);
	make_file("exec-trunc", head, 52, 0755);
	is(spawn("./exec-trunc", argv, environ) != 0, 1, "truncated ELF does not run");
	is_errno(execve("./exec-trunc", argv, environ), ENOEXEC, "truncated ELF: ENOEXEC");
	unlink("exec-trunc");
}

int main(int argc, char **argv)
{
	self = argv[0];
	if (argc >= 2)
		return child_main(argc, argv);
	test_args();
	test_cloexec();
	test_signals();
	test_script();
	test_errors();
	return done_testing();
}
