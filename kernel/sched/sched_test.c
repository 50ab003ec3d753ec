/*
 * kernel/sched/sched_test.c - ktests for the scheduler, wait queues,
 * semaphores and kernel threads.  They run in the init kernel thread, so
 * they may sleep; every thread a test starts is reaped before it ends.
 */
#include "kernel/errno.h"
#include "kernel/process/exit.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/semaphore.h"
#include "kernel/sched/spinlock.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/sched/wait.h"
#include "kernel/smp/percpu.h"
#include "kernel/smp/smp.h"

/* Ping-pong: two threads take turns through one wait queue and turn. */
#define ROUNDS 20

static DECLARE_WAIT_QUEUE_HEAD(pp_wq);
static volatile int pp_turn;	/* whose move: 0 or 1 */
static int pp_log[2 * ROUNDS];
static int pp_len;

static int pingpong(void *arg)
{
	int me = (int)arg, i;

	for (i = 0; i < ROUNDS; i++) {
		wait_event(pp_wq, pp_turn == me);
		pp_log[pp_len++] = me;
		pp_turn = !me;
		wake_up(&pp_wq);
	}
	return 10 + me;
}

KTEST(waitqueue_ping_pong)
{
	struct task_struct *a, *b;
	int i;

	pp_turn = 0;
	pp_len = 0;
	b = kthread_run(pingpong, (void *)1, "pong");
	a = kthread_run(pingpong, (void *)0, "ping");
	KASSERT_TRUE(!IS_ERR(a) && !IS_ERR(b));
	KEXPECT_EQ(kthread_wait(a), 10);
	KEXPECT_EQ(kthread_wait(b), 11);
	KEXPECT_EQ(pp_len, 2 * ROUNDS);
	for (i = 0; i < pp_len; i++)
		if (!KEXPECT_EQ(pp_log[i], i % 2))
			break;
}

/* A semaphore hands a unit from one thread to another. */
static struct semaphore handoff;
static volatile int handoff_stage;

static int sem_taker(void *unused)
{
	(void)unused;
	handoff_stage = 1;
	down(&handoff);		/* sleeps: count is 0 */
	handoff_stage = 2;
	return 0;
}

KTEST(semaphore_handoff)
{
	struct task_struct *t;

	sema_init(&handoff, 0);
	handoff_stage = 0;
	t = kthread_run(sem_taker, NULL, "taker");
	KASSERT_TRUE(!IS_ERR(t));
	while (handoff_stage == 0)
		yield();
	yield();
	KEXPECT_EQ(handoff_stage, 1);	/* still asleep in down() */
	KEXPECT_EQ(t->state, TASK_UNINTERRUPTIBLE);
	up(&handoff);
	KEXPECT_EQ(kthread_wait(t), 0);
	KEXPECT_EQ(handoff_stage, 2);
	KEXPECT_EQ(handoff.count, 0);
}

KTEST(semaphore_trylock)
{
	struct semaphore s;

	sema_init(&s, 1);
	KEXPECT_EQ(down_trylock(&s), 0);
	KEXPECT_EQ(down_trylock(&s), 1);
	up(&s);
	KEXPECT_EQ(down_trylock(&s), 0);
	up(&s);
	KEXPECT_EQ(s.count, 1);
}

/*
 * A thread that never sleeps or yields must still let others run: the
 * timer preempts it.  Both threads only spin; the spinner can only see
 * `started` set if this thread was preempted in favour of it.
 */
static volatile int spin_started, spin_stop;

static int spinner(void *unused)
{
	(void)unused;
	spin_started = 1;
	while (!spin_stop)
		;
	return 7;
}

KTEST(timer_preempts_busy_kthread)
{
	struct task_struct *t;
	u32 start = jiffies;

	spin_started = spin_stop = 0;
	t = kthread_run(spinner, NULL, "spinner");
	KASSERT_TRUE(!IS_ERR(t));
	/* Busy wait, no yield: only preemption lets the spinner start.
	 * The jiffies bound only keeps a broken scheduler from hanging. */
	while (!spin_started && jiffies - start < 10 * HZ)
		;
	KEXPECT_EQ(spin_started, 1);
	spin_stop = 1;	/* and the spinner ends only if we are preempted back */
	KEXPECT_EQ(kthread_wait(t), 7);
}

static int exit_code_thread(void *arg)
{
	return (int)arg;
}

KTEST(kthread_exit_status_and_reap)
{
	struct task_struct *t = kthread_run(exit_code_thread, (void *)42, "ex");
	int pid, status = -1;

	KASSERT_TRUE(!IS_ERR(t));
	pid = t->pid;
	KEXPECT_GT(pid, 1);
	KEXPECT_TRUE(find_task_by_pid(pid) == t);
	KEXPECT_EQ(do_wait(pid, 0, &status, NULL), pid);
	KEXPECT_EQ(status, W_EXITCODE(42, 0));
	KEXPECT_TRUE(find_task_by_pid(pid) == NULL);
	KEXPECT_EQ(do_wait(pid, WNOHANG, &status, NULL), -ECHILD);
}

static DECLARE_WAIT_QUEUE_HEAD(hold_wq);
static volatile int hold_release;

static int holder(void *unused)
{
	(void)unused;
	wait_event(hold_wq, hold_release);
	return 3;
}

