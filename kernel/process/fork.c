/*
 * kernel/process/fork.c - fork, vfork and clone: the task side of a new process.
 *
 * The child gets a new task_struct and kernel stack, a copy of the
 * parent's user trapframe (so it returns from the same system call, with
 * eax = 0), a duplicate address space (vm's dup_mm: COW), a copy of the
 * descriptor table sharing the open files and a copy of cwd/root (fs),
 * the parent's signal handlers and mask, TLS slots, x87 state, process
 * group, session, terminal and ids (kernel/process/cred.h).  Its first context
 * resumes in ret_from_fork (kernel/sched/switch.asm), which leaves through
 * trapret.
 *
 * vfork is fork here: the child gets its own copy of memory rather than
 * borrowing the parent's, which a correct vfork child cannot tell apart.
 * clone shares what its flags say: the mm (CLONE_VM), descriptor table,
 * cwd/root, signal actions, and with CLONE_THREAD the thread group: the
 * new task is a thread of the caller's process (same tgid, nobody's
 * child, see kernel/process/exit.h).  CLONE_VFORK makes the caller sleep until
 * the child execs or exits (mm_release).
 *
 * clone3 passes the same request as a struct clone_args that may grow:
 * it is checked as Linux checks it and lands on the same do_fork, which
 * takes Linux's struct kernel_clone_args so both callers can say
 * everything (64-bit flags, the exit signal apart from them).
 */
#include "kernel/errno.h"
#include "kernel/cpu/fpu.h"
#include "compat/futex.h"
#include "kernel/lib/string.h"
#include "compat/rseq.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/syscall.h"
#include "kernel/process/cred.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/page.h"

void ret_from_fork(void);

/* clone3 flags above bit 31 (the legacy ones fit in 32 bits). */
#define CLONE_CLEAR_SIGHAND	0x100000000ULL	/* child: handlers to SIG_DFL */
#define CLONE_INTO_CGROUP	0x200000000ULL	/* (no cgroups here) */
#define CLONE_PIDFD		0x00001000	/* (refused: pidfds come from pidfd_open) */
#define CLONE_NEWTIME		0x00000080	/* (no namespaces here) */

/* One clone request, whichever call made it (Linux's names). */
struct kernel_clone_args {
	u64 flags;
	int *parent_tid;	/* CLONE_PARENT_SETTID: user pointer */
	u32 child_tid;		/* CLONE_CHILD_SETTID / _CLEARTID */
	int exit_signal;	/* sent to the parent at exit; 0: none */
	u32 stack;		/* the child's esp, or 0: the caller's */
	u32 tls;		/* CLONE_SETTLS: a user_desc pointer */
};

static void copy_task_fields(struct task_struct *p, struct task_struct *parent,
			     const struct kernel_clone_args *args)
{
	p->flags = PF_FORKNOEXEC;
	p->pgrp = parent->pgrp;
	p->session = parent->session;
	p->tty = parent->tty;
	p->umask = parent->umask;
	copy_creds(p, parent);
	p->make_it_fail = parent->make_it_fail;
	memcpy(p->comm, parent->comm, sizeof(p->comm));
	memcpy(p->tls_array, parent->tls_array, sizeof(p->tls_array));
	p->cpus_allowed = parent->cpus_allowed;
	p->nice = parent->nice;
	p->policy = parent->policy;
	p->rt_priority = parent->rt_priority;
	if (parent->sched_reset_on_fork) {
		/* SCHED_RESET_ON_FORK: a child gets neither a real-time
		 * policy nor a raised priority, nor the flag. */
		if (rt_task(p)) {
			p->policy = SCHED_OTHER;
			p->rt_priority = 0;
		}
		if (p->nice < 0)
			p->nice = 0;
	}
	nr_rt_tasks += rt_task(p);
	p->no_new_privs = parent->no_new_privs;
	fpu_copy_current(&p->fpu);
	p->start_time = jiffies;
	p->exit_signal = args->exit_signal;
	if (args->flags & CLONE_THREAD) {
		p->tgid = parent->tgid;
		p->group_leader = parent->group_leader;
		p->exit_signal = -1;
	} else {
		/* A new process starts with its parent's limits; a thread
		 * shares its group's (copy_sighand). */
		memcpy(p->signal->rlim, parent->signal->rlim,
		       sizeof(p->signal->rlim));
	}
}

