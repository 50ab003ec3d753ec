/*
 * kernel/sched/sched.c - round-robin scheduling on every CPU (see
 * kernel/sched/sched.h).
 *
 * One run queue holds every TASK_RUNNING task except the idle tasks,
 * those running included; each CPU's schedule() rotates its current task
 * to the tail (or takes it off if it is going to sleep) and switches to
 * the first task that no other CPU is running and that may run on this
 * one (cpus_allowed); a real-time task of the highest priority before
 * any other (pick_next), which stays in its place when preempted.  The
 * big kernel lock (kernel/locking/kernel_lock.h) is the run queue's lock
 * between CPUs, interrupts off the lock against this CPU's own handlers;
 * the lock stays with the CPU across the switch.
 *
 *   run_queue: [A on CPU0] <-> [B] <-> [C on CPU1] <-> [D]
 *   CPU0 schedules: A goes to the tail, B is first not running: B runs.
 *
 * Each CPU has an idle task (CPU 0's is the boot thread) that halts when
 * there is nothing for it; a wake-up that finds a CPU idle sets that idle
 * task's need_resched and, on another CPU, sends it a reschedule IPI,
 * unless the task was woken by the task running on its own CPU, which it
 * then waits for (wake_local).
 * A task that exits for good (TASK_DEAD) cannot free its own stack; the
 * next task to run on that CPU does it in schedule_tail().
 */
#include "kernel/sched/sched.h"
#include "kernel/cpu/fpu.h"
#include "kernel/cpu/gdt.h"
#include "kernel/cpu/io.h"
#include "kernel/time/itimer.h"
#include "compat/ldt.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/smp/percpu.h"
#include "kernel/errno.h"
#include "kernel/sched/cputime.h"
#include "kernel/time/cpu_timers.h"
#include "compat/posix-timers.h"
#include "compat/timerfd.h"
#include "compat/rseq.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/trap.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mmu_context.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page.h"
#include "mm/phys/pgtable.h"

struct task_struct *idle_task;
struct task_struct *init_task;

static LIST_HEAD(run_queue);
static LIST_HEAD(timeout_list);		/* tasks in schedule_timeout */

void swtch(struct context **old, struct context *new);

/* The boot thread's task_struct; its stack is boot.asm's boot_stack. */
static struct task_struct boot_task;
static struct sighand_struct boot_sighand = {
	.count = 1,
	.signalfd_wqh =
		__WAIT_QUEUE_HEAD_INITIALIZER(boot_sighand.signalfd_wqh),
};
static struct signal_struct boot_signal = {
	.count = 1,
	.posix_timers = LIST_HEAD_INIT(boot_signal.posix_timers),
};
extern char boot_stack[];

static struct task_struct *this_idle(void)
{
	return this_cpu_area()->idle;
}

static bool is_idle_task(const struct task_struct *t)
{
	return t->flags & PF_IDLE;
}

void sched_init(void)
{
	struct task_struct *t = &boot_task;

	task_cache_init();
	t->state = TASK_RUNNING;
	t->flags = PF_KTHREAD | PF_IDLE;
	t->cpus_allowed = cpumask_of(0);
	t->stack = boot_stack;
	setup_thread_info(t->stack, t);
	t->on_cpu = 1;
	t->pid = 0;
	t->sighand = &boot_sighand;
	t->signal = &boot_signal;
	/* It unpacks the initramfs before init exists: no file limit. */
	init_rlimits(t);
	task_init_links(t);
	strlcpy(t->comm, "swapper", TASK_COMM_LEN);
	list_add_tail(&t->tasks, &task_list);
	idle_task = t;
	cpu_area(0)->idle = cpu_area(0)->curr = t;
}

struct task_struct *fork_idle(int cpu)
{
	struct task_struct *t = alloc_idle_task(idle_task);

	if (!t)
		return NULL;
	t->cpus_allowed = cpumask_of(cpu);
	t->cpu = cpu;
	t->on_cpu = 1;
	task_thread_info(t)->cpu = cpu;
	snprintf(t->comm, TASK_COMM_LEN, "swapper/%d", cpu);
	cpu_area(cpu)->idle = cpu_area(cpu)->curr = t;
	return t;
}

void sched_start(void)
{
	timer_set_tick_hook(sched_tick);
}

/* Switch the CPU's per-task state: kernel stack for traps, TLS, then
 * the registers.  Returns when prev runs again. */
