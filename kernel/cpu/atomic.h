/*
 * kernel/cpu/atomic.h - counters several CPUs change at once, with Linux's
 * names (atomic_t).
 *
 * `count++` is a read, an add and a write: two CPUs doing it at the same
 * moment both read 5 and both write 6, and a reference is lost (a page
 * freed while still mapped).  The `lock` prefix makes an inc or a dec
 * one indivisible bus transaction; it is on every 386.  What a 386 lacks
 * is xadd (the 486's), so there is no atomic_add_return here: the only
 * answers an update gives back are the ones its flags give for free,
 * "did it reach zero" (atomic_dec_and_test, atomic_inc_and_test: the
 * zero flag) and "was it zero" (atomic_dec_was_zero: the carry of adding
 * -1), which is what a reference count and the negated mapcount of
 * mm/rmap/rmap.h need.  atomic_read and atomic_set are plain: an aligned
 * word is read and written whole.
 */
#ifndef KERNEL_CPU_ATOMIC_H
#define KERNEL_CPU_ATOMIC_H

#include "kernel/types.h"

typedef struct {
	volatile int counter;
} atomic_t;

static inline int atomic_read(const atomic_t *v)
{
	return v->counter;
}

static inline void atomic_set(atomic_t *v, int i)
{
	v->counter = i;
}

static inline void atomic_inc(atomic_t *v)
{
	asm volatile("lock; incl %0" : "+m"(v->counter) : : "memory");
}

static inline void atomic_dec(atomic_t *v)
{
	asm volatile("lock; decl %0" : "+m"(v->counter) : : "memory");
}

/* Increment; true if the count reached zero. */
static inline bool atomic_inc_and_test(atomic_t *v)
{
	u8 zero;
	asm volatile("lock; incl %0; sete %1"
		     : "+m"(v->counter), "=qm"(zero)
		     :
		     : "memory", "cc");
	return zero;
}

/* Add -1; true if the count was zero before: adding 0xffffffff carries
 * out of every value but 0, so the carry flag says what xadd would. */
static inline bool atomic_dec_was_zero(atomic_t *v)
{
	u8 carry;
	asm volatile("lock; addl $-1, %0; setc %1"
		     : "+m"(v->counter), "=qm"(carry)
		     :
		     : "memory", "cc");
	return !carry;
}

/* Decrement; true if the count reached zero (the last reference). */
static inline bool atomic_dec_and_test(atomic_t *v)
{
	u8 zero;
	asm volatile("lock; decl %0; sete %1"
		     : "+m"(v->counter), "=qm"(zero)
		     :
		     : "memory", "cc");
	return zero;
}

/*
 * Statistics counters (/proc/vmstat, /proc/meminfo, /proc/rmap): plain
 * u32s that /proc reads whole, bumped from any CPU with one locked add.
 * A lost update would not crash anything, but a gauge such as
 * nr_mapped or nr_slab would drift from the truth for good.
 */
static inline void stat_add(volatile u32 *counter, u32 n)
{
	asm volatile("lock; addl %1, %0" : "+m"(*counter) : "ir"(n) : "memory");
}

static inline void stat_sub(volatile u32 *counter, u32 n)
{
	asm volatile("lock; subl %1, %0" : "+m"(*counter) : "ir"(n) : "memory");
}

static inline void stat_inc(volatile u32 *counter)
{
	asm volatile("lock; incl %0" : "+m"(*counter) : : "memory");
}

static inline void stat_dec(volatile u32 *counter)
{
	asm volatile("lock; decl %0" : "+m"(*counter) : : "memory");
}

#endif
