/*
 * waitid.c - waitid(2) as Linux 6.1 answers it.
 *
 * The errors in Linux's order (EINVAL for an unknown option, for none of
 * WEXITED/WSTOPPED/WCONTINUED, an unknown idtype, P_PID <= 0, P_PGID < 0,
 * P_PIDFD < 0; EBADF for a descriptor that is not a pidfd; ECHILD with
 * no child to wait for).  The siginfo it fills for an exit (after
 * setuid, so si_uid is the child's), a kill, a core dump, a stop and a
 * continue; WNOWAIT leaves the child to be waited for again; WNOHANG with
 * nothing ready returns 0 and zeroes the siginfo's fields; without WEXITED
 * an exited child is none to wait for (ECHILD); P_PGID finds a
 * child in its own group and not in ours.  The raw call's fifth argument
 * is Linux i386's struct rusage (32-bit timevals), written only when a
 * child was reported; an unwritable siginfo or rusage is EFAULT and the
 * child is reaped all the same.
 */
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#ifndef P_PIDFD
#define P_PIDFD 3
#endif

/* Linux i386's struct rusage: 32-bit timevals (libc's may be 64-bit). */
struct rusage32 {
	int utime_sec, utime_usec, stime_sec, stime_usec;
	int rest[14];
};

static long waitid_raw(int which, int id, siginfo_t *si, int options,
		       struct rusage32 *ru)
{
	return syscall(SYS_waitid, which, id, si, options, ru);
}

/* A child blocked reading fds[0] until the parent closes fds[1]; it
 * exits with code. */
static pid_t reader_child(int fds[2], int code)
{
	pid_t pid;
	char c;

	must(pipe(fds));
	pid = must(fork());
	if (pid == 0) {
		close(fds[1]);
		read(fds[0], &c, 1);
		_exit(code);
	}
	close(fds[0]);
	return pid;
}

static void check_info(const siginfo_t *si, pid_t pid, int code, int status,
		       const char *what)
{
	is(si->si_signo, SIGCHLD, "%s: si_signo SIGCHLD", what);
	is(si->si_code, code, "%s: si_code %d", what, code);
	is(si->si_pid, pid, "%s: si_pid is the child", what);
	is(si->si_status, status, "%s: si_status %d", what, status);
}

/* waitid returns 0 and fills the siginfo with pid's event. */
static void waitid_is(idtype_t which, id_t id, int options, pid_t pid, int code,
		      int status, const char *what)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	is(waitid(which, id, &si, options), 0, "%s: waitid returns 0", what);
	check_info(&si, pid, code, status, what);
}

static void test_errors(void)
{
	siginfo_t si;
	int fds[2];

	is_errno(waitid_raw(P_ALL, 0, &si, 0, NULL), EINVAL,
		 "no WEXITED/WSTOPPED/WCONTINUED: EINVAL");
	is_errno(waitid_raw(P_ALL, 0, &si, WEXITED | 0x100, NULL), EINVAL,
		 "an unknown option: EINVAL");
	is_errno(waitid_raw(4, 0, &si, WEXITED, NULL), EINVAL,
		 "an unknown idtype: EINVAL");
	is_errno(waitid_raw(P_PID, 0, &si, WEXITED, NULL), EINVAL,
		 "P_PID 0: EINVAL");
	is_errno(waitid_raw(P_PID, -1, &si, WEXITED, NULL), EINVAL,
		 "P_PID -1: EINVAL");
	is_errno(waitid_raw(P_PGID, -1, &si, WEXITED, NULL), EINVAL,
		 "P_PGID -1: EINVAL");
	is_errno(waitid_raw(P_PIDFD, -1, &si, WEXITED, NULL), EINVAL,
		 "P_PIDFD -1: EINVAL");
	must(pipe(fds));
	is_errno(waitid_raw(P_PIDFD, fds[0], &si, WEXITED, NULL), EBADF,
		 "P_PIDFD of a pipe (not a pidfd): EBADF");
	close(fds[0]);
	close(fds[1]);
	is_errno(waitid_raw(P_PIDFD, fds[0], &si, WEXITED, NULL), EBADF,
		 "P_PIDFD of a closed descriptor: EBADF");
	is_errno(waitid_raw(P_ALL, 0, &si, WEXITED, NULL), ECHILD,
		 "no children: ECHILD");
	is_errno(waitid_raw(P_ALL, 0, &si, WEXITED | WNOHANG, NULL), ECHILD,
		 "no children, WNOHANG: ECHILD");
}