static void context_switch(struct task_struct *prev, struct task_struct *next)
{
	struct cpu_area *area = this_cpu_area();
	int cpu = area->cpu;

	if (task_thread_info(prev)->stack_end_magic != STACK_END_MAGIC)
		panic("kernel stack overflow in pid %d (%s)", prev->pid,
		      prev->comm);
	/* A kernel thread keeps the directory it finds (lazy TLB). */
	if (next->mm)
		switch_mm(cpu_tlbstate[cpu].active_mm, next->mm, cpu);
	else
		enter_lazy_tlb(cpu_tlbstate[cpu].active_mm, cpu);
	load_mm_ldt(next->mm);
	tss_set_esp0(task_stack_top(next));
	load_tls(next->tls_array);
	fpu_switch(&prev->fpu, &next->fpu);
	next->cpu = area->cpu;
	task_thread_info(next)->cpu = area->cpu;
	area->curr = next;
	area->last_prev = prev;
	swtch(&prev->context, next->context);
}

/* First thing on the new stack after a switch (also for new tasks):
 * the task switched away from on this CPU may now run elsewhere. */
void schedule_tail(void)
{
	struct cpu_area *area = this_cpu_area();
	struct task_struct *prev = area->last_prev;

	area->last_prev = NULL;
	if (!prev)
		return;
	prev->on_cpu = 0;
	if (prev->state == TASK_DEAD)
		free_task(prev);
}

/* May t run on cpu now: allowed there, and not running on another? */
static bool can_run_on(const struct task_struct *t, int cpu)
{
	return cpu_isset(cpu, t->cpus_allowed) && (!t->on_cpu || t->cpu == cpu);
}

bool rt_task(const struct task_struct *t)
{
	return t->policy == SCHED_FIFO || t->policy == SCHED_RR;
}

/* How urgent t is: its real-time priority, 0 for the others. */
static int rt_prio(const struct task_struct *t)
{
	return rt_task(t) ? t->rt_priority : 0;
}

int nr_rt_tasks;

/*
 * The runnable real-time task of the highest priority this CPU may run
 * (the first in the queue among equals: FIFO order), unless real-time
 * tasks used up this CPU's RT_RUNTIME; else the first other task.
 */
static struct task_struct *pick_next(int cpu)
{
	struct task_struct *t, *rt = NULL, *other = NULL;

	list_for_each_entry(t, &run_queue, run_list) {
		if (!can_run_on(t, cpu))
			continue;
		if (!rt_task(t)) {
			if (!other)
				other = t;
			if (!nr_rt_tasks)
				break;	/* no real-time task to look for */
		} else if (!rt || t->rt_priority > rt->rt_priority) {
			rt = t;
		}
	}
	if (rt && !cpu_area(cpu)->rt_throttled)
		return rt;
	return other ? other : this_idle();
}

bool sched_has_work(void)
{
	int cpu = smp_processor_id();
	struct task_struct *t;

	list_for_each_entry(t, &run_queue, run_list)
		if (can_run_on(t, cpu) && !is_idle_task(t))
			return true;
	return false;
}

/*
 * A task woken or forked by the task running on the CPU it last ran on
 * waits for that CPU: no idle CPU is sent for (wake_local).  The waker
 * is usually about to sleep or exit (a shell forks a command and waits
 * for it, the command exits to the shell), so the task runs here in a
 * moment, with its caches warm; sent to an idle CPU it would cost a
 * reschedule IPI, a CPU woken from its halt while this one halts, and
 * shootdowns for an mm now cached on two CPUs: a shell running one
 * command after another would move twice a command.  Should the waker
 * run on, an idle CPU's tick takes the task (sched_idle_tick, and CPU
 * 0's sched_tick); any CPU that schedules may take it before.  Not from
 * an interrupt (the interrupted task is not the waker), nor for
 * real-time tasks, which go where they can run now, nor for a task no
 * other CPU may run (it waits for this one anyway, and flagging it would
 * only have idle CPUs look in vain).  Interrupts off, the big kernel
 * lock held.
 */
int nr_wake_local;	/* tasks queued with wake_local set */

static bool wake_local(struct task_struct *t)
{
	int this = smp_processor_id();
	cpumask_t others = t->cpus_allowed & cpu_online_map & ~cpumask_of(this);

	if (t->cpu != this || is_idle_task(current) || in_irq() ||
	    !cpu_isset(this, t->cpus_allowed) || !others || rt_task(t))
		return false;
	if (!t->wake_local) {
		t->wake_local = true;
		nr_wake_local++;
	}
	return true;
}

/*
 * t is runnable and waits: if a CPU it may use is idle, make that CPU
 * look at the run queue (its own first, where t last ran).  Interrupts
 * off, the big kernel lock held.
 */
