/*
 * kernel/cpu/bitops.h - single bits of a word in memory, with Linux's names.
 *
 * set_bit, clear_bit and the test_and_ forms are one read-modify-write
 * instruction each (bts, btr) with the `lock` prefix, which every 386
 * has.  Without it the instruction reads the word, changes its bit and
 * writes the word back in separate bus cycles: another CPU changing
 * another bit of the same word in between would have its change
 * overwritten.  The words these serve are shared that way: a page's
 * flags (a file page is looked at by every CPU whose process maps it),
 * a PTE (the processor itself sets its accessed and dirty bits, on any
 * CPU using it), the masks of CPUs (cpu_vm_mask, the big kernel lock's
 * waiters).  On one CPU the prefix changes nothing but a few cycles:
 * an instruction is never split by an interrupt either way.
 *
 * test_bit is a plain read (a word is read whole), which the compiler
 * may combine with the tests of other bits of the same word.
 */
#ifndef KERNEL_CPU_BITOPS_H
#define KERNEL_CPU_BITOPS_H

#include "kernel/types.h"

static inline bool test_bit(int nr, const volatile u32 *addr)
{
	return (*(const u32 *)addr >> nr) & 1;
}

static inline void set_bit(int nr, volatile u32 *addr)
{
	asm volatile("lock; btsl %1, %0" : "+m"(*addr) : "Ir"(nr) : "memory");
}

static inline void clear_bit(int nr, volatile u32 *addr)
{
	asm volatile("lock; btrl %1, %0" : "+m"(*addr) : "Ir"(nr) : "memory");
}

static inline bool test_and_set_bit(int nr, volatile u32 *addr)
{
	u8 old;
	asm volatile("lock; btsl %2, %0; setc %1"
		     : "+m"(*addr), "=q"(old)
		     : "Ir"(nr)
		     : "memory", "cc");
	return old;
}

static inline bool test_and_clear_bit(int nr, volatile u32 *addr)
{
	u8 old;
	asm volatile("lock; btrl %2, %0; setc %1"
		     : "+m"(*addr), "=q"(old)
		     : "Ir"(nr)
		     : "memory", "cc");
	return old;
}

#endif
