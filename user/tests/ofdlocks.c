/*
 * ofdlocks.c - open file description locks: fcntl F_OFD_GETLK,
 * F_OFD_SETLK and F_OFD_SETLKW (36-38), called raw.
 *
 * The owner is the open file, not the process: two opens of one file
 * conflict within a process, dup and fork share the locks, closing one
 * descriptor of several drops nothing, the last close does; OFD and
 * POSIX locks of one process conflict; l_pid must be 0 and F_OFD_GETLK
 * reports -1; only fcntl64 knows them (fcntl (55) on i386: EINVAL); /proc/locks
 * says OFDLCK; F_OFD_SETLKW sleeps until the lock is free.
 */
#include "tap.h"
#include <signal.h>
#include <sys/syscall.h>

#define LK_SETLK64 13
#define OFD_GETLK 36
#define OFD_SETLK 37
#define OFD_SETLKW 38

#define PATH "/tmp/ofdlocks.test"

/* The kernel's i386 layouts. */
struct flock32 {
	short l_type, l_whence;
	long l_start, l_len;
	int l_pid;
};

struct flock64k {
	short l_type, l_whence;
	long long l_start, l_len;
	int l_pid;
} __attribute__((packed));

static long lk(int fd, int cmd, int type, long long start, long long len,
	       int pid, struct flock64k *out)
{
	struct flock64k fl = { type, SEEK_SET, start, len, pid };
	long r = syscall(SYS_fcntl64, fd, cmd, &fl);

	if (out)
		*out = fl;
	return r;
}

static long ofd(int fd, int cmd, int type, long long start, long long len)
{
	return lk(fd, cmd, type, start, len, 0, NULL);
}

static int proc_locks_has(const char *what)
{
	static char buf[4096];

	return read_proc("/proc/locks", buf, sizeof(buf)) &&
	       strstr(buf, what) != NULL;
}

static void same_process(void)
{
	int a = must(open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644));
	int b = must(open(PATH, O_RDWR));
	int c;
	struct flock64k got;
	struct flock32 fl32 = { F_WRLCK, SEEK_SET, 0, 100, 0 };

	is(ofd(a, OFD_SETLK, F_WRLCK, 0, 10), 0, "F_OFD_SETLK on one open");
	is_errno(ofd(b, OFD_SETLK, F_WRLCK, 5, 10), EAGAIN,
		 "another open of the file, same process: EAGAIN");
	is(ofd(b, OFD_SETLK, F_WRLCK, 10, 10), 0, "the range next to it: 0");
	is(lk(b, OFD_GETLK, F_RDLCK, 0, 100, 0, &got), 0, "F_OFD_GETLK");
	ok(got.l_type == F_WRLCK && got.l_start == 0 && got.l_len == 10 &&
	   got.l_pid == -1, "reports the other open's lock with l_pid -1");
	is_errno(syscall(SYS_fcntl, b, OFD_GETLK, &fl32), EINVAL,
		 "F_OFD_GETLK through fcntl, not fcntl64: EINVAL");
	is_errno(lk(b, OFD_SETLK, F_WRLCK, 50, 1, 1, NULL), EINVAL,
		 "F_OFD_SETLK with l_pid 1: EINVAL");
	is_errno(lk(b, OFD_GETLK, F_WRLCK, 50, 1, 1, NULL), EINVAL,
		 "F_OFD_GETLK with l_pid 1: EINVAL");
	is_errno(lk(b, LK_SETLK64, F_WRLCK, 0, 5, 0, NULL), EAGAIN,
		 "a POSIX lock of the same process conflicts: EAGAIN");
	ok(proc_locks_has("OFDLCK ADVISORY  WRITE -1 "),
	   "/proc/locks lists it as OFDLCK, pid -1");

	c = must(dup(a));
	close(c);
	is_errno(ofd(b, OFD_SETLK, F_WRLCK, 0, 10), EAGAIN,
		 "closing a dup of the open drops nothing");
	close(a);
	is(ofd(b, OFD_SETLK, F_WRLCK, 0, 10), 0,
	   "closing its last descriptor drops the lock");
	close(b);
}

static void across_fork(void)
{
	int a = must(open(PATH, O_RDWR));
	int b = must(open(PATH, O_RDWR));
	pid_t pid;

	must(ofd(a, OFD_SETLK, F_WRLCK, 0, 10));
	pid = must(fork());
	if (pid == 0) {
		int r = 0;

		if (ofd(a, OFD_SETLK, F_RDLCK, 0, 10) != 0)
			r |= 1;		/* the shared open: its own lock */
		if (ofd(b, OFD_SETLK, F_WRLCK, 0, 10) != -1 || errno != EAGAIN)
			r |= 2;		/* the other open: a conflict */
		_exit(r);
	}
	is_exit(wait_for(pid), 0,
	    "a fork child shares the open's lock and conflicts with the other");
	is_errno(ofd(b, OFD_SETLK, F_WRLCK, 0, 10), EAGAIN,
		 "the child's exit drops nothing: the parent's reference stays");
	close(a);
	close(b);
}

static int ofd_lock_whole(int fd)
{
	return ofd(fd, OFD_SETLK, F_WRLCK, 0, 0);
}

/* F_OFD_SETLKW sleeps until the holder lets go: the holder, a child,
 * closes its open once it sees the parent asleep. */
static void setlkw(void)
{
	int a = must(open(PATH, O_RDWR));
	pid_t pid = fork_lock_holder(PATH, ofd_lock_whole);

	if (ok(pid > 0, "the child holds the whole file")) {
		is(ofd(a, OFD_SETLKW, F_WRLCK, 100, 10), 0,
		   "F_OFD_SETLKW waits until the child's close releases it");
		is_exit(wait_for(pid), 0, "the child let go");
	}
	close(a);
}

int main(void)
{
	same_process();
	across_fork();
	setlkw();
	unlink(PATH);
	return done_testing();
}
