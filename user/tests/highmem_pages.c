/*
 * highmem_pages.c - user pages above the direct map keep their data.
 *
 * On a machine with high memory (HighTotal > 0 in /proc/meminfo) user
 * pages come from it: anonymous pages and tmpfs/ramfs file pages, which
 * the kernel zeroes, copies for COW, and reads and writes for read(2) and
 * write(2) through temporary mappings.  This test touches half of MemTotal
 * or a third of MemFree, whichever is less (the COW fork below doubles the
 * anonymous part, and there is no swap to fall back on), or
 * TEST_HIGHMEM_MIB; on a 3 GiB machine that is more than the 896 MiB of
 * low memory.  It touches it in three ways, every word of every page its
 * own:
 *
 *   anonymous memory, forked: the child checks it and rewrites a quarter
 *     of the pages while the parent rewrites another quarter, and each
 *     sees only its own stores (copy on write);
 *   a file of half that size written with write(2), mapped MAP_SHARED
 *     (stores reach read(2)) and MAP_PRIVATE (stores copy the page; the
 *     file keeps its data);
 *   a MAP_SHARED anonymous mapping of that size, a stripe written by each
 *     of four children, read by the parent.
 *
 * Where there is high memory, HighFree must fall by at least half the
 * anonymous and file pages while they are held: they were allocated high,
 * as Linux does (GFP_HIGHUSER).  Sized from MemTotal and MemFree, it fits
 * an 8 MiB machine.
 */
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

#define CHUNK_PAGES 16384 /* anonymous memory in 64 MiB mappings */
#define MAX_CHUNKS 48
#define STRIPES 4

/* Anonymous memory of many pages, in chunks so no mapping is huge. */
struct anon {
	char *chunk[MAX_CHUNKS];
	long pages;
};

static uint32_t *anon_page(struct anon *a, long i)
{
	return (uint32_t *)(a->chunk[i / CHUNK_PAGES] + i % CHUNK_PAGES * PAGE);
}

static long chunk_pages(struct anon *a, long c)
{
	long n = a->pages - c * CHUNK_PAGES;

	return n < CHUNK_PAGES ? n : CHUNK_PAGES;
}

static int anon_map(struct anon *a, long pages)
{
	long c;

	a->pages = pages;
	for (c = 0; c * CHUNK_PAGES < pages; c++) {
		a->chunk[c] = mmap(NULL, chunk_pages(a, c) * PAGE,
				   PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (a->chunk[c] == MAP_FAILED)
			return 0;
	}
	return 1;
}

static void anon_unmap(struct anon *a)
{
	long c;

	for (c = 0; c * CHUNK_PAGES < a->pages; c++)
		munmap(a->chunk[c], chunk_pages(a, c) * PAGE);
}

/* Pages i % 4 == quarter get seed2, the others seed; all when quarter < 0. */
static void anon_fill(struct anon *a, int quarter, uint32_t seed)
{
	long i;

	for (i = quarter < 0 ? 0 : quarter; i < a->pages;
	     i += quarter < 0 ? 1 : 4)
		pattern_fill_quick(anon_page(a, i), i, seed);
}

/* Good pages: those i % 4 == quarter hold seed2, the others seed. */
static long anon_good(struct anon *a, uint32_t seed, int quarter,
		      uint32_t seed2)
{
	long i, good = 0;

	for (i = 0; i < a->pages; i++)
		good += pattern_check_quick(anon_page(a, i), i,
					    i % 4 == quarter ? seed2 : seed);
	return good;
}

/* The COW child: 1 inherited pages wrong, 2 its own stores not seen. */
static int cow_child(struct anon *a)
{
	long i;

	if (anon_good(a, 1, -1, 0) != a->pages)
		return 1;
	anon_fill(a, 0, 2);
	for (i = 0; i < a->pages; i += 4)
		if (!pattern_check_quick(anon_page(a, i), i, 2))
			return 2;
	return 0;
}

static long high_free_kb(void)
{
	return meminfo_kb("HighFree");
}

/* HighFree fell from before by at least half of kb, where there is any. */
static void check_high(long before, long kb, const char *what)
{
	long now = high_free_kb(), want = kb < before ? kb : before;

	if (meminfo_kb("HighTotal") <= 0)
		skip("pages allocated high", "no high memory");
	else
		ok(before - now >= want / 2,
		   "%s pages are high: HighFree %ld -> %ld kB for %ld kB", what,
		   before, now, kb);
}

static void test_anon(long pages)
{
	long high = high_free_kb();
	struct anon a;
	pid_t pid;

	if (!ok(anon_map(&a, pages), "map %ld anonymous pages", pages))
		return;
	anon_fill(&a, -1, 1);
	check_high(high, pages * 4, "anonymous");
	pid = fork();
	if (pid == 0)
		_exit(cow_child(&a));
	anon_fill(&a, 1, 3);
	if (!is_exit(wait_for(pid), 0,
		     "the child saw the pages as forked, and its own stores"))
		diag("1 = inherited pages wrong, 2 = its own stores not seen");
	is(anon_good(&a, 1, 1, 3), pages,
	   "the parent sees its own stores and not the child's");
	anon_unmap(&a);
}

static uint32_t buf[PAGE_WORDS];

/* Pages read back by read(2): odd ones hold seed_odd, even ones seed. */
static long file_good(int fd, long pages, int step, uint32_t seed,
		      uint32_t seed_odd)
{
	long i, good = 0;

	for (i = 0; i < pages; i += step)
		good += pread(fd, buf, PAGE, i * PAGE) == PAGE &&
			pattern_check_quick(buf, i, i % 2 ? seed_odd : seed);
	return good;
}

static void test_file_private(int fd, long pages)
{
	char *m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE,
		       fd, 0);
	long i, good = 0;

	if (!ok(m != MAP_FAILED, "map it MAP_PRIVATE"))
		return;
	for (i = 0; i < pages; i += 2)
		pattern_fill_quick((uint32_t *)(m + i * PAGE), i, 20);
	for (i = 0; i < pages; i += 2)
		good += pattern_check_quick((uint32_t *)(m + i * PAGE), i, 20);
	is(good, (pages + 1) / 2, "private stores seen in the private mapping");
	munmap(m, pages * PAGE);
	is(file_good(fd, pages, 2, 10, 11), (pages + 1) / 2,
	   "the file keeps its data under private stores");
}

