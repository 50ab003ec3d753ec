/*
 * init.c - Mapback's PID 1.
 *
 * Sets up the minimum a Linux user space expects (/proc, /dev, fds 0-2 on
 * the console, PATH/HOME/TERM; on Linux itself also the disk modules and
 * the swap disk's name, linux_boot.h), runs /etc/rc with /bin/sh when the
 * root has one (a disk root's: its fstab, swap; BSD init's rc, BusyBox
 * init's sysinit), then does one of three things:
 *
 *   - with "runtests" in argv (the kernel passes unknown command line words
 *     to init, as Linux does): runs every program in /tests in sorted order,
 *     prints one top-level TAP line per program from its wait status, runs
 *     the rmap audit (/proc/sys/vm/rmap_audit) and the swap audit
 *     (/proc/sys/vm/swap_audit) after each one, prints a summary and powers
 *     the machine off;
 *   - with "runfuzz": the system call fuzzer /sbin/fuzz, then the audits,
 *     two tests and the leak check (docs/testing.md);
 *   - with "runbench": the same for every program in /bench (the
 *     benchmarks of `make bench`, docs/bench.md), without the audit, whose
 *     walks would only add to the kernel's counters;
 *   - otherwise: runs BusyBox's /bin/sh on the console and starts a new one
 *     whenever it exits; when it cannot be started, says why once and
 *     tries again with a growing delay.
 *
 * As PID 1 it also reaps orphans, which the kernel reparents to it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <time.h>

#include "linux_boot.h"
#include "say.h"

#define TESTS_DIR "/tests"
#define BENCH_DIR "/bench"
#define RMAP_AUDIT "/proc/sys/vm/rmap_audit"
#define SWAP_AUDIT "/proc/sys/vm/swap_audit"
#define DEFAULT_PATH "/bin:/sbin:/usr/bin:/usr/sbin"

static void mount_fs(const char *source, const char *target, const char *type)
{
	if (mkdir(target, 0755) < 0 && errno != EEXIST)
		say("init: mkdir %s: %s\n", target, strerror(errno));
	/* EBUSY: the kernel mounted it already (as Linux's DEVTMPFS_MOUNT). */
	if (mount(source, target, type, 0, NULL) < 0 && errno != EBUSY)
		say("init: mount %s on %s: %s\n", type, target, strerror(errno));
}

/* Give fds 0, 1 and 2 to the console unless the kernel already did. */
static void open_console(void)
{
	int fd;

	for (fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) >= 0)
			continue;
		if (open("/dev/console", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			return;
	}
}

static void setup(void)
{
	mount_fs("proc", "/proc", "proc");
	mount_fs("devtmpfs", "/dev", "devtmpfs");
	open_console();
	setenv("PATH", DEFAULT_PATH, 0);
	setenv("HOME", "/root", 0);
	setenv("TERM", "linux", 0);
	linux_boot();
}

