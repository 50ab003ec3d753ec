/*
 * swap_shared.c - a shared file page survives eviction in every process.
 *
 * 16 children inherit a MAP_SHARED mapping of a file page and check it, then block
 * on a pipe while the parent pushes memory hard (TEST_ANON_MIB MiB of
 * anonymous memory, default 8), which on Mapback with little RAM evicts
 * the file page: the object-based rmap walk must clear all 16 PTEs.  Then
 * each child checks the page again (faulting it back in), and the parent
 * checks that a store the last child made in a second page is visible
 * through its own mapping and read().  With swap on and more pressure
 * than RAM, pswpout must have grown (check_evicted).
 */
#include <fcntl.h>
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

enum { CHILDREN = 16 };

static int child(const uint32_t *m, int go, int k)
{
	char c;

	if (!pattern_check(m, 0, 77))
		return 1;
	if (read(go, &c, 1) != 1)
		return 2;
	if (!pattern_check(m, 0, 77))
		return 3;
	if (k == CHILDREN - 1)
		((volatile uint32_t *)m)[PAGE_WORDS] = 0x1a57c41d;	/* page 1 */
	return 0;
}

int main(void)
{
	long mib = env_mib("TEST_ANON_MIB", 8), pages = mib * 256, i, good = 0;
	long pswpout = vmstat_read("pswpout");
	int fd = open("swap-shared", O_RDWR | O_CREAT | O_TRUNC, 0644);
	pid_t pids[CHILDREN];
	int go[2], k, all = 0;
	uint32_t *m, word;
	char *anon;

	ftruncate(fd, 2 * PAGE);
	m = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!ok(m != MAP_FAILED, "map two file pages shared"))
		return done_testing();
	pattern_fill(m, 0, 77);
	pipe(go);
	for (k = 0; k < CHILDREN; k++) {
		pids[k] = fork();
		if (pids[k] == 0) {
			close(go[1]);
			_exit(child(m, go[0], k));
		}
	}
	close(go[0]);

	/* Memory pressure while every child has the page mapped. */
	anon = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ok(anon != MAP_FAILED, "map %ld MiB of pressure", mib);
	for (i = 0; i < pages; i++)
		pattern_fill((uint32_t *)(anon + i * PAGE), i, 5);
	for (i = 0; i < pages; i++)
		good += pattern_check((uint32_t *)(anon + i * PAGE), i, 5);
	is(good, pages, "pressure memory intact");
	munmap(anon, pages * PAGE);

	/* Release the children; the last one stores a word. */
	for (k = 0; k < CHILDREN; k++)
		write(go[1], "g", 1);
	for (k = 0; k < CHILDREN; k++)
		all += wait_for(pids[k]) == 0;
	is(all, CHILDREN, "every child saw the page before and after the pressure");
	is(m[PAGE_WORDS], 0x1a57c41d, "the parent sees the last child's store");
	ok(pread(fd, &word, 4, PAGE) == 4 && word == 0x1a57c41d, "and so does read()");
	ok(pattern_check(m, 0, 77), "the shared page is intact in the parent");
	close(go[1]);
	close(fd);
	unlink("swap-shared");
	check_evicted(pswpout, mib);
	return done_testing();
}
