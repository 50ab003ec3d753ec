/*
 * stack_guard.c - the stack guard gap (Linux's stack_guard_gap, 256 pages).
 *
 * A MAP_GROWSDOWN mapping grows down when a page below it is touched,
 * wherever the stack pointer is, but never to within 256 pages of the
 * accessible mapping below it: such a touch is SIGSEGV.  A PROT_NONE
 * mapping below does not count.  MAP_FIXED may still place a mapping in
 * the gap; a hint there is not taken, one just below the gap is.  Each
 * touch runs in a child, so the parent's mapping never grows.
 */
#include <signal.h>
#include <sys/mman.h>
#include "tests/tap.h"

#define PAGE 4096UL
#define GAP (256 * PAGE)

static char *map(unsigned long addr, unsigned long len, int prot, int flags)
{
	return mmap((void *)addr, len, prot,
		    MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
}

/* Touch addr in a child: its wait status. */
static int touch_in_child(unsigned long addr)
{
	pid_t pid = fork();

	if (pid == 0) {
		signal(SIGSEGV, SIG_DFL);
		*(volatile char *)addr = 1;
		_exit(0);
	}
	return wait_for(pid);
}

/* A free range of len bytes, found by mapping and unmapping it. */
static unsigned long free_range(unsigned long len)
{
	char *p = map(0, len, PROT_NONE, 0);

	if (p == MAP_FAILED)
		return 0;
	munmap(p, len);
	return (unsigned long)p;
}

int main(void)
{
	unsigned long size = 2 * GAP + 16 * PAGE, base = free_range(size);
	unsigned long top = base + size, g = top - PAGE, e;
	char *p;

	ok(base != 0, "a free range of %lu pages", size / PAGE);
	if (!base)
		return done_testing();
	p = map(g, PAGE, PROT_READ | PROT_WRITE, MAP_FIXED | MAP_GROWSDOWN);
	is((unsigned long)p, g, "MAP_GROWSDOWN mapping at the top of it");

	is_exit(touch_in_child(g - 8 * PAGE), 0,
		"a touch 8 pages below grows it, whatever the stack pointer");

	p = map(g - PAGE, PAGE, PROT_READ, 0);
	ok(p != MAP_FAILED && ((unsigned long)p + PAGE <= g - GAP ||
			       (unsigned long)p >= top),
	   "a hint just below it is not taken: the result is outside the gap");
	if (p != MAP_FAILED)
		munmap(p, PAGE);
	p = map(g - GAP / 2, PAGE, PROT_READ, 0);
	ok(p != MAP_FAILED && (unsigned long)p != g - GAP / 2,
	   "a hint in the middle of the gap is not taken");
	if (p != MAP_FAILED)
		munmap(p, PAGE);
	p = map(g - GAP - PAGE, PAGE, PROT_READ, 0);
	is((unsigned long)p, g - GAP - PAGE,
	   "a hint just below the gap is taken");
	if (p != MAP_FAILED)
		munmap(p, PAGE);

	p = map(g - 2 * PAGE, PAGE, PROT_READ | PROT_WRITE, MAP_FIXED);
	is((unsigned long)p, g - 2 * PAGE,
	   "MAP_FIXED right below it is allowed");
	is_signal(touch_in_child(g - PAGE), SIGSEGV,
		  "growing next to that mapping: SIGSEGV");
	must(munmap(p, PAGE));

	e = g - GAP - PAGE; /* end of a mapping a gap and a page below */
	p = map(e - PAGE, PAGE, PROT_READ, MAP_FIXED);
	is((unsigned long)p, e - PAGE, "a read-only mapping further down");
	is_exit(touch_in_child(e + GAP), 0,
		"growing to exactly the gap above it works");
	is_signal(touch_in_child(e + GAP - PAGE), SIGSEGV,
		  "growing one page into the gap: SIGSEGV");
	must(munmap(p, PAGE));

	p = map(g - 2 * PAGE, PAGE, PROT_NONE, MAP_FIXED);
	is((unsigned long)p, g - 2 * PAGE, "a PROT_NONE mapping right below");
	is_exit(touch_in_child(g - PAGE), 0,
		"a PROT_NONE mapping below keeps no gap: the stack grows");
	must(munmap(p, PAGE));

	p = map(g - 2 * PAGE, PAGE, PROT_READ | PROT_WRITE,
		MAP_FIXED | MAP_GROWSDOWN);
	is((unsigned long)p, g - 2 * PAGE, "another MAP_GROWSDOWN right below");
	is_exit(touch_in_child(g - PAGE), 0,
		"a growsdown mapping below keeps no gap either");
	munmap((void *)base, size);
	return done_testing();
}
