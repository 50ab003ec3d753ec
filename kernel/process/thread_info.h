/*
 * kernel/process/thread_info.h - what a kernel stack knows about itself:
 * the task that owns it and the CPU running it.
 *
 * Every kernel stack is THREAD_SIZE bytes at a THREAD_SIZE-aligned
 * address (kernel/process/kstack.c, boot.asm's boot stack), with a struct
 * thread_info in its lowest bytes, as Linux 2.6 i386 kept it:
 *
 *   stack + THREAD_SIZE  +------------------------+  <- esp0: a trap from
 *                        | trapframe (user entry) |     user mode starts here
 *                        | kernel frames          |
 *                        |   grow down  ...       |
 *                        +------------------------+
 *                        | struct thread_info     |  <- esp & ~(THREAD_SIZE-1)
 *   stack                +------------------------+
 *
 * So any code running on a kernel stack finds its task and its CPU from
 * %esp alone, with no global to update and none to share between CPUs:
 * `current` is the stack's task, smp_processor_id() the CPU the scheduler
 * last ran that task on (context_switch writes it before switching to the
 * stack).  A task moves to another CPU only by switching stacks in
 * schedule(), so the CPU number cannot change under code that holds a
 * spinlock or runs with interrupts off.
 *
 * The magic word is the stack's lowest: a stack that overflowed into it
 * is caught at the next context switch.
 */
#ifndef KERNEL_PROCESS_THREAD_INFO_H
#define KERNEL_PROCESS_THREAD_INFO_H

#include "kernel/types.h"

#define THREAD_SIZE	8192		/* kernel stack per task: 2 pages */
#define STACK_END_MAGIC	0x57AC6E9D	/* lowest word of every kernel stack */

struct task_struct;

struct thread_info {
	u32 stack_end_magic;		/* STACK_END_MAGIC while intact */
	struct task_struct *task;	/* the stack's owner */
	int cpu;			/* the CPU running it */
};

static inline struct thread_info *current_thread_info(void)
{
	u32 esp;

	asm("movl %%esp, %0" : "=r"(esp));
	return (struct thread_info *)(esp & ~(THREAD_SIZE - 1));
}

/* Make stack (THREAD_SIZE-aligned) the kernel stack of task t. */
static inline void setup_thread_info(void *stack, struct task_struct *t)
{
	struct thread_info *ti = stack;

	ti->stack_end_magic = STACK_END_MAGIC;
	ti->task = t;
	ti->cpu = 0;
}

#define current (current_thread_info()->task)

#endif
