/*
 * futex.c - the futex system call itself, and robust lists.
 *
 * WAIT's EAGAIN when the word differs, relative and absolute timeouts in
 * both time layouts (futex and futex_time64), EINTR from a handler, the
 * argument errors, WAKE of a sleeping thread, REQUEUE/CMP_REQUEUE,
 * WAKE_OP, the bitset ops, shared futexes between processes in shared
 * anonymous and shared file memory, and a robust list honoured at exit
 * and at execve (the new image starts without one).
 * Where a sleeper must be asleep before the waker acts, the waker repeats
 * until the kernel says it woke (or moved) someone: no sleeps to wait.
 */
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include "tests/tap.h"

/* Linux's <linux/futex.h>, which musl does not ship. */
#define FUTEX_WAIT		0
#define FUTEX_WAKE		1
#define FUTEX_REQUEUE		3
#define FUTEX_CMP_REQUEUE	4
#define FUTEX_WAKE_OP		5
#define FUTEX_WAIT_BITSET	9
#define FUTEX_WAKE_BITSET	10
#define FUTEX_PRIVATE_FLAG	128
#define FUTEX_CLOCK_REALTIME	256
#define FUTEX_WAIT_PRIVATE	(FUTEX_WAIT | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAKE_PRIVATE	(FUTEX_WAKE | FUTEX_PRIVATE_FLAG)
#define FUTEX_REQUEUE_PRIVATE	(FUTEX_REQUEUE | FUTEX_PRIVATE_FLAG)
#define FUTEX_CMP_REQUEUE_PRIVATE (FUTEX_CMP_REQUEUE | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAKE_OP_PRIVATE	(FUTEX_WAKE_OP | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAIT_BITSET_PRIVATE (FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAKE_BITSET_PRIVATE (FUTEX_WAKE_BITSET | FUTEX_PRIVATE_FLAG)
#define FUTEX_OP_SET		0
#define FUTEX_OP_ADD		1
#define FUTEX_OP_OR		2
#define FUTEX_OP_ANDN		3
#define FUTEX_OP_OPARG_SHIFT	8
#define FUTEX_OP_CMP_EQ		0
#define FUTEX_OP_CMP_GT		4
#define FUTEX_WAITERS		0x80000000
#define FUTEX_OWNER_DIED	0x40000000

/* The two time layouts of the timeout argument. */
struct ts32 {
	int32_t sec, nsec;
};
struct ts64 {
	int64_t sec, nsec;
};

static long futex(volatile int *uaddr, int op, int val, const void *t,
		  volatile int *uaddr2, int val3)
{
	return syscall(SYS_futex, uaddr, op, val, t, uaddr2, val3);
}

static long futex64(volatile int *uaddr, int op, int val, const void *t,
		    volatile int *uaddr2, int val3)
{
	return syscall(SYS_futex_time64, uaddr, op, val, t, uaddr2, val3);
}

/* Like futex() but with a count where the timeout goes (val2). */
static long futex2(volatile int *uaddr, int op, int val, long val2,
		   volatile int *uaddr2, int val3)
{
	return syscall(SYS_futex, uaddr, op, val, val2, uaddr2, val3);
}

static volatile int word;

static void test_errors(void)
{
	struct ts32 t32 = { 0, 20000000 };
	struct ts64 bad = { 0, 1000000000 };

	is_errno(futex(&word, FUTEX_WAIT, 1, NULL, NULL, 0), EAGAIN,
		 "WAIT when the word differs");
	is_errno(futex(&word, FUTEX_WAIT_PRIVATE, 1, NULL, NULL, 0), EAGAIN,
		 "WAIT_PRIVATE when the word differs");
	is_errno(futex((int *)((char *)&word + 1), FUTEX_WAIT, 0, NULL, NULL, 0),
		 EINVAL, "unaligned word");
	is_errno(futex((int *)16, FUTEX_WAIT, 0, NULL, NULL, 0), EFAULT,
		 "unmapped word");
	is_errno(futex(&word, FUTEX_WAIT, 0, (void *)16, NULL, 0), EFAULT,
		 "bad timeout pointer");
	is_errno(futex64(&word, FUTEX_WAIT, 0, &bad, NULL, 0), EINVAL,
		 "tv_nsec of a second");
	is_errno(futex(&word, 99, 0, NULL, NULL, 0), ENOSYS, "unknown op");
	is_errno(futex(&word, FUTEX_WAKE | FUTEX_CLOCK_REALTIME, 1, NULL,
		       NULL, 0), ENOSYS, "CLOCK_REALTIME with WAKE");
	is_errno(futex(&word, FUTEX_WAIT_BITSET, 0, NULL, NULL, 0), EINVAL,
		 "WAIT_BITSET with an empty bitset");
	is_errno(futex(&word, FUTEX_WAKE_BITSET, 1, NULL, NULL, 0), EINVAL,
		 "WAKE_BITSET with an empty bitset");
	is(futex(&word, FUTEX_WAKE, 1, NULL, NULL, 0), 0,
	   "WAKE with nobody waiting wakes nobody");
	is_errno(futex(&word, FUTEX_WAIT, 0, &t32, NULL, 0), ETIMEDOUT,
		 "WAIT with a relative 20 ms timeout times out");
}

