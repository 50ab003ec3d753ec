/*
 * kernel/time/sys_time.c - time system calls: time, stime, gettimeofday,
 * settimeofday, clock_gettime(64), clock_settime(64), clock_getres(64),
 * nanosleep, clock_nanosleep(64), restart_syscall, times.  Setting the
 * clock takes CAP_SYS_TIME (root): EPERM otherwise.
 *
 * The 32-bit calls take struct old_timespec32/timeval with 32-bit seconds; the
 * *_time64 calls (musl 1.2 and later use them) take struct timespec64.
 *
 * Sleeps: an interrupted sleep returns -ERESTART_RESTARTBLOCK having
 * written the time left; if a handler runs, the caller sees EINTR; if
 * not (say SIGSTOP then SIGCONT), restart_syscall runs the function the
 * call left in current->restart_block (kernel/process/task.h), which sleeps to the
 * same deadline.  poll (fs/sys_poll.c) restarts the same way.
 */
#include "kernel/errno.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "kernel/time/tsc.h"
#include "kernel/cpu/uaccess.h"

long sys_time(s32 *ut)
{
	s32 now = get_seconds();

	if (ut && put_user(now, ut))
		return -EFAULT;
	return now;
}

long sys_gettimeofday(struct old_timeval32 *utv, struct timezone *utz)
{
	struct timespec64 ts;
	struct old_timeval32 tv;
	struct timezone tz = { 0, 0 };

	clock_read(CLOCK_REALTIME, &ts);
	tv.tv_sec = ts.tv_sec;
	tv.tv_usec = (s32)ts.tv_nsec / 1000;
	if (utv && copy_to_user(utv, &tv, sizeof(tv)))
		return -EFAULT;
	if (utz && copy_to_user(utz, &tz, sizeof(tz)))
		return -EFAULT;
	return 0;
}

long sys_settimeofday(const struct old_timeval32 *utv, const struct timezone *utz)
{
	struct timespec64 ts;
	struct old_timeval32 tv;

	(void)utz;
	if (utv && copy_from_user(&tv, utv, sizeof(tv)))
		return -EFAULT;
	if (utv &&
	    (tv.tv_usec < 0 || tv.tv_usec >= USEC_PER_SEC || tv.tv_sec < 0))
		return -EINVAL;
	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	if (!utv)
		return 0;
	ts.tv_sec = tv.tv_sec;
	ts.tv_nsec = (s64)tv.tv_usec * 1000;
	set_realtime(&ts);
	return 0;
}

static int get_timespec32(struct timespec64 *ts, const struct old_timespec32 *u)
{
	struct old_timespec32 t;

	if (copy_from_user(&t, u, sizeof(t)))
		return -EFAULT;
	ts->tv_sec = t.tv_sec;
	ts->tv_nsec = t.tv_nsec;
	return 0;
}

static int put_timespec32(const struct timespec64 *ts, struct old_timespec32 *u)
{
	struct old_timespec32 t = { (s32)ts->tv_sec, (s32)ts->tv_nsec };

	return copy_to_user(u, &t, sizeof(t)) ? -EFAULT : 0;
}

static int get_timespec64(struct timespec64 *ts, const struct timespec64 *u)
{
	if (copy_from_user(ts, u, sizeof(*ts)))
		return -EFAULT;
	/* A 32-bit process's tv_nsec: the upper half is padding. */
	ts->tv_nsec = (s32)ts->tv_nsec;
	return 0;
}

static int put_timespec64(const struct timespec64 *ts, struct timespec64 *u)
{
	return copy_to_user(u, ts, sizeof(*ts)) ? -EFAULT : 0;
}

static bool timespec_valid(const struct timespec64 *ts)
{
	return ts->tv_sec >= 0 && ts->tv_nsec >= 0 &&
	       ts->tv_nsec < NSEC_PER_SEC;
}

