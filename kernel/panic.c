/*
 * kernel/panic.c - the end of the line.
 *
 * Interrupts go off first so nothing runs behind our back, then we print
 * and stop (or reboot, with panic=N).  A panic inside a panic (say, the backtrace faults) skips
 * straight to the exit so the machine never loops.
 *
 * Backtraces follow the frame-pointer chain (the kernel is built with
 * -fno-omit-frame-pointer): [ebp] is the caller's ebp, [ebp+4] the return
 * address.  Names come from the symbol table linked into the image
 * (kernel/ksyms.h).
 */
#include "kernel/panic.h"
#include "kernel/cpu/io.h"
#include "kernel/cmdline.h"
#include "kernel/drivers/rtc.h"
#include "kernel/ksyms.h"
#include "kernel/lib/string.h"
#include "kernel/ktest.h"
#include "kernel/cpu/power.h"
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

void dump_frames(u32 ebp)
{
	int depth;

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

void dump_backtrace(u32 ebp)
{
	printk("Call Trace:\n");
	dump_frames(ebp);
}

KERNEL_PARAM("panic", "reboot N seconds after a panic (N < 0: at once; 0: halt)");

/*
 * panic=N, as Linux's: reboot N seconds after a panic, at once for a
 * negative N; without it (or 0) the machine halts with the message on the
 * screen.  Interrupts are off, so the wait counts the RTC's seconds.  The
 * test boots pass panic=-1: QEMU's -no-reboot turns the reboot into an
 * exit, so a panicking boot ends now instead of at its timeout.
 */
static void panic_reboot(void)
{
	const char *s = cmdline_get("panic");
	long n;
	u32 last, now;

	if (!s)
		return;
	n = *s == '-' ? -(long)simple_strtoul(s + 1, NULL, 10)
		      : (long)simple_strtoul(s, NULL, 10);
	if (n == 0)
		return;
	if (n > 0)
		printk("Rebooting in %ld seconds..\n", n);
	for (last = rtc_read_epoch(); n > 0; last = now) {
		now = rtc_read_epoch();
		if (now != last)
			n--;
	}
	machine_restart();
}

static void __noreturn vpanic(u32 ebp, const char *fmt, va_list ap)
{
	cli();
	if (panicking++)
		test_exit(EXIT_FAIL);
	console_verbose();
	printk("Kernel panic - not syncing: ");
	vprintk(fmt, ap);
	printk("\n");
	dump_backtrace(ebp);
	printk("---[ end Kernel panic ]---\n");
	if (ktest_mode)
		test_exit(EXIT_FAIL);
	panic_reboot();
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
