/*
 * signals.c - signals and handlers.
 *
 * sigaction with SA_SIGINFO (si_signo, si_code, si_pid), sa_mask during a
 * handler, SA_RESETHAND, blocking and pending (a standard signal is not
 * queued twice), sigsuspend, SIGKILL/SIGSTOP cannot be caught, SIGCHLD with
 * CLD_EXITED and SIG_IGN auto-reaping, kill errors, the default actions'
 * wait statuses, SIGSEGV/SIGFPE/SIGILL from faults with si_addr and si_code,
 * EINTR / SA_RESTART for a read blocked on a pipe, sigtimedwait and
 * sigwaitinfo (a pending signal, a wait for a child's, EAGAIN, EINTR), and
 * sigqueue with its value (rt_sigqueueinfo, rt_tgsigqueueinfo and the
 * EPERM of posing as kill); real-time signals queue, in order, up to
 * RLIMIT_SIGPENDING (SigQ in /proc/self/status).
 */
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tests/tap.h"

static volatile sig_atomic_t hits;
static volatile int last_signo, last_code, last_pid, last_status;
static volatile int blocked_in_handler;
static void *volatile last_addr;
static sigjmp_buf jump;
/* Bad addresses, hidden from the compiler's bounds checks. */
static int *volatile null_page = (int *)16;
static int *volatile unmapped = (int *)0x1234;

static void on_info(int sig, siginfo_t *si, void *uc)
{
	sigset_t now;

	(void)uc;
	hits++;
	last_signo = si->si_signo;
	last_code = si->si_code;
	last_pid = si->si_pid;
	last_status = si->si_status;
	last_addr = si->si_addr;
	sigprocmask(SIG_BLOCK, NULL, &now);
	blocked_in_handler = sigismember(&now, SIGUSR2) && sigismember(&now, sig);
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	on_info(sig, si, uc);
	siglongjmp(jump, 1);
}

static void handle(int sig, void (*fn)(int, siginfo_t *, void *), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO | flags;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaction(sig, &sa, NULL);
}

static void test_handler(void)
{
	struct sigaction sa;

	handle(SIGUSR1, on_info, 0);
	hits = 0;
	ok_sys(kill(getpid(), SIGUSR1), "kill self SIGUSR1");
	is(hits, 1, "handler ran once");
	is(last_signo, SIGUSR1, "si_signo");
	is(last_code, SI_USER, "si_code SI_USER");
	is(last_pid, getpid(), "si_pid is the sender");
	ok(blocked_in_handler, "the signal and sa_mask are blocked in the handler");
	ok(sigaction(SIGUSR1, NULL, &sa) == 0 && sa.sa_sigaction == on_info,
	   "sigaction reads back the handler");

	handle(SIGUSR1, on_info, SA_RESETHAND);
	hits = 0;
	raise(SIGUSR1);
	is(hits, 1, "SA_RESETHAND handler ran");
	ok(sigaction(SIGUSR1, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL,
	   "SA_RESETHAND reset the action to SIG_DFL");

	is_errno(sigaction(SIGKILL, &sa, NULL), EINVAL, "catch SIGKILL: EINVAL");
	is_errno(sigaction(SIGSTOP, &sa, NULL), EINVAL, "catch SIGSTOP: EINVAL");
	is_errno(sigaction(65, &sa, NULL), EINVAL, "signal 65: EINVAL");
}

static void test_mask_pending(void)
{
	sigset_t set, old, pend;

	handle(SIGUSR1, on_info, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	ok_sys(sigprocmask(SIG_BLOCK, &set, &old), "block SIGUSR1");
	hits = 0;
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR1);
	is(hits, 0, "blocked signal not delivered");
	ok(sigpending(&pend) == 0 && sigismember(&pend, SIGUSR1), "it is pending");
	memset(&pend, 0, sizeof(pend));
	ok(syscall(SYS_rt_sigpending, &pend, 4) == 0 &&
		   sigismember(&pend, SIGUSR1),
	   "rt_sigpending of 4 bytes gives the first 32 signals");
	is_errno(syscall(SYS_rt_sigpending, &pend, 9), EINVAL,
		 "rt_sigpending of more than the set: EINVAL");
	ok_sys(sigprocmask(SIG_SETMASK, &old, NULL), "unblock");
	is(hits, 1, "delivered once on unblock (standard signals do not queue)");
	ok(sigpending(&pend) == 0 && !sigismember(&pend, SIGUSR1), "no longer pending");

	sigprocmask(SIG_BLOCK, &set, &old);
	hits = 0;
	raise(SIGUSR1);
	sigemptyset(&set);
	is_errno(sigsuspend(&set), EINTR, "sigsuspend returns EINTR");
	is(hits, 1, "after running the handler");
	sigprocmask(SIG_SETMASK, NULL, &set);
	ok(sigismember(&set, SIGUSR1), "sigsuspend restored the mask");
	sigprocmask(SIG_SETMASK, &old, NULL);

	sigfillset(&set);
	sigprocmask(SIG_BLOCK, &set, &old);
	sigprocmask(SIG_BLOCK, NULL, &set);
	ok(!sigismember(&set, SIGKILL) && !sigismember(&set, SIGSTOP),
	   "SIGKILL and SIGSTOP cannot be blocked");
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGUSR1, SIG_DFL);
}

