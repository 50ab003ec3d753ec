/*
 * arena.c - glibc malloc's address-space pattern, from many threads, with
 * the group exiting while they still map and fault.
 *
 * glibc gives each thread an arena: a 1 MiB-aligned heap carved out of a
 * 2 MiB PROT_NONE MAP_NORESERVE mapping by unmapping its ends, grown with
 * mprotect(PROT_READ | PROT_WRITE) and shrunk with MADV_DONTNEED or a
 * MAP_FIXED PROT_NONE mapping over its top; big blocks are mmap'd,
 * mremap'd and munmap'd; a block is asked for in growing sizes until the
 * request fails.  This does the same with the system calls (musl's malloc
 * works otherwise), checks each block's pattern, and ends each process
 * with exit_group from the main thread while the workers are mid-round.
 * What matters most is that the kernel survives the teardown: a PTE left
 * outside every VMA stops it in free_pgtables.  The sizes come from
 * MemTotal, so the test fits mem=8M.
 *
 * First, a request larger than any gap, with a VMA ending above 2.5 GiB,
 * must be ENOMEM: a gap search whose limit wraps would offer a range from
 * there past 4 GiB, and mmap would merge that inverted range into the VMA.
 */
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include "tests/tap.h"

#define KIB 1024UL
#define MIB (1024 * KIB)
#define PG 4096UL
#define RW (PROT_READ | PROT_WRITE)
#define ANON (MAP_PRIVATE | MAP_ANONYMOUS)

/* Exit codes of the children. */
enum { CHILD_OK, CHILD_BAD, CHILD_SETUP, CHILD_MAPPED };

static void *map_at(unsigned long addr, int prot)
{
	return mmap((void *)addr, PG, prot, ANON | MAP_FIXED_NOREPLACE, -1, 0);
}

/*
 * Gaps of at most 1.25 GiB everywhere (one page at 0x50000000, one at
 * 0xa0000000, written to): 1.5 GiB fits nowhere.
 */
static int huge_after_high_vma(void)
{
	unsigned char *lo = map_at(0x50000000UL, PROT_NONE);
	unsigned char *hi = map_at(0xa0000000UL, RW);
	void *p;

	if (lo == MAP_FAILED || hi == MAP_FAILED)
		return CHILD_SETUP;
	hi[0] = 0x5a;
	p = mmap(NULL, 0x60000000UL, RW, ANON, -1, 0);
	if (p != MAP_FAILED)
		return CHILD_MAPPED;
	if (errno != ENOMEM || hi[0] != 0x5a)
		return CHILD_BAD;
	return CHILD_OK;
}

static void test_huge_request(void)
{
	pid_t pid = must(fork());
	int status;

	if (pid == 0)
		_exit(huge_after_high_vma());
	status = wait_for(pid);
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_SETUP) {
		skip("1.5 GiB with no gap that large is ENOMEM",
		     "0x50000000 or 0xa0000000 already mapped");
		return;
	}
	is_exit(status, CHILD_OK,
		"1.5 GiB with no gap that large is ENOMEM, and exit tears down");
}

struct worker {
	pthread_t thread;
	unsigned char seed;
	volatile int rounds;
	volatile int bad;
};

static unsigned long budget; /* largest block a worker asks for */
static volatile int started;

/* Write a pattern into every page of [p, p + len) and read it back. */
static int fill_check(unsigned char *p, unsigned long len, unsigned char v)
{
	unsigned long i;

	for (i = 0; i < len; i += PG)
		p[i] = (unsigned char)(v + i / PG);
	p[len - 1] = v;
	for (i = 0; i < len; i += PG)
		if (p[i] != (unsigned char)(v + i / PG))
			return 0;
	return p[len - 1] == v;
}

/* glibc's new_heap: 1 MiB aligned to 1 MiB out of 2 MiB, PROT_NONE. */
static unsigned char *new_heap(void)
{
	char *p = mmap(NULL, 2 * MIB, PROT_NONE, ANON | MAP_NORESERVE, -1, 0);
	uintptr_t a;

	if (p == MAP_FAILED)
		return NULL;
	a = ((uintptr_t)p + MIB - 1) & ~(MIB - 1);
	if (a > (uintptr_t)p && munmap(p, a - (uintptr_t)p))
		return NULL;
	if ((uintptr_t)p + 2 * MIB > a + MIB &&
	    munmap((char *)a + MIB, (uintptr_t)p + 2 * MIB - (a + MIB)))
		return NULL;
	return (unsigned char *)a;
}

/* A block from the heap: grow it with mprotect, then shrink its top the
 * two ways glibc does.  0 on a bad pattern. */
