/*
 * creds.c - user and group ids: the setuid family's rules for root and
 * for others, the 16-bit calls, supplementary groups, /proc/PID/status
 * and /proc/PID ownership, kill's permission check, the dumpable flag a
 * change of effective or fs ids clears (its /proc/PID files then root's,
 * no core dump), and exec of a set-user-ID / set-group-ID file (which
 * gives nothing under PR_SET_NO_NEW_PRIVS).
 *
 * The test starts as root.  Each rule is tried in a child that changes
 * its ids and reports the first step that went wrong as its exit status
 * (0: every step as Linux does it); the parent asserts on that status.
 * Run with "--report", the program writes its ids and AT_SECURE to fd 1:
 * the set-user-ID copy in /tmp is run that way.
 */
#include <grp.h>
#include <signal.h>
#include <sys/auxv.h>
#include <sys/fsuid.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/reboot.h>
#include <sys/resource.h>
#include <sys/swap.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define NOBODY 65534

/* In a child: step n failed unless cond. */
#define CHECK(n, cond)            \
	do {                      \
		if (!(cond))      \
			_exit(n); \
	} while (0)

static int resuid_is(uid_t r, uid_t e, uid_t s)
{
	uid_t a, b, c;

	return getresuid(&a, &b, &c) == 0 && a == r && b == e && c == s;
}

static int resgid_is(gid_t r, gid_t e, gid_t s)
{
	gid_t a, b, c;

	return getresgid(&a, &b, &c) == 0 && a == r && b == e && c == s;
}

/* The fsuid/fsgid: setfs*id(-1) changes nothing and returns it. */
static int fsuid_now(void)
{
	return setfsuid(-1);
}

static int fsgid_now(void)
{
	return setfsgid(-1);
}

/* The line of /proc/PID/status that starts with key, whole, into buf. */
static int status_line(pid_t pid, const char *key, char *buf, size_t size)
{
	char path[64], text[4096];
	ssize_t n;
	char *p, *end;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	text[n] = '\0';
	for (p = text; p && *p;
	     p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, key, strlen(key)))
			break;
	if (!p || !*p)
		return -1;
	end = strchr(p, '\n');
	if (!end || (size_t)(end - p + 1) >= size)
		return -1;
	memcpy(buf, p, end - p + 1);
	buf[end - p + 1] = '\0';
	return 0;
}

static int status_is(const char *key, const char *want)
{
	char line[256];

	return status_line(getpid(), key, line, sizeof(line)) == 0 &&
	       !strcmp(line, want);
}

static int drop_to_nobody(void)
{
	return setgroups(0, NULL) == 0 && setgid(NOBODY) == 0 &&
	       setuid(NOBODY) == 0;
}

static void test_root(void)
{
	char line[256];

	ok(resuid_is(0, 0, 0) && resgid_is(0, 0, 0), "the test starts as root");
	is(fsuid_now(), 0, "fsuid 0");
	is(status_line(getpid(), "Uid:", line, sizeof(line)), 0,
	   "status has Uid:");
	is(strcmp(line, "Uid:\t0\t0\t0\t0\n"), 0,
	   "Uid: real, effective, saved, fs");
	ok(status_is("Gid:", "Gid:\t0\t0\t0\t0\n"), "Gid: the four gids");
	is(getgroups(0, NULL), 0, "no supplementary groups");
	ok(status_is("Groups:", "Groups:\t \n"),
	   "Groups: empty, with Linux's trailing space");
	is_errno(getgroups(-1, NULL), EINVAL,
		 "getgroups of a negative size: EINVAL");
	is_errno(setgroups(65537, NULL), EINVAL,
		 "setgroups beyond NGROUPS_MAX (65536): EINVAL");
	is_errno(setuid(-1), EINVAL, "setuid(-1): EINVAL, -1 is not an id");
	is_errno(setgid(-1), EINVAL, "setgid(-1): EINVAL");
	is(setresuid(-1, -1, -1), 0, "setresuid(-1, -1, -1) changes nothing");
	ok(resuid_is(0, 0, 0), "... still root");
}

