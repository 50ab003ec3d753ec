/*
 * kernel/panic.h - stopping loudly.  panic() prints the reason and a
 * backtrace, then halts (or, in test mode, ends the emulator with a
 * failure code); a fatal trap goes through die() (kernel/cpu/trap.c), which
 * prints the registers first.  BUG_ON() guards invariants.
 */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include "kernel/types.h"

void __noreturn panic(const char *fmt, ...) __printf(1, 2);

#define BUG() panic("kernel BUG at %s:%d!", __FILE__, __LINE__)
#define BUG_ON(cond)                                                      \
	do {                                                              \
		if (unlikely(cond))                                       \
			panic("kernel BUG at %s:%d: %s", __FILE__, __LINE__, \
			      #cond);                                     \
	} while (0)

/* As panic(), but the backtrace starts at frame ebp (0: none); die() uses it. */
void __noreturn panic_at(u32 ebp, const char *fmt, ...) __printf(2, 3);

/*
 * Print the return addresses up the frame-pointer chain from ebp, one a
 * line as ` [<c0101234>] function+0x12`.
 */
void dump_backtrace(u32 ebp);
/* The same lines without the "Call Trace:" header. */
void dump_frames(u32 ebp);
/* One such line for addr. */
void print_address(u32 addr);

#endif
