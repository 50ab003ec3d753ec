/*
 * timers.c - POSIX timers: timer_create (259), timer_settime (260) and
 * timer_settime64 (408), timer_gettime (261) and timer_gettime64 (409),
 * timer_getoverrun (262), timer_delete (263), called raw so the kernel's
 * own checks and structures are what is tested (libc's timer_t and
 * struct itimerspec are not the kernel's).  timer_settime64 is 409,
 * timer_gettime64 408.
 *
 * A timer's signal carries SI_TIMER, its id and its sigev_value; a
 * periodic timer whose signal stays blocked counts overruns; SIGEV_NONE
 * only counts down; SIGEV_THREAD_ID picks the thread; without a sigevent
 * the signal is SIGALRM with the id as its value; exec deletes timers.
 */
#include "tap.h"
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <sys/syscall.h>

/* musl names the 32-bit forms timer_settime32 and timer_gettime32. */
#define NR_timer_settime 260
#define NR_timer_gettime 261
#ifndef SYS_timer_settime64
#define SYS_timer_gettime64 408
#define SYS_timer_settime64 409
#endif

struct ts32 {
	long tv_sec, tv_nsec;
};

struct its32 {
	struct ts32 it_interval, it_value;
};

struct ts64 {
	long long tv_sec, tv_nsec;
};

struct its64 {
	struct ts64 it_interval, it_value;
};

/* The kernel's struct sigevent on i386. */
struct ksigevent {
	int value;
	int signo;
	int notify;
	int tid;
	int pad[12];
};

static long t_create(int clock, struct ksigevent *ev, int *id)
{
	return syscall(SYS_timer_create, clock, ev, id);
}

static long t_set(int id, int flags, long sec, long nsec, long isec,
		  long insec, struct its32 *old)
{
	struct its32 v = { { isec, insec }, { sec, nsec } };

	return syscall(NR_timer_settime, id, flags, &v, old);
}

static long t_get(int id, struct its32 *cur)
{
	return syscall(NR_timer_gettime, id, cur);
}

static long t_delete(int id)
{
	return syscall(SYS_timer_delete, id);
}

static int make_timer(int clock, int notify, int signo, int value)
{
	struct ksigevent ev;
	int id = -1;

	memset(&ev, 0, sizeof(ev));
	ev.notify = notify;
	ev.signo = signo;
	ev.value = value;
	must(t_create(clock, &ev, &id));
	return id;
}

static void sleep_ms(long ms)
{
	struct timespec d = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&d, &d) < 0 && errno == EINTR)
		;
}

static volatile int got_sig, got_code, got_timerid, got_overrun, got_value;
static volatile int got_getoverrun, got_tid;

/* Records the first signal since catch(): a periodic timer may send
 * more before the test looks. */
static void on_timer(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (got_sig)
		return;
	got_code = si->si_code;
	got_timerid = si->si_timerid;
	got_overrun = si->si_overrun;
	got_value = si->si_value.sival_int;
	got_getoverrun = syscall(SYS_timer_getoverrun, si->si_timerid);
	got_tid = syscall(SYS_gettid);
	got_sig = sig;	/* last: another thread may be waiting for it */
}

static void catch(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO;
	sigaction(sig, &sa, NULL);
	got_sig = 0;
}

/* Wait until the handler ran (or 5 s passed). */
static void wait_sig(void)
{
	int i;

	for (i = 0; i < 500 && !got_sig; i++)
		sleep_ms(10);
}

