/*
 * kernel/signal/signal.h - POSIX signals with Linux i386's numbers and layouts.
 *
 * A task has a pending set, a blocked mask and one k_sigaction per signal
 * (all in struct task_struct).  Senders (kill, the tty's ^C, the fault
 * handlers) mark a signal pending and wake the target; the target acts on
 * it on its way back to user mode (do_signal from the trap return path):
 * the default action, or a handler run on a Linux-compatible signal frame
 * (struct sigframe / rt_sigframe in kernel/signal/signal.c) that returns through
 * sa_restorer into sigreturn / rt_sigreturn.
 *
 * A standard signal is pending once: a second SIGUSR1 while one is
 * pending is lost, as on Linux.  A real-time one (SIGRTMIN and up) queues,
 * each with its siginfo (struct sigqueue below), up to RLIMIT_SIGPENDING.
 */
#ifndef KERNEL_SIGNAL_SIGNAL_H
#define KERNEL_SIGNAL_SIGNAL_H

#include "kernel/time/cpu_timers.h"
#include "kernel/process/resource.h"
#include "kernel/list.h"
#include "kernel/sched/wait.h"
#include "kernel/types.h"

struct core_state;
struct task_struct;
struct trapframe;

#define _NSIG		64

#define SIGHUP		1
#define SIGINT		2
#define SIGQUIT		3
#define SIGILL		4
#define SIGTRAP		5
#define SIGABRT		6
#define SIGIOT		6
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGUSR1		10
#define SIGSEGV		11
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGSTKFLT	16
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define SIGTSTP		20
#define SIGTTIN		21
#define SIGTTOU		22
#define SIGURG		23
#define SIGXCPU		24
#define SIGXFSZ		25
#define SIGVTALRM	26
#define SIGPROF		27
#define SIGWINCH	28
#define SIGIO		29
#define SIGPWR		30
#define SIGSYS		31
#define SIGRTMIN	32

/* sa_flags */
#define SA_NOCLDSTOP	0x00000001
#define SA_NOCLDWAIT	0x00000002
#define SA_SIGINFO	0x00000004
#define SA_RESTORER	0x04000000
#define SA_ONSTACK	0x08000000
#define SA_RESTART	0x10000000
#define SA_NODEFER	0x40000000
#define SA_RESETHAND	0x80000000

/* rt_sigprocmask how */
#define SIG_BLOCK	0
#define SIG_UNBLOCK	1
#define SIG_SETMASK	2

#define SIG_DFL		0UL
#define SIG_IGN		1UL

/* si_code values */
#define SI_USER		0
#define SI_KERNEL	0x80
#define SI_QUEUE	(-1)
#define SI_TIMER	(-2)
#define SI_TKILL	(-6)
#define ILL_ILLOPC	1
#define ILL_PRVOPC	5
#define ILL_BADSTK	8
#define FPE_INTDIV	1
#define FPE_INTOVF	2
#define FPE_FLTDIV	3
#define FPE_FLTINV	7
#define SEGV_MAPERR	1
#define SEGV_ACCERR	2
#define BUS_ADRALN	1
#define BUS_ADRERR	2
#define TRAP_BRKPT	1
#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_DUMPED	3
#define CLD_STOPPED	5
#define CLD_CONTINUED	6

/* sigaltstack */
#define SS_ONSTACK	1
#define SS_DISABLE	2
#define MINSIGSTKSZ	2048

/* Bit (sig - 1) set means sig is in the set; signals are 1.._NSIG. */
typedef u64 sigset_t;

static inline sigset_t sigmask(int sig)
{
	return 1ULL << (sig - 1);
}

#define SIGKILL_STOP_MASK (sigmask(SIGKILL) | sigmask(SIGSTOP))

/* The kernel's struct sigaction for rt_sigaction on i386, field for field. */
struct k_sigaction {
	u32 sa_handler;		/* SIG_DFL, SIG_IGN or a user address */
	u32 sa_flags;
	u32 sa_restorer;	/* user code that calls (rt_)sigreturn */
	sigset_t sa_mask;	/* also blocked while the handler runs */
};

/* What the kernel remembers about a pending signal, for the siginfo. */
struct ksiginfo {
	int si_signo;
	int si_code;
	int si_errno;
	int si_pid;		/* sender (kill) or child (SIGCHLD) */
	u32 si_uid;		/* the sender's, or the child's, real uid */
	int si_status;		/* SIGCHLD: exit code or signal */
	u32 si_addr;		/* faults: the faulting address */
	int si_timerid;		/* SI_TIMER: the POSIX timer's id, */
	int si_overrun;		/* its overruns, */
	u32 si_value;		/* its sigev_value */
};

