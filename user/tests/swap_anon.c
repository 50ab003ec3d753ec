/*
 * swap_anon.c - anonymous memory larger than RAM comes back intact.
 *
 * Maps TEST_ANON_MIB MiB (default 8) of private anonymous memory, writes a
 * per-page pattern into every page, then reads everything back twice, in
 * order and in reverse, and rewrites half the pages with a second seed
 * before a last check.  On Mapback booted with mem=8M and a swap disk the
 * size is set to about 3x RAM, so most pages go to swap and back; then
 * pswpout must have grown (check_evicted), so the pass means eviction.
 */
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

int main(void)
{
	long mib = env_mib("TEST_ANON_MIB", 8);
	long pages = mib * 256, i, good;
	long pswpout = vmstat_read("pswpout");
	char *m;

	diag("%ld MiB of anonymous memory", mib);
	m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!ok(m != MAP_FAILED, "map %ld MiB", mib))
		return done_testing();
	for (i = 0; i < pages; i++)
		pattern_fill((uint32_t *)(m + i * PAGE), i, 1);
	for (i = 0, good = 0; i < pages; i++)
		good += pattern_check((uint32_t *)(m + i * PAGE), i, 1);
	is(good, pages, "every page intact, read in order");
	for (i = pages - 1, good = 0; i >= 0; i--)
		good += pattern_check((uint32_t *)(m + i * PAGE), i, 1);
	is(good, pages, "every page intact, read in reverse");
	for (i = 0; i < pages; i += 2)
		pattern_fill((uint32_t *)(m + i * PAGE), i, 2);
	for (i = 0, good = 0; i < pages; i++)
		good += pattern_check((uint32_t *)(m + i * PAGE), i, i % 2 ? 1 : 2);
	is(good, pages, "after rewriting half, each page has its latest data");
	ok_sys(munmap(m, pages * PAGE), "munmap");
	check_evicted(pswpout, mib);
	return done_testing();
}