static void test_errors(void)
{
	struct ksigevent ev;
	struct its32 cur;
	struct its64 cur64;
	int id;

	memset(&ev, 0, sizeof(ev));
	ev.notify = SIGEV_SIGNAL;
	ev.signo = SIGUSR1;
	is_errno(t_create(100, &ev, &id), EINVAL, "timer_create: clock 100: EINVAL");
	is_errno(t_create(CLOCK_MONOTONIC_RAW, &ev, &id), EOPNOTSUPP,
		 "timer_create: CLOCK_MONOTONIC_RAW: EOPNOTSUPP");
	is_errno(t_create(CLOCK_MONOTONIC, (struct ksigevent *)1, &id), EFAULT,
		 "timer_create: an unmapped sigevent: EFAULT");
	is_errno(t_create(CLOCK_MONOTONIC, &ev, (int *)1), EFAULT,
		 "timer_create: an unmapped id: EFAULT");
	ev.notify = 99;
	is_errno(t_create(CLOCK_MONOTONIC, &ev, &id), EINVAL,
		 "timer_create: sigev_notify 99: EINVAL");
	ev.notify = SIGEV_SIGNAL;
	ev.signo = 0;
	is_errno(t_create(CLOCK_MONOTONIC, &ev, &id), EINVAL,
		 "timer_create: signal 0: EINVAL");
	ev.signo = 65;
	is_errno(t_create(CLOCK_MONOTONIC, &ev, &id), EINVAL,
		 "timer_create: signal 65: EINVAL");
	ev.signo = SIGUSR1;
	ev.notify = SIGEV_THREAD_ID;
	ev.tid = getppid();
	is_errno(t_create(CLOCK_MONOTONIC, &ev, &id), EINVAL,
		 "timer_create: SIGEV_THREAD_ID of another process: EINVAL");

	id = make_timer(CLOCK_REALTIME, SIGEV_NONE, 0, 0);
	ok(id >= 0, "timer_create(CLOCK_REALTIME, SIGEV_NONE) gives an id");
	is_errno(syscall(NR_timer_settime, id, 0, NULL, NULL), EINVAL,
		 "timer_settime: a NULL new value: EINVAL");
	is_errno(syscall(NR_timer_settime, id, 0, (struct its32 *)1, NULL),
		 EFAULT, "timer_settime: an unmapped new value: EFAULT");
	is_errno(t_set(id, 0, 0, 1000000000, 0, 0, NULL), EINVAL,
		 "timer_settime: tv_nsec of 10^9: EINVAL");
	is_errno(t_set(id, 0, -1, 0, 0, 0, NULL), EINVAL,
		 "timer_settime: a negative value: EINVAL");
	is_errno(t_set(id, 0, 1, 0, 0, -1, NULL), EINVAL,
		 "timer_settime: a negative interval: EINVAL");
	is_errno(t_set(id + 1000, 0, 1, 0, 0, 0, NULL), EINVAL,
		 "timer_settime: an unknown timer: EINVAL");
	is_errno(t_get(id + 1000, &cur), EINVAL,
		 "timer_gettime: an unknown timer: EINVAL");
	is_errno(t_get(id, (struct its32 *)1), EFAULT,
		 "timer_gettime: an unmapped buffer: EFAULT");
	is_errno(syscall(SYS_timer_gettime64, id + 1000, &cur64), EINVAL,
		 "timer_gettime64: an unknown timer: EINVAL");
	is_errno(syscall(SYS_timer_getoverrun, id + 1000), EINVAL,
		 "timer_getoverrun: an unknown timer: EINVAL");
	ok_sys(t_delete(id), "timer_delete");
	is_errno(t_delete(id), EINVAL, "timer_delete again: EINVAL");
}

static void test_none(void)
{
	int id = make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	struct its32 cur, old;
	struct its64 n64 = { { 0, 0 }, { 2, 0 } }, c64;

	is(t_get(id, &cur), 0, "timer_gettime of a new timer");
	ok(cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0,
	   "a new timer is disarmed");
	ok_sys(t_set(id, 0, 1, 0, 0, 250000000, NULL),
	       "timer_settime: 1 s, then every 250 ms");
	is(t_get(id, &cur), 0, "timer_gettime");
	ok(cur.it_value.tv_sec * 1000000000LL + cur.it_value.tv_nsec > 0 &&
	   cur.it_value.tv_sec * 1000000000LL + cur.it_value.tv_nsec <=
		   1000000000LL, "0 < time left <= 1 s (%ld.%09ld)",
	   cur.it_value.tv_sec, cur.it_value.tv_nsec);
	ok(cur.it_interval.tv_sec == 0 &&
	   cur.it_interval.tv_nsec == 250000000, "the interval is 250 ms");
	ok_sys(syscall(SYS_timer_settime64, id, 0, &n64, NULL),
	       "timer_settime64: 2 s, one-shot");
	ok_sys(syscall(SYS_timer_gettime64, id, &c64), "timer_gettime64");
	ok(c64.it_value.tv_sec * 1000000000LL + c64.it_value.tv_nsec >
		   1000000000LL && c64.it_interval.tv_sec == 0 &&
		   c64.it_interval.tv_nsec == 0,
	   "1 s < time left <= 2 s, no interval");
	ok_sys(t_set(id, 0, 0, 20000000, 0, 0, &old),
	       "timer_settime: 20 ms, with the old value");
	ok(old.it_value.tv_sec >= 1, "the old value was the 2 s setting");
	sleep_ms(100);
	is(t_get(id, &cur), 0, "timer_gettime after it expired");
	ok(cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0,
	   "an expired one-shot timer is disarmed");
	ok_sys(t_set(id, 0, 0, 0, 0, 0, NULL), "disarming it");
	t_delete(id);
}

