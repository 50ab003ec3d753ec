/*
 * kernel/time/itimer.c - alarm(2), getitimer and setitimer.
 *
 * ITIMER_REAL sends SIGALRM after a number of ticks of the wall clock,
 * optionally again every interval.  A task with an armed timer is on
 * real_timers; the scheduler tick calls run_real_timers(), which sends
 * SIGALRM to the expired ones and re-arms the periodic ones.  Timers are
 * per process, are not inherited by fork (POSIX) and survive exec; exit
 * disarms them (itimer_exit).
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

/* Arm (ticks > 0) or disarm (0) t's timer.  Interrupts off. */
static void arm(struct task_struct *t, u32 ticks, u32 interval)
{
	list_del_init(&t->itimer_list);
	t->it_real_interval = interval;
	if (!ticks)
		return;
	t->it_real_expire = jiffies + ticks;
	list_add_tail(&t->itimer_list, &real_timers);
}

static u32 ticks_left(struct task_struct *t)
{
	s32 left;

	if (list_empty(&t->itimer_list))
		return 0;
	left = (s32)(t->it_real_expire - jiffies);
	return left > 0 ? (u32)left : 1;
}

void run_real_timers(void)
{
	struct task_struct *t, *n;

	list_for_each_entry_safe(t, n, &real_timers, itimer_list) {
		if ((s32)(jiffies - t->it_real_expire) < 0)
			continue;
		group_send_sig_info(SIGALRM, NULL, t);
		arm(t, t->it_real_interval, t->it_real_interval);
	}
}

void itimer_exit(struct task_struct *t)
{
	u32 flags = irq_save();

	list_del_init(&t->itimer_list);
	irq_restore(flags);
}

long sys_alarm(u32 seconds)
{
	u32 flags = irq_save();
	u32 left = ticks_left(current);

	if (seconds > 0x7fffffff / HZ)
		seconds = 0x7fffffff / HZ;
	arm(current, seconds * HZ, 0);
	irq_restore(flags);
	/* Whole seconds left, rounded up (0.1 s left reports 1). */
	return (left + HZ - 1) / HZ;
}

static u32 timeval_to_ticks(const struct old_timeval32 *tv)
{
	struct timespec64 ts = { tv->tv_sec, (s64)tv->tv_usec * 1000 };

	return timespec64_to_jiffies(&ts);
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

	if (which == ITIMER_REAL) {
		jiffies_to_timeval(ticks_left(current), &v->it_value);
		jiffies_to_timeval(current->it_real_interval, &v->it_interval);
		return;
	}
	it = cpu_itimer(which);
	jiffies_to_timeval(it->value, &v->it_value);
	jiffies_to_timeval(it->interval, &v->it_interval);
}

/* Arm timer which as *v says (a zero value disarms).  Interrupts off. */
static void set_itimer(int which, const struct old_itimerval32 *v)
{
	u32 value = timeval_to_ticks(&v->it_value);
	u32 interval = timeval_to_ticks(&v->it_interval);
	struct cpu_itimer *it;

	if (which == ITIMER_REAL) {
		arm(current, value, interval);
		return;
	}
	it = cpu_itimer(which);
	it->value = value;
	it->interval = interval;
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
