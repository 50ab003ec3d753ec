/*
 * kernel/time/cpu_timers.c - the clocks that run on a process's CPU time
 * rather than on the wall: setitimer's ITIMER_VIRTUAL (user time, then
 * SIGVTALRM) and ITIMER_PROF (user and system time, then SIGPROF), and
 * RLIMIT_CPU (SIGXCPU at the soft limit and each second after it,
 * SIGKILL at the hard one).
 *
 * Time is counted in ticks, as /proc/stat counts it: every tick that
 * finds a task of the process running charges the process one tick
 * (struct signal_struct's cputime, which keeps the time of threads that
 * have exited).  The timers count down on those ticks.  Linux counts
 * nanoseconds between context switches and checks them on the tick; the
 * answers are the same to a tick.  A new process starts at zero with no
 * timer armed (fork does not inherit them); exec keeps both.
 */
#include "kernel/time/cpu_timers.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/signal/signal.h"
#include "kernel/time/timer.h"

/* One tick off the timer; the signal when it runs out, then again. */
static void itimer_tick(struct task_struct *t, struct cpu_itimer *it, int sig)
{
	if (!it->value || --it->value)
		return;
	group_send_sig_info(sig, NULL, t);
	it->value = it->interval;
}

/*
 * RLIMIT_CPU, in seconds of the process's CPU time: at the hard limit
 * SIGKILL, at the soft one SIGXCPU, and the soft limit moves a second on
 * so the next comes a second later (as Linux; getrlimit shows it).
 */
static void check_rlimit_cpu(struct task_struct *t)
{
	struct rlimit *rl = &t->signal->rlim[RLIMIT_CPU];
	unsigned long secs = t->signal->cputime / HZ;

	if (rl->rlim_cur == RLIM_INFINITY)
		return;
	if (rl->rlim_max != RLIM_INFINITY && secs >= rl->rlim_max) {
		group_send_sig_info(SIGKILL, NULL, t);
		return;
	}
	if (secs >= rl->rlim_cur) {
		group_send_sig_info(SIGXCPU, NULL, t);
		rl->rlim_cur++;
	}
}

void cpu_timers_tick(struct task_struct *t, bool user_tick)
{
	struct signal_struct *sig = t->signal;

	if (t->flags & (PF_KTHREAD | PF_IDLE))
		return;
	sig->cputime++;
	if (user_tick)
		itimer_tick(t, &sig->it[CPU_ITIMER_VIRTUAL], SIGVTALRM);
	itimer_tick(t, &sig->it[CPU_ITIMER_PROF], SIGPROF);
	check_rlimit_cpu(t);
}
