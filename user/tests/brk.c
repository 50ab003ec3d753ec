/*
 * brk.c - the program break.
 *
 * Raw brk (musl's malloc is not used here): brk(0) reports the break,
 * growing gives zeroed writable memory, an unaligned break is kept exactly,
 * shrinking takes the pages away (touching them is SIGSEGV), growing again
 * gives zeros, not the old data, and a break below the data segment is
 * refused (the old break is returned).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define PAGE 4096

static sigjmp_buf jump;
static void *volatile fault_addr;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = si->si_addr;
	siglongjmp(jump, 1);
}

static uintptr_t sys_brk(uintptr_t addr)
{
	return (uintptr_t)syscall(SYS_brk, addr);
}

static int touch_faults(volatile char *p)
{
	fault_addr = NULL;
	if (sigsetjmp(jump, 1) == 0) {
		*p = 1;
		return 0;
	}
	return fault_addr == (void *)p;
}

int main(void)
{
	struct sigaction sa;
	uintptr_t base, top, cur;
	volatile char *p;
	long i, nonzero = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);

	base = sys_brk(0);
	ok(base != 0 && base == sys_brk(0), "brk(0) reports a stable break (%#lx)", (long)base);
	/* Work from the next page boundary, away from whatever musl uses. */
	base = (base + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
	is(sys_brk(base), base, "set the break to a page boundary");
	top = base + 16 * PAGE;
	is(sys_brk(top), top, "grow by 16 pages");
	p = (volatile char *)base;
	for (i = 0; i < 16 * PAGE; i++)
		nonzero += p[i] != 0;
	is(nonzero, 0, "new break memory reads as zeros");
	for (i = 0; i < 16 * PAGE; i += 512)
		p[i] = (char)(i / 512 + 1);
	ok(p[15 * PAGE + 512] == (char)(15 * 8 + 2), "and is writable");

	is(sys_brk(top + 100), top + 100, "unaligned break kept exactly");
	p[16 * PAGE + 200] = 7;
	ok(p[16 * PAGE + 200] == 7, "the rest of the last page is usable");

	is(sys_brk(base + 4 * PAGE), base + 4 * PAGE, "shrink to 4 pages");
	ok(p[3 * PAGE] == (char)(3 * 8 + 1), "kept pages keep their data");
	ok(touch_faults(p + 8 * PAGE), "a released page faults at its address");
	ok(touch_faults(p + 4 * PAGE), "the first released page faults too");

	is(sys_brk(top), top, "grow again");
	nonzero = 0;
	for (i = 4 * PAGE; i < 16 * PAGE; i++)
		nonzero += p[i] != 0;
	is(nonzero, 0, "regrown pages are zeros, not the old data");

	cur = sys_brk(0x1000);
	is(cur, top, "break below the data segment refused, old break returned");
	is(sys_brk(0), top, "break unchanged");
	is(sys_brk(base), base, "back to where we started");
	return done_testing();
}
