/*
 * highmem_pressure.c - more than RAM, high pages through swap and back.
 *
 * Sized to the machine: MemTotal plus a part of swap (TEST_HIGHMEM_SWAP_MIB,
 * default a sixteenth of MemTotal, at most a quarter of free swap), in
 * sixteen chunks taken in turn as private anonymous memory and as files in
 * /tmp (tmpfs on Linux, ramfs here: both swap their pages), every word of
 * every page its own.  Filling them pushes the oldest chunks, of both
 * kinds, out to swap, whatever zone their pages were in; then the chunks
 * are checked newest first, anonymous ones through their mapping, files
 * by read(2) and through a shared mapping in turn, and each is freed once
 * checked, so the swapped chunks come back into the room the checked ones
 * left.  On a machine with high memory most of these pages are high, and
 * swap I/O reaches them through kmap or by physical address.  Skips
 * without swap.
 */
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

#define CHUNKS 16

static uint32_t buf[PAGE_WORDS];

static int chunk_is_file(int k)
{
	return k % 2;
}

static void chunk_name(char *name, size_t size, int k)
{
	snprintf(name, size, "highmem-pressure-%d", k);
}

/* Page i of chunk k holds pattern (k * pages + i, seed k). */
static int fill_anon(char **m, long pages, int k)
{
	long i;

	*m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (*m == MAP_FAILED)
		return 0;
	for (i = 0; i < pages; i++)
		pattern_fill_quick((uint32_t *)(*m + i * PAGE), k * pages + i,
				   k);
	return 1;
}

static int fill_file(long pages, int k)
{
	char name[64];
	long i;
	int fd, good = 1;

	chunk_name(name, sizeof(name), k);
	fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return 0;
	for (i = 0; i < pages && good; i++) {
		pattern_fill_quick(buf, k * pages + i, k);
		good = write(fd, buf, PAGE) == PAGE;
	}
	close(fd);
	return good;
}

static long check_anon(char *m, long pages, int k)
{
	long i, good = 0;

	for (i = pages - 1; i >= 0; i--)
		good += pattern_check_quick((uint32_t *)(m + i * PAGE),
					    k * pages + i, k);
	munmap(m, pages * PAGE);
	return good;
}

/* Chunks 1, 5, 9, 13 read back by read(2), 3, 7, 11, 15 through a map. */
static long check_file(long pages, int k)
{
	char name[64], *m = MAP_FAILED;
	long i, good = 0;
	int fd;

	chunk_name(name, sizeof(name), k);
	fd = open(name, O_RDONLY);
	if (fd < 0)
		return 0;
	if (k % 4 == 3)
		m = mmap(NULL, pages * PAGE, PROT_READ, MAP_SHARED, fd, 0);
	for (i = pages - 1; i >= 0; i--) {
		if (k % 4 != 3)
			good += pread(fd, buf, PAGE, i * PAGE) == PAGE &&
				pattern_check_quick(buf, k * pages + i, k);
		else if (m != MAP_FAILED)
			good += pattern_check_quick((uint32_t *)(m + i * PAGE),
						    k * pages + i, k);
	}
	if (m != MAP_FAILED)
		munmap(m, pages * PAGE);
	close(fd);
	unlink(name);
	return good;
}

int main(void)
{
	long total = memtotal_mib(), swap_free = meminfo_kb("SwapFree") / 1024;
	long extra = env_long("TEST_HIGHMEM_SWAP_MIB", 0), pages, mib;
	long pswpout = vmstat_read("pswpout"), pswpin, good_anon = 0,
	     good_file = 0;
	char *anon[CHUNKS];
	int k, filled = 1;

	if (!swap_on() || swap_free <= 0) {
		skip("more than RAM through swap", "no swap");
		return done_testing();
	}
	if (extra <= 0)
		extra = total / 16 < swap_free / 4 ? total / 16 : swap_free / 4;
	mib = total + extra;
	pages = mib * 256 / CHUNKS;
	diag("%ld MiB (MemTotal %ld MiB, HighTotal %ld kB) in %d chunks", mib,
	     total, meminfo_kb("HighTotal"), CHUNKS);
	for (k = 0; k < CHUNKS && filled; k++)
		filled = chunk_is_file(k) ? fill_file(pages, k) :
					    fill_anon(&anon[k], pages, k);
	if (!ok(filled, "%d chunks of %ld pages written", CHUNKS, pages)) {
		diag("chunk %d could not be written: %s", k - 1,
		     strerror(errno));
		return done_testing();
	}
	pswpin = vmstat_read("pswpin");
	for (k = CHUNKS - 1; k >= 0; k--) {
		if (chunk_is_file(k))
			good_file += check_file(pages, k);
		else
			good_anon += check_anon(anon[k], pages, k);
	}
	is(good_anon, CHUNKS / 2 * pages, "every anonymous page intact");
	is(good_file, CHUNKS / 2 * pages, "every file page intact");
	check_evicted(pswpout, mib);
	ok(vmstat_read("pswpin") > pswpin,
	   "swapped pages came back to be checked: pswpin %ld -> %ld", pswpin,
	   vmstat_read("pswpin"));
	return done_testing();
}
