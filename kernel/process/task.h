/*
 * kernel/process/task.h - the process: struct task_struct and `current`.
 *
 * One task_struct per thread of control, user process or kernel thread.
 * Each owns a kernel stack of THREAD_SIZE bytes.  A task that entered the
 * kernel from user mode has its user registers in the trapframe at the very
 * top of that stack (task_pt_regs()); below it the kernel runs, and when
 * the task is switched out its callee-saved registers sit in a struct
 * context further down, pointed to by ->context (kernel/sched/switch.asm).
 *
 * Pointers to other subsystems' objects (mm, files, fs, tty) are opaque
 * here; their owners define them (mm/vm/mm_struct.h, fs/...).
 *
 * Locking: Mapback is uniprocessor.  The task lists, the run queue and the
 * parent/child links change only with interrupts disabled
 * (tasklist_lock_irqsave() where mm and fs walk the list).
 */
#ifndef KERNEL_PROCESS_TASK_H
#define KERNEL_PROCESS_TASK_H

#include "kernel/types.h"
#include "kernel/process/cred.h"
#include "kernel/cpu/fpu.h"
#include "kernel/cpu/gdt.h"
#include "kernel/cpu/io.h"
#include "kernel/list.h"
#include "kernel/signal/signal.h"
#include "kernel/process/resource.h"
#include "kernel/time/tick_timer.h"
#include "kernel/cpu/trap.h"
#include "kernel/sched/wait.h"
#include "kernel/locking/lockdep.h"
#include "kernel/smp/smp.h"
#include "kernel/process/thread_info.h"

struct mm_struct;
struct files_struct;
struct fs_struct;
struct tty_struct;

#define TASK_COMM_LEN	16
#define PID_MAX		32768	/* pids are below it: Linux's 32-bit limit */
#define PID_MAX_MIN	301	/* Linux's RESERVED_PIDS + 1 */

/* Task states (->state).  Only TASK_RUNNING tasks are on the run queue. */
#define TASK_RUNNING		0
#define TASK_INTERRUPTIBLE	1	/* sleeping; a signal wakes it */
#define TASK_UNINTERRUPTIBLE	2	/* sleeping; only wake_up wakes it */
#define TASK_STOPPED		4	/* SIGSTOP/SIGTSTP; SIGCONT resumes */
#define TASK_ZOMBIE		8	/* exited, waiting for the parent's wait */
#define TASK_DEAD		16	/* reaped; freed by the next task to run */

/* ->flags */
#define PF_KTHREAD	0x0001	/* kernel thread: no user mm, never returns */
#define PF_EXITING	0x0002	/* in do_exit */
#define PF_IDLE		0x0004	/* the idle task */
#define PF_FORKNOEXEC	0x0008	/* forked but has not exec'd */
#define PF_POSTCOREDUMP	0x0010	/* exiting, past the core dump's roll call */
#define PF_NPROC_EXCEEDED 0x0020 /* setuid made its user one too many: the
				  * next exec is EAGAIN while it still is */
#define PF_MEMALLOC	0x0100	/* reclaiming: may dip into reserves, no recursion */

/* clone flags (Linux's values). */
#define CSIGNAL			0x000000ff	/* exit signal */
#define CLONE_VM		0x00000100	/* share the mm */
#define CLONE_FS		0x00000200	/* share root and cwd */
#define CLONE_FILES		0x00000400	/* share the descriptor table */
#define CLONE_SIGHAND		0x00000800	/* share the signal actions */
#define CLONE_VFORK		0x00004000	/* parent waits for exec/exit */
#define CLONE_PARENT		0x00008000	/* sibling, not child */
#define CLONE_THREAD		0x00010000	/* same thread group */
#define CLONE_SYSVSEM		0x00040000	/* (no SysV semaphores here) */
#define CLONE_SETTLS		0x00080000	/* TLS slot from a user_desc */
#define CLONE_PARENT_SETTID	0x00100000	/* store tid in the parent */
#define CLONE_CHILD_CLEARTID	0x00200000	/* clear it + futex wake at exit */
#define CLONE_DETACHED		0x00400000	/* ignored, as by Linux */
#define CLONE_CHILD_SETTID	0x01000000	/* store tid in the child */