long sys_clock_gettime(int clock, struct old_timespec32 *uts)
{
	struct timespec64 ts;
	int err = clock_read(clock, &ts);

	return err ? err : put_timespec32(&ts, uts);
}

long sys_clock_gettime64(int clock, struct timespec64 *uts)
{
	struct timespec64 ts;
	int err = clock_read(clock, &ts);

	return err ? err : put_timespec64(&ts, uts);
}

static long clock_settime_common(int clock, struct timespec64 *ts)
{
	if (clock != CLOCK_REALTIME)
		return -EINVAL;
	if (!timespec_valid(ts))
		return -EINVAL;
	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	set_realtime(ts);
	return 0;
}

/* The old call: whole seconds since the epoch. */
long sys_stime(const s32 *utime)
{
	struct timespec64 ts = { 0, 0 };
	s32 t;

	if (copy_from_user(&t, utime, sizeof(t)))
		return -EFAULT;
	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	if (t < 0)
		return -EINVAL;
	ts.tv_sec = t;
	set_realtime(&ts);
	return 0;
}

long sys_clock_settime(int clock, const struct old_timespec32 *uts)
{
	struct timespec64 ts;

	if (get_timespec32(&ts, uts))
		return -EFAULT;
	return clock_settime_common(clock, &ts);
}

long sys_clock_settime64(int clock, const struct timespec64 *uts)
{
	struct timespec64 ts;

	if (get_timespec64(&ts, uts))
		return -EFAULT;
	return clock_settime_common(clock, &ts);
}

static int clock_getres(int clock, struct timespec64 *ts)
{
	struct timespec64 now;

	if (clock_read(clock, &now))
		return -EINVAL;
	ts->tv_sec = 0;
	ts->tv_nsec = NSEC_PER_TICK;
	return 0;
}

long sys_clock_getres(int clock, struct old_timespec32 *ures)
{
	struct timespec64 ts;

	if (clock_getres(clock, &ts))
		return -EINVAL;
	return ures ? put_timespec32(&ts, ures) : 0;
}

long sys_clock_getres_time64(int clock, struct timespec64 *ures)
{
	struct timespec64 ts;

	if (clock_getres(clock, &ts))
		return -EINVAL;
	return ures ? put_timespec64(&ts, ures) : 0;
}

/*
 * Sleep until jiffies reaches deadline and ktime_get_ns() the restart
 * block's deadline_ns: ticks time the sleep, but a tick can come early
 * (an emulator catching up on a busy host), and a sleep measured by the
 * kernel's clock is never short.  0 when both passed, else (a signal)
 * -ERESTART_RESTARTBLOCK with the time left in *left.
 */
static long nanosleep_restart(struct restart_block *rb);

static long sleep_until(u32 deadline, struct timespec64 *left)
{
	struct restart_block *rb = &current->restart_block;
	s32 ticks;

	rb->fn = nanosleep_restart;
	for (;;) {
		rb->deadline = deadline;
		ticks = (s32)(deadline - jiffies);
		if (ticks <= 0 && ktime_get_ns() >= rb->nanosleep.deadline_ns)
			return 0;
		if (ticks <= 0) {
			deadline = jiffies + 1;
			continue;
		}
		if (signal_pending(current))
			break;
		current->state = TASK_INTERRUPTIBLE;
		schedule_timeout(ticks);
	}
	jiffies_to_timespec64(ticks, left);
	return -ERESTART_RESTARTBLOCK;
}

/* An interrupted sleep (ret) writes the time left where the caller asked. */
static long put_time_left(long ret, const struct timespec64 *left,
			  const struct restart_block *rb)
{
	void *urem = rb->nanosleep.rem;
	int err;

	if (!ret || !urem)
		return ret;
	err = rb->nanosleep.rem64 ? put_timespec64(left, urem)
				  : put_timespec32(left, urem);
	return err ? err : ret;
}

static long nanosleep_restart(struct restart_block *rb)
{
	struct timespec64 left;

	return put_time_left(sleep_until(rb->deadline, &left), &left, rb);
}

