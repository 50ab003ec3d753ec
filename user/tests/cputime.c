/*
 * cputime.c - the clocks that run on the process's CPU time.
 *
 *   ITIMER_PROF counts user and system time: armed at 30 ms with a 30 ms
 *     interval, it sends SIGPROF again and again while we spin, and
 *     getitimer shows the interval and what is left of the value;
 *   ITIMER_VIRTUAL counts user time: SIGVTALRM while we spin, and nothing
 *     is taken off it while we sleep;
 *   setitimer returns the old setting, a zero value disarms, and a
 *     microsecond field of a million or more is EINVAL;
 *   RLIMIT_CPU: a child with a soft limit of 1 s gets SIGXCPU after a
 *     second of CPU time, and the soft limit then reads 2 (the next
 *     SIGXCPU a second later); with the hard limit lowered to 1 s it is
 *     then killed (SIGKILL).
 *
 * Each wait is for CPU time spent, so a busy host only makes it longer.
 */
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include "tests/tap.h"

static volatile sig_atomic_t profs, vtalrms, xcpus;

static void on_signal(int sig)
{
	if (sig == SIGPROF)
		profs++;
	else if (sig == SIGVTALRM)
		vtalrms++;
	else if (sig == SIGXCPU)
		xcpus++;
}

/* Spin in user mode until *count reaches n. */
static void spin_until(volatile sig_atomic_t *count, int n)
{
	while (*count < n)
		;
}

static void set_timer(int which, long value_us, long interval_us)
{
	struct itimerval v = {
		{ interval_us / 1000000, interval_us % 1000000 },
		{ value_us / 1000000, value_us % 1000000 },
	};

	setitimer(which, &v, NULL);
}

static long usecs(const struct timeval *tv)
{
	return tv->tv_sec * 1000000L + tv->tv_usec;
}

static void prof_timer(void)
{
	struct itimerval v;

	set_timer(ITIMER_PROF, 30000, 30000);
	spin_until(&profs, 3);
	ok(profs >= 3, "ITIMER_PROF: SIGPROF three times while spinning");
	ok_sys(getitimer(ITIMER_PROF, &v), "getitimer(ITIMER_PROF)");
	is(usecs(&v.it_interval), 30000, "the interval reads back");
	ok(usecs(&v.it_value) > 0 && usecs(&v.it_value) <= 30000,
	   "the value left is within the interval (%ld us)",
	   usecs(&v.it_value));
	set_timer(ITIMER_PROF, 0, 0);
	ok_sys(getitimer(ITIMER_PROF, &v), "disarmed");
	ok(usecs(&v.it_value) == 0 && usecs(&v.it_interval) == 0,
	   "and it reads zero");
}

static void virtual_timer(void)
{
	struct timespec nap = { 0, 150000000 };
	struct itimerval v, old;

	set_timer(ITIMER_VIRTUAL, 20000, 0);
	spin_until(&vtalrms, 1);
	ok(vtalrms == 1, "ITIMER_VIRTUAL: SIGVTALRM while spinning");
	ok_sys(getitimer(ITIMER_VIRTUAL, &v), "getitimer(ITIMER_VIRTUAL)");
	ok(usecs(&v.it_value) == 0, "a one-shot timer is disarmed after it");

	set_timer(ITIMER_VIRTUAL, 500000, 0);
	nanosleep(&nap, NULL);
	getitimer(ITIMER_VIRTUAL, &v);
	ok(usecs(&v.it_value) > 400000,
	   "sleeping 150 ms takes (almost) nothing off it (%ld us left)",
	   usecs(&v.it_value));
	v.it_value.tv_sec = v.it_value.tv_usec = 0;
	v.it_interval = v.it_value;
	ok_sys(setitimer(ITIMER_VIRTUAL, &v, &old),
	       "setitimer with an old value");
	ok(usecs(&old.it_value) > 400000, "the old value comes back");
	v.it_value.tv_usec = 1000000;
	is_errno(setitimer(ITIMER_VIRTUAL, &v, NULL), EINVAL,
		 "a microsecond field of a million: EINVAL");
	is_errno(setitimer(3, &v, NULL), EINVAL, "an unknown timer: EINVAL");
}

static int cpu_limit_child(void)
{
	pid_t pid = must(fork());
	struct rlimit rl = { 1, 3 };

	if (pid == 0) {
		if (setrlimit(RLIMIT_CPU, &rl) != 0)
			_exit(3);
		spin_until(&xcpus, 1);
		if (getrlimit(RLIMIT_CPU, &rl) != 0 || rl.rlim_cur != 2)
			_exit(4);
		rl.rlim_cur = rl.rlim_max = 1;
		if (setrlimit(RLIMIT_CPU, &rl) != 0)
			_exit(5);
		for (;;)
			;
	}
	return wait_for(pid);
}

int main(void)
{
	signal(SIGPROF, on_signal);
	signal(SIGVTALRM, on_signal);
	signal(SIGXCPU, on_signal);
	prof_timer();
	virtual_timer();
	is_signal(cpu_limit_child(), SIGKILL,
		  "RLIMIT_CPU: SIGXCPU at the soft limit, the soft limit moves "
		  "a second on, SIGKILL at the hard limit");
	return done_testing();
}
