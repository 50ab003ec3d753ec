/*
 * kernel/panic.c - the end of the line.
 *
 * Interrupts go off first so nothing runs behind our back, then we print
 * and stop.  A panic inside a panic (say, the backtrace faults) skips
 * straight to the exit so the machine never loops.
 *
 * Backtraces follow the frame-pointer chain (the kernel is built with
 * -fno-omit-frame-pointer): [ebp] is the caller's ebp, [ebp+4] the return
 * address.  Names come from the symbol table linked into the image
 * (kernel/ksyms.h).
 */
#include "kernel/panic.h"
#include "kernel/io.h"
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "kernel/power.h"
#include "kernel/printk.h"

#define MAX_FRAMES 32

static int panicking;

void print_address(u32 addr)
{
	u32 off;
	const char *name = ksym_lookup(addr, &off);

	if (name)
		printk(" [<%08x>] %s+0x%x\n", addr, name, off);
	else
		printk(" [<%08x>]\n", addr);
}

void dump_backtrace(u32 ebp)
{
	int depth;

	printk("Call Trace:\n");
	/*
	 * Stacks grow down, so each caller's frame lies above its callee's;
	 * stopping when that fails keeps a corrupt chain from looping.
	 */
	for (depth = 0; depth < MAX_FRAMES && ebp >= 0xC0000000u &&
			(ebp & 3) == 0; depth++) {
		u32 *frame = (u32 *)ebp;

		print_address(frame[1]);
		if (frame[0] <= ebp)
			break;
		ebp = frame[0];
	}
}

static void __noreturn vpanic(u32 ebp, const char *fmt, va_list ap)
{
	cli();
	if (panicking++)
		test_exit(EXIT_FAIL);
	printk("Kernel panic - not syncing: ");
	vprintk(fmt, ap);
	printk("\n");
	dump_backtrace(ebp);
	printk("---[ end Kernel panic ]---\n");
	if (ktest_mode)
		test_exit(EXIT_FAIL);
	machine_halt();
}

void __noreturn panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vpanic((u32)__builtin_frame_address(0), fmt, ap);
}

void __noreturn panic_at(u32 ebp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vpanic(ebp, fmt, ap);
}
