/*
 * kernel/sched/spinlock.h - Linux's spinlock names on a uniprocessor.
 *
 * With one CPU, holding a spinlock means nothing else may run: interrupts
 * are off for as long as it is held.  The locked flag adds what a real
 * lock would catch: taking it twice is a bug (BUG_ON), and spin_trylock
 * reports a held lock, which the reverse-mapping walks rely on.  Never
 * sleep with a spinlock held.
 */
#ifndef KERNEL_SCHED_SPINLOCK_H
#define KERNEL_SCHED_SPINLOCK_H

#include "kernel/cpu/io.h"
#include "kernel/panic.h"

typedef struct {
	int locked;
} spinlock_t;

#define SPIN_LOCK_UNLOCKED { 0 }

static inline void spin_lock_init(spinlock_t *l)
{
	l->locked = 0;
}

#define spin_lock_irqsave(l, flags)           \
	do {                                  \
		(flags) = irq_save();         \
		BUG_ON((l)->locked);          \
		(l)->locked = 1;              \
	} while (0)

#define spin_unlock_irqrestore(l, flags)      \
	do {                                  \
		BUG_ON(!(l)->locked);         \
		(l)->locked = 0;              \
		irq_restore(flags);           \
	} while (0)

/* True (and locked, interrupts off) if the lock was free. */
#define spin_trylock_irqsave(l, flags)                       \
	({                                                   \
		bool __got;                                  \
		(flags) = irq_save();                        \
		__got = !(l)->locked;                        \
		if (__got)                                   \
			(l)->locked = 1;                     \
		else                                         \
			irq_restore(flags);                  \
		__got;                                       \
	})

static inline bool spin_is_locked(spinlock_t *l)
{
	return l->locked;
}

#endif
