/*
 * compat/rseq.h - restartable sequences (compat/rseq.c).
 */
#ifndef COMPAT_RSEQ_H
#define COMPAT_RSEQ_H

#include "kernel/types.h"

struct task_struct;
struct trapframe;

/* schedule(): t is switched out; a critical section it is in restarts. */
void rseq_preempt(struct task_struct *t);
/* handle_signal, before the frame: abort the section the signal hit. */
void rseq_signal_deliver(struct trapframe *tf);
/* Return to user with current->rseq_resume set: abort an interrupted
 * section, store cpu_id; SIGSEGV if the area or descriptor is bad. */
void rseq_handle_notify_resume(struct trapframe *tf);
/* fork: a new process keeps the registration, a new thread has none. */
void rseq_fork(struct task_struct *p, struct task_struct *parent,
	       u32 clone_flags);
/* execve (and unregistering): no area any more. */
void rseq_execve(struct task_struct *t);

#endif