static int heap_block(unsigned char *heap, unsigned long *top,
		      unsigned long size, struct worker *w, int round)
{
	unsigned long keep;

	if (size > *top) {
		if (mprotect(heap + *top, size - *top, RW))
			return 1; /* "malloc failed" */
		*top = size;
	}
	if (!fill_check(heap, size, w->seed))
		return 0;
	keep = (*top / 2 + PG - 1) & ~(PG - 1);
	if (keep >= *top)
		return 1;
	if (round & 1) {
		madvise(heap + keep, *top - keep, MADV_DONTNEED);
		return heap[keep] == 0; /* zero again */
	}
	if (mmap(heap + keep, *top - keep, PROT_NONE,
		 ANON | MAP_FIXED | MAP_NORESERVE, -1, 0) != MAP_FAILED)
		*top = keep;
	return 1;
}

/* A block of its own: mmap, mremap (grow or shrink), munmap. */
static int big_block(unsigned long size, struct worker *w, int round)
{
	unsigned char *p = mmap(NULL, size, RW, ANON, -1, 0), *q;
	unsigned long nsize = round & 1 ? size * 2 : size / 2;
	int good;

	if (p == MAP_FAILED)
		return 1;
	good = fill_check(p, size, w->seed);
	q = mremap(p, size, nsize, MREMAP_MAYMOVE);
	if (q != MAP_FAILED) {
		good &= q[0] == w->seed;
		good &= fill_check(q, nsize, w->seed + 1);
		p = q;
		size = nsize;
	}
	munmap(p, size);
	return good;
}

static void one_block(unsigned char *heap, unsigned long *top,
		      unsigned long size, struct worker *w, int round)
{
	int good = size < budget / 2 ? heap_block(heap, top, size, w, round) :
				       big_block(size, w, round);

	if (!good)
		w->bad = 1;
}

/* Sizes in Fibonacci steps and powers of 2, 3 and 5, each until it
 * passes the budget, the smaller half from the heap; then ask for five
 * times more each time (up to 2 GiB) until a request fails. */
static void *work(void *arg)
{
	static const unsigned long base[3] = { 2, 3, 5 };
	struct worker *w = arg;
	unsigned char *heap = new_heap();
	unsigned long top = 0, a, b, s;
	int round, k;

	if (!heap)
		w->rounds = 1 << 20; /* no heap (fault injection): done */
	__sync_fetch_and_add(&started, 1);
	if (!heap)
		return NULL;
	for (round = 0;; round++) {
		for (a = 1, b = 2; b * PG <= budget; s = a + b, a = b, b = s)
			one_block(heap, &top, b * PG, w, round);
		for (k = 0; k < 3; k++)
			for (s = PG; s <= budget; s *= base[k])
				one_block(heap, &top, s, w, round);
		for (k = 0, s = budget; k < 7; k++, s *= 5) {
			unsigned char *p = mmap(NULL, s, RW, ANON, -1, 0);

			if (p == MAP_FAILED)
				break;
			p[s - 1] = w->seed;
			munmap(p, s);
		}
		__sync_fetch_and_add(&w->rounds, 1);
	}
	return NULL;
}

/* In a forked child: start the workers, let them go through a few rounds
 * between them, then exit the group in the middle of everything. */
static void run_group(int nthreads, int rounds)
{
	struct worker *w = calloc(nthreads, sizeof(*w));
	int i, n, total;

	if (!w)
		_exit(CHILD_SETUP);
	for (n = 0; n < nthreads; n++) {
		w[n].seed = (unsigned char)(n * 17 + 1);
		if (pthread_create(&w[n].thread, NULL, work, &w[n]))
			break; /* no memory for one (fault injection) */
	}
	if (n == 0)
		_exit(CHILD_SETUP);
	do {
		sched_yield();
		for (i = 0, total = 0; i < n; i++) {
			total += w[i].rounds;
			if (w[i].bad)
				_exit(CHILD_BAD);
		}
	} while (total < rounds || started < n);
	_exit(CHILD_OK);
}

int main(void)
{
	long mem = memtotal_mib();
	int nthreads = mem >= 24 ? 16 : 6, g;

	test_huge_request();
	budget = mem >= 24 ? 128 * KIB : 64 * KIB;
	for (g = 0; g < 3; g++) {
		pid_t pid = must(fork());

		if (pid == 0)
			run_group(nthreads, nthreads / 2);
		is_exit(wait_for(pid), CHILD_OK,
			"group %d: %d threads, blocks intact, exit mid-round",
			g, nthreads);
	}
	return done_testing();
}
