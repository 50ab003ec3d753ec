/*
 * itimer_real.c - alarm and setitimer/getitimer's ITIMER_REAL.
 *
 * A timer set reads back no more than it was set to, with its interval;
 * a zero value disarms it and hands back the old setting; a periodic one
 * keeps sending SIGALRM and never early (the third of a 10 ms timer no
 * sooner than 30 ms); alarm returns the seconds the previous one had
 * left; a tv_usec of a second or more, or an unknown timer, is EINVAL.
 * The test watchdog (tap.h) is an alarm too: it is put back at the end.
 */
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "tests/tap.h"

static volatile int alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void read_back(void)
{
	struct itimerval v = { { 0, 20000 }, { 0, 30000 } }, cur;

	ok_sys(setitimer(ITIMER_REAL, &v, NULL),
	       "setitimer: 30 ms, then every 20 ms");
	ok_sys(getitimer(ITIMER_REAL, &cur), "getitimer");
	ok(!cur.it_value.tv_sec && cur.it_value.tv_usec > 0 &&
		   cur.it_value.tv_usec <= 30000,
	   "the time left is in (0, 30 ms] (%ld us)",
	   (long)cur.it_value.tv_usec);
	is((long)cur.it_interval.tv_usec, 20000, "the interval is 20 ms");
	memset(&v, 0, sizeof(v));
	ok_sys(setitimer(ITIMER_REAL, &v, &cur), "a zero value disarms it");
	is((long)cur.it_interval.tv_usec, 20000,
	   "and hands back the old interval");
	getitimer(ITIMER_REAL, &cur);
	ok(!cur.it_value.tv_sec && !cur.it_value.tv_usec &&
		   !cur.it_interval.tv_usec,
	   "nothing is left once disarmed");
}

static void never_early(void)
{
	struct itimerval v = { { 0, 10000 }, { 0, 10000 } }, off;
	long start;

	memset(&off, 0, sizeof(off));
	alarms = 0;
	start = now_ms();
	setitimer(ITIMER_REAL, &v, NULL);
	/* A SIGALRM between the test and pause is followed by the next. */
	while (alarms < 3 && now_ms() - start < 5000)
		pause();
	setitimer(ITIMER_REAL, &off, NULL);
	ok(alarms >= 3, "a 10 ms periodic timer sends SIGALRM again and again");
	ok(now_ms() - start >= 30, "its third comes no sooner than 30 ms");
}

static void alarm_left(void)
{
	alarm(0);
	is(alarm(3), 0, "alarm with none set returns 0");
	is(alarm(0), 3, "alarm(0) returns the 3 s left");
	is(alarm(0), 0, "and leaves none");
}

static void errors(void)
{
	struct itimerval bad = { { 0, 0 }, { 0, 1000000 } }, cur;

	is_errno(setitimer(ITIMER_REAL, &bad, NULL), EINVAL,
		 "tv_usec of a second: EINVAL");
	is_errno(getitimer(3, &cur), EINVAL, "an unknown timer: EINVAL");
}

int main(void)
{
	signal(SIGALRM, on_alarm);
	read_back();
	never_early();
	alarm_left();
	errors();
	signal(SIGALRM, SIG_DFL);
	tap_watchdog();
	return done_testing();
}