static void test_timeouts(void)
{
	struct timespec now;
	struct ts32 abs32;
	struct ts64 abs64, rel64 = { 0, 10000000 };

	is_errno(futex64(&word, FUTEX_WAIT_PRIVATE, 0, &rel64, NULL, 0),
		 ETIMEDOUT, "futex_time64 WAIT, relative 10 ms");
	clock_gettime(CLOCK_MONOTONIC, &now);
	abs64.sec = now.tv_sec;
	abs64.nsec = now.tv_nsec + 20000000;
	if (abs64.nsec >= 1000000000) {
		abs64.sec++;
		abs64.nsec -= 1000000000;
	}
	is_errno(futex64(&word, FUTEX_WAIT_BITSET, 0, &abs64, NULL, -1),
		 ETIMEDOUT, "WAIT_BITSET until 20 ms from now, monotonic");
	clock_gettime(CLOCK_REALTIME, &now);
	abs32.sec = (int32_t)now.tv_sec - 1;
	abs32.nsec = 0;
	is_errno(futex(&word, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 0,
		       &abs32, NULL, -1), ETIMEDOUT,
		 "WAIT_BITSET until a realtime second ago");
	is_errno(futex(&word, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 1,
		       &abs32, NULL, -1), EAGAIN,
		 "the word is compared before the deadline");
}

/* A sleeper: waits on *arg while it holds 0, says what WAIT returned. */
struct sleeper {
	volatile int *addr;
	int op;
	int bitset;
	volatile long ret;
	volatile int err;
	volatile int done;
};

static void *sleep_on(void *arg)
{
	struct sleeper *s = arg;

	s->ret = futex(s->addr, s->op, 0, NULL, NULL, s->bitset);
	s->err = errno;
	s->done = 1;
	return NULL;
}

/* Start a sleeper; -1 (and a failed subtest) if there is no memory for
 * a thread (the fault-injection boots). */
static int start(pthread_t *t, struct sleeper *s, volatile int *addr, int op,
		 int bitset)
{
	s->addr = addr;
	s->op = op;
	s->bitset = bitset;
	s->done = 0;
	if (pthread_create(t, NULL, sleep_on, s) == 0)
		return 0;
	ok(0, "pthread_create");
	return -1;
}

/* Wake on addr until n sleepers have been woken. */
static int wake_until(volatile int *addr, int op, int n, int bitset)
{
	long r, woken = 0, rounds = 0;

	while (woken < n && rounds++ < 1000000) {
		r = futex(addr, op, n - (int)woken, NULL, NULL, bitset);
		if (r < 0)
			return -1;
		woken += r;
		if (woken < n)
			sched_yield();
	}
	return (int)woken;
}