/* CLONE_VFORK: the parent sleeps on this until the child lets go of the
 * borrowed mm (exec or exit). */
struct vfork_done {
	bool done;
	struct task_struct *waiter;
};

/*
 * Registers swtch() saves: the callee-saved ones plus the return address.
 * A new task's first context "returns" into its start function.
 */
struct context {
	u32 edi;
	u32 esi;
	u32 ebx;
	u32 ebp;
	u32 eip;
};

struct blk_plug;

/*
 * How restart_syscall carries on a sleeping call that a signal
 * interrupted and no handler saw (SIGSTOP then SIGCONT): the call returned
 * -ERESTART_RESTARTBLOCK after filling this in, and the restart runs fn,
 * which sleeps to the same deadline, not to a new one (Linux's
 * restart_block).  fn is NULL when there is nothing to restart.
 */
struct pollfd;
struct restart_block {
	long (*fn)(struct restart_block *rb);
	u32 deadline;			/* jiffies */
	union {
		struct {
			void *rem;	/* user pointer for the time left */
			bool rem64;	/* ... a timespec64, not a timespec */
			u64 deadline_ns; /* by ktime_get_ns, as deadline */
		} nanosleep;
		struct {
			struct pollfd *ufds;
			unsigned int nfds;
			bool forever;	/* no timeout */
		} poll;
	};
};

struct task_struct {
	volatile long state;		/* TASK_* */
	u32 flags;			/* PF_* */
	void *stack;			/* base of the THREAD_SIZE kernel stack */
	struct context *context;	/* saved by swtch() when switched out */
	int need_resched;		/* set by the tick: switch before return */
	u32 swap_inflight;		/* swap entry held in flight (swap_audit) */
	bool make_it_fail;		/* fault injection may fail its calls */
	unsigned long pagetrace_addr;	/* /proc/PID/pagetrace's address */
	int irq_depth;			/* IRQ handlers running on its stack */
	int preempt_count;		/* spin_locks held: not preemptible */
	struct lockdep_task lockdep;	/* locks held (kernel/locking/lockdep.h) */
	u32 time_slice;			/* ticks left before preemption */
	int nice;			/* -20..19 (kernel/sched/nice.c) */
	int policy;			/* SCHED_* (kernel/sched/policy.c) */
	int rt_priority;		/* 1..99 under FIFO and RR, else 0 */
	bool sched_reset_on_fork;	/* a child starts SCHED_OTHER */
	bool yielded;			/* sched_yield: to the tail, RT too */
	int pdeath_signal;		/* PR_SET_PDEATHSIG: sent when the
					 * parent exits; fork and set-ID exec
					 * clear it */
	bool no_new_privs;		/* PR_SET_NO_NEW_PRIVS: exec grants no
					 * set-ID; inherited, never undone */
	int cpu;			/* the CPU it runs on, or last ran on */
	int on_cpu;			/* running on t->cpu now (or switching) */
	bool wake_local;		/* queued for t->cpu, no CPU sent for */
	cpumask_t cpus_allowed;		/* where it may run (sched_setaffinity) */
	int syscall_nr;			/* call being served (orig eax), or -1 */
	struct blk_plug *plug;		/* bios held back to merge, or NULL */
	void *journal_info;		/* the open journal handle (fs/jbd), or NULL */

	int pid;			/* thread id (gettid) */
	int tgid;			/* process id (getpid): the leader's pid */
	int pgrp;			/* process group id */
	int session;			/* session id */
	struct tty_struct *tty;		/* controlling terminal, or NULL */
	struct cred cred;		/* user and group ids (kernel/process/cred.h) */

	/* Thread group (CLONE_THREAD): the leader is the task the process
	 * began with; the others are on its ->thread_group list and have
	 * no parent: nobody waits for a thread, it is freed as it exits. */
	struct task_struct *group_leader;
	struct list_head thread_group;

	struct task_struct *parent;	/* who wait()s for us; init if orphaned */
	struct list_head children;	/* our children, via their ->sibling */
	struct list_head sibling;	/* in the parent's ->children */
	struct list_head tasks;		/* in the global task list */
	struct list_head run_list;	/* in the run queue while runnable */

