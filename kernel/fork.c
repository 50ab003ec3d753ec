/*
 * kernel/fork.c - fork, vfork and clone: the task side of a new process.
 *
 * The child gets a new task_struct and kernel stack, a copy of the
 * parent's user trapframe (so it returns from the same system call, with
 * eax = 0), a duplicate address space (vm's dup_mm: COW), a copy of the
 * descriptor table sharing the open files and a copy of cwd/root (fs),
 * the parent's signal handlers and mask, TLS slots, x87 state, process
 * group, session and terminal.  Its first context resumes in
 * ret_from_fork (kernel/switch.asm), which leaves through trapret.
 *
 * vfork is fork here: the child gets its own copy of memory rather than
 * borrowing the parent's, which a correct vfork child cannot tell apart.
 * clone shares what its flags say: the mm (CLONE_VM), descriptor table,
 * cwd/root, signal actions, and with CLONE_THREAD the thread group: the
 * new task is a thread of the caller's process (same tgid, nobody's
 * child, see kernel/exit.h).  CLONE_VFORK makes the caller sleep until
 * the child execs or exits (mm_release).
 */
#include "kernel/errno.h"
#include "kernel/fpu.h"
#include "kernel/futex.h"
#include "kernel/lib/string.h"
#include "kernel/sched.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/timer.h"
#include "kernel/uaccess.h"

void ret_from_fork(void);

static void copy_task_fields(struct task_struct *p, struct task_struct *parent,
			     u32 clone_flags)
{
	p->flags = PF_FORKNOEXEC;
	p->pgrp = parent->pgrp;
	p->session = parent->session;
	p->tty = parent->tty;
	p->umask = parent->umask;
	p->make_it_fail = parent->make_it_fail;
	memcpy(p->comm, parent->comm, sizeof(p->comm));
	memcpy(p->rlim, parent->rlim, sizeof(p->rlim));
	memcpy(p->tls_array, parent->tls_array, sizeof(p->tls_array));
	fpu_copy_current(&p->fpu);
	p->start_time = jiffies;
	p->exit_signal = clone_flags & CSIGNAL;
	if (clone_flags & CLONE_THREAD) {
		p->tgid = parent->tgid;
		p->group_leader = parent->group_leader;
		p->exit_signal = -1;
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
static int check_clone_flags(u32 clone_flags)
{
	if ((clone_flags & CLONE_THREAD) && !(clone_flags & CLONE_SIGHAND))
		return -EINVAL;
	if ((clone_flags & CLONE_SIGHAND) && !(clone_flags & CLONE_VM))
		return -EINVAL;
	if ((clone_flags & CLONE_THREAD) && signal_group_exit(current->signal))
		return -EAGAIN;
	return 0;
}

/* The ids the caller asked to have stored (CLONE_*_SETTID, _CLEARTID). */
static int set_tids(struct task_struct *p, u32 clone_flags,
		    int *uparent_tid, u32 uchild_tid)
{
	if (clone_flags & CLONE_CHILD_CLEARTID)
		p->clear_child_tid = uchild_tid;
	if (clone_flags & CLONE_CHILD_SETTID)
		p->set_child_tid = uchild_tid;
	if ((clone_flags & CLONE_PARENT_SETTID) && put_user(p->pid, uparent_tid))
		return -EFAULT;
	return 0;
}

static int copy_process(struct task_struct *p, u32 clone_flags, u32 tls,
			int *uparent_tid, u32 uchild_tid)
{
	struct task_struct *parent = current;
	int err;

	copy_task_fields(p, parent, clone_flags);
	copy_sighand(p, parent, clone_flags);
	err = copy_task_resources(p, parent, clone_flags);
	if (!err && (clone_flags & CLONE_SETTLS))
		err = do_set_thread_area(p, (struct user_desc *)tls, false);
	if (!err)
		err = set_tids(p, clone_flags, uparent_tid, uchild_tid);
	return err;
}

/* Link p in: a thread into its group, a process under its parent. */
static void attach_new_task(struct task_struct *p, u32 clone_flags)
{
	struct task_struct *parent = current;
	u32 flags = irq_save();

	if (clone_flags & CLONE_THREAD) {
		list_add_tail(&p->thread_group, &p->group_leader->thread_group);
		attach_task(p, NULL);
	} else if ((clone_flags & CLONE_PARENT) && parent->group_leader->parent) {
		attach_task(p, parent->group_leader->parent);
	} else {
		attach_task(p, parent);
	}
	irq_restore(flags);
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

long do_fork(u32 clone_flags, u32 newsp, struct trapframe *regs,
	     int *uparent_tid, u32 uchild_tid, u32 tls)
{
	struct vfork_done vd = { false, current };
	struct task_struct *p;
	int err, pid;

	err = check_clone_flags(clone_flags);
	if (err)
		return err;
	p = alloc_task();
	if (!p)
		return -EAGAIN;
	err = copy_process(p, clone_flags, tls, uparent_tid, uchild_tid);
	if (err) {
		exit_task_resources(p);
		free_task(p);
		return err;
	}
	if (clone_flags & CLONE_VFORK)
		p->vfork_done = &vd;
	setup_child_stack(p, regs, newsp);
	attach_new_task(p, clone_flags);
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
	return do_fork(SIGCHLD, 0, current_regs(), NULL, 0, 0);
}

long sys_vfork(void)
{
	return do_fork(SIGCHLD, 0, current_regs(), NULL, 0, 0);
}

/* i386 argument order: flags, newsp, parent_tid, tls, child_tid. */
long sys_clone(u32 flags, u32 newsp, int *uparent_tid, u32 tls,
	       u32 uchild_tid)
{
	return do_fork(flags, newsp, current_regs(), uparent_tid, uchild_tid,
		       tls);
}
