/*
 * tap.h - tiny TAP helpers for the user-space test programs.
 *
 * Each test program prints its assertions as TAP subtest lines indented by
 * four spaces ("    ok 3 - pipe read returns 0 at EOF"), a plan at the end,
 * and exits non-zero when any failed.  init (inside Mapback) and `make
 * test-host` (on Linux) turn the exit status into one top-level line.
 *
 * Output goes straight to fd 1 with write(), never through stdio, so a
 * buffer is never duplicated by fork.  Only the parent process of a test
 * prints; children report through their exit status, which the parent
 * asserts on.
 */
#ifndef TAP_H
#define TAP_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static int tap_count;
static int tap_failures;

static inline void tap_write(const char *s)
{
	size_t len = strlen(s);

	while (len > 0) {
		ssize_t n = write(1, s, len);
		if (n <= 0)
			return;
		s += n;
		len -= n;
	}
}

/* One subtest line; diag (may be NULL) is appended after '#' on failure. */
static inline int tap_result(int pass, const char *file, int line,
			     const char *diag, const char *fmt, va_list ap)
{
	char desc[256], buf[512];

	vsnprintf(desc, sizeof(desc), fmt, ap);
	tap_count++;
	if (pass) {
		snprintf(buf, sizeof(buf), "    ok %d - %s\n", tap_count, desc);
	} else {
		tap_failures++;
		snprintf(buf, sizeof(buf), "    not ok %d - %s # %s:%d%s%s\n",
			 tap_count, desc, file, line, diag ? ": " : "",
			 diag ? diag : "");
	}
	tap_write(buf);
	return pass;
}

static inline int tap_ok(int pass, const char *file, int line,
			 const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = tap_result(pass, file, line, NULL, fmt, ap);
	va_end(ap);
	return r;
}

static inline int tap_is(long long got, long long want, const char *file,
			 int line, const char *fmt, ...)
{
	char diag[96];
	va_list ap;
	int r;

	snprintf(diag, sizeof(diag), "got %lld (%#llx), want %lld (%#llx)",
		 got, got, want, want);
	va_start(ap, fmt);
	r = tap_result(got == want, file, line, diag, fmt, ap);
	va_end(ap);
	return r;
}

/* ret is a libc/syscall() result: want -1 with errno == err. */
static inline int tap_is_errno(long ret, int err, const char *file, int line,
			       const char *fmt, ...)
{
	int saved = errno;
	char diag[128];
	va_list ap;
	int r;

	snprintf(diag, sizeof(diag), "got %ld errno %d (%s), want -1 errno %d (%s)",
		 ret, ret == -1 ? saved : 0, ret == -1 ? strerror(saved) : "-",
		 err, strerror(err));
	va_start(ap, fmt);
	r = tap_result(ret == -1 && saved == err, file, line, diag, fmt, ap);
	va_end(ap);
	errno = saved;
	return r;
}

/* ret is a libc/syscall() result that must not be -1. */
static inline int tap_ok_sys(long ret, const char *file, int line,
			     const char *fmt, ...)
{
	int saved = errno;
	char diag[96];
	va_list ap;
	int r;

	snprintf(diag, sizeof(diag), "failed: errno %d (%s)", saved,
		 strerror(saved));
	va_start(ap, fmt);
	r = tap_result(ret != -1, file, line, diag, fmt, ap);
	va_end(ap);
	errno = saved;
	return r;
}