static void test_sigchld(void)
{
	sigset_t set, old;
	int status;
	pid_t pid;

	handle(SIGCHLD, on_info, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	hits = 0;
	pid = fork();
	if (pid == 0)
		_exit(7);
	status = wait_for(pid);
	is_exit(status, 7, "child exit");
	sigprocmask(SIG_SETMASK, &old, NULL);
	is(hits, 1, "SIGCHLD delivered to the parent");
	is(last_code, CLD_EXITED, "si_code CLD_EXITED");
	is(last_pid, pid, "si_pid is the child");
	is(last_status, 7, "si_status is the exit code");

	signal(SIGCHLD, SIG_IGN);
	pid = fork();
	if (pid == 0)
		_exit(0);
	is_errno(waitpid(pid, &status, 0), ECHILD, "SIGCHLD ignored: child auto-reaped, ECHILD");
	signal(SIGCHLD, SIG_DFL);
}

static void test_kill_errors(void)
{
	is_errno(kill(getpid(), 65), EINVAL, "kill with signal 65: EINVAL");
	ok_sys(kill(getpid(), 0), "kill 0 probes an existing process");
	is_errno(kill(999999, 0), ESRCH, "kill a missing pid: ESRCH");
	is_errno(kill(999999, 65), ESRCH, "signal 65 to a missing pid: ESRCH");
	is_errno(kill(-999999, 65), ESRCH,
		 "signal 65 to a missing process group: ESRCH");
	is_errno(kill(INT_MIN, 0), ESRCH, "kill(INT_MIN): ESRCH");
	is_errno(syscall(SYS_tkill, 999999, 65), ESRCH,
		 "tkill of a missing thread, signal 65: ESRCH");
	is_errno(syscall(SYS_tkill, getpid(), 65), EINVAL,
		 "tkill with signal 65: EINVAL");
	ok_sys(kill(getpid(), SIGWINCH), "SIGWINCH's default action is to ignore");
	ok_sys(kill(getpid(), SIGCHLD), "so is SIGCHLD's");
}

static void die_by(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(100);
}

static void test_default_actions(void)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGALRM,
				    SIGQUIT, SIGABRT, SIGKILL };
	unsigned i;
	pid_t pid;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		pid = fork();
		if (pid == 0)
			die_by(sigs[i]);
		is_signal(wait_for(pid), sigs[i], "default action of signal %d terminates", sigs[i]);
	}
	pid = fork();
	if (pid == 0) {
		*null_page = 1;
		_exit(100);
	}
	is_signal(wait_for(pid), SIGSEGV, "NULL-page write: killed by SIGSEGV");
	pid = must(fork());	/* never kill(-1) */
	if (pid == 0) {
		for (;;)
			sched_yield();
	}
	kill(pid, SIGTERM);
	is_signal(wait_for(pid), SIGTERM, "another process's SIGTERM kills");
}

static void test_faults(void)
{
	volatile int zero = 0, r = 0;
	char *page;

	handle(SIGSEGV, on_fault, SA_NODEFER);
	if (sigsetjmp(jump, 1) == 0) {
		*unmapped = 1;
		ok(0, "write to 0x1234 faults");
	}
	is(last_signo, SIGSEGV, "SIGSEGV caught");
	ok(last_addr == (void *)unmapped, "si_addr is the faulting address (%p)", last_addr);
	is(last_code, SEGV_MAPERR, "si_code SEGV_MAPERR");

	page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (sigsetjmp(jump, 1) == 0) {
		page[100] = 1;
		ok(0, "write to a read-only page faults");
	}
	ok(last_addr == page + 100, "read-only page: si_addr exact");
	is(last_code, SEGV_ACCERR, "si_code SEGV_ACCERR");
	munmap(page, 4096);
	signal(SIGSEGV, SIG_DFL);

	handle(SIGFPE, on_fault, SA_NODEFER);
	if (sigsetjmp(jump, 1) == 0) {
		r = 10 / zero;
		ok(0, "divide by zero faults (%d)", r);
	}
	is(last_signo, SIGFPE, "divide by zero: SIGFPE");
	is(last_code, FPE_INTDIV, "si_code FPE_INTDIV");
	signal(SIGFPE, SIG_DFL);

	handle(SIGILL, on_fault, SA_NODEFER);
	if (sigsetjmp(jump, 1) == 0) {
		__asm__ volatile("ud2");
		ok(0, "ud2 faults");
	}
	is(last_signo, SIGILL, "ud2: SIGILL");
	is(last_code, ILL_ILLOPN, "si_code ILL_ILLOPN");
	ok(last_addr != NULL && *(unsigned short *)last_addr == 0x0b0f,
	   "si_addr points at the ud2 instruction");
	signal(SIGILL, SIG_DFL);

	/* After all that, the process still works. */
	is(getpid() > 0, 1, "process survives handled faults");
}