/* The child's stack: its trapframe on top, a context returning into
 * ret_from_fork just below. */
static void setup_child_stack(struct task_struct *p, struct trapframe *regs,
			      u32 newsp)
{
	struct trapframe *tf = task_pt_regs(p);
	struct context *ctx;

	*tf = *regs;
	tf->eax = 0;
	if (newsp)
		tf->esp = newsp;
	ctx = (struct context *)tf - 1;
	memset(ctx, 0, sizeof(*ctx));
	ctx->eip = (u32)ret_from_fork;
	p->context = ctx;
}

/* Linux's checks: a thread shares the actions, shared actions need
 * the shared mm they point into. */
static int check_clone_flags(u64 clone_flags)
{
	/* Linux would hand back a pidfd: refuse rather than ignore it. */
	if (clone_flags & CLONE_PIDFD)
		return -EINVAL;
	if ((clone_flags & CLONE_THREAD) && !(clone_flags & CLONE_SIGHAND))
		return -EINVAL;
	if ((clone_flags & CLONE_SIGHAND) && !(clone_flags & CLONE_VM))
		return -EINVAL;
	if ((clone_flags & CLONE_THREAD) && signal_group_exit(current->signal))
		return -EAGAIN;
	return 0;
}

/*
 * RLIMIT_NPROC: a user other than root may have that many tasks (threads
 * and zombies count, as Linux counts them) and no more; one more is
 * EAGAIN.
 */
static int check_nproc(void)
{
	if (capable(CAP_SYS_RESOURCE) || capable(CAP_SYS_ADMIN) ||
	    !nproc_over_limit(1))
		return 0;
	return -EAGAIN;
}

/* The ids the caller asked to have stored (CLONE_*_SETTID, _CLEARTID). */
static int set_tids(struct task_struct *p, const struct kernel_clone_args *args)
{
	u64 clone_flags = args->flags;
	u32 uchild_tid = args->child_tid;

	if (clone_flags & CLONE_CHILD_CLEARTID)
		p->clear_child_tid = uchild_tid;
	if (clone_flags & CLONE_CHILD_SETTID)
		p->set_child_tid = uchild_tid;
	if ((clone_flags & CLONE_PARENT_SETTID) &&
	    put_user(p->pid, args->parent_tid))
		return -EFAULT;
	return 0;
}

static int copy_process(struct task_struct *p,
			const struct kernel_clone_args *args)
{
	struct task_struct *parent = current;
	u32 clone_flags = (u32)args->flags;
	int err;

	copy_task_fields(p, parent, args);
	copy_sighand(p, parent, clone_flags);
	rseq_fork(p, parent, clone_flags);
	if (args->flags & CLONE_CLEAR_SIGHAND)
		flush_signal_handlers(p);
	err = copy_task_resources(p, parent, clone_flags);
	if (!err && (clone_flags & CLONE_SETTLS))
		err = do_set_thread_area(p, (struct user_desc *)args->tls, false);
	if (!err)
		err = set_tids(p, args);
	return err;
}

/*
 * Link p in: a thread into its group, a process under its parent.  Not
 * if current was killed while it copied (another thread's exit_group or
 * exec, a fatal signal; copying may sleep): the child would escape the
 * kill and outlive its group.  Linux ends the fork there too ("let kill
 * terminate clone/fork in the middle"); current dies on its way out.
 */
