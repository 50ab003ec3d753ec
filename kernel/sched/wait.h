/*
 * kernel/sched/wait.h - wait queues: where tasks sleep until a condition holds.
 *
 *	wait_queue_head_t wq;  init_waitqueue_head(&wq);
 *	wait_event(wq, cond);                  sleeper (wq is the head itself)
 *	r = wait_event_interruptible(wq, cond) 0, or -ERESTARTSYS on a signal
 *	cond = 1; wake_up(&wq);                waker
 *
 * As in Linux the sleeper puts itself on the queue and marks itself asleep
 * *before* testing the condition, so a wake_up between the test and
 * schedule() just makes it runnable again: no wake-up is lost.  wake_up
 * may be called from interrupt handlers.  The queue is protected by
 * disabling interrupts (Mapback is uniprocessor).
 *
 * An entry may instead carry a function (init_waitqueue_func_entry), which
 * wake_up calls in place of waking a task, with interrupts off: epoll
 * hangs one such entry on each file it watches (compat/eventpoll.c), for as
 * long as it watches it (add_wait_queue, remove_wait_queue).
 */
#ifndef KERNEL_SCHED_WAIT_H
#define KERNEL_SCHED_WAIT_H

#include "kernel/types.h"
#include "kernel/errno.h"
#include "kernel/list.h"

struct task_struct;

typedef struct wait_queue_head {
	struct list_head task_list;	/* of struct wait_queue */
} wait_queue_head_t;

struct wait_queue;
typedef void (*wait_queue_func_t)(struct wait_queue *w);

typedef struct wait_queue {
	struct task_struct *task;	/* NULL for a func entry */
	wait_queue_func_t func;		/* NULL: wake task */
	struct list_head link;		/* in the head's task_list */
} wait_queue_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) { LIST_HEAD_INIT((name).task_list) }
#define DECLARE_WAIT_QUEUE_HEAD(name) \
	wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

void init_waitqueue_head(wait_queue_head_t *q);
void init_wait(wait_queue_t *w);
/* An entry that calls func on wake_up instead of waking a task. */
void init_waitqueue_func_entry(wait_queue_t *w, wait_queue_func_t func);
/* Queue or unqueue w without touching current->state. */
void add_wait_queue(wait_queue_head_t *q, wait_queue_t *w);
void remove_wait_queue(wait_queue_head_t *q, wait_queue_t *w);

/* Queue w (if not queued) and set current->state to state. */
void prepare_to_wait(wait_queue_head_t *q, wait_queue_t *w, long state);
/* Back to TASK_RUNNING and off the queue. */
void finish_wait(wait_queue_head_t *q, wait_queue_t *w);

/* Wake every task on q (any sleeping state). */
void wake_up(wait_queue_head_t *q);
#define wake_up_all(q) wake_up(q)
bool waitqueue_active(wait_queue_head_t *q);

/* From kernel/sched/sched.h and kernel/signal/signal.c, for the macros below. */
void schedule(void);
bool signal_pending_current(void);

#define __WAIT_TASK_INTERRUPTIBLE	1	/* = TASK_INTERRUPTIBLE */
#define __WAIT_TASK_UNINTERRUPTIBLE	2	/* = TASK_UNINTERRUPTIBLE */

#define wait_event(wq, cond)                                               \
	do {                                                               \
		wait_queue_t __w;                                          \
		init_wait(&__w);                                           \
		for (;;) {                                                 \
			prepare_to_wait(&(wq), &__w,                       \
					__WAIT_TASK_UNINTERRUPTIBLE);      \
			if (cond)                                          \
				break;                                     \
			schedule();                                        \
		}                                                          \
		finish_wait(&(wq), &__w);                                  \
	} while (0)

/*
 * Returns 0 once cond holds, -ERESTARTSYS if a signal arrived first.  A
 * system call returns that as it is: on the way out the signal code turns
 * it into EINTR, or restarts the call if the handler has SA_RESTART (a
 * pipe read must resume under SA_RESTART, as on Linux).
 */
#define wait_event_interruptible(wq, cond)                                 \
	({                                                                 \
		int __ret = 0;                                             \
		wait_queue_t __w;                                          \
		init_wait(&__w);                                           \
		for (;;) {                                                 \
			prepare_to_wait(&(wq), &__w,                       \
					__WAIT_TASK_INTERRUPTIBLE);        \
			if (cond)                                          \
				break;                                     \
			if (signal_pending_current()) {                    \
				__ret = -ERESTARTSYS;                          \
				break;                                     \
			}                                                  \
			schedule();                                        \
		}                                                          \
		finish_wait(&(wq), &__w);                                  \
		__ret;                                                     \
	})

#endif
