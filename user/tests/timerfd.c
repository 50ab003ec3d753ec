/*
 * timerfd.c - timers read through a file descriptor, as Linux 6.1.
 *
 * The errors of timerfd_create, timerfd_settime and timerfd_gettime;
 * an unarmed timer reads EAGAIN (non-blocking); a one-shot timer wakes
 * a blocking read once, no earlier than set, with a count of 1; a
 * periodic one counts every expiry between reads, and gettime shows its
 * interval and what is left; poll sees it readable until it is read;
 * settime hands back the old setting and a zero value disarms; an
 * absolute time works; the old 32-bit calls answer the same; setting
 * the clock cancels an absolute realtime timer set with
 * TFD_TIMER_CANCEL_ON_SET (ECANCELED), even one that has fired; /proc/self/fd names it
 * anon_inode:[timerfd].
 */
#include <poll.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include "tests/tap.h"

#define MS 1000000L

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / MS;
}

static int arm(int fd, int flags, long value_ms, long interval_ms)
{
	struct itimerspec v = {
		{ interval_ms / 1000, interval_ms % 1000 * MS },
		{ value_ms / 1000, value_ms % 1000 * MS },
	};

	return timerfd_settime(fd, flags, &v, NULL);
}

static long long read_count(int fd)
{
	uint64_t n;
	ssize_t r = read(fd, &n, sizeof(n));

	return r == sizeof(n) ? (long long)n : r;
}

static void errors(int fd)
{
	struct itimerspec v = { { 0, 0 }, { 0, MS } };
	int p[2];
	char c[4];

	is_errno(timerfd_create(99, 0), EINVAL, "an unknown clock: EINVAL");
	is_errno(timerfd_create(CLOCK_PROCESS_CPUTIME_ID, 0), EINVAL,
		 "a CPU-time clock: EINVAL");
	is_errno(timerfd_create(CLOCK_MONOTONIC, 0x1), EINVAL,
		 "an unknown flag: EINVAL");
	is_errno(timerfd_settime(fd, 4, &v, NULL), EINVAL,
		 "settime with an unknown flag: EINVAL");
	v.it_value.tv_nsec = 1000000000;
	is_errno(timerfd_settime(fd, 0, &v, NULL), EINVAL,
		 "a tv_nsec of a second: EINVAL");
	v.it_value.tv_nsec = MS;
	is_errno(timerfd_settime(-1, 0, &v, NULL), EBADF, "a bad fd: EBADF");
	must(pipe(p));
	is_errno(timerfd_settime(p[0], 0, &v, NULL), EINVAL,
		 "a pipe is not a timer: EINVAL");
	is_errno(timerfd_gettime(p[0], &v), EINVAL, "nor for gettime");
	close(p[0]);
	close(p[1]);
	is_errno(read(fd, c, sizeof(c)), EINVAL,
		 "a read under 8 bytes: EINVAL");
	is_errno(read(fd, c, 8), EAGAIN, "an unarmed timer reads EAGAIN");
}

static void one_shot(void)
{
	int fd = must(timerfd_create(CLOCK_MONOTONIC, 0));
	long start = now_ms();
	struct itimerspec cur;

	ok_sys(arm(fd, 0, 50, 0), "armed for 50 ms");
	is(read_count(fd), 1, "a blocking read returns one expiry");
	ok(now_ms() - start >= 50, "no earlier than set (%ld ms)",
	   now_ms() - start);
	ok_sys(timerfd_gettime(fd, &cur), "gettime");
	ok(!cur.it_value.tv_sec && !cur.it_value.tv_nsec &&
		   !cur.it_interval.tv_sec && !cur.it_interval.tv_nsec,
	   "a one-shot timer that expired reads zero");
	close(fd);
}