/* Root sets any ids; the saved and fs ids follow Linux's rules. */
static void child_root_rules(void)
{
	gid_t g[4] = { 7, 5, 5, 3 };
	gid_t got[4];

	CHECK(1, setgroups(4, g) == 0);
	CHECK(2, getgroups(0, NULL) == 4);
	CHECK(3, getgroups(3, got) == -1 && errno == EINVAL);
	CHECK(4, getgroups(4, got) == 4 && got[0] == 3 && got[1] == 5 &&
			 got[2] == 5 && got[3] == 7);
	CHECK(5, status_is("Groups:", "Groups:\t3 5 5 7 \n"));
	CHECK(6, setresgid(100, 200, 300) == 0 && resgid_is(100, 200, 300));
	CHECK(7, fsgid_now() == 200);
	CHECK(8, status_is("Gid:", "Gid:\t100\t200\t300\t200\n"));
	CHECK(9, setreuid(10, 20) == 0 && resuid_is(10, 20, 20));
	CHECK(10, fsuid_now() == 20);
	/* Not root any more: setuid sets only the effective id. */
	CHECK(11, setuid(0) == -1 && errno == EPERM);
	CHECK(12, setuid(10) == 0 && resuid_is(10, 10, 20));
	CHECK(13, status_is("Uid:", "Uid:\t10\t10\t20\t10\n"));
	/* Back to root through the saved id 0?  It is 20 now: no. */
	CHECK(14, seteuid(0) == -1 && errno == EPERM);
	_exit(0);
}

static void child_user_rules(void)
{
	CHECK(1, setresgid(1, 2, 3) == 0);
	CHECK(2, setresuid(1000, 1001, 1002) == 0);
	CHECK(3, resuid_is(1000, 1001, 1002) && fsuid_now() == 1001);
	CHECK(4, setresuid(5, -1, -1) == -1 && errno == EPERM);
	CHECK(5,
	      setresuid(1002, 1000, 1001) == 0 && resuid_is(1002, 1000, 1001));
	CHECK(6, setresuid(1000, 1001, 1002) == 0);
	/* setreuid: the real id from the real or effective one only. */
	CHECK(7, setreuid(1002, -1) == -1 && errno == EPERM);
	CHECK(8, setreuid(1001, -1) == 0 && resuid_is(1001, 1001, 1001));
	CHECK(9, setresuid(-1, 1000, -1) == -1 && errno == EPERM);
	CHECK(10, setuid(1001) == 0);
	CHECK(11, setuid(0) == -1 && errno == EPERM);
	CHECK(12, setgroups(0, NULL) == -1 && errno == EPERM);
	CHECK(13, setgid(0) == -1 && errno == EPERM);
	CHECK(14, setresgid(3, 1, 2) == 0 && resgid_is(3, 1, 2));
	CHECK(15, setregid(4, -1) == -1 && errno == EPERM);
	/* setfsuid: the old value back, a change only to a held id. */
	CHECK(16, setfsuid(0) == 1001 && fsuid_now() == 1001);
	CHECK(17, setfsgid(0) == 1 && fsgid_now() == 1);
	CHECK(18, setfsgid(2) == 1 && fsgid_now() == 2);
	/* A change of the effective gid takes fsgid with it. */
	CHECK(19, setresgid(-1, 3, -1) == 0 && fsgid_now() == 3);
	_exit(0);
}

/* The setreuid saved-id rule: a new real id, or an effective id other
 * than the old real one, makes the saved id the new effective one. */
static void child_saved_rule(void)
{
	CHECK(1, setresuid(1, 2, 3) == 0);
	CHECK(2, setreuid(-1, 1) == 0 && resuid_is(1, 1, 3));
	CHECK(3, setreuid(-1, 3) == 0 && resuid_is(1, 3, 3));
	CHECK(4, setreuid(2, -1) == -1 && errno == EPERM);
	_exit(0);
}

/* The 16-bit calls: 0xffff is -1, a big id reads as 65534. */
static void child_uid16(void)
{
	unsigned short r, e, s, g[2] = { 9, 0xffff };

	CHECK(1, syscall(SYS_setresuid, 0xffff, 0xffff, 0xffff) == 0 &&
			 syscall(SYS_setreuid, 0xffff, 0xffff) == 0);
	CHECK(2, resuid_is(0, 0, 0));
	CHECK(3, syscall(SYS_setgroups, 2, g) == -1 && errno == EINVAL);
	CHECK(4, syscall(SYS_setgroups, 1, g) == 0 && getgroups(0, NULL) == 1);
	CHECK(5, syscall(SYS_getgroups, 1, g + 1) == 1 && g[1] == 9);
	CHECK(6, setresgid(70000, 8, 70001) == 0);
	CHECK(7, syscall(SYS_getgid) == 65534 && syscall(SYS_getegid) == 8);
	CHECK(8, syscall(SYS_getgid32) == 70000);
	CHECK(9, setresuid(70000, 7, 70002) == 0);
	CHECK(10, syscall(SYS_getuid) == 65534 && syscall(SYS_geteuid) == 7);
	CHECK(11, syscall(SYS_getresuid, &r, &e, &s) == 0 && r == 65534 &&
			  e == 7 && s == 65534);
	CHECK(12, syscall(SYS_getresgid, &r, &e, &s) == 0 && r == 65534 &&
			  e == 8 && s == 65534);
	CHECK(13, syscall(SYS_setfsuid, 0xffff) == 7 && fsuid_now() == 7);
	CHECK(14, syscall(SYS_setuid, 0xffff) == -1 && errno == EINVAL);
	_exit(0);
}

