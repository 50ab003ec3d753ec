/*
 * kernel/time/itimer.c - alarm(2), getitimer and setitimer.
 *
 * ITIMER_REAL sends SIGALRM after a number of ticks of the wall clock,
 * optionally again every interval.  It is a tick timer
 * (kernel/time/tick_timer.h) in the task, on real_timers while armed; the
 * scheduler tick calls run_real_timers(), which sends SIGALRM for the
 * expired ones.  Timers are not inherited by fork (POSIX) and survive
 * exec; exit disarms them (itimer_exit).
 *
 * ITIMER_VIRTUAL and ITIMER_PROF count the process's CPU time instead;
 * they live in its signal_struct and the tick counts them down
 * (kernel/time/cpu_timers.c).  Here they are only read and set.
 */
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/time/itimer.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/time/tick_timer.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"

#define ITIMER_REAL 0
#define ITIMER_VIRTUAL 1
#define ITIMER_PROF 2

static LIST_HEAD(real_timers);

struct old_itimerval32 {
	struct old_timeval32 it_interval;
	struct old_timeval32 it_value;
};

void run_real_timers(void)
{
	struct task_struct *t, *n;

	list_for_each_entry_safe(t, n, &real_timers, it_real.active)
		if (tick_timer_expired(&t->it_real))
			group_send_sig_info(SIGALRM, NULL, t);
}

void itimer_exit(struct task_struct *t)
{
	u32 flags = irq_save();

	tick_timer_disarm(&t->it_real);
	irq_restore(flags);
}

long sys_alarm(u32 seconds)
{
	struct timespec64 value = { seconds, 0 }, none = { 0, 0 };
	struct itimerspec64 old;
	u32 flags = irq_save();

	if (seconds > 0x7fffffff / HZ)
		value.tv_sec = 0x7fffffff / HZ;
	tick_timer_get(&current->it_real, &old);
	tick_timer_set(&current->it_real, &real_timers, &value, &none);
	irq_restore(flags);
	/* The seconds left, to the nearest, and 1 for less than one (Linux's
	 * alarm_setitimer). */
	if ((!old.it_value.tv_sec && old.it_value.tv_nsec) ||
	    old.it_value.tv_nsec >= NSEC_PER_SEC / 2)
		old.it_value.tv_sec++;
	return (long)old.it_value.tv_sec;
}

static void timespec64_to_timeval(const struct timespec64 *ts,
				  struct old_timeval32 *tv)
{
	tv->tv_sec = (s32)ts->tv_sec;
	tv->tv_usec = (s32)ts->tv_nsec / 1000;
}

static bool timeval_valid(const struct old_timeval32 *tv)
{
	return tv->tv_sec >= 0 && tv->tv_usec >= 0 && tv->tv_usec < USEC_PER_SEC;
}

/* The process's ITIMER_VIRTUAL or ITIMER_PROF timer. */
static struct cpu_itimer *cpu_itimer(int which)
{
	int i = which == ITIMER_VIRTUAL ? CPU_ITIMER_VIRTUAL : CPU_ITIMER_PROF;

	return &current->signal->it[i];
}

/* Timer which's value and interval in *v.  Interrupts off. */
static void get_itimer(int which, struct old_itimerval32 *v)
{
	struct cpu_itimer *it;
	struct itimerspec64 real;

	if (which == ITIMER_REAL) {
		tick_timer_get(&current->it_real, &real);
		timespec64_to_timeval(&real.it_value, &v->it_value);
		timespec64_to_timeval(&real.it_interval, &v->it_interval);
		return;
	}
	it = cpu_itimer(which);
	jiffies_to_timeval(it->value, &v->it_value);
	jiffies_to_timeval(it->interval, &v->it_interval);
}

/* Arm timer which as *v says (a zero value disarms).  Interrupts off. */
static void set_itimer(int which, const struct old_itimerval32 *v)
{
	struct timespec64 value = { v->it_value.tv_sec,
				    (s64)v->it_value.tv_usec * 1000 };
	struct timespec64 interval = { v->it_interval.tv_sec,
				       (s64)v->it_interval.tv_usec * 1000 };
	struct cpu_itimer *it;

	if (which == ITIMER_REAL) {
		tick_timer_set(&current->it_real, &real_timers, &value,
			       &interval);
		return;
	}
	it = cpu_itimer(which);
	it->value = timespec64_to_jiffies(&value);
	it->interval = timespec64_to_jiffies(&interval);
}

long sys_getitimer(int which, struct old_itimerval32 *uval)
{
	struct old_itimerval32 v;
	u32 flags;

	if (which < ITIMER_REAL || which > ITIMER_PROF)
		return -EINVAL;
	flags = irq_save();
	get_itimer(which, &v);
	irq_restore(flags);
	return copy_to_user(uval, &v, sizeof(v)) ? -EFAULT : 0;
}

long sys_setitimer(int which, const struct old_itimerval32 *unew,
		   struct old_itimerval32 *uold)
{
	struct old_itimerval32 n, o;
	u32 flags;

	if (which < ITIMER_REAL || which > ITIMER_PROF)
		return -EINVAL;
	if (unew && copy_from_user(&n, unew, sizeof(n)))
		return -EFAULT;
	if (unew && (!timeval_valid(&n.it_value) ||
		     !timeval_valid(&n.it_interval)))
		return -EINVAL;
	flags = irq_save();
	get_itimer(which, &o);
	if (unew)
		set_itimer(which, &n);
	irq_restore(flags);
	if (uold && copy_to_user(uold, &o, sizeof(o)))
		return -EFAULT;
	return 0;
}