/* A wait status: describe it for a diagnostic. */
static inline void tap_status_str(int status, char *buf, size_t size)
{
	if (WIFEXITED(status))
		snprintf(buf, size, "exit %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, size, "killed by signal %d", WTERMSIG(status));
	else
		snprintf(buf, size, "status %#x", status);
}

static inline int tap_is_status(int status, int want_exit, int want_sig,
				const char *file, int line, const char *fmt, ...)
{
	char got[48], diag[96];
	va_list ap;
	int pass, r;

	if (want_sig)
		pass = WIFSIGNALED(status) && WTERMSIG(status) == want_sig;
	else
		pass = WIFEXITED(status) && WEXITSTATUS(status) == want_exit;
	tap_status_str(status, got, sizeof(got));
	if (want_sig)
		snprintf(diag, sizeof(diag), "got %s, want signal %d", got, want_sig);
	else
		snprintf(diag, sizeof(diag), "got %s, want exit %d", got, want_exit);
	va_start(ap, fmt);
	r = tap_result(pass, file, line, diag, fmt, ap);
	va_end(ap);
	return r;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is(got, want, ...) \
	tap_is((long long)(got), (long long)(want), __FILE__, __LINE__, __VA_ARGS__)
#define is_errno(ret, err, ...) \
	tap_is_errno((long)(ret), (err), __FILE__, __LINE__, __VA_ARGS__)
#define ok_sys(ret, ...) tap_ok_sys((long)(ret), __FILE__, __LINE__, __VA_ARGS__)
#define is_exit(status, code, ...) \
	tap_is_status((status), (code), 0, __FILE__, __LINE__, __VA_ARGS__)
#define is_signal(status, sig, ...) \
	tap_is_status((status), 0, (sig), __FILE__, __LINE__, __VA_ARGS__)

static inline void skip(const char *desc, const char *reason)
{
	char buf[384];

	tap_count++;
	snprintf(buf, sizeof(buf), "    ok %d - %s # SKIP %s\n", tap_count,
		 desc, reason);
	tap_write(buf);
}

static inline void diag(const char *fmt, ...)
{
	char msg[256], buf[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(buf, sizeof(buf), "    # %s\n", msg);
	tap_write(buf);
}

/* Print the plan; the value to return from main. */
static inline int done_testing(void)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "    1..%d\n", tap_count);
	tap_write(buf);
	return tap_failures ? 1 : 0;
}

/*
 * A call the rest of the test depends on (pipe, fork, a setup write):
 * when it fails, say which and why and end the test as failed, rather than
 * go on with a half-made setup and block forever (under fault injection
 * any of them may fail).  Parent side only: children _exit.
 */
static inline long tap_must(long ret, const char *file, int line,
			    const char *what)
{
	char buf[160];

	if (ret != -1)
		return ret;
	snprintf(buf, sizeof(buf), "    # %s:%d: %s failed: %s; giving up\n",
		 file, line, what, strerror(errno));
	tap_write(buf);
	tap_failures++;
	exit(done_testing());
}

#define must(call) tap_must((long)(call), __FILE__, __LINE__, #call)

/*
 * TEST_ALARM=N (the fault-injection boots set it): a test still running
 * after N seconds is killed by SIGALRM, so a test stuck on a lost wake-up
 * of its own making ends as a failure instead of hanging the boot.
 */
__attribute__((constructor)) static void tap_watchdog(void)
{
	const char *s = getenv("TEST_ALARM");

	if (s && *s)
		alarm((unsigned)strtoul(s, NULL, 10));
}

/* Wait for one child; its wait status, or -1 when waitpid failed (or pid
 * is not a child's, e.g. a failed fork's -1). */
static inline int wait_for(pid_t pid)
{
	int status;

	if (pid <= 0)
		return -1;
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return status;
}

/* Remove dir and the files in it (a scratch directory a child wrote a
 * core into, say); subdirectories are not looked into. */
static inline void remove_dir(const char *dir)
{
	char path[512];
	struct dirent *d;
	DIR *dp = opendir(dir);

	while (dp && (d = readdir(dp))) {
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		if (d->d_name[0] != '.')
			unlink(path);
	}
	if (dp)
		closedir(dp);
	rmdir(dir);
}

/* Run only on CPU cpu from now on: 0, or -1 with errno (EINVAL when
 * there is no such CPU). */
static inline int pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* The CPUs this task may run on. */
static inline int allowed_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return CPU_COUNT(&set);
}

/* A number from the environment (e.g. TEST_ANON_MIB), else def. */
static inline long env_long(const char *name, long def)
{
	const char *s = getenv(name);

	return s && *s ? strtol(s, NULL, 0) : def;
}

/* The start of a /proc file as a string in buf; 0 when it cannot be read. */
static inline int read_proc(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return 1;
}

/* Write v to /proc/sys/vm/drop_caches ("1" the page cache, "2" the slab
 * caches and unused inodes, "3" both): 0, or -1 with errno. */
static inline int drop_caches(const char *v)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, v, strlen(v));
	close(fd);
	return n == (ssize_t)strlen(v) ? 0 : -1;
}

/* Field n (1-based) of /proc/self/stat, counted after the comm. */
static inline long stat_field(int n)
{
	char buf[1024], *p;
	int i;

	if (!read_proc("/proc/self/stat", buf, sizeof(buf)))
		return -999;
	p = strrchr(buf, ')');
	for (i = 2; p && i < n; i++)
		p = strchr(p + 1, ' ');
	return p ? strtol(p + 1, NULL, 10) : -999;
}