static void wake_idle_cpu(struct task_struct *t)
{
	cpumask_t mask = t->cpus_allowed & cpu_online_map;
	int this = smp_processor_id(), cpu;

	if (cpu_isset(t->cpu, mask) &&
	    cpu_area(t->cpu)->curr == cpu_area(t->cpu)->idle)
		mask = cpumask_of(t->cpu);
	for_each_cpu(cpu, mask) {
		struct cpu_area *area = cpu_area(cpu);

		if (area->curr != area->idle || area->idle->need_resched)
			continue;
		area->idle->need_resched = 1;
		if (cpu != this)
			smp_send_reschedule(cpu);
		return;
	}
}

void check_preempt(struct task_struct *t)
{
	cpumask_t mask = t->cpus_allowed & cpu_online_map;
	int this = smp_processor_id(), cpu;

	if (!rt_task(t) || t->on_cpu)
		return;
	for_each_cpu(cpu, mask) {
		struct task_struct *curr = cpu_area(cpu)->curr;

		if (rt_prio(curr) >= t->rt_priority || curr->need_resched)
			continue;
		curr->need_resched = 1;
		if (cpu != this)
			smp_send_reschedule(cpu);
		return;
	}
}

void kick_process(struct task_struct *t)
{
	if (t->on_cpu && t->cpu != smp_processor_id())
		smp_send_reschedule(t->cpu);
}

/*
 * preempted: the tick took the CPU away.  The task stays on the run queue
 * whatever its state: it may be between prepare_to_wait and its test of
 * the condition, and taking it off now could lose a wake-up that already
 * happened (Linux's PREEMPT_ACTIVE).
 */
static void __schedule(bool preempted)
{
	u32 flags = irq_save();
	struct task_struct *prev = current, *next;
	bool runnable;

	if (prev->state == TASK_INTERRUPTIBLE && signal_pending(prev))
		prev->state = TASK_RUNNING;
	runnable = preempted || prev->state == TASK_RUNNING;
	if (!is_idle_task(prev)) {
		/* A real-time task keeps its place when a more urgent one
		 * takes the CPU; it goes behind its equals only when it
		 * yields or, under SCHED_RR, its slice is used up. */
		if (runnable && (!rt_task(prev) || prev->yielded ||
				 (prev->policy == SCHED_RR && !prev->time_slice)))
			list_move_tail(&prev->run_list, &run_queue);
		else if (!runnable)
			list_del_init(&prev->run_list);
	}
	prev->yielded = false;
	prev->need_resched = 0;
	next = pick_next(smp_processor_id());
	next->time_slice = task_timeslice(next);
	if (next->wake_local) {
		next->wake_local = false;
		nr_wake_local--;
	}
	if (next != prev) {
		if (runnable)
			prev->nivcsw++;
		else
			prev->nvcsw++;
		next->on_cpu = 1;
		rseq_preempt(prev);
		if (runnable && !is_idle_task(prev))
			wake_idle_cpu(prev);
		context_switch(prev, next);
		schedule_tail();
	}
	irq_restore(flags);
}

void schedule(void)
{
	if (kmap_atomic_depth())
		panic("scheduling while holding %d kmap_atomic mapping(s)",
		      kmap_atomic_depth());
	if (current->preempt_count)
		panic("BUG: scheduling while atomic: %s/%d holds a spinlock",
		      current->comm, current->pid);
	BUG_ON(!kernel_locked());
	__schedule(false);
}

void preempt_disable(void)
{
	current->preempt_count++;
}

void preempt_enable(void)
{
	BUG_ON(current->preempt_count <= 0);
	current->preempt_count--;
}

static bool wake_up_state(struct task_struct *t, long states)
{
	u32 flags = irq_save();
	bool woke = false;

	if (t->state & states) {
		t->state = TASK_RUNNING;
		if (list_empty(&t->run_list) && !is_idle_task(t)) {
			list_add_tail(&t->run_list, &run_queue);
			if (!t->on_cpu && !wake_local(t)) {
				wake_idle_cpu(t);
				if (nr_rt_tasks)
					check_preempt(t);
			}
		}
		woke = true;
	}
	irq_restore(flags);
	return woke;
}

bool wake_up_process(struct task_struct *t)
{
	return wake_up_state(t, TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE);
}

bool wake_up_stopped(struct task_struct *t)
{
	return wake_up_state(t, TASK_STOPPED);
}

void wake_up_new_task(struct task_struct *t)
{
	u32 flags = irq_save();

	t->state = TASK_RUNNING;
	t->time_slice = task_timeslice(t);
	t->cpu = smp_processor_id();
	list_add_tail(&t->run_list, &run_queue);
	if (!wake_local(t)) {
		wake_idle_cpu(t);
		if (nr_rt_tasks)
			check_preempt(t);
	}
	irq_restore(flags);
}

void yield(void)
{
	current->yielded = true;
	schedule();
}

