/*
 * kernel/sched/kthread.c - starting kernel threads (see kernel/sched/kthread.h).
 *
 * A new kthread's stack is built so that its first switch-in "returns"
 * from swtch into kthread_start(fn, arg): above its struct context lie a
 * dummy return address and the two arguments, as a C call would leave
 * them.  It starts with interrupts off (they were off in schedule()).
 */
#include "kernel/sched/kthread.h"
#include "kernel/errno.h"
#include "kernel/process/exit.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/sched/sched.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"

static void __noreturn kthread_start(int (*fn)(void *), void *arg)
{
	schedule_tail();
	sti();
	do_exit(W_EXITCODE(fn(arg) & 0xff, 0));
}

struct task_struct *kthread_run(int (*fn)(void *), void *arg,
				const char *name)
{
	struct task_struct *t = alloc_task();
	struct context *ctx;
	u32 *sp;

	if (!t)
		return ERR_PTR(-ENOMEM);
	t->flags = PF_KTHREAD;
	/* Where its creator may run; those the boot thread makes, anywhere. */
	if (!(current->flags & PF_IDLE))
		t->cpus_allowed = current->cpus_allowed;
	strlcpy(t->comm, name, TASK_COMM_LEN);
	t->umask = 022;
	t->start_time = jiffies;

	sp = (u32 *)task_stack_top(t);
	*--sp = (u32)arg;
	*--sp = (u32)fn;
	*--sp = 0;			/* kthread_start never returns */
	ctx = (struct context *)sp - 1;
	memset(ctx, 0, sizeof(*ctx));
	ctx->eip = (u32)kthread_start;
	t->context = ctx;

	attach_task(t, current);
	wake_up_new_task(t);
	return t;
}

int kthread_wait(struct task_struct *t)
{
	int status = 0;
	long r = do_wait(t->pid, 0, &status, NULL);

	BUG_ON(r != t->pid);
	return WEXITSTATUS(status);
}
