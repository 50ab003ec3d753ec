/*
 * pressure_anon.c - anonymous memory beyond RAM: out to swap and back.
 *
 * One private anonymous mapping of BENCH_PRESSURE_PCT percent of MemTotal
 * (default 125) is written page by page ("write": reclaim has to push
 * the start of it out to swap to make room for the rest), then read back
 * in the same order and every page checked ("read": each page that went
 * out faults back in, and pushes another out).  The phases' figures are
 * those of pressure.h.  A page that comes back with another page's
 * contents fails the benchmark: speed is worth nothing without that.
 */
#include "bench/pressure.h"
#include <sys/mman.h>

#define NAME "pressure_anon"
#define SEED 1

int main(void)
{
	size_t len = pressure_bytes(NAME), i, pages = len / PAGE_SIZE;
	struct phase ph;
	uint32_t *w;
	char *p;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		bench_fail(NAME, "mmap");
	bench_print(NAME, "pages", (long long)pages);
	phase_begin(&ph, NAME, "write");
	for (i = 0; i < pages; i++) {
		w = (uint32_t *)(p + i * PAGE_SIZE);
		w[0] = pressure_stamp(SEED, i);
		w[PAGE_SIZE / 4 - 1] = (uint32_t)i;
	}
	phase_end(&ph);
	phase_begin(&ph, NAME, "read");
	for (i = 0; i < pages; i++) {
		w = (uint32_t *)(p + i * PAGE_SIZE);
		if (w[0] != pressure_stamp(SEED, i) ||
		    w[PAGE_SIZE / 4 - 1] != (uint32_t)i) {
			say("bench %s: page %zu came back wrong\n", NAME, i);
			return 1;
		}
	}
	phase_end(&ph);
	munmap(p, len);
	return 0;
}
