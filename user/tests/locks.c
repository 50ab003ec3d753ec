/*
 * locks.c - POSIX record locks through fcntl: F_GETLK/F_SETLK/F_SETLKW
 * (struct flock, 32-bit offsets) and F_GETLK64/F_SETLK64/F_SETLKW64
 * (struct flock64), called raw.
 *
 * Locks belong to a process, so every conflict needs two: the parent
 * holds locks and forked children try theirs, reporting through their
 * exit status or a pipe.  A child that must block is seen asleep in
 * /proc/PID/stat before the parent acts, so nothing here waits on time.
 */
#include "tap.h"
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#define LK_GETLK 5
#define LK_SETLK 6
#define LK_SETLKW 7
#define LK_GETLK64 12
#define LK_SETLK64 13
#define LK_SETLKW64 14

#define PATH "/tmp/locks.test"

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

static int fd;

static long lk(int f, int cmd, int type, long long start, long long len,
	       struct flock64k *out)
{
	struct flock64k fl = { type, SEEK_SET, start, len, 0 };
	long r = syscall(SYS_fcntl64, f, cmd, &fl);

	if (out)
		*out = fl;
	return r;
}

static long setlk(int type, long long start, long long len)
{
	return lk(fd, LK_SETLK64, type, start, len, NULL);
}

/* In a child: the result of one lock call as an exit code. */
static int errno_code(long r)
{
	return r == 0 ? 0 : (r == -1 ? errno : 255);
}

