/*
 * oldabi.c - the i386 calls of older C libraries, called raw: signal,
 * sigaction, sigprocmask, sigpending and sigsuspend with a 4-byte mask;
 * stat/lstat/fstat (struct stat) and oldstat/oldlstat/oldfstat (16-bit
 * fields); getdents and readdir; the old select; olduname and
 * oldolduname; stime.  Each answers as its modern call does (stat64,
 * getdents64, rt_sigaction, uname ...), a value too wide for the old
 * structure is EOVERFLOW, and setting the clock (stime, settimeofday,
 * clock_settime) is EPERM for a user other than root.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <time.h>
#include "tests/tap.h"

#define DIR_ "/tmp/oldabi"
#define NR_settimeofday 79 /* musl: SYS_settimeofday_time32 */

struct old_sigaction {
	unsigned long handler, mask, flags, restorer;
};

struct k_sigaction {
	unsigned long handler, flags, restorer;
	unsigned long long mask;
};

struct stat_new {
	unsigned long st_dev, st_ino;
	unsigned short st_mode, st_nlink, st_uid, st_gid;
	unsigned long st_rdev, st_size, st_blksize, st_blocks;
	unsigned long st_atime_, st_atime_nsec, st_mtime_, st_mtime_nsec;
	unsigned long st_ctime_, st_ctime_nsec, unused4, unused5;
};

struct stat_old {
	unsigned short st_dev, st_ino, st_mode, st_nlink, st_uid, st_gid;
	unsigned short st_rdev;
	unsigned long st_size, st_atime_, st_mtime_, st_ctime_;
};

static volatile int caught;

static void on_sig(int sig)
{
	caught = sig;
}

static unsigned long rt_handler(int sig, unsigned long long *mask)
{
	struct k_sigaction k;

	syscall(SYS_rt_sigaction, sig, NULL, &k, 8);
	if (mask)
		*mask = k.mask;
	return k.handler;
}

static void old_signals(void)
{
	struct old_sigaction act = { (unsigned long)on_sig,
				     1ul << (SIGUSR2 - 1), 0, 0 },
			     got;
	unsigned long long mask;
	unsigned long set = 1ul << (SIGUSR1 - 1), old;
	sigset_t rt;

	is(syscall(SYS_signal, SIGUSR1, on_sig), (long)SIG_DFL,
	   "signal returns the old handler (SIG_DFL)");
	caught = 0;
	raise(SIGUSR1);
	is(caught, SIGUSR1, "and the new one runs");
	is(rt_handler(SIGUSR1, NULL), (unsigned long)SIG_DFL,
	   "once: it is reset to SIG_DFL after it ran");

	ok_sys(syscall(SYS_sigaction, SIGUSR1, &act, NULL),
	       "sigaction sets one");
	ok(rt_handler(SIGUSR1, &mask) == (unsigned long)on_sig &&
		   mask == 1ull << (SIGUSR2 - 1),
	   "rt_sigaction reads its handler and mask back");
	ok_sys(syscall(SYS_sigaction, SIGUSR1, NULL, &got), "and sigaction");
	ok(got.handler == (unsigned long)on_sig &&
		   got.mask == 1ul << (SIGUSR2 - 1),
	   "the same");
	is_errno(syscall(SYS_sigaction, SIGKILL, &act, NULL), EINVAL,
		 "sigaction of SIGKILL: EINVAL");
	is_errno(syscall(SYS_sigaction, SIGUSR1, (void *)8, NULL), EFAULT,
		 "a bad pointer: EFAULT");

	sigemptyset(&rt);
	sigaddset(&rt, SIGRTMIN + 5);
	sigprocmask(SIG_SETMASK, &rt, NULL);
	ok_sys(syscall(SYS_sigprocmask, SIG_BLOCK, &set, NULL),
	       "sigprocmask blocks SIGUSR1");
	set = 0;
	ok_sys(syscall(SYS_sigprocmask, SIG_SETMASK, &set, &old),
	       "SIG_SETMASK of nothing");
	is((long)old, (long)(1ul << (SIGUSR1 - 1)), "old: just SIGUSR1");
	sigprocmask(SIG_SETMASK, NULL, &rt);
	ok(sigismember(&rt, SIGRTMIN + 5) && !sigismember(&rt, SIGUSR1),
	   "signals above 32 keep their state");
	is_errno(syscall(SYS_sigprocmask, 99, &set, NULL), EINVAL,
		 "an unknown how: EINVAL");

	set = 1ul << (SIGUSR1 - 1);
	syscall(SYS_sigprocmask, SIG_BLOCK, &set, NULL);
	caught = 0;
	raise(SIGUSR1);
	old = 0;
	ok_sys(syscall(SYS_sigpending, &old), "sigpending");
	ok(old & set, "shows the blocked SIGUSR1");
	is_errno(syscall(SYS_sigsuspend, 0, 0, 0), EINTR,
		 "sigsuspend with nothing blocked takes it: EINTR");
	is(caught, SIGUSR1, "its handler ran");
	sigprocmask(SIG_SETMASK, NULL, &rt);
	ok(sigismember(&rt, SIGUSR1), "and the mask is back");
	sigemptyset(&rt);
	sigprocmask(SIG_SETMASK, &rt, NULL);
	signal(SIGUSR1, SIG_DFL);
}