static void quiet(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
}

/* A read blocked on an empty pipe: EINTR without SA_RESTART, else resumed. */
static void test_eintr(void)
{
	int p[2], flags, status;
	char c;
	pid_t pid;

	for (flags = 0; flags <= SA_RESTART; flags += SA_RESTART) {
		pipe(p);
		pid = fork();
		if (pid == 0) {
			ssize_t n;
			handle(SIGUSR1, quiet, flags);
			close(p[1]);
			/* The parent sees us sleeping here in /proc/PID/stat. */
			n = read(p[0], &c, 1);
			if (flags == 0)
				_exit(n == -1 && errno == EINTR ? 0 : 1);
			_exit(n == 1 && c == 'r' ? 0 : 2);
		}
		close(p[0]);
		wait_sleeping(pid);
		kill(pid, SIGUSR1);
		if (flags) {
			/* Restarted read sleeps again; then give it a byte. */
			wait_sleeping(pid);
			write(p[1], "r", 1);
		}
		status = wait_for(pid);
		is_exit(status, 0, flags ? "SA_RESTART: read resumes and gets the data"
				 : "no SA_RESTART: blocked read returns EINTR");
		close(p[1]);
	}
}

/* sigtimedwait, sigwaitinfo and sigqueue. */
static void test_sigwait(void)
{
	struct timespec zero = { 0, 0 }, short_wait = { 0, 20000000 };
	sigset_t set, old, usr2;
	union sigval v = { .sival_int = 42 };
	siginfo_t si;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, &old);
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);

	raise(SIGUSR1);
	memset(&si, 0, sizeof(si));
	is(sigtimedwait(&set, &si, &zero), SIGUSR1,
	   "sigtimedwait takes the pending SIGUSR1");
	ok(si.si_signo == SIGUSR1 && si.si_pid == getpid(),
	   "its siginfo: the signal and the sender");
	is_errno(sigtimedwait(&set, &si, &zero), EAGAIN,
		 "nothing pending, no time: EAGAIN");
	is_errno(sigtimedwait(&set, &si, &short_wait), EAGAIN,
		 "nothing in 20 ms: EAGAIN");
	short_wait.tv_nsec = 1000000000;
	is_errno(sigtimedwait(&set, &si, &short_wait), EINVAL,
		 "a billion nanoseconds: EINVAL");
	is_errno(syscall(SYS_rt_sigtimedwait, &set, NULL, NULL, 4), EINVAL,
		 "a 4-byte set: EINVAL");

	pid = must(fork());
	if (pid == 0) {
		usleep(30000);
		kill(getppid(), SIGUSR2);
		_exit(0);
	}
	memset(&si, 0, sizeof(si));
	is(sigwaitinfo(&usr2, &si), SIGUSR2,
	   "sigwaitinfo waits for a child's SIGUSR2");
	ok(si.si_code == SI_USER && si.si_pid == pid,
	   "sent by kill from the child");
	wait_for(pid);

	ok_sys(sigqueue(getpid(), SIGRTMIN, v), "sigqueue SIGRTMIN, value 42");
	memset(&si, 0, sizeof(si));
	is(sigwaitinfo(&set, &si), SIGRTMIN, "sigwaitinfo takes it");
	ok(si.si_code == SI_QUEUE && si.si_value.sival_int == 42 &&
		   si.si_pid == getpid(),
	   "SI_QUEUE, the value and the sender");
	memset(&si, 0, sizeof(si));
	si.si_code = SI_USER;
	pid = must(fork());
	if (pid == 0) {
		pause();
		_exit(0);
	}
	is_errno(syscall(SYS_rt_sigqueueinfo, pid, SIGUSR1, &si), EPERM,
		 "rt_sigqueueinfo posing as kill to another process: EPERM");
	kill(pid, SIGKILL);
	wait_for(pid);
	is_errno(syscall(SYS_rt_sigqueueinfo, 0x7ffffff0, SIGUSR1, &si), EPERM,
		 "posing as kill is EPERM even to nobody");
	si.si_code = SI_QUEUE;
	is_errno(syscall(SYS_rt_sigqueueinfo, 0x7ffffff0, SIGUSR1, &si), ESRCH,
		 "rt_sigqueueinfo to nobody: ESRCH");
	is_errno(syscall(SYS_rt_sigqueueinfo, getpid(), 65, &si), EINVAL,
		 "of signal 65: EINVAL");
	is_errno(syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, (void *)8),
		 EFAULT, "from a bad siginfo: EFAULT");
	is_errno(syscall(SYS_rt_tgsigqueueinfo, 0, gettid(), SIGUSR1, &si),
		 EINVAL, "rt_tgsigqueueinfo with tgid 0: EINVAL");
	ok_sys(syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), SIGUSR2, &si),
	       "rt_tgsigqueueinfo to this thread");
	is(sigtimedwait(&set, NULL, &zero), SIGUSR2, "and it is pending here");
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* The SigQ line of /proc/self/status: queued, limit. */
static int sigq(long *queued, long *limit)
{
	char buf[4096], *q;

	if (!read_proc("/proc/self/status", buf, sizeof(buf)))
		return -1;
	q = strstr(buf, "\nSigQ:\t");
	return q && sscanf(q + 7, "%ld/%ld", queued, limit) == 2 ? 0 : -1;
}

