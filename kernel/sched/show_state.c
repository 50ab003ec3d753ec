/*
 * kernel/sched/show_state.c - every task and where it waits, for a person
 * looking at a machine that has stopped making progress.
 *
 * A task that is not on a CPU stopped in schedule(), inside swtch(): its
 * struct context holds the return address into schedule() and schedule's
 * frame pointer, so the frame chain from there names what it sleeps in
 * (a pipe read, a wait for a page, a semaphore).  A task on a CPU is
 * shown by that CPU's own backtrace.
 *
 * Called from the NMI handler (kernel/cpu/nmi.c), which may interrupt
 * anything, so it takes no lock: a task list changing under it on
 * another CPU can show a task twice or skip one.  That is the price of
 * looking at a machine whose locks may be the reason it is stuck.
 */
#include "kernel/sched/sched.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"

static void show_task(struct task_struct *t)
{
	printk("%5d %5d %c %3d %s\n", t->pid, t->tgid, task_state_char(t),
	       t->cpu, t->comm);
	if (t->on_cpu || !t->context)
		return;
	printk("Call Trace:\n");
	print_address(t->context->eip);
	dump_frames(t->context->ebp);
}

void show_state(void)
{
	struct task_struct *t;

	printk("  PID  TGID S CPU COMM\n");
	list_for_each_entry(t, &task_list, tasks)
		show_task(t);
}