static unsigned short old_dev(dev_t d)
{
	return (unsigned short)((major(d) << 8) | minor(d));
}

static void old_stats(void)
{
	struct stat st, lst;
	struct stat_new n;
	struct stat_old o;
	int fd;

	mkdir(DIR_, 0755);
	fd = must(open(DIR_ "/f", O_RDWR | O_CREAT | O_TRUNC, 0644));
	must(write(fd, "hello", 5));
	symlink("f", DIR_ "/l");
	stat(DIR_ "/f", &st);
	lstat(DIR_ "/l", &lst);

	ok_sys(syscall(SYS_stat, DIR_ "/f", &n), "stat (106)");
	ok(n.st_ino == st.st_ino && n.st_size == 5 && n.st_mode == st.st_mode &&
		   n.st_nlink == 1 && n.st_dev == st.st_dev,
	   "agrees with stat64");
	ok_sys(syscall(SYS_lstat, DIR_ "/l", &n), "lstat (107)");
	ok(S_ISLNK(n.st_mode) && n.st_ino == lst.st_ino, "sees the link");
	ok_sys(syscall(SYS_fstat, fd, &n), "fstat (108)");
	is((long)n.st_size, 5, "of the open file");
	is_errno(syscall(SYS_stat, DIR_ "/none", &n), ENOENT, "ENOENT");
	is_errno(syscall(SYS_fstat, 999, &n), EBADF, "EBADF");

	if (st.st_ino > 0xffff) {
		is_errno(syscall(SYS_oldstat, DIR_ "/f", &o), EOVERFLOW,
			 "oldstat: inode number past 16 bits: EOVERFLOW");
	} else {
		ok_sys(syscall(SYS_oldstat, DIR_ "/f", &o), "oldstat (18)");
		ok(o.st_ino == st.st_ino && o.st_size == 5 &&
			   o.st_mode == st.st_mode &&
			   o.st_dev == old_dev(st.st_dev),
		   "agrees with stat64, device as major * 256 + minor");
		ok_sys(syscall(SYS_oldfstat, fd, &o), "oldfstat (28)");
		ok_sys(syscall(SYS_oldlstat, DIR_ "/l", &o), "oldlstat (84)");
		ok(S_ISLNK(o.st_mode), "sees the link");
	}

	if (ftruncate(fd, 0x80000000LL) == 0) {
		is_errno(syscall(SYS_fstat, fd, &n), EOVERFLOW,
			 "a file of 2 GiB: fstat is EOVERFLOW");
		is_errno(syscall(SYS_oldfstat, fd, &o), EOVERFLOW,
			 "and oldfstat");
	} else {
		skip("a file of 2 GiB", "ftruncate failed");
	}
	close(fd);
}

struct dirent32 {
	unsigned long d_ino, d_off;
	unsigned short d_reclen;
	char d_name[];
};

struct old_dirent {
	unsigned long d_ino, d_offset;
	unsigned short d_namlen;
	char d_name[256];
};

