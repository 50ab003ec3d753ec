/*
 * kernel/sched/kthread.h - kernel threads.
 *
 *	struct task_struct *t = kthread_run(kswapd, NULL, "kswapd");
 *
 * starts fn(arg) in a new task that runs only in kernel mode, has no user
 * address space (mm == NULL), shares the boot task's files and fs, and
 * is a child of the creator.  When fn returns, its value becomes the
 * exit code and the thread becomes a zombie that the parent reaps with
 * kthread_wait() (or wait4 if the parent is a user process), or, if its
 * parent is gone, init.  Returns ERR_PTR(-ENOMEM) on failure.
 */
#ifndef KERNEL_SCHED_KTHREAD_H
#define KERNEL_SCHED_KTHREAD_H

#include "kernel/types.h"

struct task_struct;

struct task_struct *kthread_run(int (*fn)(void *), void *arg,
				const char *name);
/* Wait for the child kthread t to exit, reap it, return fn's value. */
int kthread_wait(struct task_struct *t);

#endif
