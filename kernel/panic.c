/*
 * kernel/panic.c - the end of the line.
 *
 * Interrupts go off first so nothing runs behind our back, then we print
 * and stop.  A panic inside a panic (say, the backtrace faults) skips
 * straight to the exit so the machine never loops.
 */
#include "kernel/panic.h"
#include "kernel/io.h"
#include "kernel/ktest.h"
#include "kernel/power.h"
#include "kernel/printk.h"

static int panicking;

void dump_backtrace(u32 ebp)
{
	int depth;

	printk("Call Trace:\n");
	for (depth = 0; depth < 32 && ebp >= 0xC0000000u; depth++) {
		u32 *frame = (u32 *)ebp;

		printk(" [<%08x>]\n", frame[1]);
		ebp = frame[0];
	}
}

void __noreturn panic(const char *fmt, ...)
{
	va_list ap;
	u32 ebp;

	cli();
	if (panicking++)
		test_exit(EXIT_FAIL);
	printk("Kernel panic - not syncing: ");
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n");
	asm volatile("movl %%ebp, %0" : "=r"(ebp));
	dump_backtrace(ebp);
	printk("---[ end Kernel panic ]---\n");
	if (ktest_mode)
		test_exit(EXIT_FAIL);
	machine_halt();
}