/* An exit seen with WNOWAIT twice, then reaped; WNOHANG before it. */
static void test_exit(void)
{
	int fds[2], uid = getuid() == 0 ? 65534 : (int)getuid();
	struct rusage32 ru;
	siginfo_t si;
	pid_t pid;
	char c;

	must(pipe(fds));
	pid = must(fork());
	if (pid == 0) {
		close(fds[1]);
		if (getuid() == 0 && setuid(uid))
			_exit(1);
		read(fds[0], &c, 1);
		_exit(7);
	}
	close(fds[0]);
	memset(&si, 0xff, sizeof(si));
	is(waitid_raw(P_PID, pid, &si, WEXITED | WNOHANG, NULL), 0,
	   "WNOHANG with the child running: 0");
	ok(si.si_signo == 0 && si.si_pid == 0 && si.si_code == 0 &&
		   si.si_status == 0,
	   "... and si_signo, si_code, si_pid, si_status zeroed");
	is(waitid_raw(P_PID, pid, NULL, WEXITED | WNOHANG, NULL), 0,
	   "WNOHANG with a NULL siginfo: 0");
	close(fds[1]);

	memset(&si, 0, sizeof(si));
	is(waitid(P_PID, pid, &si, WEXITED | WNOWAIT), 0,
	   "waitid(P_PID, WEXITED|WNOWAIT): 0");
	check_info(&si, pid, CLD_EXITED, 7, "exit 7");
	is(si.si_uid, uid, "exit 7: si_uid is the child's real uid");
	waitid_is(P_ALL, 0, WEXITED | WNOWAIT, pid, CLD_EXITED, 7,
		  "exit 7 again");
	is_errno(waitid(P_PID, pid, &si, WSTOPPED | WCONTINUED | WNOHANG),
		 ECHILD, "without WEXITED an exited child is none to wait for");

	memset(&ru, 0xff, sizeof(ru));
	memset(&si, 0, sizeof(si));
	is(waitid_raw(P_PID, pid, &si, WEXITED, &ru), 0,
	   "raw waitid with a rusage: 0");
	check_info(&si, pid, CLD_EXITED, 7, "reaped");
	ok(ru.utime_sec >= 0 && ru.utime_usec >= 0 && ru.utime_usec < 1000000 &&
		   ru.stime_sec >= 0 && ru.stime_usec >= 0 &&
		   ru.stime_usec < 1000000,
	   "the rusage was written, with 32-bit timevals");
	is_errno(waitid(P_PID, pid, &si, WEXITED | WNOHANG), ECHILD,
		 "without WNOWAIT the child was reaped");
}

/* A child in a process group of its own: found by that group only. */
static void test_pgid(void)
{
	int fds[2];
	siginfo_t si;
	pid_t pid = reader_child(fds, 3);

	setpgid(pid, pid); /* the child may not have run yet */
	is_errno(waitid(P_PGID, getpgrp(), &si, WEXITED | WNOHANG), ECHILD,
		 "P_PGID of our group, the child in its own: ECHILD");
	is_errno(waitid(P_PGID, 0, &si, WEXITED | WNOHANG), ECHILD,
		 "P_PGID 0 (our group): ECHILD");
	close(fds[1]);
	waitid_is(P_PGID, pid, WEXITED, pid, CLD_EXITED, 3, "P_PGID");
}

static void test_killed(void)
{
	int fds[2];
	pid_t pid = reader_child(fds, 0);

	must(kill(pid, SIGKILL));
	waitid_is(P_PID, pid, WEXITED, pid, CLD_KILLED, SIGKILL, "SIGKILL");
	close(fds[1]);
}

/* SIGQUIT dumps core in a fresh directory, removed afterwards. */
static void test_dumped(void)
{
	char dir[] = "/tmp/waitid.XXXXXX";
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
	pid_t pid;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp %s", dir);
		return;
	}
	pid = must(fork());
	if (pid == 0) {
		if (chdir(dir) || setrlimit(RLIMIT_CORE, &rl))
			_exit(1);
		signal(SIGQUIT, SIG_DFL);
		raise(SIGQUIT);
		_exit(2);
	}
	waitid_is(P_PID, pid, WEXITED, pid, CLD_DUMPED, SIGQUIT,
		  "SIGQUIT with a core");
	remove_dir(dir);
}

/* A stop and a continue, each seen with WNOWAIT and then taken. */
static void test_stop_continue(void)
{
	int fds[2];
	siginfo_t si;
	pid_t pid = reader_child(fds, 0);

	must(kill(pid, SIGSTOP));
	waitid_is(P_PID, pid, WSTOPPED | WNOWAIT, pid, CLD_STOPPED, SIGSTOP,
		  "stopped, WNOWAIT");
	waitid_is(P_PID, pid, WSTOPPED, pid, CLD_STOPPED, SIGSTOP, "stopped");
	memset(&si, 0xff, sizeof(si));
	is(waitid(P_PID, pid, &si, WSTOPPED | WNOHANG), 0,
	   "the stop was taken: WSTOPPED|WNOHANG finds nothing");
	is(si.si_pid, 0, "... si_pid 0");

	must(kill(pid, SIGCONT));
	waitid_is(P_PID, pid, WCONTINUED | WNOWAIT, pid, CLD_CONTINUED, SIGCONT,
		  "continued, WNOWAIT");
	waitid_is(P_PID, pid, WCONTINUED, pid, CLD_CONTINUED, SIGCONT,
		  "continued");
	close(fds[1]);
	waitid_is(P_PID, pid, WEXITED, pid, CLD_EXITED, 0, "exit 0");
}

/* An unwritable siginfo or rusage: EFAULT, the child reaped anyway. */
static void test_efault(void)
{
	siginfo_t si;
	pid_t pid;
	int i;

	for (i = 0; i < 2; i++) {
		pid = must(fork());
		if (pid == 0)
			_exit(0);
		is_errno(i ? waitid_raw(P_PID, pid, &si, WEXITED,
					(struct rusage32 *)4) :
			     waitid_raw(P_PID, pid, (siginfo_t *)4, WEXITED,
					NULL),
			 EFAULT, "an unwritable %s: EFAULT",
			 i ? "rusage" : "siginfo");
		is_errno(waitid(P_PID, pid, &si, WEXITED | WNOHANG), ECHILD,
			 "... the child was reaped all the same");
	}
}

int main(void)
{
	test_errors();
	test_exit();
	test_pgid();
	test_killed();
	test_dumped();
	test_stop_continue();
	test_efault();
	return done_testing();
}