static void old_dirs(void)
{
	char buf[4096], name[64];
	int fd, n, off, names = 0, f = 0, l = 0, entries = 0;
	struct old_dirent od;

	fd = must(open(DIR_, O_RDONLY | O_DIRECTORY));
	n = syscall(SYS_getdents, fd, buf, sizeof(buf));
	ok(n > 0, "getdents (141) reads the directory");
	for (off = 0; n > 0 && off < n;) {
		struct dirent32 *d = (struct dirent32 *)(buf + off);
		unsigned char type = buf[off + d->d_reclen - 1];

		names++;
		if (!strcmp(d->d_name, "f"))
			f = type == DT_REG;
		if (!strcmp(d->d_name, "l"))
			l = type == DT_LNK;
		off += d->d_reclen;
	}
	is(names, 4, ". .. f l");
	ok(f && l, "the type in each record's last byte");
	is(syscall(SYS_getdents, fd, buf, sizeof(buf)), 0, "then 0 at the end");
	lseek(fd, 0, SEEK_SET);
	is_errno(syscall(SYS_getdents, fd, buf, 8), EINVAL,
		 "a buffer too small for one entry: EINVAL");
	lseek(fd, 0, SEEK_SET);
	while (syscall(SYS_readdir, fd, &od, 1) == 1) {
		entries++;
		memcpy(name, od.d_name, od.d_namlen);
		name[od.d_namlen] = '\0';
		if (!strcmp(name, "f") && od.d_namlen == 1)
			f = 2;
	}
	is(entries, 4, "readdir (89) gives the four, one per call");
	is(f, 2, "with names and their lengths");
	close(fd);
	is_errno(syscall(SYS_getdents, 999, buf, sizeof(buf)), EBADF, "EBADF");
}

struct sel_arg {
	unsigned long n;
	fd_set *in, *out, *ex;
	struct timeval *tv;
};

static void old_select(void)
{
	struct timeval zero = { 0, 0 };
	fd_set in;
	int p[2];
	struct sel_arg a = { 0, &in, NULL, NULL, &zero };

	must(pipe(p));
	a.n = p[0] + 1;
	FD_ZERO(&in);
	FD_SET(p[0], &in);
	is(syscall(SYS_select, &a), 0, "old select (82): nothing to read yet");
	write(p[1], "x", 1);
	FD_SET(p[0], &in);
	is(syscall(SYS_select, &a), 1, "then the pipe is readable");
	is_errno(syscall(SYS_select, (void *)8), EFAULT, "a bad block: EFAULT");
	close(p[0]);
	close(p[1]);
}

static void old_uname(void)
{
	struct utsname u;
	char old[5][65], oldold[5][9];
	int i, same = 1;

	uname(&u);
	ok_sys(syscall(SYS_olduname, old), "olduname (109)");
	ok(!strcmp(old[0], u.sysname) && !strcmp(old[2], u.release) &&
		   !strcmp(old[4], u.machine),
	   "its fields are uname's");
	ok_sys(syscall(SYS_oldolduname, oldold), "oldolduname (59)");
	for (i = 0; i < 5; i++) {
		const char *f = i == 0 ? u.sysname :
				i == 1 ? u.nodename :
				i == 2 ? u.release :
				i == 3 ? u.version :
					 u.machine;

		same &= strncmp(oldold[i], f, 8) == 0 && oldold[i][8] == 0;
	}
	ok(same, "9-byte fields: the first 8 characters, then a 0");
}

static int set_clock_as_user(void)
{
	struct timeval tv;
	struct timespec ts;
	long t = (long)time(NULL);

	if (setuid(4244) != 0)
		return 1;
	gettimeofday(&tv, NULL);
	clock_gettime(CLOCK_REALTIME, &ts);
	if (syscall(SYS_stime, &t) == 0 || errno != EPERM)
		return 2;
	if (syscall(NR_settimeofday, &tv, NULL) == 0 || errno != EPERM)
		return 3;
	if (clock_settime(CLOCK_REALTIME, &ts) == 0 || errno != EPERM)
		return 4;
	return 0;
}

static void set_clock(void)
{
	long t = (long)time(NULL);
	pid_t pid;

	ok_sys(syscall(SYS_stime, &t), "stime (25) as root");
	ok(labs((long)(time(NULL) - t)) <= 1,
	   "the clock reads what it was set to");
	is_errno(syscall(SYS_stime, (void *)8), EFAULT,
		 "a bad pointer: EFAULT");
	pid = must(fork());
	if (pid == 0)
		_exit(set_clock_as_user());
	is_exit(wait_for(pid), 0,
		"another user may not set the clock: stime, settimeofday and "
		"clock_settime are EPERM");
}

int main(void)
{
	old_signals();
	old_stats();
	old_dirs();
	old_select();
	old_uname();
	set_clock();
	unlink(DIR_ "/f");
	unlink(DIR_ "/l");
	rmdir(DIR_);
	return done_testing();
}