/* Run fn in a child with its own descriptor on the file; its exit code. */
static int in_child(int (*fn)(int f))
{
	pid_t pid = must(fork());
	int status;

	if (pid == 0) {
		int f = open(PATH, O_RDWR);

		_exit(f < 0 ? 254 : fn(f));
	}
	status = wait_for(pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int try_wr_5(int f) { return errno_code(lk(f, LK_SETLK64, F_WRLCK, 5, 1, NULL)); }
static int try_rd_5(int f) { return errno_code(lk(f, LK_SETLK64, F_RDLCK, 5, 1, NULL)); }
static int try_wr_20(int f) { return errno_code(lk(f, LK_SETLK64, F_WRLCK, 20, 10, NULL)); }
static int try_wr_45(int f) { return errno_code(lk(f, LK_SETLK64, F_WRLCK, 45, 10, NULL)); }
static int try_wr_39(int f) { return errno_code(lk(f, LK_SETLK64, F_WRLCK, 39, 1, NULL)); }
static int try_wr_60(int f) { return errno_code(lk(f, LK_SETLK64, F_WRLCK, 60, 1, NULL)); }
static int try_wr_0(int f) { return errno_code(lk(f, LK_SETLK64, F_WRLCK, 0, 10, NULL)); }
static int try_wr_1000(int f) { return errno_code(lk(f, LK_SETLK64, F_WRLCK, 1000, 1, NULL)); }

static void test_errors(void)
{
	struct flock64k fl;
	int ro, wo;

	is_errno(lk(fd, LK_SETLK64, 5, 0, 1, NULL), EINVAL, "l_type 5: EINVAL");
	fl = (struct flock64k){ F_WRLCK, 7, 0, 1, 0 };
	is_errno(syscall(SYS_fcntl64, fd, LK_SETLK64, &fl), EINVAL,
		 "l_whence 7: EINVAL");
	is_errno(lk(fd, LK_GETLK64, F_UNLCK, 0, 1, NULL), EINVAL,
		 "F_GETLK64 of F_UNLCK: EINVAL");
	is_errno(lk(fd, LK_SETLK64, F_WRLCK, -1, 1, NULL), EINVAL,
		 "a negative start: EINVAL");
	is_errno(lk(fd, LK_SETLK64, F_WRLCK, 5, -10, NULL), EINVAL,
		 "a negative length reaching below 0: EINVAL");
	is_errno(syscall(SYS_fcntl64, fd, LK_SETLK64, (void *)1), EFAULT,
		 "an unmapped struct flock64: EFAULT");
	is_errno(lk(999, LK_SETLK64, F_WRLCK, 0, 1, NULL), EBADF,
		 "a closed fd: EBADF");
	ro = must(open(PATH, O_RDONLY));
	wo = must(open(PATH, O_WRONLY));
	is_errno(lk(ro, LK_SETLK64, F_WRLCK, 0, 1, NULL), EBADF,
		 "a write lock on a read-only fd: EBADF");
	is_errno(lk(wo, LK_SETLK64, F_RDLCK, 0, 1, NULL), EBADF,
		 "a read lock on a write-only fd: EBADF");
	is(lk(ro, LK_GETLK64, F_WRLCK, 0, 1, NULL), 0,
	   "F_GETLK64 works on a read-only fd");
	close(ro);
	close(wo);
	fl = (struct flock64k){ F_WRLCK, SEEK_SET, 0, 1, 0 };
	is_errno(syscall(SYS_fcntl, fd, LK_SETLK64, &fl), EINVAL,
		 "fcntl (not fcntl64) does not know F_SETLK64: EINVAL");
	is(lk(fd, LK_SETLK64, F_UNLCK, 0, 0, NULL), 0,
	   "unlocking what is not locked succeeds");
}

static void test_conflicts(void)
{
	struct flock64k fl;
	int p[2];
	pid_t pid;

	is(setlk(F_WRLCK, 0, 10), 0, "parent: write lock on [0,10)");
	is(lk(fd, LK_GETLK64, F_WRLCK, 0, 100, &fl), 0, "F_GETLK64 by the holder");
	is(fl.l_type, F_UNLCK, "a process's own locks never conflict");
	is(setlk(F_RDLCK, 0, 10), 0, "the holder may change its lock's type");
	is(setlk(F_WRLCK, 0, 10), 0, "... and back");

	is(in_child(try_wr_5), EAGAIN, "child: write lock inside it: EAGAIN");
	is(in_child(try_rd_5), EAGAIN, "child: read lock inside it: EAGAIN");
	is(in_child(try_wr_20), 0, "child: a range beside it is free");
	is(in_child(try_wr_1000), 0, "child: past the end of the file too");

	/* F_GETLK64 from a child reports the parent's lock and pid. */
	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		int f = open(PATH, O_RDWR);

		lk(f, LK_GETLK64, F_RDLCK, 3, 50, &fl);
		_exit(write(p[1], &fl, sizeof(fl)) == sizeof(fl) ? 0 : 1);
	}
	is_exit(wait_for(pid), 0, "child ran F_GETLK64");
	memset(&fl, 0, sizeof(fl));
	must(read(p[0], &fl, sizeof(fl)));
	is(fl.l_type, F_WRLCK, "F_GETLK64: the holder's lock type");
	is(fl.l_whence, SEEK_SET, "F_GETLK64: l_whence SEEK_SET");
	is(fl.l_start, 0, "F_GETLK64: its start");
	is(fl.l_len, 10, "F_GETLK64: its length");
	is(fl.l_pid, getpid(), "F_GETLK64: the holder's pid");
	close(p[0]);
	close(p[1]);

	/* Read locks share. */
	is(setlk(F_RDLCK, 0, 10), 0, "parent: downgrade to a read lock");
	is(in_child(try_rd_5), 0, "child: a read lock beside a read lock");
	is(in_child(try_wr_5), EAGAIN, "child: a write lock on a read lock: EAGAIN");
	is(setlk(F_UNLCK, 0, 10), 0, "parent: unlock");
	is(in_child(try_wr_0), 0, "child: the range is free again");
}

static void test_split_merge(void)
{
	struct flock64k fl;

	is(setlk(F_WRLCK, 0, 100), 0, "parent: write lock on [0,100)");
	is(setlk(F_UNLCK, 40, 20), 0, "parent: unlock [40,60) out of the middle");
	is(in_child(try_wr_45), 0, "child: the hole is free");
	is(in_child(try_wr_39), EAGAIN, "child: the left part is still held");
	is(in_child(try_wr_60), EAGAIN, "child: the right part is still held");
	is(setlk(F_RDLCK, 10, 10), 0, "parent: a read lock inside the left part");
	is(in_child(try_rd_5), EAGAIN, "child: [0,10) is still a write lock");
	is(setlk(F_UNLCK, 0, 0), 0, "parent: unlock the whole file (len 0)");
	is(in_child(try_wr_0), 0, "child: everything is free");

	/* Adjacent read locks become one: the report shows the whole. */
	is(setlk(F_RDLCK, 0, 10), 0, "parent: read lock [0,10)");
	is(setlk(F_RDLCK, 10, 10), 0, "parent: read lock [10,20)");
	{
		int p[2];
		pid_t pid;

		must(pipe(p));
		pid = must(fork());
		if (pid == 0) {
			int f = open(PATH, O_RDWR);

			lk(f, LK_GETLK64, F_WRLCK, 0, 100, &fl);
			_exit(write(p[1], &fl, sizeof(fl)) == sizeof(fl) ? 0 : 1);
		}
		is_exit(wait_for(pid), 0, "child ran F_GETLK64");
		must(read(p[0], &fl, sizeof(fl)));
		is(fl.l_start, 0, "merged lock: start 0");
		is(fl.l_len, 20, "merged lock: length 20");
		close(p[0]);
		close(p[1]);
	}
	is(setlk(F_WRLCK, 0, 0), 0, "parent: write lock to the end (len 0)");
	is(lk(fd, LK_SETLK64, F_UNLCK, 0, 0, NULL), 0, "parent: unlock all");
}

/* The 32-bit struct flock, through fcntl64 and fcntl. */
static int getlk32_child(int f)
{
	struct flock32 fl = { F_WRLCK, SEEK_SET, 0, 0, 0 };

	if (syscall(SYS_fcntl, f, LK_GETLK, &fl) != 0)
		return 1;
	return fl.l_type == F_WRLCK && fl.l_start == 100 && fl.l_len == 5 &&
	       fl.l_pid == getppid() ? 0 : 2;
}

static void test_flock32(void)
{
	struct flock32 fl = { F_WRLCK, SEEK_SET, 100, 5, 0 };

	is(syscall(SYS_fcntl64, fd, LK_SETLK, &fl), 0,
	   "fcntl64 F_SETLK with a 32-bit struct flock");
	is(in_child(getlk32_child), 0,
	   "fcntl F_GETLK from a child sees it, with the parent's pid");
	fl.l_type = F_UNLCK;
	is(syscall(SYS_fcntl, fd, LK_SETLK, &fl), 0, "fcntl F_SETLK unlocks it");
	/* SEEK_CUR counts from the file position. */
	must(lseek(fd, 200, SEEK_SET));
	fl = (struct flock32){ F_WRLCK, SEEK_CUR, -100, 5, 0 };
	is(syscall(SYS_fcntl, fd, LK_SETLK, &fl), 0, "F_SETLK from SEEK_CUR");
	is(in_child(getlk32_child), 0, "... covers [100,105)");
	fl = (struct flock32){ F_UNLCK, SEEK_SET, 0, 0, 0 };
	is(syscall(SYS_fcntl, fd, LK_SETLK, &fl), 0, "unlock");
}

static volatile int got_usr1;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

static void test_setlkw(void)
{
	int ready[2], done[2];
	struct pollfd pfd;
	char c;
	pid_t pid;

	/* Blocking until the holder lets go. */
	must(pipe(ready));
	must(pipe(done));
	is(setlk(F_WRLCK, 0, 10), 0, "parent: write lock [0,10)");
	pid = must(fork());
	if (pid == 0) {
		int f = open(PATH, O_RDWR);

		if (write(ready[1], "r", 1) != 1)
			_exit(2);
		if (lk(f, LK_SETLKW64, F_WRLCK, 0, 10, NULL) != 0)
			_exit(1);
		_exit(write(done[1], "g", 1) == 1 ? 0 : 3);
	}
	must(read(ready[0], &c, 1));
	wait_sleeping(pid);
	pfd = (struct pollfd){ done[0], POLLIN, 0 };
	is(poll(&pfd, 1, 0), 0, "F_SETLKW64 sleeps while the lock is held");
	is(setlk(F_UNLCK, 0, 10), 0, "parent: unlock");
	is(read(done[0], &c, 1), 1, "the waiter gets the lock once it is free");
	is_exit(wait_for(pid), 0, "the waiter's F_SETLKW64 returned 0");

	/* A signal ends the wait: EINTR without SA_RESTART. */
	is(setlk(F_WRLCK, 0, 10), 0, "parent: write lock [0,10) again");
	pid = must(fork());
	if (pid == 0) {
		struct sigaction sa;
		int f = open(PATH, O_RDWR);
		long r;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;
		sigaction(SIGUSR1, &sa, NULL);
		if (write(ready[1], "r", 1) != 1)
			_exit(2);
		r = lk(f, LK_SETLKW64, F_WRLCK, 0, 10, NULL);
		_exit(r == -1 && errno == EINTR && got_usr1 ? 0 : 1);
	}
	must(read(ready[0], &c, 1));
	wait_sleeping(pid);
	must(kill(pid, SIGUSR1));
	is_exit(wait_for(pid), 0, "a signal ends F_SETLKW64 with EINTR");
	is(setlk(F_UNLCK, 0, 10), 0, "parent: unlock");
	close(ready[0]);
	close(ready[1]);
	close(done[0]);
	close(done[1]);
}

static void test_deadlock(void)
{
	int ready[2];
	char c;
	pid_t pid;

	must(pipe(ready));
	is(setlk(F_WRLCK, 0, 10), 0, "parent: write lock [0,10)");
	pid = must(fork());
	if (pid == 0) {
		int f = open(PATH, O_RDWR);

		if (lk(f, LK_SETLK64, F_WRLCK, 20, 10, NULL) != 0)
			_exit(1);
		if (write(ready[1], "r", 1) != 1)
			_exit(2);
		/* Waits for the parent, who will ask for [20,30). */
		_exit(lk(f, LK_SETLKW64, F_WRLCK, 0, 10, NULL) == 0 ? 0 : 3);
	}
	must(read(ready[0], &c, 1));
	wait_sleeping(pid);
	is_errno(lk(fd, LK_SETLKW64, F_WRLCK, 20, 10, NULL), EDEADLK,
		 "waiting for a process that waits for us: EDEADLK");
	is_errno(lk(fd, LK_SETLK64, F_WRLCK, 20, 10, NULL), EAGAIN,
		 "F_SETLK64 on the same range just says EAGAIN");
	is(setlk(F_UNLCK, 0, 10), 0, "parent: unlock, so the child goes on");
	is_exit(wait_for(pid), 0, "the child got its lock and exited");
	close(ready[0]);
	close(ready[1]);
}

static int holds_nothing(int f)
{
	struct flock64k fl;

	if (lk(f, LK_GETLK64, F_WRLCK, 0, 0, &fl) != 0)
		return 1;
	return fl.l_type == F_UNLCK ? 0 : 2;
}

static void test_release(void)
{
	struct flock64k fl;
	int other, ready[2], go[2];
	char c;
	pid_t pid;

	/* Closing any descriptor of the file drops the process's locks. */
	is(setlk(F_WRLCK, 0, 10), 0, "parent: write lock [0,10)");
	other = must(open(PATH, O_RDONLY));
	is(in_child(holds_nothing), 2, "the lock is seen");
	close(other);
	is(in_child(holds_nothing), 0,
	   "closing another fd of the same file released it");

	/* A dup'd descriptor is the same file: closing it releases too. */
	is(setlk(F_WRLCK, 0, 10), 0, "parent: write lock [0,10) again");
	other = must(dup(fd));
	close(other);
	is(in_child(holds_nothing), 0, "closing a dup released it");

	/* At exit. */
	must(pipe(ready));
	must(pipe(go));
	pid = must(fork());
	if (pid == 0) {
		int f = open(PATH, O_RDWR);

		if (lk(f, LK_SETLK64, F_WRLCK, 50, 10, NULL) != 0)
			_exit(1);
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(2);
		_exit(0);
	}
	must(read(ready[0], &c, 1));
	is(lk(fd, LK_GETLK64, F_WRLCK, 0, 0, &fl), 0, "F_GETLK64 while a child holds");
	is(fl.l_pid, pid, "the child's lock, with its pid");
	is(fl.l_start, 50, "... at its start");
	must(write(go[1], "g", 1));
	is_exit(wait_for(pid), 0, "the child exited holding it");
	is(lk(fd, LK_GETLK64, F_WRLCK, 0, 0, &fl), 0, "F_GETLK64 after its exit");
	is(fl.l_type, F_UNLCK, "exit released the child's lock");
	close(ready[0]);
	close(ready[1]);
	close(go[0]);
	close(go[1]);
}

/* /proc/locks in Linux's format, naming the file by device and inode. */
static void test_proc_locks(void)
{
	char buf[4096], want[128];
	struct stat st;
	ssize_t n = 0, r;
	int f;

	must(fstat(fd, &st));
	is(setlk(F_WRLCK, 0, 10), 0, "parent: write lock [0,10)");
	is(setlk(F_RDLCK, 20, 0), 0, "parent: read lock from 20 to the end");
	f = open("/proc/locks", O_RDONLY);
	if (!ok_sys(f, "open /proc/locks"))
		return;
	while ((r = read(f, buf + n, sizeof(buf) - 1 - n)) > 0)
		n += r;
	buf[n] = '\0';
	close(f);
	snprintf(want, sizeof(want), ": POSIX  ADVISORY  WRITE %d %02x:%02x:%lu 0 9\n",
		 getpid(), major(st.st_dev), minor(st.st_dev),
		 (unsigned long)st.st_ino);
	if (!ok(strstr(buf, want) != NULL, "/proc/locks has the write lock"))
		diag("want a line ending %.*s in:\n%s", (int)strlen(want) - 1, want, buf);
	snprintf(want, sizeof(want), ": POSIX  ADVISORY  READ %d %02x:%02x:%lu 20 EOF\n",
		 getpid(), major(st.st_dev), minor(st.st_dev),
		 (unsigned long)st.st_ino);
	if (!ok(strstr(buf, want) != NULL, "/proc/locks has the read lock"))
		diag("want a line ending %.*s in:\n%s", (int)strlen(want) - 1, want, buf);
	is(setlk(F_UNLCK, 0, 0), 0, "parent: unlock all");
}

int main(void)
{
	char buf[256];

	memset(buf, 'l', sizeof(buf));
	fd = must(open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644));
	must(write(fd, buf, sizeof(buf)));
	test_errors();
	test_conflicts();
	test_split_merge();
	test_flock32();
	test_setlkw();
	test_deadlock();
	test_release();
	test_proc_locks();
	close(fd);
	unlink(PATH);
	return done_testing();
}