static void test_signal(void)
{
	sigset_t block, old;
	int id;

	catch(SIGUSR1);
	id = make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 4242);
	ok_sys(t_set(id, 0, 0, 30000000, 0, 0, NULL), "a 30 ms timer");
	wait_sig();
	is(got_sig, SIGUSR1, "its signal arrives");
	is(got_code, SI_TIMER, "si_code SI_TIMER");
	is(got_timerid, id, "si_timerid is the timer's id");
	is(got_value, 4242, "si_value is the sigevent's");
	is(got_overrun, 0, "si_overrun 0");

	/* Periodic, blocked for a while: the expiries pile up as overruns. */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	got_sig = 0;
	ok_sys(t_set(id, 0, 0, 10000000, 0, 10000000, NULL),
	       "every 10 ms, with its signal blocked");
	sleep_ms(300);
	sigprocmask(SIG_SETMASK, &old, NULL);
	is(got_sig, SIGUSR1, "unblocked: one signal");
	ok(got_overrun >= 5, "si_overrun counts the expiries it stood for (%d)",
	   got_overrun);
	is(got_getoverrun, got_overrun,
	   "timer_getoverrun in the handler says the same");
	/* Disarmed only now: its signal was taken before. */
	ok_sys(t_set(id, 0, 0, 0, 0, 0, NULL), "disarm it");
	is(syscall(SYS_timer_getoverrun, id), 0,
	   "timer_settime started the count again");
	t_delete(id);

	/* Absolute CLOCK_REALTIME expiry. */
	{
		struct timespec now;

		id = make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, SIGUSR1, 7);
		clock_gettime(CLOCK_REALTIME, &now);
		now.tv_nsec += 50000000;
		if (now.tv_nsec >= 1000000000) {
			now.tv_sec++;
			now.tv_nsec -= 1000000000;
		}
		got_sig = 0;
		ok_sys(t_set(id, TIMER_ABSTIME, now.tv_sec, now.tv_nsec, 0, 0,
			     NULL), "CLOCK_REALTIME, TIMER_ABSTIME now + 50 ms");
		wait_sig();
		ok(got_sig == SIGUSR1 && got_value == 7, "it fires");
		t_delete(id);
	}
	signal(SIGUSR1, SIG_DFL);
}

static void test_default_sigevent(void)
{
	int id = -1;

	catch(SIGALRM);
	ok_sys(t_create(CLOCK_MONOTONIC, NULL, &id),
	       "timer_create without a sigevent");
	ok_sys(t_set(id, 0, 0, 20000000, 0, 0, NULL), "20 ms");
	wait_sig();
	is(got_sig, SIGALRM, "the signal is SIGALRM");
	ok(got_code == SI_TIMER && got_value == id,
	   "SI_TIMER, si_value the timer's id");
	t_delete(id);
	signal(SIGALRM, SIG_DFL);
	/* The watchdog (tap.h) uses alarm(); put it back if it was set. */
	tap_watchdog();
}

static int go[2], ready[2];
static volatile int thread_tid;

static void *thread_main(void *arg)
{
	char c;

	(void)arg;
	thread_tid = syscall(SYS_gettid);
	if (write(ready[1], "r", 1) != 1)
		return NULL;
	/* Asleep in read until the main thread says go; the handler runs
	 * here, and read goes on after it. */
	while (read(go[0], &c, 1) < 0 && errno == EINTR)
		;
	return NULL;
}

static void test_thread_id(void)
{
	pthread_t th;
	sigset_t block, old;
	struct ksigevent ev;
	int id = -1;
	char c;

	must(pipe(go));
	must(pipe(ready));
	catch(SIGUSR2);
	/* Only the new thread may take SIGUSR2: it inherits an open mask,
	 * the main thread blocks it from here on. */
	if (pthread_create(&th, NULL, thread_main, NULL)) {
		ok(0, "pthread_create");
		return;
	}
	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, &old);
	must(read(ready[0], &c, 1));
	memset(&ev, 0, sizeof(ev));
	ev.notify = SIGEV_THREAD_ID;
	ev.signo = SIGUSR2;
	ev.value = 99;
	ev.tid = thread_tid;
	ok_sys(t_create(CLOCK_MONOTONIC, &ev, &id),
	       "timer_create: SIGEV_THREAD_ID to a thread of ours");
	ok_sys(t_set(id, 0, 0, 30000000, 0, 0, NULL), "30 ms");
	wait_sig();
	is(got_sig, SIGUSR2, "the signal arrives");
	is(got_tid, thread_tid, "in the thread it named");
	is(got_value, 99, "with its value");
	t_delete(id);
	must(write(go[1], "x", 1));
	pthread_join(th, NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGUSR2, SIG_DFL);
	close(go[0]);
	close(go[1]);
	close(ready[0]);
	close(ready[1]);
}

/* A timer armed before exec must not fire after it. */
static void test_exec(const char *self)
{
	int status;
	pid_t pid = must(fork());

	if (pid == 0) {
		int id = make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0);

		signal(SIGUSR1, SIG_DFL);
		t_set(id, 0, 0, 50000000, 0, 0, NULL);
		execl(self, self, "after-exec", (char *)NULL);
		_exit(3);
	}
	status = wait_for(pid);
	is_exit(status, 0, "exec deletes the timers (no SIGUSR1 after it)");
	/* Exit deletes them too: a child's armed timer does not outlive it.
	 * The signal is blocked: a child held up for 10 ms between arming
	 * and exiting (a busy host) must not die of its first expiry. */
	pid = must(fork());
	if (pid == 0) {
		int id = make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0);
		sigset_t usr1;

		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		sigprocmask(SIG_BLOCK, &usr1, NULL);
		t_set(id, 0, 0, 10000000, 0, 10000000, NULL);
		_exit(0);
	}
	status = wait_for(pid);
	is_exit(status, 0, "a process exits with a periodic timer armed");
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "after-exec") == 0) {
		sleep_ms(200);
		return 0;
	}
	test_errors();
	test_none();
	test_signal();
	test_default_sigevent();
	test_thread_id();
	test_exec(argv[0]);
	return done_testing();
}