static void test_wake(void)
{
	long woken = 0, other = 0, rounds = 0;
	struct sleeper s;
	pthread_t t;

	word = 0;
	if (start(&t, &s, &word, FUTEX_WAIT_PRIVATE, 0))
		return;
	is(wake_until(&word, FUTEX_WAKE_PRIVATE, 1, 0), 1, "WAKE a sleeper");
	pthread_join(t, NULL);
	is(s.ret, 0, "its WAIT returns 0");

	if (start(&t, &s, &word, FUTEX_WAIT_BITSET_PRIVATE, 0x2))
		return;
	while (!woken && rounds++ < 1000000) {
		other += futex(&word, FUTEX_WAKE_BITSET_PRIVATE, INT_MAX, NULL,
			       NULL, 0x1);
		woken = futex(&word, FUTEX_WAKE_BITSET_PRIVATE, 1, NULL, NULL,
			      0x6);
		if (!woken)
			sched_yield();
	}
	pthread_join(t, NULL);
	is(other, 0, "WAKE_BITSET with other bits wakes nobody");
	is(woken, 1, "WAKE_BITSET with a common bit wakes the sleeper");
	is(s.ret, 0, "its WAIT_BITSET returns 0");
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void test_eintr(void)
{
	struct sigaction sa;
	struct sleeper s;
	pthread_t t;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;	/* no SA_RESTART */
	sigaction(SIGUSR1, &sa, NULL);
	word = 0;
	if (start(&t, &s, &word, FUTEX_WAIT_PRIVATE, 0)) {
		signal(SIGUSR1, SIG_DFL);
		return;
	}
	while (!s.done) {
		pthread_kill(t, SIGUSR1);
		sched_yield();
	}
	pthread_join(t, NULL);
	ok(s.ret == -1 && s.err == EINTR, "a handler interrupts WAIT: EINTR");
	signal(SIGUSR1, SIG_DFL);
}

static volatile int word2;

static void test_requeue(void)
{
	struct sleeper a, b;
	pthread_t ta, tb;
	long moved = 0, r, rounds = 0;

	word = 0;
	word2 = 0;
	if (start(&ta, &a, &word, FUTEX_WAIT_PRIVATE, 0))
		return;
	if (start(&tb, &b, &word, FUTEX_WAIT_PRIVATE, 0)) {
		wake_until(&word, FUTEX_WAKE_PRIVATE, 1, 0);
		pthread_join(ta, NULL);
		return;
	}
	is_errno(futex2(&word, FUTEX_CMP_REQUEUE_PRIVATE, 0, INT_MAX, &word2, 1),
		 EAGAIN, "CMP_REQUEUE when the word differs");
	while (moved < 2 && rounds++ < 1000000) {
		r = futex2(&word, FUTEX_CMP_REQUEUE_PRIVATE, 0, INT_MAX, &word2, 0);
		if (r < 0)
			break;
		moved += r;
		if (moved < 2)
			sched_yield();
	}
	is(moved, 2, "CMP_REQUEUE moves both sleepers to the second word");
	is(futex(&word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0), 0,
	   "none is left on the first");
	is(wake_until(&word2, FUTEX_WAKE_PRIVATE, 2, 0), 2,
	   "WAKE on the second word wakes them");
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);

	if (start(&ta, &a, &word, FUTEX_WAIT_PRIVATE, 0))
		return;
	moved = 0;
	rounds = 0;
	while (moved < 1 && rounds++ < 1000000) {
		moved += futex2(&word, FUTEX_REQUEUE_PRIVATE, 1, 0, &word2, 0);
		sched_yield();
	}
	is(moved, 1, "REQUEUE with nr_wake 1 wakes the sleeper");
	pthread_join(ta, NULL);
}

#define OP(op, oparg, cmp, cmparg) \
	(int)((unsigned)(op) << 28 | (unsigned)(cmp) << 24 | \
	      ((oparg) & 0xfffu) << 12 | ((cmparg) & 0xfffu))

static void test_wake_op(void)
{
	struct sleeper a;
	pthread_t ta;
	long r = 0, rounds = 0;

	word = 0;
	word2 = 10;
	is(futex2(&word, FUTEX_WAKE_OP_PRIVATE, 1, 1, &word2,
		  OP(FUTEX_OP_ADD, 5, FUTEX_OP_CMP_EQ, 10)), 0,
	   "WAKE_OP with nobody waiting");
	is(word2, 15, "WAKE_OP's ADD on the second word");
	futex2(&word, FUTEX_WAKE_OP_PRIVATE, 1, 1, &word2,
	       OP(FUTEX_OP_ANDN, 4, FUTEX_OP_CMP_GT, 0));
	is(word2, 11, "ANDN");
	futex2(&word, FUTEX_WAKE_OP_PRIVATE, 1, 1, &word2,
	       OP(FUTEX_OP_OR | FUTEX_OP_OPARG_SHIFT, 4, FUTEX_OP_CMP_GT, 0));
	is(word2, 27, "OR with a shifted argument");
	is_errno(futex2(&word, FUTEX_WAKE_OP_PRIVATE, 1, 1, &word2,
			OP(7, 0, 0, 0)), ENOSYS, "an unknown operation");
	word2 = 0;
	if (start(&ta, &a, &word2, FUTEX_WAIT_PRIVATE, 0))
		return;
	while (r < 1 && rounds++ < 1000000) {
		/* SET 0 and "old == 0": the sleeper on word2 is woken. */
		r = futex2(&word, FUTEX_WAKE_OP_PRIVATE, 1, 1, &word2,
			   OP(FUTEX_OP_SET, 0, FUTEX_OP_CMP_EQ, 0));
		if (r < 1)
			sched_yield();
	}
	is(r, 1, "WAKE_OP wakes the second word's sleeper when the test holds");
	pthread_join(ta, NULL);
}