/* A process's state letter from /proc/PID/stat ('S' asleep), '?' if gone. */
static inline char proc_state(pid_t pid)
{
	char path[64], buf[256], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (!read_proc(path, buf, sizeof(buf)))
		return '?';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/* Until pid sleeps (in a read, a lock, a wait), has died or is gone. */
static inline void wait_sleeping(pid_t pid)
{
	char s;

	/* A child that died instead (an injected failure) is a zombie
	 * until it is waited for: stop there too. */
	while ((s = proc_state(pid)) != 'S' && s != 'Z' && s != '?')
		sched_yield();
}

/*
 * A child that opens path read-write, locks it with lock (0 on success)
 * and, once this process is asleep (waiting for that lock), closes its
 * open and exits 0.  Its pid once it holds the lock; -1 when it could not
 * take it (the child is reaped).
 */
static inline pid_t fork_lock_holder(const char *path, int (*lock)(int fd))
{
	int p[2];
	pid_t pid;
	char c;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		int h = open(path, O_RDWR);

		if (h < 0 || lock(h) != 0 || write(p[1], "x", 1) != 1)
			_exit(1);
		wait_sleeping(getppid());
		close(h);
		_exit(0);
	}
	close(p[1]);	/* a child that fails before writing gives EOF */
	if (pid > 0 && read(p[0], &c, 1) != 1) {
		wait_for(pid);
		pid = -1;
	}
	close(p[0]);
	return pid;
}

/* The value of line "Name:" in text (a /proc/meminfo read), or -1. */
static inline long meminfo_field(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ':')
			return strtol(p + len + 1, NULL, 10);
	return -1;
}

/* "Name:" of /proc/meminfo now, in kB; -1 when it has no such line. */
static inline long meminfo_kb(const char *name)
{
	char buf[4096];

	if (!read_proc("/proc/meminfo", buf, sizeof(buf)))
		return -1;
	return meminfo_field(buf, name);
}

/* MemTotal of /proc/meminfo in MiB, or 0 when it cannot be read. */
static inline long memtotal_mib(void)
{
	long kb = meminfo_kb("MemTotal");

	return kb > 0 ? kb / 1024 : 0;
}

/* A counter of /proc/vmstat (e.g. "pswpout"), or -1 if there is none. */
static inline long vmstat_read(const char *name)
{
	static char buf[8192];
	char key[64], *p;

	if (!read_proc("/proc/vmstat", buf, sizeof(buf)))
		return -1;
	snprintf(key, sizeof(key), "\n%s ", name);
	p = strstr(buf, key);
	if (!p && !strncmp(buf, key + 1, strlen(key + 1)))
		p = buf - 1;	/* the first line has no newline before it */
	return p ? strtol(p + strlen(key), NULL, 10) : -1;
}

/* Is a swap area on?  /proc/swaps has a line after its header. */
static inline int swap_on(void)
{
	char buf[512], *nl;

	if (!read_proc("/proc/swaps", buf, sizeof(buf)))
		return 0;
	nl = strchr(buf, '\n');
	return nl && nl[1] != '\0';
}

/*
 * A test that only compares data would pass with nothing evicted.  When
 * it asked for more than RAM (mib MiB) with swap on, pages must really
 * have been written out: pswpout grew since `before`.
 */
static inline void check_evicted(long before, long mib)
{
	long after = vmstat_read("pswpout");

	if (!swap_on() || mib <= memtotal_mib())
		skip("pages went to swap", "no swap, or it all fits in RAM");
	else
		ok(before >= 0 && after > before,
		   "pages went to swap: pswpout %ld -> %ld", before, after);
}

/*
 * A size in MiB from the environment, else def: "16" is 16 MiB, "3x" three
 * times MemTotal, so one command line asks for the same pressure on
 * kernels that keep different amounts of RAM for themselves.
 */
static inline long env_mib(const char *name, long def)
{
	const char *s = getenv(name);
	char *end;
	long n;

	if (!s || !*s)
		return def;
	n = strtol(s, &end, 10);
	if (strcmp(end, "x") != 0)
		return n;
	ok(memtotal_mib() > 0, "MemTotal read for %s=%s", name, s);
	return n * memtotal_mib();
}

#endif
