/*
 * kernel/sched/wait.c - wait queues (see kernel/sched/wait.h).
 *
 * A wait_queue entry lives on the sleeper's stack for the length of one
 * wait_event.  wake_up() only makes tasks runnable; each woken task
 * re-tests its own condition, so wake-ups may be spurious but never lost.
 */
#include "kernel/sched/wait.h"
#include "kernel/cpu/io.h"
#include "kernel/sched/sched.h"
#include "kernel/process/task.h"

_Static_assert(__WAIT_TASK_INTERRUPTIBLE == TASK_INTERRUPTIBLE, "state");
_Static_assert(__WAIT_TASK_UNINTERRUPTIBLE == TASK_UNINTERRUPTIBLE, "state");

void init_waitqueue_head(wait_queue_head_t *q)
{
	INIT_LIST_HEAD(&q->task_list);
}

void init_wait(wait_queue_t *w)
{
	w->task = current;
	w->func = NULL;
	INIT_LIST_HEAD(&w->link);
}

void init_waitqueue_func_entry(wait_queue_t *w, wait_queue_func_t func)
{
	w->task = NULL;
	w->func = func;
	INIT_LIST_HEAD(&w->link);
}

void add_wait_queue(wait_queue_head_t *q, wait_queue_t *w)
{
	u32 flags = irq_save();

	list_add_tail(&w->link, &q->task_list);
	irq_restore(flags);
}

void remove_wait_queue(wait_queue_head_t *q, wait_queue_t *w)
{
	u32 flags = irq_save();

	(void)q;
	list_del_init(&w->link);
	irq_restore(flags);
}

void prepare_to_wait(wait_queue_head_t *q, wait_queue_t *w, long state)
{
	u32 flags = irq_save();

	if (list_empty(&w->link))
		list_add_tail(&w->link, &q->task_list);
	current->state = state;
	irq_restore(flags);
}

void finish_wait(wait_queue_head_t *q, wait_queue_t *w)
{
	u32 flags = irq_save();

	(void)q;
	current->state = TASK_RUNNING;
	if (!list_empty(&w->link))
		list_del_init(&w->link);
	irq_restore(flags);
}

static void __wake_up(wait_queue_head_t *q, long states)
{
	wait_queue_t *w;
	u32 flags = irq_save();

	list_for_each_entry(w, &q->task_list, link)
		if (w->func)
			w->func(w);
		else if (w->task->state & states)
			wake_up_process(w->task);
	irq_restore(flags);
}

void wake_up(wait_queue_head_t *q)
{
	__wake_up(q, TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE);
}

bool waitqueue_active(wait_queue_head_t *q)
{
	return !list_empty(&q->task_list);
}
