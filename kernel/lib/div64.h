/*
 * kernel/lib/div64.h - 64-by-32-bit division without libgcc.
 *
 * GCC turns a u64 division into a call to libgcc's __udivdi3, and Debian's
 * libgcc is built for the i686, so the kernel does not link it.  do_div()
 * divides *n by base in place and returns the remainder, with two 32-bit
 * divl instructions, as Linux's asm-i386/div64.h does.
 */
#ifndef KERNEL_LIB_DIV64_H
#define KERNEL_LIB_DIV64_H

#include "kernel/types.h"

static inline u32 do_div(u64 *n, u32 base)
{
	u32 hi = (u32)(*n >> 32), lo = (u32)*n, qhi = 0, rem;

	if (hi >= base) {
		qhi = hi / base;
		hi = hi % base;
	}
	asm("divl %4" : "=a"(lo), "=d"(rem) : "0"(lo), "1"(hi), "rm"(base));
	*n = ((u64)qhi << 32) | lo;
	return rem;
}

#endif
