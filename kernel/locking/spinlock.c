/*
 * kernel/locking/spinlock.c - what a spinlock does when it finds its lock
 * held (kernel/sched/spinlock.h).
 *
 * The holder is either this CPU's own code, further down the stack (the
 * lock taken twice) or interrupted by the code now asking (a handler
 * taking a lock without having shut its interrupt out), or another CPU.
 * This CPU's own holder cannot run again while we spin: waiting would
 * hang the machine, so the bug is reported at once with the locks the
 * task holds and a backtrace (with `lockdep` the validator has usually
 * reported it already, with the chain of the first acquisition too).
 * Another CPU's holder lets go in time, so we spin until the word reads
 * free and then race for it with xchg again.
 *
 * Spinning reads the word without writing it (an xchg per turn would
 * keep the holder's cache line moving), with `pause`, and runs the
 * function calls sent to this CPU (smp_call_function_poll): the holder
 * may be waiting, lock held, for this CPU to answer a TLB shootdown,
 * and with interrupts off the IPI would never be taken.
 */
#include "kernel/sched/spinlock.h"
#include "kernel/printk.h"
#include "kernel/smp/smp.h"

static void __noreturn self_deadlock(spinlock_t *l)
{
	printk("BUG: spinlock %s (%p) found held by this CPU (CPU%d)\n",
	       l->dep_map.name ? l->dep_map.name : "(unnamed)", l,
	       smp_processor_id());
	lockdep_print_held_locks();
	panic("spinlock %p taken while held: deadlock", l);
}

void spin_lock_contended(spinlock_t *l)
{
	do {
		if (l->owner == (u32)smp_processor_id() + 1)
			self_deadlock(l);
		while (l->slock) {
			smp_call_function_poll();
			asm volatile("rep; nop" : : : "memory");
		}
	} while (!arch_spin_trylock(l));
}