static void test_file(long pages)
{
	long high = high_free_kb(), i, good;
	int fd = open("highmem-file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	char *m;

	if (!ok_sys(fd, "create the file"))
		return;
	unlink("highmem-file");
	for (i = 0, good = 0; i < pages; i++) {
		pattern_fill_quick(buf, i, 10);
		good += write(fd, buf, PAGE) == PAGE;
	}
	is(good, pages, "write() %ld pages", pages);
	check_high(high, pages * 4, "file");
	m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (ok(m != MAP_FAILED, "map it MAP_SHARED")) {
		for (i = 0, good = 0; i < pages; i++)
			good += pattern_check_quick((uint32_t *)(m + i * PAGE),
						    i, 10);
		is(good, pages, "the shared mapping shows what write() wrote");
		for (i = 1; i < pages; i += 2)
			pattern_fill_quick((uint32_t *)(m + i * PAGE), i, 11);
		munmap(m, pages * PAGE);
		is(file_good(fd, pages, 1, 10, 11), pages,
		   "read() sees the stores made through the mapping");
	}
	test_file_private(fd, pages);
	close(fd);
}

/* Child k of the shared mapping writes stripe k (pages i % STRIPES == k). */
static int stripe_child(char *m, long pages, int k)
{
	long i;

	for (i = k; i < pages; i += STRIPES)
		pattern_fill_quick((uint32_t *)(m + i * PAGE), i, 30 + k);
	return 0;
}

static void test_shared(long pages)
{
	char *m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid[STRIPES];
	long i, good = 0;
	int k, done = 0;

	if (!ok(m != MAP_FAILED, "map %ld pages MAP_SHARED|MAP_ANONYMOUS",
		pages))
		return;
	for (k = 0; k < STRIPES; k++) {
		pid[k] = fork();
		if (pid[k] == 0)
			_exit(stripe_child(m, pages, k));
	}
	for (k = 0; k < STRIPES; k++)
		done += wait_for(pid[k]) == 0;
	is(done, STRIPES, "%d children wrote their stripes", STRIPES);
	for (i = 0; i < pages; i++)
		good += pattern_check_quick((uint32_t *)(m + i * PAGE), i,
					    30 + i % STRIPES);
	is(good, pages, "the parent sees every child's pages");
	munmap(m, pages * PAGE);
}

int main(void)
{
	long total = meminfo_kb("MemTotal"), free = meminfo_kb("MemFree");
	long mib = env_long("TEST_HIGHMEM_MIB", 0), pages;

	if (!ok(total > 0 && free > 0, "MemTotal and MemFree"))
		return done_testing();
	if (mib > 0)
		pages = mib * 256;
	else
		pages = (total / 2 < free / 3 ? total / 2 : free / 3) / 4;
	if (pages > (long)MAX_CHUNKS * CHUNK_PAGES)
		pages = (long)MAX_CHUNKS * CHUNK_PAGES;
	diag("%ld MiB anonymous, %ld in a file, %ld shared; LowTotal %ld kB, "
	     "HighTotal %ld kB",
	     pages / 256, pages / 512, pages / 512, meminfo_kb("LowTotal"),
	     meminfo_kb("HighTotal"));
	test_anon(pages);
	test_file(pages / 2);
	test_shared(pages / 2);
	return done_testing();
}