/* A child sleeps on a shared word; the parent wakes it. */
static void shared_wait(volatile int *w, const char *what)
{
	pid_t pid;
	int woken;

	*w = 0;
	pid = must(fork());
	if (pid == 0)
		_exit(futex(w, FUTEX_WAIT, 0, NULL, NULL, 0) == 0 ? 0 : 1);
	woken = wake_until(w, FUTEX_WAKE, 1, 0);
	is(woken, 1, "WAKE reaches a child's WAIT in %s", what);
	is_exit(wait_for(pid), 0, "the child's WAIT returned 0 (%s)", what);
}

static void test_shared(void)
{
	char path[] = "/tmp/futexXXXXXX";
	volatile int *anon, *file;
	int fd;

	anon = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ok(anon != MAP_FAILED, "map shared anonymous memory");
	if (anon != MAP_FAILED) {
		shared_wait(anon + 3, "shared anonymous memory");
		munmap((void *)anon, 4096);
	}
	fd = must(mkstemp(path));
	must(ftruncate(fd, 8192));
	file = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(file != MAP_FAILED, "map a file shared");
	if (file != MAP_FAILED) {
		shared_wait(file + 1024 + 5, "a shared file mapping");
		munmap((void *)file, 8192);
	}
	close(fd);
	unlink(path);
}

/* Linux's struct robust_list_head; an entry is the lock's list link. */
struct robust_head {
	void *next;
	long futex_offset;
	void *pending;
};

struct robust_lock {
	void *next;
	volatile int word;
};

static void test_robust(const char *self)
{
	struct robust_head *h;
	struct robust_lock *l;
	void *head;
	size_t len;
	pid_t pid;

	h = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (h == MAP_FAILED) {
		ok(0, "map memory for the robust list");
		return;
	}
	l = (struct robust_lock *)(h + 1);
	is_errno(syscall(SYS_set_robust_list, h, sizeof(*h) + 1), EINVAL,
		 "set_robust_list with a wrong length");
	pid = must(fork());
	if (pid == 0) {
		h->next = &l->next;
		h->futex_offset = (long)((char *)&l->word - (char *)&l->next);
		h->pending = NULL;
		l->next = &h->next;
		l->word = (int)syscall(SYS_gettid) | FUTEX_WAITERS;
		if (syscall(SYS_set_robust_list, h, sizeof(*h)))
			_exit(2);
		if (syscall(SYS_get_robust_list, 0, &head, &len) ||
		    head != h || len != sizeof(*h))
			_exit(3);
		_exit(0);	/* dies holding the lock */
	}
	is_exit(wait_for(pid), 0, "a child sets and reads its robust list");
	is((unsigned)l->word, FUTEX_OWNER_DIED | FUTEX_WAITERS,
	   "its exit marks the lock it held FUTEX_OWNER_DIED");

	/* The same, but the holder execs (a program that only exits). */
	pid = must(fork());
	if (pid == 0) {
		char *argv[] = { (char *)self, "exit", NULL };

		h->next = &l->next;
		h->futex_offset = (long)((char *)&l->word - (char *)&l->next);
		h->pending = NULL;
		l->next = &h->next;
		l->word = (int)syscall(SYS_gettid) | FUTEX_WAITERS;
		if (syscall(SYS_set_robust_list, h, sizeof(*h)))
			_exit(2);
		execv(self, argv);
		_exit(3);
	}
	is_exit(wait_for(pid), 0, "a child holding a robust lock execs");
	is((unsigned)l->word, FUTEX_OWNER_DIED | FUTEX_WAITERS,
	   "its execve marked the lock FUTEX_OWNER_DIED");
	munmap(h, 4096);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "exit") == 0)
		return 0;	/* test_robust's exec'd image */
	test_errors();
	test_timeouts();
	test_wake();
	test_eintr();
	test_requeue();
	test_wake_op();
	test_shared();
	test_robust(argv[0]);
	return done_testing();
}
