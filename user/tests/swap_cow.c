/*
 * swap_cow.c - 16 children diverge from shared private pages.
 *
 * The parent fills TEST_COW_MIB MiB (default 2) of private anonymous
 * memory and forks 16 children.  Child k checks the inherited pages,
 * rewrites every page whose number is k modulo 4 with its own seed, then
 * checks that its view has its own data on those pages and the parent's
 * on the rest.  The parent's pages must be untouched at the end.  Under
 * memory pressure on Mapback, shared COW pages go to swap with several
 * users and must come back to each of them.
 */
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

enum { CHILDREN = 16 };

static int child(char *m, long pages, int k)
{
	long i;

	for (i = 0; i < pages; i++)
		if (!pattern_check((uint32_t *)(m + i * PAGE), i, 100))
			return 1;
	for (i = k % 4; i < pages; i += 4)
		pattern_fill((uint32_t *)(m + i * PAGE), i, 200 + k);
	for (i = 0; i < pages; i++)
		if (!pattern_check((uint32_t *)(m + i * PAGE), i, i % 4 == k % 4 ? 200 + k : 100))
			return 2;
	return 0;
}

int main(void)
{
	long mib = env_mib("TEST_COW_MIB", 2);
	long pages = mib * 256, i, good = 0;
	pid_t pids[CHILDREN];
	char *m;
	int k;

	diag("%ld MiB shared by %d children", mib, CHILDREN);
	m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!ok(m != MAP_FAILED, "map %ld MiB", mib))
		return done_testing();
	for (i = 0; i < pages; i++)
		pattern_fill((uint32_t *)(m + i * PAGE), i, 100);
	for (k = 0; k < CHILDREN; k++) {
		pids[k] = fork();
		if (pids[k] == 0)
			_exit(child(m, pages, k));
	}
	for (k = 0; k < CHILDREN; k++) {
		int status = wait_for(pids[k]);
		if (!is_exit(status, 0, "child %d saw the shared pages and its own", k))
			diag("child %d: 1 = inherited pages wrong, 2 = own view wrong", k);
	}
	for (i = 0; i < pages; i++)
		good += pattern_check((uint32_t *)(m + i * PAGE), i, 100);
	is(good, pages, "the parent's pages are untouched by the children");
	return done_testing();
}
