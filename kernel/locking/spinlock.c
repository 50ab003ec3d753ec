/*
 * kernel/locking/spinlock.c - what a spinlock, or a bit lock, does when
 * it finds its lock held (kernel/sched/spinlock.h,
 * kernel/locking/bit_spinlock.h).
 *
 * The holder is either another CPU, which lets go in time, or this CPU's
 * own code, further down the stack (the lock taken twice) or interrupted
 * by the code now asking (a handler taking a lock without having shut
 * its interrupt out), which cannot run again while we spin.  With one
 * CPU online it can only be the second: waiting would hang the machine,
 * so the bug is reported at once with the locks the task holds and a
 * backtrace.  With several, the lock word does not say which: the
 * validator (`lockdep`) reports a lock taken twice before we get here,
 * and otherwise we spin until the word reads free and race for it again.
 *
 * Spinning reads the word without writing it (an xchg per turn would
 * keep the holder's cache line moving), with `pause`, and runs the
 * function calls sent to this CPU (smp_call_function_poll): the holder
 * may be waiting, lock held, for this CPU to answer a TLB shootdown,
 * and with interrupts off the IPI would never be taken.
 */
#include "kernel/sched/spinlock.h"
#include "kernel/locking/bit_spinlock.h"
#include "kernel/printk.h"
#include "kernel/smp/smp.h"

/* Wait until the bits of mask in *word are clear; what names the lock
 * in the report when this CPU is the only one that could hold it (a
 * spinlock's address is its word's). */
static void wait_for_release(volatile u32 *word, u32 mask, const char *what)
{
	if (num_online_cpus() == 1) {
		printk("BUG: %s (%p) found held on one CPU\n", what,
		       (void *)word);
		lockdep_print_held_locks();
		panic("%s %p taken while held: deadlock", what, (void *)word);
	}
	while (*word & mask) {
		smp_call_function_poll();
		cpu_relax();
	}
}

void spin_lock_contended(spinlock_t *l)
{
	const char *name = l->dep_map.name ? l->dep_map.name : "spinlock";

	do
		wait_for_release(&l->slock, 1, name);
	while (!arch_spin_trylock(l));
}

void bit_spin_contended(int nr, volatile u32 *addr)
{
	wait_for_release(addr, 1u << nr, "bit lock");
}