/* A real-time signal sent again while pending waits in a queue: one
 * kmalloc'd entry for each (standard signals are pending once). */
struct sigqueue {
	struct sigqueue *next;
	struct ksiginfo info;
};

struct sigpending {
	sigset_t signal;
	struct ksiginfo info[_NSIG];	/* info[sig - 1]: the first */
	struct sigqueue *queue;		/* the later ones, oldest first */
	int nr_queued;			/* at most RLIMIT_SIGPENDING */
};

/* Free the queued entries of the signals in mask (all of them when a
 * task or signal_struct goes). */
void flush_sigqueue(struct sigpending *p, sigset_t mask);
/* Signals pending for t, its own and its process's, each queued one
 * counted (/proc/PID/status SigQ; Linux counts the user's). */
u32 signals_queued(struct task_struct *t);

/* The actions: one set per process, shared by the tasks cloned with
 * CLONE_SIGHAND (every thread of a thread group). */
struct sighand_struct {
	int count;
	struct k_sigaction action[_NSIG];	/* action[sig - 1] */
	/* Readers and pollers of a signalfd (compat/signalfd.c), woken when
	 * a signal becomes pending for a task sharing these actions. */
	wait_queue_head_t signalfd_wqh;
};

/* ->flags */
#define SIGNAL_GROUP_EXIT	0x1	/* exit_group or a fatal signal */
#define SIGNAL_STOP_STOPPED	0x2	/* stopped by a stop signal */

/*
 * What a thread group shares (CLONE_THREAD): the signals sent to the
 * process as a whole, which any thread not blocking them takes, how the
 * group is ending, and the rest of what belongs to the process rather
 * than a thread (its timers, CPU time and resource limits).
 */
struct signal_struct {
	int count;			/* tasks pointing here */
	struct sigpending shared_pending;
	u32 flags;			/* SIGNAL_GROUP_EXIT */
	int group_exit_code;		/* wait status once it is set */
	/* A group stop under way: threads that have yet to stop (each
	 * marked group_stop_pending), and the signal the parent hears of
	 * when the last one has. */
	int group_stop_count;
	int group_stop_sig;
	/* de_thread: the thread whose execve waits for the others to go. */
	struct task_struct *group_exit_task;
	/* The group's POSIX timers (compat/posix-timers.c). */
	struct list_head posix_timers;
	/* Its SysV semaphore undo entries (ipc/sem.h), applied when the
	 * group's last thread exits. */
	struct list_head sysvsem_undo;
	/* A thread is dumping core: the others wait in do_exit
	 * (fs/coredump.h). */
	struct core_state *core_state;
	/* PR_SET_CHILD_SUBREAPER: orphans of descendants come here, not to
	 * init (kernel/process/exit.c). */
	bool is_child_subreaper;
	/* Ticks of CPU time of all its threads, those gone too, and the
	 * ITIMER_VIRTUAL and ITIMER_PROF timers that count them down
	 * (kernel/time/cpu_timers.c). */
	u32 cputime;
	struct cpu_itimer it[2];
	/* Its resource limits (kernel/process/resource.h). */
	struct rlimit rlim[RLIM_NLIMITS];
};

/* t leaves a group stop it was counted in without stopping (it exits):
 * the others need not wait for it. */
void group_stop_leave(struct task_struct *t);

/* Send sig to the thread t.  info may be NULL (SI_USER from the current
 * task).  Returns 0, or -EINVAL for a bad signal number. */
int send_sig_info(int sig, const struct ksiginfo *info, struct task_struct *t);
int send_sig(int sig, struct task_struct *t);
/* Send sig to t's whole thread group (kill, SIGCHLD, SIGALRM): it goes
 * to a thread that does not block it; a fatal one ends every thread. */
int group_send_sig_info(int sig, const struct ksiginfo *info,
			struct task_struct *t);
/* A fault in user mode: deliver sig to current even if it is blocked or
 * ignored (then the default action, normally death, applies). */
void force_sig_fault(int sig, int code, u32 addr);
void force_sig(int sig, struct task_struct *t);
/* May the caller send sig to t (Linux's check_kill_permission)?  Its
 * own process, CAP_KILL (euid 0), a real or effective uid that is t's
 * real or saved uid, or SIGCONT within the session. */