static void test_rules(void)
{
	pid_t pid;

	pid = must(fork());
	if (pid == 0)
		child_root_rules();
	is_exit(wait_for(pid), 0,
		"root: setgroups sorted, setres*id, setreuid, then setuid as non-root");
	pid = must(fork());
	if (pid == 0)
		child_user_rules();
	is_exit(wait_for(pid), 0,
		"non-root: only ids it holds; EPERM otherwise; setfs*id returns the old id");
	pid = must(fork());
	if (pid == 0)
		child_saved_rule();
	is_exit(wait_for(pid), 0,
		"setreuid: the saved id follows a new effective id unless it is the real one");
	pid = must(fork());
	if (pid == 0)
		child_uid16();
	is_exit(wait_for(pid), 0,
		"16-bit calls: 0xffff is -1, big ids read as 65534");
}

/* nobody is refused root's rights. */
static void child_nobody_kill(void)
{
	pid_t kid;

	CHECK(1, drop_to_nobody());
	CHECK(2, resuid_is(NOBODY, NOBODY, NOBODY) &&
			 resgid_is(NOBODY, NOBODY, NOBODY));
	CHECK(3, getgroups(0, NULL) == 0);
	CHECK(4, setuid(0) == -1 && errno == EPERM);
	CHECK(5, kill(1, 0) == -1 && errno == EPERM);
	CHECK(6, kill(getppid(), SIGTERM) == -1 && errno == EPERM);
	CHECK(7, kill(getpid(), 0) == 0);
	/* SIGCONT is let through within the session. */
	CHECK(8, kill(getppid(), SIGCONT) == 0);
	kid = fork();
	CHECK(9, kid >= 0);
	if (kid == 0) {
		pause();
		_exit(0);
	}
	CHECK(10, kill(kid, SIGKILL) == 0);
	CHECK(11, wait_for(kid) == SIGKILL);
	_exit(0);
}

/* A task with uid 1000 and euid 65534 may signal one whose saved uid is
 * 1000, and not one whose ids are all 1001. */
static pid_t target(int ready, uid_t r, uid_t e, uid_t s)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (setresuid(r, e, s) == 0 && write(ready, "t", 1) == 1)
			pause();
		_exit(0);
	}
	return pid;
}

static void child_kill_ids(void)
{
	int p[2], st = 1;
	pid_t a, b;
	char c;

	CHECK(1, pipe(p) == 0);
	a = target(p[1], 1001, 1001, 1000);
	b = target(p[1], 1001, 1001, 1001);
	close(p[1]);
	if (a > 0 && b > 0 && read(p[0], &c, 1) == 1 && read(p[0], &c, 1) == 1)
		st = setresuid(1000, NOBODY, 0) == 0 ? 0 : 2;
	if (!st)
		st = kill(a, 0) == 0 ? 0 : 3;
	if (!st)
		st = kill(b, 0) == -1 && errno == EPERM ? 0 : 4;
	if (setresuid(-1, 0, -1) < 0) /* root again, to end them */
		st = 5;
	if (a > 0)
		kill(a, SIGKILL);
	if (b > 0)
		kill(b, SIGKILL);
	wait_for(a);
	wait_for(b);
	_exit(st);
}

/* Calls only root may make: EPERM for nobody, before anything else. */
static void child_nobody_admin(void)
{
	CHECK(1, drop_to_nobody());
	CHECK(2,
	      mount("none", "/tmp", "tmpfs", 0, NULL) == -1 && errno == EPERM);
	CHECK(3, umount("/tmp") == -1 && errno == EPERM);
	CHECK(4, swapon("/nonexistent", 0) == -1 && errno == EPERM);
	CHECK(5, swapoff("/nonexistent") == -1 && errno == EPERM);
	CHECK(6, reboot(RB_DISABLE_CAD) == -1 && errno == EPERM);
	CHECK(7, sethostname("x", 1) == -1 && errno == EPERM);
	CHECK(8, chroot("/") == -1 && errno == EPERM);
	_exit(0);
}

