/*
 * uname.c - uname, identities, sessions and resource queries.
 *
 * uname's fields are NUL-terminated and non-empty (the sysname is not
 * asserted: it is Mapback's to choose); the release is a Linux-style
 * version, major.minor at least 2.6, as programs that check the kernel's
 * version before using a call parse it, and /proc/version,
 * /proc/sys/kernel/osrelease and ostype say the same; the id calls are
 * consistent; a
 * child can make a new session and process group; getpgid/getsid errors;
 * sysinfo, getrlimit/prlimit and getrusage return sane values.
 */
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include "tests/tap.h"

static int field_ok(const char *f, size_t size)
{
	return memchr(f, '\0', size) != NULL && f[0] != '\0';
}

static void test_uname(void)
{
	struct utsname u;

	memset(&u, 'X', sizeof(u));
	ok_sys(uname(&u), "uname");
	ok(field_ok(u.sysname, sizeof(u.sysname)), "sysname '%s'", u.sysname);
	ok(field_ok(u.nodename, sizeof(u.nodename)), "nodename '%s'", u.nodename);
	ok(field_ok(u.release, sizeof(u.release)), "release '%s'", u.release);
	ok(field_ok(u.version, sizeof(u.version)), "version '%s'", u.version);
	ok(field_ok(u.machine, sizeof(u.machine)), "machine '%s'", u.machine);
	ok(memchr(u.domainname, '\0', sizeof(u.domainname)) != NULL, "domainname terminated");
}

/* The first line of path, without its newline, into buf; 0 on failure. */
static int read_line(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 1;
}

static void test_release(void)
{
	struct utsname u;
	char line[512];
	int major = -1, minor = -1, parsed;

	ok_sys(uname(&u), "uname");
	ok(u.release[0] >= '0' && u.release[0] <= '9',
	   "release '%s' starts with a digit", u.release);
	parsed = sscanf(u.release, "%d.%d", &major, &minor);
	ok(parsed == 2, "release parses as major.minor (%d.%d)", major, minor);
	ok(major > 2 || (major == 2 && minor >= 6),
	   "release is at least 2.6");
	ok(read_line("/proc/sys/kernel/osrelease", line, sizeof(line)) &&
	   strcmp(line, u.release) == 0,
	   "/proc/sys/kernel/osrelease is the release ('%s')", line);
	ok(read_line("/proc/sys/kernel/ostype", line, sizeof(line)) &&
	   strcmp(line, u.sysname) == 0,
	   "/proc/sys/kernel/ostype is the sysname ('%s')", line);
	ok(read_line("/proc/version", line, sizeof(line)) &&
	   strncmp(line, u.sysname, strlen(u.sysname)) == 0 &&
	   strstr(line, " version ") && strstr(line, u.release),
	   "/proc/version: sysname, \"version\", release ('%s')", line);
}

static void test_ids(void)
{
	ok(getuid() == geteuid() && getgid() == getegid(), "real and effective ids agree");
	is(syscall(SYS_getuid32), getuid(), "getuid32");
	is(syscall(SYS_gettid), getpid(), "gettid == getpid in a single thread");
	is(getpgid(0), getpgrp(), "getpgid(0) == getpgrp()");
	is(getsid(0), getsid(getpid()), "getsid(0) == getsid(self)");
	is_errno(getpgid(999999), ESRCH, "getpgid of a missing pid: ESRCH");
	is_errno(getsid(999999), ESRCH, "getsid of a missing pid: ESRCH");
}

static void test_sessions(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		pid_t me = getpid();
		if (setsid() != me)
			_exit(1);
		if (getsid(0) != me || getpgrp() != me)
			_exit(2);
		if (setsid() != -1 || errno != EPERM)
			_exit(3);	/* a group leader cannot make a session */
		_exit(0);
	}
	is_exit(wait_for(pid), 0, "setsid in a child: new session and group; again EPERM");

	pid = fork();
	if (pid == 0) {
		if (setpgid(0, 0) != 0 || getpgrp() != getpid())
			_exit(1);
		_exit(0);
	}
	is_exit(wait_for(pid), 0, "setpgid(0, 0) makes a new process group");
	is_errno(setpgid(999999, 0), ESRCH, "setpgid of a missing pid: ESRCH");
}

static void test_resources(void)
{
	struct sysinfo si;
	struct rlimit rl;
	struct rusage ru;

	ok_sys(sysinfo(&si), "sysinfo");
	ok(si.totalram > 0 && si.freeram <= si.totalram, "freeram <= totalram");
	ok(si.mem_unit >= 1, "mem_unit >= 1");
	ok(si.procs >= 1, "at least one process");
	ok(si.freeswap <= si.totalswap, "freeswap <= totalswap");

	ok_sys(getrlimit(RLIMIT_STACK, &rl), "getrlimit RLIMIT_STACK");
	ok(rl.rlim_cur <= rl.rlim_max, "soft <= hard");
	ok_sys(prlimit(0, RLIMIT_NOFILE, NULL, &rl), "prlimit64 read");
	is_errno(getrlimit(1000, &rl), EINVAL, "unknown resource: EINVAL");

	ok_sys(getrusage(RUSAGE_SELF, &ru), "getrusage SELF");
	ok(ru.ru_utime.tv_usec < 1000000 && ru.ru_stime.tv_usec < 1000000, "times normalised");
	ok_sys(getrusage(RUSAGE_CHILDREN, &ru), "getrusage CHILDREN");
	is_errno(getrusage(42, &ru), EINVAL, "bad who: EINVAL");
}

int main(void)
{
	test_uname();
	test_release();
	test_ids();
	test_sessions();
	test_resources();
	return done_testing();
}