/* ktime_get_ns() when req has passed; a sleep of centuries never ends. */
static u64 deadline_ns(const struct timespec64 *req)
{
	if (req->tv_sec >= 0x7fffffffLL * 4)
		return ~0ULL;
	return ktime_get_ns() + (u64)req->tv_sec * NSEC_PER_SEC + req->tv_nsec;
}

/* Where the time left goes if the sleep is interrupted (or NULL). */
static long do_nanosleep(const struct timespec64 *req, void *urem,
			 bool rem64)
{
	struct timespec64 left;
	long ret;

	if (!timespec_valid(req))
		return -EINVAL;
	current->restart_block.nanosleep.rem = urem;
	current->restart_block.nanosleep.rem64 = rem64;
	current->restart_block.nanosleep.deadline_ns = deadline_ns(req);
	ret = sleep_until(jiffies + timespec64_to_jiffies(req) + 1, &left);
	return put_time_left(ret, &left, &current->restart_block);
}

long sys_nanosleep(const struct old_timespec32 *ureq, struct old_timespec32 *urem)
{
	struct timespec64 req;

	if (get_timespec32(&req, ureq))
		return -EFAULT;
	return do_nanosleep(&req, urem, false);
}

int abs_to_relative(int clock, struct timespec64 *ts)
{
	struct timespec64 now;
	s64 sec, nsec;

	if (clock_read(clock, &now))
		return -EINVAL;
	sec = ts->tv_sec - now.tv_sec;
	nsec = ts->tv_nsec - now.tv_nsec;
	if (nsec < 0) {
		sec--;
		nsec += NSEC_PER_SEC;
	}
	if (sec < 0)
		sec = nsec = 0;
	ts->tv_sec = sec;
	ts->tv_nsec = nsec;
	return 0;
}

static long clock_nanosleep_common(int clock, int flags,
				   struct timespec64 *req, void *urem,
				   bool rem64)
{
	struct timespec64 now;

	if (clock == CLOCK_PROCESS_CPUTIME_ID || clock == CLOCK_THREAD_CPUTIME_ID)
		return -EOPNOTSUPP;
	if (clock_read(clock, &now))
		return -EINVAL;
	if (!timespec_valid(req))
		return -EINVAL;
	if (flags & TIMER_ABSTIME) {
		abs_to_relative(clock, req);
		urem = NULL;	/* an absolute sleep reports no remainder */
	}
	return do_nanosleep(req, urem, rem64);
}

long sys_clock_nanosleep(int clock, int flags, const struct old_timespec32 *ureq,
			 struct old_timespec32 *urem)
{
	struct timespec64 req;

	if (get_timespec32(&req, ureq))
		return -EFAULT;
	return clock_nanosleep_common(clock, flags, &req, urem, false);
}

long sys_clock_nanosleep_time64(int clock, int flags,
				const struct timespec64 *ureq,
				struct timespec64 *urem)
{
	struct timespec64 req;

	if (get_timespec64(&req, ureq))
		return -EFAULT;
	return clock_nanosleep_common(clock, flags, &req, urem, true);
}

/* The restart of an interrupted call that no handler saw; called by a
 * program itself with nothing to restart, EINTR as on Linux. */
long sys_restart_syscall(void)
{
	struct restart_block *rb = &current->restart_block;
	long (*fn)(struct restart_block *) = rb->fn;

	rb->fn = NULL;		/* fn sets it again if it is interrupted again */
	return fn ? fn(rb) : -EINTR;
}

struct tms {
	s32 tms_utime, tms_stime, tms_cutime, tms_cstime;
};

long sys_times(struct tms *ubuf)
{
	struct task_struct *t = current;
	struct tms tms = { t->utime, t->stime, t->cutime, t->cstime };

	if (ubuf && copy_to_user(ubuf, &tms, sizeof(tms)))
		return -EFAULT;
	return jiffies;
}