static void test_kill(void)
{
	pid_t pid;

	pid = must(fork());
	if (pid == 0)
		child_nobody_kill();
	is_exit(wait_for(pid), 0,
		"nobody: setuid(0), kill(1), kill(root) EPERM; own child and SIGCONT fine");
	pid = must(fork());
	if (pid == 0)
		child_nobody_admin();
	is_exit(wait_for(pid), 0,
		"nobody: mount, umount, swapon, swapoff, reboot, sethostname, chroot: EPERM");
	pid = must(fork());
	if (pid == 0)
		child_kill_ids();
	is_exit(wait_for(pid), 0,
		"kill: real uid against the target's saved uid, not euid against euid");
}

/* /proc/PID belongs to the task's effective ids. */
static void test_proc_owner(void)
{
	int go[2], ready[2];
	char path[64], c;
	struct stat st;
	pid_t pid;

	must(pipe(go));
	must(pipe(ready));
	pid = must(fork());
	if (pid == 0) {
		close(go[1]);
		close(ready[0]);
		if (setresgid(300, 301, 302) || setresuid(200, 201, 202))
			_exit(1);
		c = '0' + prctl(PR_GET_DUMPABLE);
		if (write(ready[1], &c, 1) != 1)
			_exit(2);
		if (read(go[0], &c, 1) < 0) /* until the parent closes go */
			_exit(3);
		_exit(0);
	}
	close(go[0]);
	close(ready[1]);
	is(read(ready[0], &c, 1), 1, "the child changed its ids");
	is(c, '0', "which made it not dumpable (PR_GET_DUMPABLE 0)");
	snprintf(path, sizeof(path), "/proc/%d", (int)pid);
	ok_sys(stat(path, &st), "stat /proc/PID");
	ok(st.st_uid == 201 && st.st_gid == 301,
	   "/proc/PID belongs to euid 201, egid 301 (got %u %u)",
	   (unsigned)st.st_uid, (unsigned)st.st_gid);
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	ok_sys(stat(path, &st), "stat /proc/PID/status");
	ok(st.st_uid == 0 && st.st_gid == 0,
	   "/proc/PID/status of a task not dumpable is root's (got %u %u)",
	   (unsigned)st.st_uid, (unsigned)st.st_gid);
	{
		char line[256];

		is(status_line(pid, "Uid:", line, sizeof(line)), 0,
		   "another's status");
		is(strcmp(line, "Uid:\t200\t201\t202\t201\n"), 0,
		   "its Uid: line");
		is(status_line(pid, "Gid:", line, sizeof(line)), 0,
		   "... and Gid:");
		is(strcmp(line, "Gid:\t300\t301\t302\t301\n"), 0,
		   "its Gid: line");
	}
	close(go[1]);
	close(ready[0]);
	is_exit(wait_for(pid), 0, "the child ends");
}

/*
 * A change of the real ids alone leaves a process dumpable; one of the
 * effective or fs ids does not (Linux's commit_creds), and such a process
 * dumps no core, even where it could write one.  Each child exits with
 * PR_GET_DUMPABLE after its change; the last one then dies of SIGSEGV.
 */
static void test_dumpable(void)
{
	static const char *what[] = { "setreuid of the real uid alone",
				      "setfsuid", "setegid", "seteuid" };
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
	char dir[] = "/tmp/creds.XXXXXX";
	int i, status;
	pid_t pid;

	for (i = 0; i < 4; i++) {
		pid = must(fork());
		if (pid == 0) {
			if (i == 0 && setreuid(200, -1))
				_exit(9);
			if (i == 1)
				setfsuid(200);
			if (i == 2 && setegid(300))
				_exit(9);
			if (i == 3 && seteuid(200))
				_exit(9);
			_exit(prctl(PR_GET_DUMPABLE));
		}
		is_exit(wait_for(pid), i == 0, "%s: dumpable %d", what[i],
			i == 0);
	}
	if (!mkdtemp(dir) || chmod(dir, 0777)) {
		ok(0, "mkdtemp %s", dir);
		return;
	}
	pid = must(fork());
	if (pid == 0) {
		if (chdir(dir) || setrlimit(RLIMIT_CORE, &rl) || setuid(200))
			_exit(9);
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
		_exit(8);
	}
	status = wait_for(pid);
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV &&
		   !WCOREDUMP(status),
	   "after setuid a SIGSEGV dumps no core (status 0x%x)", status);
	remove_dir(dir);
}

