/*
 * tlb_shootdown.c - a stale translation is never used.
 *
 * A thread (on another CPU where there is one: sched_setaffinity) spins
 * reading the first word of a page while the main thread, in rounds,
 * munmaps it and maps a new page there, makes it PROT_NONE, or munmaps it
 * and fills a page elsewhere (most likely the same frame, reused) before
 * mapping a new one (the page next to it, emptied by MADV_DONTNEED, is
 * the one refilled).  Each round starts once the spinner has read the
 * page's word of the round, so its CPU's TLB holds the translation.  After
 * the main thread's call has returned (it then sets `changed`), a read the
 * spinner starts must fault (SIGSEGV) or see the new page: the old word,
 * or the reused page's, means its CPU kept a translation the kernel should
 * have flushed there before the call returned.  With one CPU the two
 * threads take turns and the same checks hold, but nothing runs at once.
 */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <time.h>
#include "tests/tap.h"

#define ROUNDS 120
#define OLD(r) (0xa0000000u | (r))
#define NEW(r) (0xb0000000u | (r))
#define REUSED(r) (0xc0000000u | (r))
#define CLOSED 0x80000000u /* or-ed into changed: the window is over */

enum { UNMAP_REMAP, MPROTECT_NONE, UNMAP_REUSE, NR_WAYS };
static const char *const way_name[NR_WAYS] = {
	"munmap then a new page at the address",
	"mprotect PROT_NONE",
	"munmap, the page reused elsewhere, then a new page",
};

static volatile unsigned *page, *elsewhere; /* two pages, side by side */
static long page_size;
static int want_parallel; /* two CPUs, and the main thread on CPU 0 */
static volatile int parallel, ready; /* the spinner got CPU 1 */

static volatile unsigned round_no, seen, changed, after_reads, stop;
static volatile unsigned stale[NR_WAYS], faults[NR_WAYS], fresh[NR_WAYS];
static sigjmp_buf spin_jmp;

static void on_segv(int sig)
{
	(void)sig;
	siglongjmp(spin_jmp, 1);
}

/* One read of the page by the spinner; r and c1 are what it saw before. */
static void spin_once(void)
{
	volatile unsigned r = round_no, c1 = changed, v, c2;
	unsigned way = r % NR_WAYS;

	if (sigsetjmp(spin_jmp, 1)) {
		if (r && c1 == r) {
			faults[way]++;
			after_reads = r;
		}
		return;
	}
	v = *page;
	c2 = changed;
	if (!r)
		return;
	if (c1 != r) {
		if (v == OLD(r))
			seen = r;
		return;
	}
	/* The change had returned before this read began. */
	if (v == OLD(r) && c2 == r)
		stale[way]++;
	else if (v == REUSED(r))
		stale[way]++;
	else if (v == NEW(r))
		fresh[way]++;
	after_reads = r;
}

static void *spinner(void *arg)
{
	(void)arg;
	parallel = want_parallel && pin_to_cpu(1) == 0;
	ready = 1;
	while (!stop) {
		spin_once();
		if (!parallel)
			sched_yield();
	}
	return NULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Wait (at most 5 s) until *word is want; 0 on time-out. */
static int wait_for_word(volatile unsigned *word, unsigned want)
{
	double end = now() + 5;

	while (*word != want) {
		sched_yield();
		if (now() > end)
			return 0;
	}
	return 1;
}

static void *map_page_at(void *addr)
{
	return mmap(addr, page_size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | (addr ? MAP_FIXED : 0), -1,
		    0);
}

/* Round r: the change of its way, then the page usable again. */
static int one_round(unsigned r)
{
	unsigned way = r % NR_WAYS;

	*page = OLD(r);
	round_no = r;
	if (!wait_for_word(&seen, r))
		return 0;
	switch (way) {
	case UNMAP_REMAP:
		if (munmap((void *)page, page_size))
			return 0;
		changed = r;
		break;
	case MPROTECT_NONE:
		if (mprotect((void *)page, page_size, PROT_NONE))
			return 0;
		changed = r;
		/* The spinner must fault before access comes back. */
		if (!wait_for_word(&after_reads, r))
			return 0;
		changed = r | CLOSED;
		if (mprotect((void *)page, page_size, PROT_READ | PROT_WRITE))
			return 0;
		*page = NEW(r);
		return 1;
	case UNMAP_REUSE:
		if (munmap((void *)page, page_size))
			return 0;
		changed = r;
		/* A fresh frame for the page next door: most likely the one
		 * just freed. */
		if (madvise((void *)elsewhere, page_size, MADV_DONTNEED))
			return 0;
		*elsewhere = REUSED(r);
		if (!wait_for_word(&after_reads, r))
			return 0;
		break;
	}
	if (map_page_at((void *)page) != (void *)page)
		return 0;
	*page = NEW(r);
	return wait_for_word(&after_reads, r);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_segv };
	int cpus = allowed_cpus(), w, err;
	unsigned r = 1;
	pthread_t t;

	page_size = sysconf(_SC_PAGESIZE);
	page = (volatile unsigned *)must(
		mmap(NULL, 2 * page_size, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	elsewhere = page + page_size / sizeof(*page);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	want_parallel = cpus >= 2 && pin_to_cpu(0) == 0;
	err = pthread_create(&t, NULL, spinner, NULL);
	if (err) {
		skip("a spinning thread", "no memory for a thread");
		return done_testing();
	}
	while (!ready)
		sched_yield();
	diag("%d CPUs; the spinner %s", cpus,
	     parallel ? "runs on CPU 1, the main thread on CPU 0" :
			"shares a CPU with the main thread");
	for (; r <= ROUNDS; r++)
		if (!one_round(r))
			break;
	stop = 1;
	pthread_join(t, NULL);
	is(r, ROUNDS + 1, "every round ran (the spinner read each page)");
	for (w = 0; w < NR_WAYS; w++)
		is(stale[w], 0,
		   "%s: no read after it returned saw the old page",
		   way_name[w]);
	ok(faults[MPROTECT_NONE] > 0,
	   "mprotect PROT_NONE: reads after it returned fault (%u)",
	   faults[MPROTECT_NONE]);
	ok(fresh[UNMAP_REMAP] + faults[UNMAP_REMAP] > 0 &&
		   fresh[UNMAP_REUSE] + faults[UNMAP_REUSE] > 0,
	   "after munmap the spinner faulted or read the new page");
	return done_testing();
}