static int attach_new_task(struct task_struct *p, u64 clone_flags)
{
	struct task_struct *parent = current;
	u32 flags = irq_save();

	if (fatal_signal_pending(current)) {
		irq_restore(flags);
		return -ERESTARTNOINTR;
	}
	if (clone_flags & CLONE_THREAD) {
		list_add_tail(&p->thread_group, &p->group_leader->thread_group);
		attach_task(p, NULL);
	} else if ((clone_flags & CLONE_PARENT) && parent->group_leader->parent) {
		attach_task(p, parent->group_leader->parent);
	} else {
		attach_task(p, parent);
	}
	irq_restore(flags);
	return 0;
}

/* CLONE_VFORK: sleep until the child lets go of our mm (mm_release). */
static void wait_for_vfork_done(struct vfork_done *vd)
{
	u32 flags = irq_save();

	while (!vd->done) {
		current->state = TASK_UNINTERRUPTIBLE;
		schedule();
	}
	irq_restore(flags);
}

static long do_fork(const struct kernel_clone_args *args)
{
	struct vfork_done vd = { false, current };
	u64 clone_flags = args->flags;
	struct task_struct *p;
	int err, pid;

	err = check_clone_flags(clone_flags);
	if (!err)
		err = check_nproc();
	if (err)
		return err;
	p = alloc_task();
	if (!p)
		return -EAGAIN;
	err = copy_process(p, args);
	if (!err) {
		if (clone_flags & CLONE_VFORK)
			p->vfork_done = &vd;
		setup_child_stack(p, current_regs(), args->stack);
		err = attach_new_task(p, clone_flags);
	}
	if (err) {
		exit_task_resources(p);
		free_task(p);
		return err;
	}
	pid = p->pid;
	wake_up_new_task(p);
	if (clone_flags & CLONE_VFORK)
		wait_for_vfork_done(&vd);
	return pid;
}

/* The child's first act in user context (ret_from_fork): store its tid
 * for CLONE_CHILD_SETTID in its own address space, as Linux's
 * schedule_tail does. */
void ret_from_fork_tail(void)
{
	struct task_struct *t = current;

	if (t->set_child_tid && put_user(t->pid, (int *)t->set_child_tid))
		return;		/* a bad pointer is not an error, as on Linux */
}

/*
 * What a task owes user space before it lets go of its mm (exit): the
 * robust futexes it held are marked and their waiters woken, the
 * CLONE_CHILD_CLEARTID word is zeroed and one waiter woken (how
 * pthread_join learns of the exit), and a vfork parent may go on.
 */
void mm_release(struct task_struct *t)
{
	u32 zero = 0;

	if (t->mm && t->robust_list)
		exit_robust_list(t);
	t->robust_list = 0;
	if (t->mm && t->clear_child_tid &&
	    !copy_to_user((void *)t->clear_child_tid, &zero, sizeof(zero)))
		futex_wake((u32 *)t->clear_child_tid, true, 1,
			   FUTEX_BITSET_MATCH_ANY);
	t->clear_child_tid = 0;
	vfork_release(t);
}

void vfork_release(struct task_struct *t)
{
	struct vfork_done *vd = t->vfork_done;
	u32 flags = irq_save();

	t->vfork_done = NULL;
	if (vd) {
		vd->done = true;
		wake_up_process(vd->waiter);
	}
	irq_restore(flags);
}

long sys_fork(void)
{
	struct kernel_clone_args args = { .exit_signal = SIGCHLD };

	return do_fork(&args);
}

long sys_vfork(void)
{
	return sys_fork();
}

/* i386 argument order: flags, newsp, parent_tid, tls, child_tid.  The
 * low byte of flags is the exit signal. */
long sys_clone(u32 flags, u32 newsp, int *uparent_tid, u32 tls,
	       u32 uchild_tid)
{
	struct kernel_clone_args args = {
		.flags = flags & ~CSIGNAL, .parent_tid = uparent_tid,
		.child_tid = uchild_tid, .exit_signal = flags & CSIGNAL,
		.stack = newsp, .tls = tls,
	};

	return do_fork(&args);
}

