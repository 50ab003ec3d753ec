/*
 * timer_list.c - /proc/timer_list: the kernel's clock and the CPU's idle
 * time, in nanoseconds.
 *
 * make bench reads it to tell the instructions a phase executed from the
 * time the CPU sat halted (user/bench/pressure.h), so the lines it reads
 * must be there and must move the right way: "now at N nsecs" advances by
 * at least a sleep's length, idle_sleeptime never passes the clock, and on
 * a kernel that counts idle periods (idle_calls > 0) a sleep with nothing
 * else to run adds idle time.  Linux prints idle_calls 0 while its tick
 * never stops, and then the idle checks are skipped.
 */
#include <time.h>
#include "tests/tap.h"

struct tl {
	long long now, idle, iowait, calls;
};

/* The field after "NAME" and its colon, or -1. */
static long long field(const char *buf, const char *name)
{
	const char *p = strstr(buf, name);
	long long v;

	if (!p || sscanf(p + strcspn(p, ":"), ": %lld", &v) != 1)
		return -1;
	return v;
}

/* Linux's file lists every timer; the cpu 0 lines come a few KiB in. */
static int read_timer_list(struct tl *t)
{
	static char buf[65536];
	int fd = open("/proc/timer_list", O_RDONLY);
	ssize_t n, len = 0;
	const char *p;

	if (fd < 0)
		return 0;
	while (len < (ssize_t)sizeof(buf) - 1 &&
	       (n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	p = strstr(buf, "now at ");
	t->now = p ? strtoll(p + strlen("now at "), NULL, 10) : -1;
	t->calls = field(buf, ".idle_calls");
	t->idle = field(buf, ".idle_sleeptime");
	t->iowait = field(buf, ".iowait_sleeptime");
	return strncmp(buf, "Timer List Version:", 19) == 0 &&
	       strstr(buf, "\ncpu: 0\n") != NULL;
}

int main(void)
{
	struct timespec ms50 = { 0, 50 * 1000 * 1000 };
	struct tl a, b;

	ok(read_timer_list(&a),
	   "/proc/timer_list has its version line and cpu 0");
	ok(a.now > 0, "now at: %lld nsecs", a.now);
	ok(a.calls >= 0 && a.idle >= 0 && a.iowait >= 0,
	   "idle_calls, idle_sleeptime and iowait_sleeptime are there");
	ok(a.idle + a.iowait <= a.now,
	   "idle time (%lld ns) is not more than the clock", a.idle + a.iowait);

	is(nanosleep(&ms50, NULL), 0, "sleep 50 ms");
	read_timer_list(&b);
	ok(b.now - a.now >= 50 * 1000 * 1000,
	   "the clock moved at least 50 ms across the sleep (%lld ns)",
	   b.now - a.now);
	ok(b.idle >= a.idle && b.iowait >= a.iowait,
	   "idle time never goes back");
	if (b.calls > 0) {
		ok(b.calls > a.calls,
		   "the CPU halted during the sleep (idle_calls %lld -> %lld)",
		   a.calls, b.calls);
		ok(b.idle + b.iowait > a.idle + a.iowait,
		   "the sleep added idle time (%lld ns)",
		   b.idle + b.iowait - a.idle - a.iowait);
		ok(b.idle + b.iowait - a.idle - a.iowait <= b.now - a.now,
		   "no more idle time than the clock moved");
	} else {
		skip("the CPU halted during the sleep",
		     "idle_calls is 0: the tick never stops");
		skip("the sleep added idle time", "idle_calls is 0");
		skip("no more idle time than the clock moved",
		     "idle_calls is 0");
	}
	return done_testing();
}