	int exit_code;			/* wait status once a zombie */
	int exit_signal;		/* signal sent to the parent: SIGCHLD */
	int wait_report;		/* stop/continue status for wait, or 0 */
	struct wait_queue_head wait_chldexit; /* wait4() sleeps here */

	/* Address space (vm); NULL for kernel threads, which run on the
	 * directory their CPU has (lazy TLB, mm/vm/mmu_context.h). */
	struct mm_struct *mm;

	struct files_struct *files;	/* open files (fs) */
	struct fs_struct *fs;		/* root and cwd (fs) */
	u32 umask;

	/* Signals: see kernel/signal/signal.h.  Actions are shared with
	 * CLONE_SIGHAND, the group's signals with CLONE_THREAD; the mask
	 * and the thread's own pending set are per task. */
	struct sighand_struct *sighand;
	struct signal_struct *signal;
	sigset_t blocked;		/* masked by rt_sigprocmask */
	sigset_t saved_sigmask;		/* rt_sigsuspend, pselect6, ppoll: the
					 * caller's mask to go back to */
	sigset_t real_blocked;		/* sigtimedwait: the mask before it
					 * unblocked what it waits for */
	bool group_stop_pending;	/* counted in signal->group_stop_count */
	bool restore_sigmask;		/* ... when the frame saved it, or in
					 * finish_syscall_restart */
	struct sigpending pending;	/* sent, not yet delivered */
	u32 sas_ss_sp;			/* sigaltstack */
	u32 sas_ss_size;
	int sas_ss_flags;

	/* Sleeping with a timeout (schedule_timeout, nanosleep). */
	u32 timeout;			/* jiffies when to wake, or 0 */
	struct list_head timer_list;	/* in the sleeping-with-timeout list */
	/* alarm / ITIMER_REAL (kernel/time/itimer.c): on real_timers while
	 * armed. */
	struct tick_timer it_real;
	/* An interrupted nanosleep or poll, for restart_syscall. */
	struct restart_block restart_block;

	struct fpu_state fpu;		/* x87 registers while switched out */

	/* Thread-local storage for set_thread_area, loaded into the GDT. */
	struct user_desc tls_array[GDT_ENTRY_TLS_ENTRIES];
	u32 clear_child_tid;		/* set_tid_address: user pointer */
	u32 set_child_tid;		/* CLONE_CHILD_SETTID: user pointer */
	u32 robust_list;		/* set_robust_list: user pointer */
	/* rseq (compat/rseq.c): the registered struct rseq, or 0. */
	u32 rseq;
	u32 rseq_len;
	u32 rseq_sig;			/* what must precede an abort_ip */
	bool rseq_event;		/* switched out or signalled since the
					 * last look at the section */
	bool rseq_resume;		/* look before returning to user */
	struct vfork_done *vfork_done;	/* CLONE_VFORK: the parent's */

	/* Accounting, in ticks. */
	u32 utime, stime;		/* own user / system time */
	u32 cutime, cstime;		/* of waited-for children */
	u32 start_time;			/* jiffies at fork */
	u32 serial;			/* the n-th task made since boot: a pid
					 * is reused, this is not (pidfds) */
	u32 nvcsw, nivcsw;		/* voluntary / involuntary switches */
	u32 min_flt, maj_flt;		/* page faults (counted by vm) */

	char comm[TASK_COMM_LEN];	/* name: exec'd file's basename */
};

/* CPU 0's idle task, the boot thread: pid 0, the parent of kernel
 * threads.  Each other CPU has its own idle task (cpu_area->idle). */
extern struct task_struct *idle_task;
/* PID 1, the reaper of orphans. */
extern struct task_struct *init_task;

extern struct list_head task_list;	/* every task, via ->tasks */

/* Linux's tasklist_lock: interrupts off while the task list is walked or
 * changed. */
static inline u32 tasklist_lock_irqsave(void)
{
	return irq_save();
}

static inline void tasklist_unlock_irqrestore(u32 flags)
{
	irq_restore(flags);
}

/* The user trapframe sits at the top of the kernel stack. */
static inline struct trapframe *task_pt_regs(struct task_struct *t)
{
	return (struct trapframe *)((char *)t->stack + THREAD_SIZE) - 1;
}