/* Linux's struct clone_args: every field 64 bits wide, pointers too. */
struct clone_args {
	u64 flags;
	u64 pidfd;		/* CLONE_PIDFD: where to store the pidfd */
	u64 child_tid;
	u64 parent_tid;
	u64 exit_signal;
	u64 stack;		/* lowest address of the child's stack ... */
	u64 stack_size;		/* ... and its size: esp starts at the top */
	u64 tls;
	u64 set_tid;		/* ver 1: pids wanted, one per pid namespace */
	u64 set_tid_size;
	u64 cgroup;		/* ver 2: CLONE_INTO_CGROUP's directory fd */
};
#define CLONE_ARGS_SIZE_VER0	64	/* the first eight fields */
#define CLONE_ARGS_SIZE_VER2	88	/* up to cgroup */
#define MAX_PID_NS_LEVEL	32

/* The checks of Linux's copy_clone_args_from_user, in its order. */
static int copy_clone_args(struct clone_args *ka, const void *uargs,
			   u32 usize)
{
	int err;

	if (usize > PAGE_SIZE)
		return -E2BIG;
	if (usize < CLONE_ARGS_SIZE_VER0)
		return -EINVAL;
	err = copy_struct_from_user(ka, sizeof(*ka), uargs, usize);
	if (err)
		return err;
	if (ka->set_tid_size > MAX_PID_NS_LEVEL ||
	    !ka->set_tid != !ka->set_tid_size)
		return -EINVAL;
	if ((ka->exit_signal & ~(u64)CSIGNAL) || ka->exit_signal > _NSIG)
		return -EINVAL;
	if ((ka->flags & CLONE_INTO_CGROUP) &&
	    (ka->cgroup > 0x7fffffff || usize < CLONE_ARGS_SIZE_VER2))
		return -EINVAL;
	/* Read as Linux reads them, for its EFAULT; sys_clone3 refuses
	 * them after the other checks. */
	if (ka->set_tid) {
		int tids[MAX_PID_NS_LEVEL];

		if (copy_from_user(tids, (void *)(u32)ka->set_tid,
				   (u32)ka->set_tid_size * sizeof(int)))
			return -EFAULT;
	}
	return 0;
}

/* Linux's clone3_args_valid: flags clone3 knows, the low byte free for
 * reuse (exit_signal has its own field), and a stack given as a whole
 * region or not at all. */
static bool clone3_args_valid(const struct clone_args *ka)
{
	u64 known = 0xffffffffULL | CLONE_CLEAR_SIGHAND | CLONE_INTO_CGROUP;

	if (ka->flags & ~known)
		return false;
	if (ka->flags & (CLONE_DETACHED | (CSIGNAL & ~CLONE_NEWTIME)))
		return false;
	if ((ka->flags & (CLONE_SIGHAND | CLONE_CLEAR_SIGHAND)) ==
	    (CLONE_SIGHAND | CLONE_CLEAR_SIGHAND))
		return false;
	if ((ka->flags & (CLONE_THREAD | CLONE_PARENT)) && ka->exit_signal)
		return false;
	if (!ka->stack)
		return ka->stack_size == 0;
	return ka->stack_size &&
	       access_ok((void *)(u32)ka->stack, (u32)ka->stack_size);
}

long sys_clone3(const void *uargs, u32 size)
{
	struct clone_args ka;
	struct kernel_clone_args args;
	int err = copy_clone_args(&ka, uargs, size);

	if (err)
		return err;
	if (!clone3_args_valid(&ka))
		return -EINVAL;
	/* No cgroups and no pid namespaces: refused, where Linux would
	 * need CAP_CHECKPOINT_RESTORE (set_tid) or a cgroup directory. */
	if (ka.set_tid)
		return -EPERM;
	if (ka.flags & CLONE_INTO_CGROUP)
		return -EBADF;
	args = (struct kernel_clone_args){
		.flags = ka.flags, .parent_tid = (int *)(u32)ka.parent_tid,
		.child_tid = (u32)ka.child_tid, .exit_signal = (int)ka.exit_signal,
		.stack = (u32)(ka.stack + ka.stack_size), .tls = (u32)ka.tls,
	};
	return do_fork(&args);
}
