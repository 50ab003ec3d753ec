/*
 * swap_shared_anon.c - shared anonymous memory written after it came back
 * from swap.
 *
 * A MAP_SHARED|MAP_ANONYMOUS area is filled and shared with a forked
 * child; the parent pushes memory hard (TEST_ANON_MIB MiB, default 8),
 * which with little RAM and swap on sends the area to swap.  The child,
 * released after that, reads the area back (a swap-in maps each page
 * read-only) and then stores a new pattern into every page: that write
 * fault on a shared page without a file must make the PTE writable and
 * the page dirty, as on Linux.  The parent sees the child's stores.
 */
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

enum { AREA_PAGES = 16 };

static int child(uint32_t *m, int go)
{
	char c;
	int i;

	if (read(go, &c, 1) != 1)
		return 1;
	for (i = 0; i < AREA_PAGES; i++)
		if (!pattern_check(m + i * PAGE_WORDS, i, 31))
			return 2;
	for (i = 0; i < AREA_PAGES; i++)
		pattern_fill(m + i * PAGE_WORDS, i, 32);
	return 0;
}

int main(void)
{
	long mib = env_mib("TEST_ANON_MIB", 8), pages = mib * 256, i, good = 0;
	long pswpout = vmstat_read("pswpout");
	uint32_t *m;
	char *anon;
	int go[2];
	pid_t pid;

	m = mmap(NULL, AREA_PAGES * PAGE, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!ok(m != MAP_FAILED, "map %d shared anonymous pages", AREA_PAGES))
		return done_testing();
	for (i = 0; i < AREA_PAGES; i++)
		pattern_fill(m + i * PAGE_WORDS, i, 31);
	must(pipe(go));
	pid = must(fork());
	if (pid == 0) {
		close(go[1]);
		_exit(child(m, go[0]));
	}
	close(go[0]);

	anon = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ok(anon != MAP_FAILED, "map %ld MiB of pressure", mib)) {
		for (i = 0; i < pages; i++)
			pattern_fill((uint32_t *)(anon + i * PAGE), i, 5);
		for (i = 0; i < pages; i++)
			good += pattern_check((uint32_t *)(anon + i * PAGE), i,
					      5);
		is(good, pages, "pressure memory intact");
		munmap(anon, pages * PAGE);
	}

	write(go[1], "g", 1);
	close(go[1]);
	is_exit(wait_for(pid), 0,
		"the child read the area back and wrote every page");
	for (good = 0, i = 0; i < AREA_PAGES; i++)
		good += pattern_check(m + i * PAGE_WORDS, i, 32);
	is(good, AREA_PAGES, "the parent sees the child's stores");
	check_evicted(pswpout, mib);
	return done_testing();
}
