/*
 * kernel/locking/bit_spinlock.h - one bit of a word used as a spinlock,
 * with Linux's names: a lock that costs no space where there is none to
 * spare (struct page: PG_chainlock, mm/rmap/pte_chain.h).
 *
 * The bit is taken with a locked bts (kernel/cpu/bitops.h).  Found held,
 * it is waited for as a spinlock is (kernel/locking/spinlock.c), reading
 * and answering function calls, but a bit has no room for its holder's
 * CPU: with one CPU online the holder can only be this CPU's own code,
 * and that stops loudly; with several, a lock taken twice by one CPU is
 * the validator's to report (the bit lock's users give it a class).
 * Callers turn interrupts off first, as for every lock an interrupt
 * handler may also take.
 */
#ifndef KERNEL_LOCKING_BIT_SPINLOCK_H
#define KERNEL_LOCKING_BIT_SPINLOCK_H

#include "kernel/cpu/bitops.h"
#include "kernel/panic.h"

/* Wait until the bit reads clear (kernel/locking/spinlock.c). */
void bit_spin_contended(int nr, volatile u32 *addr);

static inline void bit_spin_lock(int nr, volatile u32 *addr)
{
	while (unlikely(test_and_set_bit(nr, addr)))
		bit_spin_contended(nr, addr);
}

static inline void bit_spin_unlock(int nr, volatile u32 *addr)
{
	BUG_ON(!test_and_clear_bit(nr, addr));
}

#endif