/* Real-time signals queue, each with its siginfo, in the order sent;
 * standard ones are pending once.  RLIMIT_SIGPENDING bounds the queue. */
static void child_rt_queue(void)
{
	int rt = SIGRTMIN + 1, i, order = 1;
	struct timespec zero = { 0, 0 };
	struct rlimit rl;
	long queued = -1, limit = -1;
	sigset_t set, usr1;
	siginfo_t si;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&set);
	sigaddset(&set, rt);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	for (i = 1; i <= 3; i++)
		if (sigqueue(getpid(), rt, (union sigval){ .sival_int = i }))
			_exit(1);
	kill(getpid(), rt);
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR1);
	getrlimit(RLIMIT_SIGPENDING, &rl);
	if (sigq(&queued, &limit) || queued < 5 ||
	    limit != (long)rl.rlim_cur) {
		diag("SigQ %ld/%ld, RLIMIT_SIGPENDING %ld", queued, limit,
		     (long)rl.rlim_cur);
		_exit(2);	/* 4 real-time and 1 SIGUSR1 at least */
	}
	for (i = 1; i <= 3; i++)
		order &= sigtimedwait(&set, &si, &zero) == rt &&
			 si.si_code == SI_QUEUE && si.si_value.sival_int == i;
	if (!order)
		_exit(3);
	if (sigtimedwait(&set, &si, &zero) != rt || si.si_code != SI_USER)
		_exit(4);	/* the kill last */
	if (sigtimedwait(&set, &si, &zero) != -1 || errno != EAGAIN ||
	    sigtimedwait(&usr1, &si, &zero) != SIGUSR1 ||
	    sigtimedwait(&usr1, &si, &zero) != -1 || errno != EAGAIN)
		_exit(5);	/* SIGUSR1 once, then nothing */

	rl.rlim_cur = 2;
	setrlimit(RLIMIT_SIGPENDING, &rl);
	if (sigqueue(getpid(), rt, (union sigval){ 0 }) ||
	    sigqueue(getpid(), rt, (union sigval){ 0 }))
		_exit(6);
	if (sigqueue(getpid(), rt, (union sigval){ 0 }) != -1 ||
	    errno != EAGAIN)
		_exit(7);	/* the third is past the limit */
	_exit(0);
}

static void test_rt_queue(void)
{
	pid_t pid = must(fork());

	if (pid == 0)
		child_rt_queue();
	is_exit(wait_for(pid), 0,
		"real-time signals queue in order with their values, "
		"standard ones do not, RLIMIT_SIGPENDING bounds them: EAGAIN");
}

/* A signal with a handler ends the wait for another: EINTR.  The child
 * sends it once the parent sleeps in sigtimedwait, called raw: musl's
 * waits again after EINTR. */
static void test_sigwait_eintr(void)
{
	struct { int32_t sec, nsec; } wait = { 10, 0 };
	sigset_t set, old;
	pid_t pid, parent = getpid();

	handle(SIGALRM, on_info, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, &old);
	hits = 0;
	pid = must(fork());
	if (pid == 0) {
		wait_sleeping(parent);
		kill(parent, SIGALRM);
		_exit(0);
	}
	is_errno(syscall(SYS_rt_sigtimedwait, &set, NULL, &wait, 8), EINTR,
		 "SIGALRM's handler ends rt_sigtimedwait: EINTR");
	is(hits, 1, "after the handler ran");
	wait_for(pid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGALRM, SIG_DFL);
}

int main(void)
{
	test_handler();
	test_sigwait();
	test_sigwait_eintr();
	test_rt_queue();
	test_mask_pending();
	test_sigchld();
	test_kill_errors();
	test_default_actions();
	test_faults();
	test_eintr();
	return done_testing();
}
