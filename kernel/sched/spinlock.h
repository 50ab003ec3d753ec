/*
 * kernel/sched/spinlock.h - spinlocks, with Linux's names.
 *
 * The lock word is taken with xchg, which every 386 has and which is
 * locked on the bus by itself: 0 is free, 1 held.  Release is a plain
 * store, ordered after the critical section by x86's store order and a
 * compiler barrier.  A lock found held is waited for, spinning
 * (kernel/locking/spinlock.c), unless only one CPU is online: then the
 * holder is this CPU's own code, further down the stack or interrupted,
 * and waiting would never end, so that bug is reported at once (a panic
 * naming the lock).  With several CPUs a lock taken twice by one CPU is
 * the validator's to report (`lockdep`, on in the test boots), with the
 * chains of both acquisitions: the word has no room for its holder, and
 * writing one at every acquisition would cost the fast path (0.8% of
 * sdet's instructions, measured).
 *
 * Most kernel code still runs under the big kernel lock
 * (kernel/locking/kernel_lock.h), one CPU at a time, so most locks are
 * never found held by another CPU yet; the code that runs beside it
 * (function-call IPIs, the lock tests) is where they are.
 *
 * The variants say what else is shut out while the lock is held:
 *   spin_lock         preemption (kernel threads are preempted at any tick)
 *   spin_lock_irq     interrupts, which must be on before; unlock turns
 *                     them on
 *   spin_lock_irqsave interrupts, restoring their state at unlock: the
 *                     one to use where interrupts may already be off, and
 *                     for any lock an interrupt handler also takes
 * Every lock has a class for the validator (kernel/locking/lockdep.h):
 * DEFINE_SPINLOCK makes a class of that one lock; spin_lock_init makes
 * one for all locks initialised at that line.  Never sleep holding one.
 */
#ifndef KERNEL_SCHED_SPINLOCK_H
#define KERNEL_SCHED_SPINLOCK_H

#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/locking/lockdep.h"

typedef struct {
	volatile u32 slock; /* 1 while held */
	struct lockdep_map dep_map;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(lname) { 0, STATIC_LOCKDEP_MAP_INIT(#lname) }
#define DEFINE_SPINLOCK(x) spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

static inline void __spin_lock_init(spinlock_t *l, const char *name,
				    struct lock_class_key *key)
{
	l->slock = 0;
	lockdep_init_map(&l->dep_map, name, key);
}

#define spin_lock_init(l)                                 \
	do {                                              \
		static struct lock_class_key __key;       \
		__spin_lock_init((l), #l, &__key);       \
	} while (0)

/* The lock was found held: wait for another CPU to let go and take it,
 * or stop when this CPU is the only one (kernel/locking/spinlock.c). */
void spin_lock_contended(spinlock_t *l);
/* A kernel thread holding a plain spin_lock must not be preempted. */
void preempt_disable(void);
void preempt_enable(void);

static inline bool arch_spin_trylock(spinlock_t *l)
{
	return xchg(&l->slock, 1) == 0;
}

static inline void arch_spin_lock(spinlock_t *l)
{
	if (unlikely(!arch_spin_trylock(l)))
		spin_lock_contended(l);
}

static inline void arch_spin_unlock(spinlock_t *l)
{
	BUG_ON(!l->slock);
	asm volatile("" : : : "memory");
	l->slock = 0;
}

/* subclass: a second lock of the same class taken inside the first, in
 * an order the code guarantees (Linux's spin_lock_nested). */
static inline void spin_lock_nested(spinlock_t *l, int subclass)
{
	preempt_disable();
	lock_acquire(&l->dep_map, subclass, false, 0);
	arch_spin_lock(l);
}

static inline void spin_lock(spinlock_t *l)
{
	spin_lock_nested(l, 0);
}

static inline void spin_unlock(spinlock_t *l)
{
	lock_release(&l->dep_map, 0);
	arch_spin_unlock(l);
	preempt_enable();
}

/* True (and locked) if the lock was free. */
static inline bool spin_trylock(spinlock_t *l)
{
	preempt_disable();
	if (arch_spin_trylock(l)) {
		lock_acquire(&l->dep_map, 0, true, 0);
		return true;
	}
	preempt_enable();
	return false;
}

static inline void spin_lock_irq(spinlock_t *l)
{
	cli();
	lock_acquire(&l->dep_map, 0, false, 0);
	arch_spin_lock(l);
}

static inline void spin_unlock_irq(spinlock_t *l)
{
	lock_release_irq(&l->dep_map, true, 0);
	arch_spin_unlock(l);
	sti();
}

static inline u32 __spin_lock_irqsave(spinlock_t *l, int subclass)
{
	u32 flags = irq_save();

	lock_acquire(&l->dep_map, subclass, false, 0);
	arch_spin_lock(l);
	return flags;
}

static inline bool __spin_trylock_irqsave(spinlock_t *l, u32 *flags)
{
	*flags = irq_save();
	if (arch_spin_trylock(l)) {
		lock_acquire(&l->dep_map, 0, true, 0);
		return true;
	}
	irq_restore(*flags);
	return false;
}

static inline void __spin_unlock_irqrestore(spinlock_t *l, u32 flags)
{
	lock_release_irq(&l->dep_map, flags & EFLAGS_IF, 0);
	arch_spin_unlock(l);
	irq_restore(flags);
}

#define spin_lock_irqsave(l, flags) \
	((flags) = __spin_lock_irqsave((l), 0))
#define spin_lock_irqsave_nested(l, flags, subclass) \
	((flags) = __spin_lock_irqsave((l), (subclass)))
#define spin_unlock_irqrestore(l, flags) \
	__spin_unlock_irqrestore((l), (flags))
/* True (and locked, interrupts off) if the lock was free. */
#define spin_trylock_irqsave(l, flags)                     \
	({                                                 \
		u32 __f;                                   \
		bool __got = __spin_trylock_irqsave((l), &__f); \
		(flags) = __f;                             \
		__got;                                     \
	})

static inline bool spin_is_locked(spinlock_t *l)
{
	return l->slock;
}

#endif