static void periodic(void)
{
	int fd = must(timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK));
	struct timespec nap = { 0, 110 * MS };
	struct itimerspec cur, old;
	struct pollfd pfd = { fd, POLLIN, 0 };
	long long n;

	ok_sys(arm(fd, 0, 20, 20), "armed every 20 ms");
	ok_sys(timerfd_gettime(fd, &cur), "gettime");
	is(cur.it_interval.tv_nsec, 20 * MS, "the interval reads back");
	ok(cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 20 * MS,
	   "the value left is within it");
	nanosleep(&nap, NULL);
	is(poll(&pfd, 1, 0), 1, "poll: readable");
	n = read_count(fd);
	ok(n >= 4, "every expiry counts: %lld in 110 ms", n);
	is(read_count(fd), -1, "then nothing to read");
	is(poll(&pfd, 1, 0), 0, "poll: not readable");
	is(poll(&pfd, 1, 1000), 1, "poll waits for the next expiry");
	memset(&cur, 0, sizeof(cur));
	ok_sys(timerfd_settime(fd, 0, &cur, &old), "disarm");
	is(old.it_interval.tv_nsec, 20 * MS,
	   "settime hands back the old setting");
	ok_sys(timerfd_gettime(fd, &cur), "gettime");
	ok(!cur.it_value.tv_sec && !cur.it_value.tv_nsec,
	   "disarmed reads zero");
	close(fd);
}

static void absolute(void)
{
	int fd = must(timerfd_create(CLOCK_MONOTONIC, 0));
	struct itimerspec v;
	long start = now_ms();

	memset(&v, 0, sizeof(v));
	clock_gettime(CLOCK_MONOTONIC, &v.it_value);
	v.it_value.tv_nsec += 30 * MS;
	if (v.it_value.tv_nsec >= 1000 * MS) {
		v.it_value.tv_sec++;
		v.it_value.tv_nsec -= 1000 * MS;
	}
	ok_sys(timerfd_settime(fd, TFD_TIMER_ABSTIME, &v, NULL),
	       "an absolute time 30 ms from now");
	is(read_count(fd), 1, "expires once");
	ok(now_ms() - start >= 30, "no earlier");
	close(fd);
}

/* The 32-bit calls: struct itimerspec of two 32-bit timespecs. */
static void old_calls(void)
{
	int fd = must(timerfd_create(CLOCK_MONOTONIC, 0));
	int32_t set[4] = { 0, 10 * MS, 0, 10 * MS }, cur[4];

	ok_sys(syscall(SYS_timerfd_settime32, fd, 0, set, NULL),
	       "timerfd_settime (32-bit)");
	ok_sys(syscall(SYS_timerfd_gettime32, fd, cur),
	       "timerfd_gettime (32-bit)");
	is(cur[1], 10 * MS, "its interval");
	is(read_count(fd), 1, "it expires");
	close(fd);
}

static void cancel_on_set(void)
{
	int fd = must(timerfd_create(CLOCK_REALTIME, 0));
	struct itimerspec v;
	struct timespec now;

	memset(&v, 0, sizeof(v));
	clock_gettime(CLOCK_REALTIME, &v.it_value);
	v.it_value.tv_sec += 3600;
	ok_sys(timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET,
			       &v, NULL),
	       "an absolute realtime timer an hour away, CANCEL_ON_SET");
	clock_gettime(CLOCK_REALTIME, &now);
	ok_sys(clock_settime(CLOCK_REALTIME, &now), "the clock is set");
	is_errno(read(fd, &v, 8), ECANCELED, "the read is ECANCELED");

	/* A one-shot one that has fired and been read is still cancelled
	 * by the next setting of the clock. */
	clock_gettime(CLOCK_REALTIME, &v.it_value);
	v.it_value.tv_nsec += 20 * MS;
	if (v.it_value.tv_nsec >= 1000 * MS) {
		v.it_value.tv_sec++;
		v.it_value.tv_nsec -= 1000 * MS;
	}
	ok_sys(timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET,
			       &v, NULL),
	       "one 20 ms away, CANCEL_ON_SET");
	is(read_count(fd), 1, "it fires once");
	clock_gettime(CLOCK_REALTIME, &now);
	ok_sys(clock_settime(CLOCK_REALTIME, &now), "the clock is set again");
	is_errno(read(fd, &v, 8), ECANCELED,
		 "the read after it is ECANCELED, though the timer had fired");
	close(fd);
}

static void proc_name(void)
{
	int fd = must(timerfd_create(CLOCK_BOOTTIME, TFD_CLOEXEC));
	char path[64], link[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	ok(!strcmp(link, "anon_inode:[timerfd]"), "/proc/self/fd names it (%s)",
	   link);
	close(fd);
}

int main(void)
{
	int fd = must(timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK));

	errors(fd);
	close(fd);
	one_shot();
	periodic();
	absolute();
	old_calls();
	cancel_on_set();
	proc_name();
	return done_testing();
}
