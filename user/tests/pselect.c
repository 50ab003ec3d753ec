/*
 * pselect.c - pselect6 (308) and pselect6_time64 (413), called raw so the
 * kernel's own checks are what is tested, and ppoll's signal mask.
 *
 * The mask argument is the point: a signal the mask unblocks ends the
 * wait with EINTR, its handler runs under the call's mask and the
 * caller's comes back when it returns; a signal the mask blocks waits
 * until the call has returned.  As on Linux, pselect6, ppoll and select
 * write the time left back into the timeout: 0 after a timeout, nearly
 * all of it when the call returned early.
 */
#include "tap.h"
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>

struct ts32 {
	long tv_sec, tv_nsec;
};

struct ts64 {
	long long tv_sec, tv_nsec;
};

struct tv32 {
	long tv_sec, tv_usec;
};

/* _newselect (142) raw: musl's select() copies the timeout, so it never
 * sees what the kernel writes back. */
static long select32(int n, fd_set *r, struct tv32 *tv)
{
	return syscall(SYS__newselect, n, r, NULL, NULL, tv);
}

/* pselect6's sixth argument. */
struct sigset_argpack {
	const void *ss;
	unsigned long ss_len;
};

#define KSIGSET_SIZE 8	/* the kernel's sigset_t: 64 signals */

static volatile int usr1_count;
static volatile int usr2_blocked_in_handler;

static void on_usr1(int sig)
{
	sigset_t now;

	(void)sig;
	usr1_count++;
	sigprocmask(SIG_BLOCK, NULL, &now);
	usr2_blocked_in_handler = sigismember(&now, SIGUSR2);
}

static long pselect32(int n, fd_set *r, const struct ts32 *ts,
		      const struct sigset_argpack *sig)
{
	return syscall(SYS_pselect6, n, r, NULL, NULL, ts, sig);
}

static long pselect64(int n, fd_set *r, const struct ts64 *ts,
		      const struct sigset_argpack *sig)
{
	return syscall(SYS_pselect6_time64, n, r, NULL, NULL, ts, sig);
}

static void test_basics(int p[2])
{
	struct ts32 zero = { 0, 0 }, bad = { 0, 1000000000 }, neg = { -1, 0 };
	struct ts64 zero64 = { 0, 0 }, bad64 = { 0, 1000000000 };
	struct sigset_argpack wrong = { NULL, 4 };
	sigset_t empty;
	struct sigset_argpack badlen;
	fd_set r;

	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(pselect32(p[0] + 1, &r, &zero, NULL), 0,
	   "pselect6: an empty pipe is not readable (zero timeout)");
	is(FD_ISSET(p[0], &r), 0, "pselect6 clears the bit of a fd not ready");
	must(write(p[1], "x", 1));
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(pselect32(p[0] + 1, &r, NULL, NULL), 1,
	   "pselect6: a pipe with data is readable (no timeout)");
	ok(FD_ISSET(p[0], &r), "pselect6 sets the bit of the ready fd");
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(pselect64(p[0] + 1, &r, &zero64, NULL), 1,
	   "pselect6_time64 gives the same answer");

	is_errno(pselect32(p[0] + 1, &r, &bad, NULL), EINVAL,
		 "pselect6: tv_nsec of 10^9: EINVAL");
	is_errno(pselect32(p[0] + 1, &r, &neg, NULL), EINVAL,
		 "pselect6: a negative timeout: EINVAL");
	is_errno(pselect64(p[0] + 1, &r, &bad64, NULL), EINVAL,
		 "pselect6_time64: tv_nsec of 10^9: EINVAL");
	is_errno(pselect32(-1, &r, &zero, NULL), EINVAL,
		 "pselect6: a negative n: EINVAL");
	is_errno(pselect32(p[0] + 1, &r, (struct ts32 *)1, NULL), EFAULT,
		 "pselect6: an unmapped timeout: EFAULT");
	is_errno(pselect32(p[0] + 1, (fd_set *)1, &zero, NULL), EFAULT,
		 "pselect6: an unmapped fd set: EFAULT");
	sigemptyset(&empty);
	badlen.ss = &empty;
	badlen.ss_len = 4;
	is_errno(pselect32(p[0] + 1, &r, &zero, &badlen), EINVAL,
		 "pselect6: a sigset size other than 8: EINVAL");
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(pselect32(p[0] + 1, &r, &zero, &wrong), 1,
	   "pselect6: a NULL mask with any size is no mask");
	is_errno(pselect32(p[0] + 1, &r, &zero,
			   (struct sigset_argpack *)1), EFAULT,
		 "pselect6: an unmapped mask argument: EFAULT");
	{
		char c;

		must(read(p[0], &c, 1));
	}
}

