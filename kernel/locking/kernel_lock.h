/*
 * kernel/locking/kernel_lock.h - the big kernel lock: one CPU in the
 * kernel at a time.
 *
 * Mapback's kernel was written for one CPU: its data is guarded by
 * "interrupts off" and by the fact that kernel code of a user task runs
 * until it sleeps.  Rather than lock every structure at once, several
 * CPUs share the kernel the way Linux 2.0 first did: a CPU holds the big
 * kernel lock (BKL) whenever it runs kernel code, so kernel code still
 * runs on one CPU at a time and every rule written for one CPU holds,
 * while user code runs on all CPUs at once.
 *
 * The lock belongs to a CPU, not to a task.  A CPU takes it on entering
 * the kernel (kernel/cpu/trap.c) and keeps it across schedule(): the task
 * switched to is in the kernel too.  It lets go on the way out to user
 * mode (trapret) and while its idle task halts.  The exceptions, which
 * run without it and take no other lock: the function-call IPI (a TLB
 * shootdown must reach a CPU that is waiting for the BKL), the APIC's
 * spurious and error interrupts, and the timer tick of a CPU halted in
 * idle (it only counts).
 *
 * A CPU spinning for the lock still answers function calls sent to it,
 * with interrupts off or on: the holder may be waiting for that answer.
 * One that waited long with interrupts on halts until the holder lets go,
 * and waiting CPUs are served in the order they came, a halted one's turn
 * passing to those awake until it wakes (kernel_lock.c).
 */
#ifndef KERNEL_LOCKING_KERNEL_LOCK_H
#define KERNEL_LOCKING_KERNEL_LOCK_H

#include "kernel/types.h"

/* /proc/vmstat (Mapback's own lines): how often a CPU found the lock
 * held, the milliseconds CPUs spent waiting for it, all together, and
 * how often a waiting CPU halted until the holder woke it. */
struct bkl_stats {
	u32 contended;
	u32 spin_ms;
	u32 sleeps;
};
extern struct bkl_stats bkl_stats;

/* Take the BKL for this CPU, spinning while another CPU holds it.  BUGs
 * if this CPU holds it already. */
void lock_kernel(void);
/* Take it if no CPU holds it; false, having waited for nothing, if one
 * does (this one included). */
bool trylock_kernel(void);
/* Let go of it; this CPU must hold it. */
void unlock_kernel(void);
/* Does this CPU hold it? */
bool kernel_locked(void);
/* Does another CPU wait for it?  (A test that lets go of the lock waits
 * for this first, to know who takes it next.) */
bool kernel_lock_wanted(void);
/* The rule of turns (kernel_lock.c), apart so that a ktest can try it
 * on made-up waiters: is ticket mine older than the ticket of every CPU
 * in others that is not in sleepers?  A CPU whose ticket is 0 waits no
 * more.  Tickets are compared as a distance, so that the count may
 * wrap. */
bool ticket_is_oldest(u32 mine, u32 others, u32 sleepers,
		      const volatile u32 *tickets);
/* trapret, on the way to user mode: interrupts off, then let go of the
 * lock if this CPU holds it. */
void exit_to_user_mode(void);

#endif
