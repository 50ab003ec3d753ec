/*
 * kernel/sched/sched.h - the scheduler: run queue, schedule(), sleeping, ticks.
 *
 * Round robin: runnable tasks wait in one FIFO run queue, shared by every
 * CPU; the first one a CPU may run runs next there, for a time slice of
 * SCHED_SLICE ticks, more or fewer by its nice value.  Real-time tasks
 * (SCHED_FIFO, SCHED_RR, kernel/sched/policy.c) come first, the highest
 * priority first: a FIFO one runs until it sleeps, yields or a higher one
 * wakes; an RR one for RR_TIMESLICE ticks at a time.  They may take 95 of
 * each 100 ticks of a CPU, as Linux's sched_rt_runtime_us.  The timer tick
 * (sched_tick, installed as the timer's tick hook) charges the running
 * task and, when its slice is used up, preempts it if it was in user mode
 * or is a kernel thread (kswapd, the init thread running the ktests).
 * Kernel code of user processes is not preempted (as Linux without
 * CONFIG_PREEMPT): it runs until it sleeps or returns to user mode.  When nothing is runnable
 * the idle task halts until the next interrupt.
 *
 * To sleep: set current->state, then schedule() (or use kernel/sched/wait.h).
 */
#ifndef KERNEL_SCHED_SCHED_H
#define KERNEL_SCHED_SCHED_H

#include "kernel/types.h"
#include "kernel/smp/smp.h"

struct task_struct;
struct trapframe;

#define SCHED_SLICE	5	/* ticks: 50 ms at HZ 100, at nice 0 */
#define RR_TIMESLICE	10	/* ticks: SCHED_RR's 100 ms, as Linux */
#define RT_PERIOD	100	/* ticks: real-time tasks may run */
#define RT_RUNTIME	95	/* this many of each period */

/* Scheduling policies (uapi/linux/sched.h). */
#define SCHED_OTHER	0
#define SCHED_FIFO	1
#define SCHED_RR	2
#define SCHED_BATCH	3
#define SCHED_IDLE	5
#define SCHED_RESET_ON_FORK 0x40000000
#define MAX_RT_PRIO	100	/* real-time priorities are 1..99 */

/* Is t scheduled by a real-time policy? */
bool rt_task(const struct task_struct *t);
/* Tasks with a real-time policy, alive: while 0, pick_next need not look
 * past the first task it may run.  Changed under the BKL where a policy
 * is set (policy.c), copied (fork) and dropped (free_task). */
extern int nr_rt_tasks;
/* A real-time task t became runnable or rose: let a CPU running
 * something less urgent that t may use reschedule. */
void check_preempt(struct task_struct *t);

/* The ticks t runs each time it is picked: SCHED_SLICE scaled by its
 * nice value (kernel/sched/nice.c). */
u32 task_timeslice(const struct task_struct *t);
/* May p's nice go down to nice (RLIMIT_NICE or CAP_SYS_NICE)? */
bool can_nice(struct task_struct *p, int nice);

/* Turn the boot thread into a task (pid 1 until init execs) and create
 * the idle task.  After this, current is valid. */
void sched_init(void);
/* Install the tick hook: from here on the timer preempts. */
void sched_start(void);

/* Give up the CPU; returns when current is chosen again.  If current is
 * not TASK_RUNNING it sleeps until wake_up_process(). */
void schedule(void);
/* Print every task: pid, tgid, state, CPU, name, and for one not on a
 * CPU the calls it sleeps in (kernel/sched/show_state.c). */
void show_state(void);
/* Make t runnable (from any sleep state).  Returns true if it slept. */
bool wake_up_process(struct task_struct *t);
/* Resume a TASK_STOPPED task (SIGCONT).  Returns true if it was stopped. */
bool wake_up_stopped(struct task_struct *t);
/* Put a new task on the run queue for the first time. */
void wake_up_new_task(struct task_struct *t);
/* Let other runnable tasks run first. */
void yield(void);
/* In long kernel loops: switch if the slice is used up. */
void cond_resched(void);

/* Sleep in current->state (set by the caller) for at most ticks jiffies.
 * Returns the ticks left, 0 if the timeout expired. */
long schedule_timeout(long ticks);
#define MAX_SCHEDULE_TIMEOUT 0x7fffffffL

/* The timer tick hook: accounting, timeouts, preemption. */
void sched_tick(struct trapframe *tf);

/* Called first on a task's stack after every switch, and by new tasks:
 * frees the task switched away from if it was TASK_DEAD. */
void schedule_tail(void);
/* Every return to user mode: reschedule if asked, deliver signals. */
void prepare_exit_to_user(struct trapframe *tf);

/*
 * Let p run only on the CPUs of mask (sched_setaffinity): -EINVAL when
 * none of them is online.  A task running on a CPU it may no longer use
 * moves at its next switch.
 */
int set_cpus_allowed(struct task_struct *p, cpumask_t mask);

/* Tasks woken for the busy CPU they last ran on, no other CPU sent for
 * (kernel/sched/sched.c, wake_local); the big kernel lock's. */
extern int nr_wake_local;
/* An idle CPU's tick without the big kernel lock: ask the idle loop to
 * look at the run queue while a task waits for another, busy CPU. */
void sched_idle_tick(void);
/* Is a task other than the idle task waiting that may run on this CPU?
 * (The idle loop; the big kernel lock held.) */
bool sched_has_work(void);
/* Make t, running on another CPU, enter the kernel (a reschedule IPI) so
 * that it sees a signal or a change of its allowed CPUs. */
void kick_process(struct task_struct *t);
/* The idle task of CPU cpu, made before that CPU starts (smpboot). */
struct task_struct *fork_idle(int cpu);

/* Number of runnable tasks (sysinfo, /proc/loadavg). */
int nr_running(void);

#endif