/* SIGUSR1 pending and blocked; the call's mask lets it in. */
static void test_mask_unblocks(int p[2])
{
	sigset_t block, none, after;
	struct sigset_argpack sig = { &none, KSIGSET_SIZE };
	fd_set r;

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_SETMASK, &block, NULL);
	sigemptyset(&none);
	usr1_count = 0;
	raise(SIGUSR1);
	is(usr1_count, 0, "SIGUSR1 is held while blocked");
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is_errno(pselect32(p[0] + 1, &r, NULL, &sig), EINTR,
		 "pselect6 with a mask that unblocks a pending signal: EINTR");
	is(usr1_count, 1, "the handler ran");
	is(usr2_blocked_in_handler, 0,
	   "the handler ran under the call's mask, as on Linux");
	sigprocmask(SIG_BLOCK, NULL, &after);
	ok(sigismember(&after, SIGUSR1) && sigismember(&after, SIGUSR2),
	   "the caller's mask is back after the call");

	/* The same through ppoll. */
	usr1_count = 0;
	raise(SIGUSR1);
	{
		struct pollfd pfd = { p[0], POLLIN, 0 };

		is_errno(syscall(SYS_ppoll, &pfd, 1, NULL, &none, KSIGSET_SIZE),
			 EINTR, "ppoll with a mask that unblocks: EINTR");
	}
	is(usr1_count, 1, "ppoll: the handler ran");
	sigprocmask(SIG_BLOCK, NULL, &after);
	ok(sigismember(&after, SIGUSR1), "ppoll: the caller's mask is back");
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* SIGUSR1 unblocked; the call's mask blocks it while data arrives. */
static void test_mask_blocks(int p[2])
{
	sigset_t block;
	struct sigset_argpack sig = { &block, KSIGSET_SIZE };
	struct ts32 limit = { 10, 0 };
	pid_t child;
	fd_set r;
	char c;

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	usr1_count = 0;
	child = must(fork());
	if (child == 0) {
		/* The signal first, then the data the parent waits for. */
		kill(getppid(), SIGUSR1);
		_exit(write(p[1], "y", 1) == 1 ? 0 : 1);
	}
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	/* The time limit only bounds the wait should the child die first
	 * (an injected failure): the data comes at once. */
	is(pselect32(p[0] + 1, &r, &limit, &sig), 1,
	   "pselect6 with a mask that blocks the signal waits for the data");
	is(usr1_count, 1, "the held signal is delivered once the call returns");
	is_exit(wait_for(child), 0, "the child sent the signal and the data");
	if (FD_ISSET(p[0], &r))
		must(read(p[0], &c, 1));
}

/* A time left: no more than what was given, and not much less. */
#define NEAR(got_sec, got_nsec, sec) \
	((got_sec) * 1000000000LL + (got_nsec) <= (sec) * 1000000000LL && \
	 (got_sec) * 1000000000LL + (got_nsec) > ((sec) - 1) * 1000000000LL)

static void test_time_left(int p[2])
{
	struct ts32 t32 = { 0, 200000000 }, *ro;
	struct ts64 t64 = { 0, 200000000 };
	struct tv32 tv = { 0, 200000 };
	struct pollfd pfd = { p[0], POLLIN, 0 };
	sigset_t block, none;
	fd_set r;
	char c;

	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(pselect32(p[0] + 1, &r, &t32, NULL), 0, "pselect6: 200 ms pass");
	ok(t32.tv_sec == 0 && t32.tv_nsec == 0, "the time left is 0");
	is(syscall(SYS_ppoll_time64, &pfd, 1, &t64, NULL, KSIGSET_SIZE), 0,
	   "ppoll_time64: 200 ms pass");
	ok(t64.tv_sec == 0 && t64.tv_nsec == 0, "the time left is 0");
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(select32(p[0] + 1, &r, &tv), 0, "select: 200 ms pass");
	ok(tv.tv_sec == 0 && tv.tv_usec == 0, "the time left is 0");

	must(write(p[1], "x", 1));
	t64.tv_sec = 5;
	t64.tv_nsec = 0;
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(pselect64(p[0] + 1, &r, &t64, NULL), 1,
	   "pselect6_time64: ready at once");
	ok(NEAR(t64.tv_sec, t64.tv_nsec, 5),
	   "nearly all of its 5 s are left (%lld.%09lld)", t64.tv_sec,
	   t64.tv_nsec);
	t32.tv_sec = 5;
	t32.tv_nsec = 0;
	is(syscall(SYS_ppoll, &pfd, 1, &t32, NULL, KSIGSET_SIZE), 1,
	   "ppoll: ready at once");
	ok(NEAR(t32.tv_sec, t32.tv_nsec, 5), "nearly all of its 5 s are left");
	tv.tv_sec = 3;
	tv.tv_usec = 0;
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	is(select32(p[0] + 1, &r, &tv), 1, "select: ready at once");
	ok(NEAR(tv.tv_sec, tv.tv_usec * 1000LL, 3), "nearly all of its 3 s are left");

	ro = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ro != MAP_FAILED) {
		ro->tv_sec = 1;
		mprotect(ro, 4096, PROT_READ);
		FD_ZERO(&r);
		FD_SET(p[0], &r);
		is(pselect32(p[0] + 1, &r, ro, NULL), 1,
		   "a read-only timeout: the call still succeeds");
		munmap(ro, 4096);
	}
	must(read(p[0], &c, 1));

	/* Ended by a signal: the time left is written too. */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &block, NULL);
	raise(SIGUSR1);
	t32.tv_sec = 5;
	t32.tv_nsec = 0;
	is_errno(syscall(SYS_ppoll, &pfd, 1, &t32, &none, KSIGSET_SIZE), EINTR,
		 "ppoll ended by a signal: EINTR");
	ok(NEAR(t32.tv_sec, t32.tv_nsec, 5), "nearly all of its 5 s are left");
	sigprocmask(SIG_SETMASK, &none, NULL);
}

int main(void)
{
	struct sigaction sa;
	int p[2];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	must(sigaction(SIGUSR1, &sa, NULL));
	must(pipe(p));
	test_basics(p);
	test_mask_unblocks(p);
	test_mask_blocks(p);
	test_time_left(p);
	return done_testing();
}
