/*
 * efault.c - bad user pointers give EFAULT, never a crash.
 *
 * Every pointer-taking system call is called through raw syscall() (so
 * libc never touches the pointer itself) with addresses that are not
 * usable: page 0, 0xC0000000 (the start of Mapback's kernel half),
 * 0xFFFFF000 (the top page), and, for calls where the kernel writes to
 * user memory, a read-only page and a buffer that runs off the end of its
 * mapping.  Each must fail with EFAULT as on Linux, and the process must
 * carry on.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>
#include "tests/tap.h"

#define PAGE 4096

static const char *self;
static int fd_file, fd_dir, pipe_r, pipe_w, fd_timer, fd_pidfd;
/* The address under test, used by the calls in efault_calls.h. */
static void *bad;

/* One call with the bad pointer `bad`; returns the raw syscall() result. */
struct call {
	const char *name;
	long (*fn)(void);
	int writes;		/* 1: the kernel writes through the pointer;
				 * 2: it writes a whole structure at once */
};

/* wait4 of an exited child with the status (0) or rusage (1) pointer bad. */
static long wait4_bad(int which)
{
	int status;
	long r;
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	int err;

	r = which ? syscall(SYS_wait4, pid, &status, 0, bad)
		  : syscall(SYS_wait4, pid, bad, 0, 0);
	err = errno;
	waitpid(pid, &status, 0);	/* in case the bad wait4 did not reap */
	errno = err;
	return r;
}

/*
 * execve of this program with a bad argv array (0), a bad argv string (1)
 * or a bad envp string (2), in a child in case the exec wrongly succeeds.
 * The child exits 0 when execve failed with EFAULT.
 */
static long execve_bad(int which)
{
	char *good[] = { (char *)self, NULL };
	char *strs[] = { bad, NULL };
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		long r = syscall(SYS_execve, self, which == 0 ? bad : which == 1 ? strs : good,
				 which == 2 ? strs : good);
		_exit(r == -1 && errno == EFAULT ? 0 : 1);
	}
	status = wait_for(pid);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		errno = EFAULT;
		return -1;
	}
	errno = 0;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
}

#define CALL(fn_name, writes_, expr) \
	static long try_##fn_name(void) { return (expr); }
#include "tests/efault_calls.h"
#undef CALL

#define CALL(fn_name, writes_, expr) { #fn_name, try_##fn_name, writes_ },
static const struct call calls[] = {
#include "tests/efault_calls.h"
};
#undef CALL

static void setup(void)
{
	static const char data[] = "0123456789abcdef0123456789abcdef";

	fd_file = open("ef-file", O_RDWR | O_CREAT | O_TRUNC, 0644);
	write(fd_file, data, sizeof(data));
	symlink("ef-file", "ef-link");
	mkdir("ef-dir", 0755);
	fd_dir = open("ef-dir", O_RDONLY | O_DIRECTORY);
	fd_timer = syscall(SYS_timerfd_create, CLOCK_MONOTONIC, 0);
	fd_pidfd = syscall(SYS_pidfd_open, getpid(), 0);
	{
		int p[2] = { -1, -1 };	/* a failed pipe leaves them -1 */

		pipe(p);
		pipe_r = p[0];
		pipe_w = p[1];
	}
}

static void cleanup(void)
{
	close(fd_file);
	close(fd_dir);
	close(fd_timer);
	close(fd_pidfd);
	unlink("ef-file");
	unlink("ef-link");
	unlink("ef-sl");
	rmdir("ef-dir");
}

/* Try every call whose `writes` is at least min_writes with addr. */
static void run_all(void *addr, const char *what, int min_writes)
{
	unsigned i;
	long r;

	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		if (calls[i].writes < min_writes)
			continue;
		bad = addr;
		/* Data to read: a byte in the pipe, the file from its start. */
		write(pipe_w, "p", 1);
		lseek(fd_file, 0, SEEK_SET);
		r = calls[i].fn();
		is_errno(r, EFAULT, "%s with %s", calls[i].name, what);
	}
}

int main(int argc, char **argv)
{
	char *ro, *two;

	/* An execve with a bad argv that wrongly succeeded lands here. */
	if (argc < 1)
		return 99;
	self = argv[0];
	setup();
	run_all((void *)1, "address 1", 0);
	run_all((void *)0xC0000000, "0xC0000000", 0);
	run_all((void *)0xFFFFF000, "0xFFFFF000", 0);

	ro = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ok(ro != MAP_FAILED, "map a read-only page");
	run_all(ro, "a read-only page", 1);

	two = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(two + PAGE, PAGE);
	/* Only 4 bytes fit: a structure copied out whole cannot be. */
	run_all(two + PAGE - 4, "a structure running off its mapping", 2);

	ok(getpid() > 0 && write(fd_file, "", 0) == 0, "the process carries on");
	cleanup();
	return done_testing();
}
