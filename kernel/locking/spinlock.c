/*
 * kernel/locking/spinlock.c - what a spinlock does when it finds its lock
 * held (kernel/sched/spinlock.h).
 *
 * With one CPU the holder is this CPU's own code: further down the stack
 * (the lock taken twice), or an interrupted or preempted holder that
 * cannot run again while we spin.  Waiting would hang the machine, so the
 * bug is reported at once with the locks the task holds and a backtrace.
 * With `lockdep` the validator has usually reported it already, with the
 * chain of the first acquisition too.
 */
#include "kernel/sched/spinlock.h"
#include "kernel/printk.h"

void spin_lock_contended(spinlock_t *l)
{
	printk("BUG: spinlock %s (%p) found held on one CPU\n",
	       l->dep_map.name ? l->dep_map.name : "(unnamed)", l);
	lockdep_print_held_locks();
	panic("spinlock %p taken while held: deadlock", l);
}
