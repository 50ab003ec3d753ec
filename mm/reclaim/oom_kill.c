/*
 * mm/reclaim/oom_kill.c - the out-of-memory killer.
 *
 * The allocator calls out_of_memory() only after reclaim has freed nothing
 * several passes in a row: the LRU lists hold nothing that can go (swap
 * is full or absent, or every page is locked).  The victim is the process
 * with the most resident pages, never init nor a kernel thread (as on
 * Linux: init's death would panic, and a kernel thread holds no user
 * memory to free).  It gets SIGKILL, and its
 * pending allocations give up at once (page_alloc.c checks), so it
 * reaches do_exit and frees its address space.
 *
 * oom_victim is that one dying task.  While it lives nobody else is
 * killed: the memory it is about to free is what everyone waits for.
 * oom_task_exited(), called from exit_task_resources() once the address
 * space is released, clears it and wakes the waiters.
 */
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/sched/wait.h"
#include "mm/vm/mm_struct.h"
#include "mm/reclaim/oom_kill.h"
#include "mm/reclaim/vmscan.h"

#define OOM_WAIT_TICKS HZ	/* a victim that takes longer may be stuck */

static struct task_struct *oom_victim;
static DECLARE_WAIT_QUEUE_HEAD(oom_wait);

bool oom_unkillable_task(const struct task_struct *t)
{
	return !t->mm || t == init_task || (t->flags & PF_KTHREAD);
}

/* The process with the most resident pages; interrupts are off. */
static struct task_struct *select_bad_process(void)
{
	struct task_struct *t, *victim = NULL;

	list_for_each_entry(t, &task_list, tasks)
		if (!oom_unkillable_task(t) && !(t->flags & PF_EXITING) &&
		    (!victim || t->mm->rss > victim->mm->rss))
			victim = t;
	return victim;
}

enum oom_result out_of_memory(void)
{
	struct task_struct *victim;
	u32 flags = tasklist_lock_irqsave();

	if (oom_victim) {
		tasklist_unlock_irqrestore(flags);
		return OOM_KILLED;
	}
	victim = select_bad_process();
	if (victim)
		oom_victim = victim;
	tasklist_unlock_irqrestore(flags);
	if (!victim)
		return OOM_NO_VICTIM;
	printk("Out of memory: Killed process %d (%s) total-vm:%lukB, rss:%lukB\n",
	       victim->pid, victim->comm, K(victim->mm->total_vm),
	       K(victim->mm->rss));
	stat_inc(&vm_events.oom_kill);
	force_sig(SIGKILL, victim);
	return OOM_KILLED;
}

bool oom_wait_for_victim(void)
{
	wait_queue_t w;
	long left = OOM_WAIT_TICKS;

	init_wait(&w);
	for (;;) {
		prepare_to_wait(&oom_wait, &w, TASK_UNINTERRUPTIBLE);
		if (!oom_victim || oom_victim == current || !left)
			break;
		left = schedule_timeout(left);
	}
	finish_wait(&oom_wait, &w);
	return !oom_victim;
}

void oom_task_exited(struct task_struct *t)
{
	if (t != oom_victim)
		return;
	oom_victim = NULL;
	wake_up(&oom_wait);
}
