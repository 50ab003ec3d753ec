/*
 * time.c - clocks and sleeping.
 *
 * CLOCK_MONOTONIC never goes backwards, fields are normalised, time(),
 * gettimeofday() and CLOCK_REALTIME agree in order, the 64-bit clock call
 * works, nanosleep and clock_nanosleep of a few ms return 0, argument
 * errors give EINVAL.  A sleep measured by CLOCK_MONOTONIC is never shorter
 * than asked (relative or to an absolute time), as POSIX and Linux
 * promise; no assertion depends on how much longer anything takes.
 */
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include "tests/tap.h"

static int before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec <= b->tv_nsec);
}

static long long ns_between(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000000000LL + b->tv_nsec - a->tv_nsec;
}

/* Sleeps of 1, 7, 10 and 23 ms (whole ticks and not), by nanosleep,
 * clock_nanosleep and to an absolute CLOCK_MONOTONIC time. */
static void test_sleeps_are_not_short(void)
{
	static const long ms[] = { 1, 7, 10, 23 };
	struct timespec a, b, req;
	long long took;
	unsigned i;
	int how;

	for (i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
		for (how = 0; how < 3; how++) {
			req.tv_sec = 0;
			req.tv_nsec = ms[i] * 1000000;
			clock_gettime(CLOCK_MONOTONIC, &a);
			if (how == 2) {
				req.tv_sec = a.tv_sec + (a.tv_nsec + req.tv_nsec) / 1000000000;
				req.tv_nsec = (a.tv_nsec + req.tv_nsec) % 1000000000;
			}
			if (how == 0)
				nanosleep(&req, NULL);
			else
				clock_nanosleep(CLOCK_MONOTONIC, how == 2 ? TIMER_ABSTIME : 0, &req, NULL);
			clock_gettime(CLOCK_MONOTONIC, &b);
			took = ns_between(&a, &b);
			ok(took >= ms[i] * 1000000LL, "%s %ld ms took %lld ns by CLOCK_MONOTONIC",
			   how == 0 ? "nanosleep" : how == 1 ? "clock_nanosleep" : "clock_nanosleep ABSTIME",
			   ms[i], took);
		}
}

int main(void)
{
	struct timespec a, b, req;
	struct timeval tv;
	struct tms tms;
	long long raw64[2];
	int i, backwards = 0, badnsec = 0;
	clock_t c1, c2;
	time_t t1, t2;

	ok_sys(clock_gettime(CLOCK_MONOTONIC, &a), "clock_gettime MONOTONIC");
	for (i = 0; i < 2000; i++) {
		clock_gettime(CLOCK_MONOTONIC, &b);
		backwards += !before(&a, &b);
		badnsec += b.tv_nsec < 0 || b.tv_nsec >= 1000000000;
		a = b;
	}
	is(backwards, 0, "MONOTONIC never goes backwards over 2000 reads");
	is(badnsec, 0, "tv_nsec always in [0, 1e9)");

	t1 = time(NULL);
	ok_sys(gettimeofday(&tv, NULL), "gettimeofday");
	clock_gettime(CLOCK_REALTIME, &a);
	t2 = time(NULL);
	ok(tv.tv_usec >= 0 && tv.tv_usec < 1000000, "tv_usec in [0, 1e6)");
	ok(t1 <= tv.tv_sec && tv.tv_sec <= a.tv_sec && a.tv_sec <= t2,
	   "time <= gettimeofday <= REALTIME <= time");
	ok(t1 > 0, "the epoch time is positive");

	ok_sys(syscall(SYS_clock_gettime64, CLOCK_MONOTONIC, raw64), "clock_gettime64 syscall");
	clock_gettime(CLOCK_MONOTONIC, &b);
	ok(raw64[0] <= b.tv_sec && raw64[1] >= 0 && raw64[1] < 1000000000,
	   "clock_gettime64 agrees with clock_gettime");
	is_errno(clock_gettime(12345, &a), EINVAL, "bad clock id: EINVAL");

	clock_gettime(CLOCK_MONOTONIC, &a);
	req.tv_sec = 0;
	req.tv_nsec = 3 * 1000 * 1000;
	is(nanosleep(&req, NULL), 0, "nanosleep 3 ms returns 0");
	clock_gettime(CLOCK_MONOTONIC, &b);
	ok(before(&a, &b), "monotonic time after the sleep is not earlier");
	is(clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL), 0, "clock_nanosleep relative");
	req = a;
	is(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, NULL), 0,
	   "clock_nanosleep to a past absolute time returns at once");
	req.tv_sec = 0;
	req.tv_nsec = 1000000000;
	is_errno(nanosleep(&req, NULL), EINVAL, "tv_nsec = 1e9: EINVAL");
	req.tv_nsec = -1;
	is_errno(nanosleep(&req, NULL), EINVAL, "negative tv_nsec: EINVAL");

	test_sleeps_are_not_short();

	c1 = times(&tms);
	c2 = times(&tms);
	ok(c1 != (clock_t)-1 && c2 - c1 >= 0, "times() ticks do not go backwards");
	ok(sysconf(_SC_CLK_TCK) > 0, "CLK_TCK is positive");
	return done_testing();
}