/* Copy this program to path, for the set-ID exec. */
static int copy_self(const char *path)
{
	char buf[4096];
	int in = open("/proc/self/exe", O_RDONLY), out;
	ssize_t n = 0;

	if (in < 0)
		return -1;
	out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0700);
	if (out < 0) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			n = -1;
			break;
		}
	close(in);
	close(out);
	return n < 0 ? -1 : 0;
}

/* What the set-ID copy reports of itself, run as nobody. */
static void report(void)
{
	char buf[128];
	uid_t r, e, s;
	gid_t gr, ge, gs;

	getresuid(&r, &e, &s);
	getresgid(&gr, &ge, &gs);
	snprintf(buf, sizeof(buf), "%u %u %u %u %u %u %u %lu\n", r, e, s,
		 fsuid_now(), gr, ge, gs, getauxval(AT_SECURE));
	if (write(1, buf, strlen(buf)) < 0)
		_exit(1);
	_exit(0);
}

/* Run path with --report in a child (as nobody if drop; 2: also with
 * PR_SET_NO_NEW_PRIVS) into out. */
static int run_report(const char *path, int drop, char *out, size_t size)
{
	char *argv[] = { "creds", "--report", NULL }, *envp[] = { NULL };
	ssize_t n;
	int p[2];
	pid_t pid;

	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		close(p[0]);
		if (dup2(p[1], 1) < 0 || (drop && !drop_to_nobody()) ||
		    (drop == 2 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)))
			_exit(1);
		execve(path, argv, envp);
		_exit(2);
	}
	close(p[1]);
	n = read(p[0], out, size - 1);
	out[n > 0 ? n : 0] = '\0';
	if (n > 0 && out[n - 1] == '\n')
		out[n - 1] = '\0';
	close(p[0]);
	return wait_for(pid);
}

static void test_setid_exec(void)
{
	char path[64], out[128], *argv[] = { "creds", "--report", NULL };
	char *envp[] = { NULL };
	struct stat st;

	snprintf(path, sizeof(path), "/tmp/creds-setid.%d", (int)getpid());
	if (copy_self(path) < 0) {
		ok(0, "copy of the program into /tmp: %s", strerror(errno));
		return;
	}
	ok_sys(chmod(path, 06755), "chmod 06755");
	ok_sys(chown(path, 1000, 1001), "chown 1000:1001 (by root)");
	ok_sys(stat(path, &st), "stat the copy");
	ok((st.st_mode & 07777) == 0755,
	   "chown cleared the set-user-ID and set-group-ID bits (mode %o)",
	   (unsigned)st.st_mode & 07777);
	ok_sys(chmod(path, 06755), "chmod 06755 again");
	ok(stat(path, &st) == 0 && (st.st_mode & 07777) == 06755 &&
		   st.st_uid == 1000 && st.st_gid == 1001,
	   "the copy is 06755 1000:1001");
	is_exit(run_report(path, 1, out, sizeof(out)), 0,
		"nobody runs the set-ID copy");
	is(strcmp(out, "65534 1000 1000 1000 65534 1001 1001 1"), 0,
	   "euid 1000, egid 1001, saved and fs ids too, AT_SECURE (got %s)",
	   out);
	is_exit(run_report(path, 2, out, sizeof(out)), 0,
		"nobody with no_new_privs runs it");
	is(strcmp(out, "65534 65534 65534 65534 65534 65534 65534 0"), 0,
	   "no_new_privs: the set-ID bits give nothing (got %s)", out);

	/* Without group execute, the set-group-ID bit does nothing. */
	ok_sys(chmod(path, 06745), "chmod 06745");
	is_exit(run_report(path, 1, out, sizeof(out)), 0,
		"nobody runs it again");
	is(strcmp(out, "65534 1000 1000 1000 65534 65534 65534 1"), 0,
	   "set-group-ID without g+x: egid stays (got %s)", out);

	/* Root running a plain program keeps its ids, AT_SECURE 0. */
	ok_sys(chmod(path, 0755), "chmod 0755");
	is_exit(run_report(path, 0, out, sizeof(out)), 0,
		"root runs the plain copy");
	is(strcmp(out, "0 0 0 0 0 0 0 0"), 0,
	   "root stays root, AT_SECURE 0 (got %s)", out);

	/* No execute bit at all: not even root may run it. */
	ok_sys(chmod(path, 0644), "chmod 0644");
	is_errno(execve(path, argv, envp), EACCES,
		 "root: exec of a file without x: EACCES");
	ok_sys(unlink(path), "unlink the copy");
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--report"))
		report();
	test_root();
	test_rules();
	test_kill();
	test_proc_owner();
	test_dumpable();
	test_setid_exec();
	return done_testing();
}
