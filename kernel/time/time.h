/*
 * kernel/time/time.h - wall-clock and monotonic time, and the time structs of
 * the Linux i386 ABI.
 *
 * CLOCK_MONOTONIC counts jiffies from boot.  CLOCK_REALTIME is the CMOS
 * clock read once at boot (kernel/drivers/rtc.h) plus the jiffies since,
 * moved by settimeofday/clock_settime.  Resolution is one tick (10 ms).
 */
#ifndef KERNEL_TIME_TIME_H
#define KERNEL_TIME_TIME_H

#include "kernel/types.h"

#define NSEC_PER_SEC	1000000000L
#define USEC_PER_SEC	1000000L
#define NSEC_PER_TICK	(NSEC_PER_SEC / 100)	/* HZ = 100 */

#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID	3
#define CLOCK_MONOTONIC_RAW	4
#define CLOCK_REALTIME_COARSE	5
#define CLOCK_MONOTONIC_COARSE	6
#define CLOCK_BOOTTIME		7

#define TIMER_ABSTIME	1

/* 32-bit time_t structures (the old calls). */
struct old_timespec32 {
	s32 tv_sec;
	s32 tv_nsec;
};

struct old_timeval32 {
	s32 tv_sec;
	s32 tv_usec;
};

/* The 64-bit ones of clock_gettime64 and friends. */
struct timespec64 {
	s64 tv_sec;
	s64 tv_nsec;
};

/* A timer's setting: timer_settime, timerfd_settime and their 64-bit
 * forms. */
struct old_itimerspec32 {
	struct old_timespec32 it_interval;
	struct old_timespec32 it_value;
};

struct itimerspec64 {
	struct timespec64 it_interval;
	struct timespec64 it_value;
};

struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

/* Read the CMOS clock into CLOCK_REALTIME; kmain calls it once. */
void time_init(void);
/* now, for clock id; -EINVAL for a clock Mapback does not have. */
int clock_read(int clock, struct timespec64 *ts);
/* An absolute time on clock becomes the time from now (0 if it has
 * passed): absolute sleeps and timers.  0, or -EINVAL for a clock Mapback
 * does not have. */
int abs_to_relative(int clock, struct timespec64 *ts);
/* Set CLOCK_REALTIME. */
void set_realtime(const struct timespec64 *ts);
/* Ticks <-> time, rounding up so a sleep is never short. */
u32 timespec64_to_jiffies(const struct timespec64 *ts);
void jiffies_to_timespec64(u32 j, struct timespec64 *ts);
void jiffies_to_timeval(u32 j, struct old_timeval32 *tv);
/* Between the two layouts of a timer's setting. */
void itimerspec_from_old(struct itimerspec64 *v,
			 const struct old_itimerspec32 *o);
void itimerspec_to_old(struct old_itimerspec32 *o,
		       const struct itimerspec64 *v);
/* No negative time, no tv_nsec of a second or more. */
bool itimerspec64_valid(const struct itimerspec64 *v);
/* Seconds since the epoch, for file times and time(2). */
u32 get_seconds(void);

#endif