static inline u32 task_stack_top(struct task_struct *t)
{
	return (u32)t->stack + THREAD_SIZE;
}

static inline struct thread_info *task_thread_info(struct task_struct *t)
{
	return t->stack;
}

/* The letter ps and /proc/PID/stat show for t's state. */
static inline char task_state_char(const struct task_struct *t)
{
	switch (t->state) {
	case TASK_RUNNING:
		return 'R';
	case TASK_INTERRUPTIBLE:
		return 'S';
	case TASK_UNINTERRUPTIBLE:
		return 'D';
	case TASK_STOPPED:
		return 'T';
	case TASK_ZOMBIE:
		return 'Z';
	default:
		return 'X';
	}
}

/* The task_struct slab cache (sched_init). */
void task_cache_init(void);
/* Linux's limits of a process at boot (the boot thread, kernel threads),
 * in t's signal_struct. */
void init_rlimits(struct task_struct *t);
/* t's process's soft limit on res; rlimit() is current's. */
static inline unsigned long task_rlimit(const struct task_struct *t,
					unsigned int res)
{
	return t->signal->rlim[res].rlim_cur;
}
#define rlimit(res) task_rlimit(current, (res))
/* RLIMIT_NPROC: would current's real user have too many tasks with
 * extra more (root never does)?  kernel/process/task.c. */
bool nproc_over_limit(int extra);
/* Allocate a task_struct and kernel stack; state and links initialised,
 * pid assigned, not yet on any list.  NULL when out of memory or pids. */
/* Empty list heads and wait queue of a new task (alloc_task, the idle task). */
void task_init_links(struct task_struct *t);
struct task_struct *alloc_task(void);
/* An idle task for another CPU: pid 0 like boot, the boot thread, whose
 * signal structures it shares (an idle task takes no signal); never
 * freed and on no list. */
struct task_struct *alloc_idle_task(struct task_struct *boot);
/* Free what alloc_task allocated (the task must be off every list). */
void free_task(struct task_struct *t);
/* Link t into the task list and under its parent. */
void attach_task(struct task_struct *t, struct task_struct *parent);
/* Unlink t from the task list and its parent. */
void detach_task(struct task_struct *t);
/* fork: give child copies of parent's mm (COW), files and fs, or share
 * them (CLONE_VM, CLONE_FILES, CLONE_FS); -ENOMEM. */
int copy_task_resources(struct task_struct *child, struct task_struct *parent,
			u32 clone_flags);
/* exit: what a task owes user space before it lets go of its mm: robust
 * futexes, CLONE_CHILD_CLEARTID, a vfork parent. */
void mm_release(struct task_struct *t);
/* A CLONE_VFORK parent waiting for t may go on. */
void vfork_release(struct task_struct *t);
/* Store a user_desc into p's TLS slots (set_thread_area, CLONE_SETTLS);
 * can_allocate: entry_number -1 picks a free slot and is written back. */
int do_set_thread_area(struct task_struct *p, struct user_desc *uinfo,
		       bool can_allocate);
/* execve from a thread: the other threads end and current becomes the
 * group leader with the process's pid. */
int de_thread(struct task_struct *t);
/* exit (or a failed fork): drop t's mm, files and fs. */
void exit_task_resources(struct task_struct *t);
static inline bool thread_group_leader(const struct task_struct *t)
{
	return t->group_leader == t;
}

/* No thread but the leader is left in t's group. */
static inline bool thread_group_empty(const struct task_struct *t)
{
	return list_empty(&t->group_leader->thread_group);
}

/* Every thread of leader's group, the leader first. */
#define for_each_thread(leader, t)					\
	for ((t) = (leader); (t);					\
	     (t) = (t)->thread_group.next == &(leader)->thread_group ?	\
		   NULL : list_entry((t)->thread_group.next,		\
				     struct task_struct, thread_group))

/* New pids are below it: /proc/sys/kernel/pid_max, PID_MAX_MIN..PID_MAX. */
extern int pid_max;
/* Look up by pid; NULL if none.  Zombies are found too. */
struct task_struct *find_task_by_pid(int pid);
/* Name t after the basename of path (truncated to TASK_COMM_LEN - 1). */
void set_task_comm(struct task_struct *t, const char *path);

#endif