void cond_resched(void)
{
	if (current->need_resched)
		schedule();
}

static bool time_after_eq(u32 a, u32 b)
{
	return (s32)(a - b) >= 0;
}

long schedule_timeout(long ticks)
{
	struct task_struct *t = current;
	u32 flags, expire;
	long left;

	if (ticks >= MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return MAX_SCHEDULE_TIMEOUT;
	}
	if (ticks <= 0) {
		t->state = TASK_RUNNING;
		return 0;
	}
	flags = irq_save();
	expire = jiffies + ticks;
	t->timeout = expire;
	list_add_tail(&t->timer_list, &timeout_list);
	schedule();
	list_del_init(&t->timer_list);
	irq_restore(flags);
	left = (long)(expire - jiffies);
	return left > 0 ? left : 0;
}

/* Wake every task whose timeout has come.  Interrupts are off. */
static void run_timeouts(void)
{
	struct task_struct *t, *n;

	list_for_each_entry_safe(t, n, &timeout_list, timer_list)
		if (time_after_eq(jiffies, t->timeout)) {
			list_del_init(&t->timer_list);
			wake_up_process(t);
		}
}

/*
 * Real-time tasks may run RT_RUNTIME of each RT_PERIOD ticks of a CPU
 * (Linux's RT throttling): a runaway SCHED_FIFO loop leaves the rest of
 * the system a little time, and a shell to kill it with.
 */
static void rt_throttle_tick(struct task_struct *t)
{
	struct cpu_area *area = this_cpu_area();

	if (rt_task(t) && ++area->rt_ticks >= RT_RUNTIME &&
	    !area->rt_throttled) {
		area->rt_throttled = true;
		t->need_resched = 1;
	}
	if (++area->rt_period_ticks >= RT_PERIOD) {
		area->rt_period_ticks = area->rt_ticks = 0;
		if (area->rt_throttled) {
			area->rt_throttled = false;
			t->need_resched = 1;	/* they may run again */
		}
	}
}

static bool preemptible(struct trapframe *tf)
{
	struct task_struct *t = current;

	if (user_mode(tf))
		return true;
	/* A kmap_atomic slot is this CPU's: hold on to the CPU with it. */
	return (t->flags & PF_KTHREAD) && !t->preempt_count &&
	       !kmap_atomic_depth();
}

/* Each CPU's tick (CPU 0's from the PIT, the others' from their local
 * APIC timer), with the big kernel lock; the timers of the whole system
 * run on CPU 0's, which also counts jiffies. */
void sched_tick(struct trapframe *tf)
{
	struct task_struct *t = current;

	account_process_tick(t, user_mode(tf));
	if (user_mode(tf))
		t->utime++;
	else
		t->stime++;
	cpu_timers_tick(t, user_mode(tf));
	if (smp_processor_id() == 0) {
		run_timeouts();
		run_real_timers();
		run_posix_timers();
		run_timerfds();
	}
	rt_throttle_tick(t);
	if (is_idle_task(t)) {
		if (sched_has_work())
			t->need_resched = 1;
	} else if (t->time_slice && --t->time_slice == 0) {
		t->need_resched = 1;
	}
	if (t->need_resched && preemptible(tf))
		__schedule(true);
}

/*
 * An idle AP's tick, which runs without the big kernel lock: while a
 * task waits for a busy CPU (wake_local), have the idle loop take the
 * lock and look.  The count is read without the lock; a stale read only
 * moves the look to the next tick.
 */
void sched_idle_tick(void)
{
	struct task_struct *t = current;

	if (is_idle_task(t) && nr_wake_local)
		t->need_resched = 1;
}

int set_cpus_allowed(struct task_struct *p, cpumask_t mask)
{
	if (!(mask & cpu_online_map))
		return -EINVAL;
	p->cpus_allowed = mask;
	if (!cpu_isset(p->cpu, mask)) {
		p->need_resched = 1;
		kick_process(p);
	}
	return 0;
}

int nr_running(void)
{
	struct list_head *p;
	u32 flags = irq_save();
	int n = 0;

	list_for_each(p, &run_queue)
		n++;
	irq_restore(flags);
	return n;
}

/*
 * On every return to user mode, from trap() and from ret_from_fork:
 * switch if the tick asked for it, act on pending signals, then check a
 * restartable sequence (which may fault, sleep and switch: round again).
 */
void prepare_exit_to_user(struct trapframe *tf)
{
	for (;;) {
		if (current->need_resched)
			schedule();
		if (signal_pending(current))
			do_signal(tf);
		else if (current->rseq_resume)
			rseq_handle_notify_resume(tf);
		else
			break;
	}
	finish_syscall_restart(tf);
}