/* Collect orphans that exited; never blocks. */
static void reap_zombies(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

/* Wait for pid, reaping any orphans that finish in the meantime. */
static int wait_child(pid_t pid)
{
	int status;
	pid_t r;

	for (;;) {
		r = wait(&status);
		if (r == pid)
			return status;
		if (r < 0 && errno != EINTR)
			return -1;
	}
}

/* /etc/rc, when there is one, to its end: the root's own start-up. */
static void run_rc(void)
{
	pid_t pid;

	if (access("/etc/rc", R_OK) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "/etc/rc", (char *)NULL);
		say("init: cannot run /etc/rc: %s\n", strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		say("init: cannot run /etc/rc: %s\n", strerror(errno));
	else
		wait_child(pid);
}

/* ---- test mode ---- */

static int test_number;
static int tests_passed;
static int tests_failed;

static void report(int pass, const char *name, const char *why)
{
	test_number++;
	if (pass)
		tests_passed++;
	else
		tests_failed++;
	say("%s %d - %s%s\n", pass ? "ok" : "not ok", test_number, name, why);
}

/*
 * A test's environment: a fixed clean one, plus the TEST_* and BENCH_*
 * variables the kernel command line gave init (e.g. TEST_ANON_MIB=24 for a
 * mem=8M boot).
 */
static char **test_environment(void)
{
	static char *envp[64];
	extern char **environ;
	int n = 0;
	char **e;

	envp[n++] = "PATH=" DEFAULT_PATH;
	envp[n++] = "HOME=/root";
	envp[n++] = "TERM=linux";
	envp[n++] = "BUSYBOX=/bin/busybox";
	for (e = environ; *e && n < 63; e++) {
		if (strncmp(*e, "TEST_", 5) == 0 || strncmp(*e, "BENCH_", 6) == 0 ||
		    strncmp(*e, "FUZZ_", 5) == 0)
			envp[n++] = *e;
	}
	envp[n] = NULL;
	return envp;
}

/*
 * Fault injection (kernel/fault_inject.h) with its task filter fails only
 * the calls of tasks with make-it-fail set: each test and what it starts,
 * never init.  Without injection configured the flag changes nothing; a
 * kernel without the file (Linux without CONFIG_FAULT_INJECTION) is fine.
 */
static void choose_for_faults(void)
{
	int fd = open("/proc/self/make-it-fail", O_WRONLY);

	if (fd < 0)
		return;
	if (write(fd, "1", 1) != 1)
		say("init: make-it-fail: %s\n", strerror(errno));
	close(fd);
}

/* Run one program of dir in a child, in /tmp, and report its wait status. */
static void run_test(const char *dir, const char *name)
{
	char path[300], why[64];
	char *argv[2];
	int status;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	say("# %s\n", path);
	pid = fork();
	if (pid < 0) {
		report(0, name, " (fork failed)");
		return;
	}
	if (pid == 0) {
		/* Into /tmp first: under fault injection the chdir could
		 * fail, and a test left in / leaves its files where the
		 * leak check cannot empty them. */
		if (chdir("/tmp") < 0)
			say("init: chdir /tmp: %s\n", strerror(errno));
		choose_for_faults();
		argv[0] = path;
		argv[1] = NULL;
		execve(path, argv, test_environment());
		say("init: exec %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	status = wait_child(pid);
	reap_zombies();
	why[0] = '\0';
	if (status < 0)
		snprintf(why, sizeof(why), " (wait failed)");
	else if (WIFSIGNALED(status))
		snprintf(why, sizeof(why), " (killed by signal %d)", WTERMSIG(status));
	else if (WEXITSTATUS(status) != 0)
		snprintf(why, sizeof(why), " (exit %d)", WEXITSTATUS(status));
	report(status == 0, name, why);
}

/*
 * Ask the kernel to check its books after a test: every address space's
 * rmap (file RMAP_AUDIT), every swap slot's count (SWAP_AUDIT).  No audit
 * file (ENOENT): the kernel has none, say nothing.  Any other error from
 * open or write is a reported violation.
 */
static void run_audit(const char *name, const char *file, const char *what)
{
	char label[300], why[64];
	int fd, err = 0;

	fd = open(file, O_WRONLY);
	if (fd < 0 && errno == ENOENT)
		return;
	if (fd < 0 || write(fd, "1", 1) != 1)
		err = errno;
	if (fd >= 0)
		close(fd);
	snprintf(label, sizeof(label), "%s: %s audit", name, what);
	why[0] = '\0';
	if (err)
		snprintf(why, sizeof(why), " (%s)", strerror(err));
	report(err == 0, label, why);
}

/*
 * The tests to run: all but dot files, or with TEST_ONLY=PREFIX on the
 * command line only those whose names start with PREFIX, or with one of
 * a comma-separated list of them (TEST_ONLY=fork_exit,morton).
 */
static int wanted_test(const struct dirent *d)
{
	const char *only = getenv("TEST_ONLY"), *p;
	size_t len;

	if (d->d_name[0] == '.')
		return 0;
	if (!only || !*only)
		return 1;
	for (p = only; *p; p += len + (p[len] == ',')) {
		len = strcspn(p, ",");
		if (len && strncmp(d->d_name, p, len) == 0)
			return 1;
	}
	return 0;
}

/* init run by hand (not PID 1, e.g. chrooted on the host) just exits. */
static void power_off(void)
{
	if (getpid() != 1)
		exit(tests_failed ? 1 : 0);
	sync();
	reboot(RB_POWER_OFF);
	say("init: power off failed: %s\n", strerror(errno));
	for (;;)
		pause();
}

/*
 * TEST_SWAP_DEV=/dev/hdb on the command line: the tests run with that
 * swap area on (its own TAP line), as a real system's init scripts would
 * run swapon.
 */
static void swap_on(void)
{
	const char *dev = getenv("TEST_SWAP_DEV");

	if (!dev)
		return;
	if (swapon(dev, 0) == 0)
		report(1, "swapon", "");
	else
		report(0, "swapon", errno == ENOENT ? " (no such device)" : " (failed)");
}

/*
 * And swapoff once the tests are done: every page still on the area must
 * come back.  A slot whose owner is gone (a leak) makes it fail: EBUSY.
 */
static void swap_off(void)
{
	const char *dev = getenv("TEST_SWAP_DEV");

	if (!dev)
		return;
	if (swapoff(dev) == 0)
		report(1, "swapoff", "");
	else
		report(0, "swapoff", errno == EBUSY ? " (slots still in use)" : " (failed)");
	run_audit("swapoff", SWAP_AUDIT, "swap");
}

/* ---- the leak check ---- */

/*
 * Slab pages count as free: which slab an object lands in (and so how
 * many pages the caches keep) is no leak.  The objects themselves are
 * counted instead, all but the pte_chain nodes: a page that was shared
 * keeps its chain after the sharer is gone, and the rmap audit already
 * proves every node belongs to a PTE.
 */
struct mem_level {
	long free_kb;		/* MemFree + Slab */
	long slab_objs;		/* active objects of every slab cache */
	char slabinfo[8192];	/* /proc/slabinfo as it was, to name a leak */
};

/* The first number after "name" at the start of a line of file. */
static long proc_number(const char *file, const char *name, int column)
{
	static char buf[8192];
	int fd = open(file, O_RDONLY), col;
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	size_t len = strlen(name);
	long sum = 0;
	char *p, *q;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	for (p = buf; p; p = (p = strchr(p, '\n')) ? p + 1 : NULL) {
		if (len && strncmp(p, name, len))
			continue;
		/* column 0: the value after "name"; column k: the kth field */
		q = p + len;
		for (col = 0; col < column && *q; col++) {
			q += strspn(q, " \t");
			q += strcspn(q, " \t\n");
		}
		if (len)
			return strtol(q, NULL, 10);
		if (*p != '#' && strncmp(p, "slabinfo", 8) &&
		    strncmp(p, "pte_chain ", 10))
			sum += strtol(q, NULL, 10);
	}
	return len ? -1 : sum;
}

/* Give back what caches keep, then measure. */
static void measure(struct mem_level *l)
{
	int fd;

	/* A disk root's dirty pages first, so that drop_caches can drop
	 * them too. */
	sync();
	fd = open("/proc/sys/vm/drop_caches", O_WRONLY);
	if (fd >= 0) {
		if (write(fd, "3", 1) != 1)
			say("init: drop_caches: %s\n", strerror(errno));
		close(fd);
	}
	l->free_kb = proc_number("/proc/meminfo", "MemFree:", 0) +
		     proc_number("/proc/meminfo", "Slab:", 0);
	l->slab_objs = proc_number("/proc/slabinfo", "", 1);
	fd = open("/proc/slabinfo", O_RDONLY);
	l->slabinfo[0] = '\0';
	if (fd >= 0) {
		ssize_t n = read(fd, l->slabinfo, sizeof(l->slabinfo) - 1);

		l->slabinfo[n > 0 ? n : 0] = '\0';
		close(fd);
	}
}

/* The active objects of cache name in a copy of /proc/slabinfo, or 0. */
static long slab_active(const char *info, const char *name, size_t len)
{
	const char *p;

	for (p = info; p; p = (p = strchr(p, '\n')) ? p + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ' ')
			return strtol(p + len, NULL, 10);
	return 0;
}

/* Name the caches that hold more objects than before: where to look. */
static void say_slab_growth(const struct mem_level *before,
			    const struct mem_level *after)
{
	const char *p;
	size_t len;
	long was, now;

	for (p = after->slabinfo; p; p = (p = strchr(p, '\n')) ? p + 1 : NULL) {
		len = strcspn(p, " \n");
		if (!len || *p == '#' || !strncmp(p, "slabinfo", 8))
			continue;
		now = slab_active(after->slabinfo, p, len);
		was = slab_active(before->slabinfo, p, len);
		if (now > was)
			say("# init: %.*s: %ld objects before, %ld after\n",
			    (int)len, p, was, now);
	}
}

static int not_dot_or_dotdot(const struct dirent *d)
{
	return strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
}

/* Remove everything below dir (what failed tests left in /tmp). */
static void empty_dir(const char *dir)
{
	struct dirent **list;
	struct stat st;
	char path[512];
	int i, n = scandir(dir, &list, not_dot_or_dotdot, alphasort);

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			/* A test that failed between mount and umount left
			 * its file system mounted here. */
			umount2(path, MNT_DETACH);
			empty_dir(path);
			rmdir(path);
		} else {
			unlink(path);
		}
		free(list[i]);
	}
	if (n >= 0)
		free(list);
}

/*
 * Remove the System V shared memory segments, semaphore arrays and
 * message queues failed tests (or the fuzzer) left: like files in /tmp,
 * they outlive their processes.  A segment still attached goes at its
 * last detach.
 */
static void remove_sysv_ipc(void)
{
	struct shmid_ds ds;
	struct semid_ds sds;
	struct seminfo info;
	struct msqid_ds mds;
	int idx, max = shmctl(0, IPC_INFO, &ds), id;

	for (idx = 0; idx <= max; idx++) {
		id = shmctl(idx, SHM_STAT, &ds);
		if (id >= 0)
			shmctl(id, IPC_RMID, NULL);
	}
	max = semctl(0, 0, IPC_INFO, &info);
	for (idx = 0; idx <= max; idx++) {
		id = semctl(idx, 0, SEM_STAT, &sds);
		if (id >= 0)
			semctl(id, 0, IPC_RMID);
	}
	max = msgctl(0, IPC_INFO, &mds);
	for (idx = 0; idx <= max; idx++) {
		id = msgctl(idx, MSG_STAT, &mds);
		if (id >= 0)
			msgctl(id, IPC_RMID, NULL);
	}
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* Name and state of every process but init still there (it should not). */
static void report_leftovers(void)
{
	struct dirent **list;
	char path[300], line[128];
	int i, n = scandir("/proc", &list, not_dot_or_dotdot, alphasort);

	for (i = 0; i < n; i++) {
		int fd;
		ssize_t len;

		/* Kernel threads have an empty cmdline, and SIGKILL is not
		 * for them. */
		snprintf(path, sizeof(path), "/proc/%s/cmdline", list[i]->d_name);
		fd = open(path, O_RDONLY);
		len = fd < 0 ? -1 : read(fd, line, 1);
		if (fd >= 0)
			close(fd);
		if (atoi(list[i]->d_name) > 1 && len > 0) {
			snprintf(path, sizeof(path), "/proc/%s/stat", list[i]->d_name);
			fd = open(path, O_RDONLY);
			len = fd < 0 ? -1 : read(fd, line, sizeof(line) - 1);
			if (fd >= 0)
				close(fd);
			if (len > 0) {
				line[len] = '\0';
				say("init: left over after SIGKILL: %s\n", line);
			}
		}
		free(list[i]);
	}
	if (n >= 0)
		free(list);
}

/*
 * What the tests left running (a child of a test the watchdog killed,
 * say) holds memory that is not leaked: end it, as an init does at
 * shutdown (kill(-1) spares init itself), and reap it.  A process that
 * SIGKILL cannot end within LEFTOVER_SECS is a kernel bug: say which.
 */
#define LEFTOVER_SECS 10

static void end_leftovers(void)
{
	struct sigaction sa, old;
	int stuck = 0;

	if (kill(-1, SIGKILL) < 0)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: wait gets EINTR */
	sigaction(SIGALRM, &sa, &old);
	alarm(LEFTOVER_SECS);
	while (wait(NULL) > 0 || (errno == EINTR && !(stuck = 1)))
		;
	alarm(0);
	sigaction(SIGALRM, &old, NULL);
	if (stuck) {
		report_leftovers();
		report(0, "processes end on SIGKILL", "");
	}
}

/*
 * With the tests gone and /tmp empty, free memory and slab objects must be
 * back at their level from before the first test: less free memory or
 * more objects is a leak; more free memory is reported, not failed.  Only
 * where the kernel has a drop_caches that frees every cached slab
 * (Mapback): elsewhere the figures mean nothing.
 */
static void leak_check(const struct mem_level *before)
{
	/* Not on the stack: a deeper stack than at the first measure would
	 * itself be a page less free. */
	static struct mem_level after;
	char why[160];

	if (on_linux()) {
		test_number++;
		say("ok %d - no leak: memory back to its level # SKIP Linux keeps caches its drop_caches does not free\n",
		    test_number);
		return;
	}
	measure(&after);
	snprintf(why, sizeof(why),
		 " (free %ld kB before, %ld kB after; slab objects %ld before, %ld after)",
		 before->free_kb, after.free_kb, before->slab_objs,
		 after.slab_objs);
	/* More free than before is no leak, but something that existed
	 * before the tests is gone: say so, for a person to look at. */
	if (after.free_kb > before->free_kb || after.slab_objs < before->slab_objs)
		say("# init: more free memory after the tests than before: a page or object that existed before is gone\n");
	if (after.slab_objs > before->slab_objs)
		say_slab_growth(before, &after);
	report(after.free_kb >= before->free_kb &&
		       after.slab_objs <= before->slab_objs,
	       "no leak: memory back to its level", why);
}

/* Run the programs of dir, audit after each when asked, power off. */
static void run_tests(const char *dir, int audit, const char *summary)
{
	static struct mem_level before;	/* see leak_check */
	struct dirent **list;
	int i, n;

	n = scandir(dir, &list, wanted_test, alphasort);
	if (n < 0)
		report(0, dir, " (cannot list it)");
	/* Before swapon, and again after swapoff, everything is in memory.
	 * Twice: the first run also pulls in the code and data it uses. */
	measure(&before);
	measure(&before);
	swap_on();
	for (i = 0; i < n; i++) {
		run_test(dir, list[i]->d_name);
		if (audit) {
			run_audit(list[i]->d_name, RMAP_AUDIT, "rmap");
			run_audit(list[i]->d_name, SWAP_AUDIT, "swap");
		}
	}
	/* What the tests left running first: a child of a killed test may
	 * hold a file of /tmp, whose swapped pages swapoff would then have
	 * to bring back into memory the test filled. */
	end_leftovers();
	empty_dir("/tmp");
	remove_sysv_ipc();
	swap_off();
	if (audit)
		leak_check(&before);
	/* Only now: freeing the list gives init's heap pages back to the
	 * kernel, which the leak check would see as memory gone. */
	for (i = 0; i < n; i++)
		free(list[i]);
	if (n >= 0)
		free(list);
	say("1..%d\n", test_number);
	say("%s: %d passed, %d failed\n", summary, tests_passed, tests_failed);
	power_off();
}

/*
 * runfuzz: the system call fuzzer (/sbin/fuzz, FUZZ_SECS and FUZZ_SEED
 * from the command line) in a child, then the kernel's health: the
 * leftovers end on SIGKILL, both audits are clean, two test programs
 * still pass, and free memory is back at its level.
 */
static void run_fuzz(void)
{
	static const char *const sanity[] = { "fork", "pipe" };
	static struct mem_level before;	/* see leak_check */
	char label[64];
	unsigned i;

	measure(&before);
	measure(&before);
	swap_on();
	run_test("/sbin", "fuzz");
	end_leftovers();
	run_audit("fuzz", RMAP_AUDIT, "rmap");
	run_audit("fuzz", SWAP_AUDIT, "swap");
	for (i = 0; i < sizeof(sanity) / sizeof(sanity[0]); i++) {
		int before_failed = tests_failed;

		run_test(TESTS_DIR, sanity[i]);
		snprintf(label, sizeof(label), "system still works: tests/%s", sanity[i]);
		report(tests_failed == before_failed, label, "");
	}
	end_leftovers();	/* the sanity tests' leftovers too */
	empty_dir("/tmp");
	remove_sysv_ipc();
	swap_off();
	leak_check(&before);
	say("1..%d\n", test_number);
	say("fuzz: %d passed, %d failed\n", tests_passed, tests_failed);
	power_off();
}

/* ---- shell mode ---- */

/*
 * The child side: own session, the console as controlling tty, then sh.
 * err_fd is the write end of a close-on-exec pipe: a successful exec closes
 * it unread, a failed one sends errno through it.
 */
static void exec_shell(int err_fd)
{
	char *argv[] = { "-sh", NULL };
	extern char **environ;
	int err;

	setsid();
	ioctl(0, TIOCSCTTY, 0);
	execve("/bin/sh", argv, environ);
	err = errno;
	if (write(err_fd, &err, sizeof(err)) != sizeof(err))
		_exit(126);
	_exit(127);
}

/*
 * Start one shell and wait for it.  Returns 0 when it ran, else the errno
 * that kept it from starting (fork, pipe or exec failing).
 */
static int spawn_shell(int *status)
{
	int p[2], err = 0;
	pid_t pid;

	if (pipe2(p, O_CLOEXEC) < 0)
		return errno;
	pid = fork();
	if (pid < 0) {
		err = errno;
		close(p[0]);
		close(p[1]);
		return err;
	}
	if (pid == 0) {
		signal(SIGUSR1, SIG_DFL);
		signal(SIGUSR2, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		close(p[0]);
		exec_shell(p[1]);
	}
	close(p[1]);
	if (read(p[0], &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(p[0]);
	*status = wait_child(pid);
	return err;
}

/*
 * BusyBox's poweroff, reboot and halt signal init (SIGUSR2, SIGTERM,
 * SIGUSR1), as they do sysvinit and BusyBox init.  reboot(2) and sync(2)
 * are safe in a handler.
 */
static void shutdown_signal(int sig)
{
	sync();
	/* A disk root goes down clean, as a distribution's halt script
	 * leaves it: read-only (ext2 marks itself clean).  Refused while a
	 * file is open for writing on it, and then it stays as it is. */
	mount(NULL, "/", NULL, MS_REMOUNT | MS_RDONLY, NULL);
	if (sig == SIGUSR2)
		reboot(RB_POWER_OFF);
	else if (sig == SIGTERM)
		reboot(RB_AUTOBOOT);
	else
		reboot(RB_HALT_SYSTEM);
}

/* The longest pause between two attempts to start a shell, in seconds. */
#define RESPAWN_MAX_DELAY 64

static long monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

/*
 * Keep a shell on the console.  One that exits is replaced at once.  One
 * that cannot be started (no /bin/sh, out of memory), or that dies within
 * a second of starting, is tried again after 1, 2, 4, ... RESPAWN_MAX_DELAY
 * seconds, and the reason is printed only when it differs from the
 * previous attempt's: a broken root never floods the console or spins.
 */
static void run_shell(void)
{
	unsigned int delay = 1;
	int status = 0, err, last_why = 0, why;
	long start;

	signal(SIGUSR1, shutdown_signal);
	signal(SIGUSR2, shutdown_signal);
	signal(SIGTERM, shutdown_signal);
	for (;;) {
		start = monotonic_seconds();
		err = spawn_shell(&status);
		if (!err && monotonic_seconds() - start >= 1) {
			say("init: shell exited (status %#x), starting a new one\n", status);
			delay = 1;
			last_why = 0;
			continue;
		}
		/* Distinct from every errno: "exited at once" with this status. */
		why = err ? err : -1 - status;
		if (why != last_why) {
			if (err)
				say("init: cannot start /bin/sh: %s", strerror(err));
			else
				say("init: /bin/sh exited at once (status %#x)", status);
			say("; retrying, less often each time\n");
		}
		last_why = why;
		sleep(delay);
		if (delay < RESPAWN_MAX_DELAY)
			delay *= 2;
	}
}

int main(int argc, char **argv)
{
	int i;

	setup();
	run_rc();
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "runtests") == 0)
			run_tests(TESTS_DIR, 1, "user");
		if (strcmp(argv[i], "runbench") == 0)
			run_tests(BENCH_DIR, 0, "bench");
		if (strcmp(argv[i], "runfuzz") == 0)
			run_fuzz();
	}
	run_shell();
	return 0;
}
