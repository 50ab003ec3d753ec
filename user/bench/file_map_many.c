/*
 * file_map_many.c - many processes map one file shared and touch it all.
 *
 * BENCH_MAPPERS children (default 32) each map the same BENCH_FILE_MIB MiB
 * file (default 1) MAP_SHARED and read every page, then wait until the
 * parent lets them go; then they unmap and exit.  This is the "rmap-test"
 * case: every page of the file has one PTE per process.  objrmap keeps a
 * count per page and finds the PTEs through the file's VMAs; pte_chain mode
 * keeps a chain entry for each of them.
 *
 * Figures: ticks to fork the children and map and touch everything
 * (map_ticks, and per page mapped: map_ticks_per_page), ticks to unmap and
 * reap them all (unmap_ticks), and what the kernel holds while every child
 * has the file mapped (held_*).
 */
#include "bench/bench.h"
#include <sys/mman.h>

#define NAME "file_map_many"
#define HELD "rmap_pte_chains slab_pte_chain nr_page_table_pages pgfault " \
	"rmap_anon_vmas slab_anon_vma slab_anon_vma_chain pgtable_maps " \
	"pgtable_maps_high"

static void make_file(const char *path, size_t len)
{
	static char page[PAGE_SIZE];
	size_t off;
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		bench_fail(NAME, path);
	for (off = 0; off < len; off += PAGE_SIZE) {
		page[0] = (char)(off >> 12);
		if (write(fd, page, PAGE_SIZE) != PAGE_SIZE)
			bench_fail(NAME, "write");
	}
	close(fd);
}

struct file_arg {
	const char *path;
	size_t len;
};

/* A child: map, touch, say so on ready, then wait for go to close. */
static void mapper(void *arg, long i, int ready, int go)
{
	const char *path = ((struct file_arg *)arg)->path;
	size_t len = ((struct file_arg *)arg)->len;
	char *mem, c = 0;
	int fd;

	(void)i;	/* every child does the same */
	fd = open(path, O_RDONLY);
	if (fd < 0)
		_exit(2);
	mem = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	if (mem == MAP_FAILED)
		_exit(3);
	close(fd);
	c = (char)bench_read(mem, len);
	if (write(ready, &c, 1) != 1)
		_exit(4);
	if (read(go, &c, 1) != 0)
		_exit(5);
	munmap(mem, len);
	_exit(0);
}

int main(void)
{
	size_t len = bench_env("BENCH_FILE_MIB", 1) * MIB;
	long i, n = bench_env("BENCH_MAPPERS", 32);
	struct bench_counters before, held;
	const char *path = "file_map_many.data";
	struct file_arg arg = { path, len };
	uint64_t t0, t1, t2;
	pid_t pids[256];
	int go;

	if (n > 256)
		n = 256;
	make_file(path, len);
	bench_snapshot(&before);
	t0 = bench_rdtsc();
	bench_spawn(NAME, n, pids, mapper, &arg, &go);
	t1 = bench_rdtsc();
	bench_snapshot(&held);
	close(go);
	for (i = 0; i < n; i++) {
		if (bench_wait(pids[i]) < 0)
			bench_fail(NAME, "mapper");
	}
	t2 = bench_rdtsc();
	unlink(path);
	bench_print(NAME, "map_ticks", t1 - t0);
	/* Mostly read faults on shared file pages, and what fault-around
	 * saves of them. */
	bench_print(NAME, "map_ticks_per_page",
		    (t1 - t0) / (n * (len / PAGE_SIZE)));
	bench_print(NAME, "unmap_ticks", t2 - t1);
	bench_print_delta(NAME, "held_", HELD, &before, &held);
	return 0;
}
