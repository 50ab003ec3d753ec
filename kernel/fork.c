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
 * clone without CLONE_VM is fork with another stack and exit signal;
 * clone with CLONE_VM but not CLONE_THREAD (posix_spawn's CLONE_VM |
 * CLONE_VFORK) is served the same way, by copying; threads
 * (CLONE_THREAD) are not supported.
 */
#include "kernel/errno.h"
#include "kernel/fpu.h"
#include "kernel/lib/string.h"
#include "kernel/sched.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/timer.h"
#include "kernel/uaccess.h"

#define CSIGNAL			0x000000ff
#define CLONE_VM		0x00000100
#define CLONE_FS		0x00000200
#define CLONE_FILES		0x00000400
#define CLONE_SIGHAND		0x00000800
#define CLONE_VFORK		0x00004000
#define CLONE_PARENT		0x00008000
#define CLONE_THREAD		0x00010000
#define CLONE_SETTLS		0x00080000
#define CLONE_PARENT_SETTID	0x00100000
#define CLONE_CHILD_CLEARTID	0x00200000
#define CLONE_CHILD_SETTID	0x01000000

void ret_from_fork(void);

static void copy_task_fields(struct task_struct *p, struct task_struct *parent)
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
	copy_sighand(p, parent);
	fpu_copy_current(&p->fpu);
	p->start_time = jiffies;
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

long do_fork(u32 clone_flags, u32 newsp, struct trapframe *regs,
	     int *uparent_tid, u32 uchild_tid)
{
	struct task_struct *parent = current, *p;
	int err;

	if (clone_flags & (CLONE_THREAD | CLONE_SIGHAND | CLONE_SETTLS))
		return -EINVAL;
	p = alloc_task();
	if (!p)
		return -EAGAIN;
	copy_task_fields(p, parent);
	p->exit_signal = clone_flags & CSIGNAL;
	err = copy_task_resources(p, parent);
	if (err) {
		exit_task_resources(p);
		free_task(p);
		return err;
	}
	if (clone_flags & CLONE_CHILD_CLEARTID)
		p->clear_child_tid = uchild_tid;
	if ((clone_flags & CLONE_PARENT_SETTID) && put_user(p->pid, uparent_tid)) {
		exit_task_resources(p);
		free_task(p);
		return -EFAULT;
	}
	setup_child_stack(p, regs, newsp);
	attach_task(p, (clone_flags & CLONE_PARENT) && parent->parent ?
			       parent->parent : parent);
	wake_up_new_task(p);
	return p->pid;
}

long sys_fork(void)
{
	return do_fork(SIGCHLD, 0, current_regs(), NULL, 0);
}

long sys_vfork(void)
{
	return do_fork(SIGCHLD, 0, current_regs(), NULL, 0);
}

/* i386 argument order: flags, newsp, parent_tid, tls, child_tid. */
long sys_clone(u32 flags, u32 newsp, int *uparent_tid, u32 tls,
	       u32 uchild_tid)
{
	(void)tls;
	flags &= ~(CLONE_VM | CLONE_VFORK | CLONE_FS | CLONE_FILES);
	return do_fork(flags, newsp, current_regs(), uparent_tid, uchild_tid);
}