KTEST(wait_wnohang_sees_running_child)
{
	struct task_struct *t;
	int status = -1;

	hold_release = 0;
	t = kthread_run(holder, NULL, "holder");
	KASSERT_TRUE(!IS_ERR(t));
	KEXPECT_EQ(do_wait(t->pid, WNOHANG, &status, NULL), 0);
	KEXPECT_EQ(status, -1);
	hold_release = 1;
	wake_up(&hold_wq);
	KEXPECT_EQ(do_wait(t->pid, 0, &status, NULL), t->pid);
	KEXPECT_EQ(WEXITSTATUS(status), 3);
}

KTEST(schedule_timeout_sleeps_at_least_its_ticks)
{
	u32 start = jiffies;

	current->state = TASK_UNINTERRUPTIBLE;
	KEXPECT_EQ(schedule_timeout(3), 0);
	KEXPECT_GE(jiffies - start, 3);
	KEXPECT_EQ(current->state, TASK_RUNNING);
}

KTEST(pids_are_unique)
{
	struct task_struct *a = alloc_task(), *b = alloc_task();

	KASSERT_TRUE(a && b);
	KEXPECT_NE(a->pid, b->pid);
	KEXPECT_GT(a->pid, 1);
	KEXPECT_TRUE(a->stack != NULL);
	free_task(a);
	free_task(b);
}

/*
 * wake_local: a thread forked by the task running on the CPU it would run
 * on waits for that CPU, and no idle CPU is sent for.  When the forker
 * runs on (here: spinning with the big kernel lock let go, not
 * preemptible, so CPU 0 never becomes free), an idle CPU's tick takes it.
 */
static volatile int local_cpu;

static int note_cpu(void *unused)
{
	(void)unused;
	local_cpu = smp_processor_id();
	return 0;
}

static u32 ap_ticks(void)
{
	return *(volatile u32 *)&cpu_area(1)->apic_timer_irqs;
}

KTEST(forked_thread_waits_for_its_cpu_until_an_idle_cpu_ticks)
{
	struct task_struct *t;
	u32 start, ticks;

	if (num_online_cpus() < 2) {
		ktest_skip("only CPU 0 online");
		return;
	}
	local_cpu = -1;
	/* Asleep, this CPU lets go of the big kernel lock: the other CPUs
	 * take it, find nothing and halt.  Back with a whole slice, no tick
	 * preempts this task before the look. */
	current->state = TASK_UNINTERRUPTIBLE;
	schedule_timeout(2);
	/* The thread may run anywhere (one pinned here is never flagged):
	 * it takes the CPUs of its creator. */
	set_cpus_allowed(current, CPU_MASK_ALL);
	t = kthread_run(note_cpu, NULL, "waitlocal");
	set_cpus_allowed(current, cpumask_of(0));
	while (smp_processor_id() != 0)	/* if kthread_run slept */
		schedule();
	KASSERT_TRUE(!IS_ERR(t));
	KEXPECT_TRUE(t->wake_local);
	KEXPECT_GE(nr_wake_local, 1);
	/* Three of CPU 1's own ticks, counted by CPU 1 (its host thread
	 * may run late), or five seconds of jiffies at most. */
	ticks = ap_ticks();
	preempt_disable();
	unlock_kernel();
	start = jiffies;
	while (local_cpu < 0 && ap_ticks() - ticks < 3 &&
	       jiffies - start < 5 * HZ)
		cpu_relax();
	lock_kernel();
	preempt_enable();
	KEXPECT_GT(local_cpu, 0);
	KEXPECT_EQ(kthread_wait(t), 0);
}

/*
 * A wake-up is local only for a task that last ran on the waker's CPU:
 * for one that last ran on CPU 1, CPU 1 is sent for (wake_idle_cpu).
 * Nor for a task pinned to the waker's CPU: no other CPU could take it.
 */
static DECLARE_WAIT_QUEUE_HEAD(local_wq);
static volatile int local_go, local_asleep;
static bool local_pinned;	/* the sleeper stays on its CPU only */

static int sleep_on_cpu(void *arg)
{
	int cpu = (int)arg;

	set_cpus_allowed(current, cpumask_of(cpu));
	while (smp_processor_id() != cpu)
		schedule();
	if (!local_pinned)
		set_cpus_allowed(current, CPU_MASK_ALL);
	local_asleep = 1;
	wait_event(local_wq, local_go);
	return 0;
}

/* Asleep and switched out: a wake-up then puts it on the queue. */
static bool asleep_off_cpu(const struct task_struct *t)
{
	return local_asleep && t->state != TASK_RUNNING && !t->on_cpu;
}

static bool woken_local(int cpu, bool pinned)
{
	struct task_struct *t;
	bool local;
	int i;

	local_go = local_asleep = 0;
	local_pinned = pinned;
	t = kthread_run(sleep_on_cpu, (void *)cpu, "sleeplocal");
	if (IS_ERR(t))
		return false;
	for (i = 0; i < 5 * HZ && !asleep_off_cpu(t); i++) {
		current->state = TASK_UNINTERRUPTIBLE;
		schedule_timeout(1);
	}
	KEXPECT_LT(i, 5 * HZ);
	local_go = 1;
	yield();	/* a whole slice, as above */
	wake_up(&local_wq);
	local = t->wake_local;
	KEXPECT_EQ(kthread_wait(t), 0);
	return local;
}

KTEST(wake_up_is_local_only_on_the_cpu_the_task_last_ran_on)
{
	if (num_online_cpus() < 2) {
		ktest_skip("only CPU 0 online");
		return;
	}
	KEXPECT_TRUE(woken_local(0, false));
	KEXPECT_FALSE(woken_local(1, false));
	KEXPECT_FALSE(woken_local(0, true));
}