bool kill_permission(int sig, struct task_struct *t);
/* Send sig to every process in group pgrp; -ESRCH if there is none.
 * kill_pgrp is for the kernel (the tty's ^C): si_code SI_KERNEL.  info
 * NULL is kill(2)'s: only to those the caller may signal (sig 0 just
 * checks), -EPERM if it may signal none. */
int kill_pgrp(int pgrp, int sig);
int kill_pgrp_info(int pgrp, int sig, const struct ksiginfo *info);

/* A signal pending and not blocked (SIGKILL always counts). */
bool signal_pending(struct task_struct *t);
/* Take the lowest signal of set pending for current (its own, then its
 * group's) into *info, without running its action (sigtimedwait); 0 if
 * none is. */
int dequeue_signal_in(sigset_t set, struct ksiginfo *info);
/* Is a signal of set pending for current, its own or its group's? */
bool signal_pending_in(sigset_t set);
/* SIGKILL is pending: t is dying, whatever it was doing is moot. */
bool fatal_signal_pending(struct task_struct *t);

/*
 * Called on every return to user mode with the user trapframe: delivers
 * pending signals (runs default actions, builds handler frames) and
 * finishes the restart of interrupted system calls.
 */
void do_signal(struct trapframe *tf);

/* After the signals: restart an interrupted system call that no handler
 * interrupted, and forget that we were in one. */
void finish_syscall_restart(struct trapframe *tf);

/*
 * The mask of ppoll, pselect6 and epoll_pwait: install the user's
 * (*set false when umask is NULL; -EINVAL for a size other than 8,
 * -EFAULT), keeping the caller's in saved_sigmask; then put it back
 * after the wait, unless the call ends in EINTR (or ERESTARTNOHAND) with
 * a signal to deliver, whose handler must run under the call's mask
 * (do_signal restores it).
 */
long set_user_sigmask(const sigset_t *umask, u32 size, bool *set);
void restore_user_sigmask(bool set, long ret);

/* The kernel side of the signal calls (kernel/signal/sys_signal.c), which
 * the old 4-byte-mask calls share (compat/old_signal.c). */
/* Read (old) and set (new) current's action for sig; -EINVAL for a bad
 * signal, or setting SIGKILL's or SIGSTOP's. */
int do_sigaction(int sig, const struct k_sigaction *new,
		 struct k_sigaction *old);
/* Block set (never SIGKILL or SIGSTOP). */
void set_current_blocked(sigset_t set);
/* The signals pending for current that it blocks. */
sigset_t current_sigpending(void);
/* Wait under mask until a signal is delivered: -ERESTARTNOHAND. */
long sigsuspend(sigset_t mask);
struct user_siginfo;
/* A sender's siginfo for sig from user memory (-EFAULT). */
long siginfo_from_user(int sig, const struct user_siginfo *uinfo,
		       struct ksiginfo *info);
/* Would sending info to tid pose as the kernel or as kill (a code of 0
 * or above, or SI_TKILL, to another than the caller)? */
bool siginfo_impersonates(const struct ksiginfo *info, int tid);
/* Send sig with info (NULL: SI_USER from the caller) to t's process
 * (group) or the thread t, as kill checks it: -ESRCH for no target, then
 * -EINVAL for a bad signal, -EPERM where the caller may not. */
long kill_task_info(int sig, const struct ksiginfo *info,
		    struct task_struct *t, bool group);

/* exec: handlers revert to SIG_DFL, ignored signals stay ignored. */
void flush_signal_handlers(struct task_struct *t);
/* fork: the child shares (CLONE_SIGHAND) or copies the parent's actions,
 * shares (CLONE_THREAD) or keeps its own new signal_struct, and gets the
 * mask with nothing pending. */
void copy_sighand(struct task_struct *child, struct task_struct *parent,
		  u32 clone_flags);
/* A new task's own, empty, sighand and signal structs (alloc_task). */
int alloc_signal_structs(struct task_struct *t);
/* Drop t's references to them (free_task). */
void release_signal_structs(struct task_struct *t);
/* execve: a sighand shared with another process becomes our own copy. */
int unshare_sighand(struct task_struct *t);
/* The group is ending (exit_group, fatal signal) or a thread execs. */
bool signal_group_exit(const struct signal_struct *sig);
/* SIGKILL every other thread of current's group; how many there were. */
int zap_other_threads(struct task_struct *t);

#endif
