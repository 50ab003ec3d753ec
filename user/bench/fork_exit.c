/*
 * fork_exit.c - the cost of fork + exit for a process with a big mapping.
 *
 * The process maps BENCH_FORK_MIB MiB (default 4), touches every page, and
 * then forks a child that exits at once, BENCH_FORKS times (default 32).
 * fork copies every PTE and exit clears it again, and each copied PTE is
 * one page_add_rmap and one page_remove_rmap.  Two runs:
 *
 *   fork_exit_anon     private anonymous memory: chained in pte_chain
 *                      and objrmap (which keeps pte_chains for anonymous
 *                      pages), counted in rmap=anon_vma;
 *   fork_exit_file     a file mapped MAP_SHARED and written: objrmap only
 *                      counts the mappings of a file page, pte_chain mode
 *                      chains them, and the object-based modes do not
 *                      copy these PTEs at all (a fault refills them);
 *   fork_exit_private  a file mapped MAP_PRIVATE and only read: the same
 *                      pages, the same rules.
 *
 * Figures: ticks_per_fork (fork + the child's exit + wait), the page
 * faults and pte_chain nodes the loop leaves behind, and the memory one
 * live child holds (held_*: pte_chain nodes, anon_vmas, page tables).
 */
#include "bench/bench.h"
#include <sys/mman.h>

#define HELD "rmap_pte_chains slab_pte_chain nr_page_table_pages " \
	"rmap_anon_vmas slab_anon_vma slab_anon_vma_chain"
#define LOOP "pgfault rmap_pte_chains pgtable_maps pgtable_maps_high"

/* Fork one child that stays until the pipe closes; snapshot meanwhile. */
static void held_child(const char *name, const struct bench_counters *before)
{
	struct bench_counters held;
	int fds[2];
	char c;
	pid_t pid;

	if (pipe(fds) < 0)
		bench_fail(name, "pipe");
	pid = fork();
	if (pid < 0)
		bench_fail(name, "fork");
	if (pid == 0) {
		close(fds[1]);
		_exit(read(fds[0], &c, 1) == 0 ? 0 : 1);
	}
	close(fds[0]);
	bench_snapshot(&held);
	close(fds[1]);
	if (bench_wait(pid) < 0)
		bench_fail(name, "held child");
	bench_print_delta(name, "held_", HELD, before, &held);
}

static void run(const char *name, char *mem, size_t len, long forks,
		int write)
{
	struct bench_counters before, after;
	uint64_t t0, t1;
	pid_t pid;
	long i;

	if (write)
		bench_touch(mem, len);
	else
		bench_read(mem, len);
	bench_snapshot(&before);
	t0 = bench_rdtsc();
	for (i = 0; i < forks; i++) {
		pid = fork();
		if (pid < 0)
			bench_fail(name, "fork");
		if (pid == 0)
			_exit(0);
		if (bench_wait(pid) < 0)
			bench_fail(name, "child");
	}
	t1 = bench_rdtsc();
	bench_snapshot(&after);
	bench_print(name, "ticks_per_fork", (t1 - t0) / forks);
	bench_print_delta(name, "", LOOP, &before, &after);
	held_child(name, &before);
}

/* A file of len bytes in the current directory, mapped with flags. */
static char *map_file(size_t len, int flags)
{
	const char *path = "fork_exit.data";
	char *mem;
	int fd;

	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || ftruncate(fd, len) < 0)
		bench_fail("fork_exit_file", path);
	mem = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, fd, 0);
	if (mem == MAP_FAILED)
		bench_fail("fork_exit_file", "mmap");
	close(fd);
	unlink(path);
	return mem;
}

int main(void)
{
	size_t len = bench_env("BENCH_FORK_MIB", 4) * MIB;
	long forks = bench_env("BENCH_FORKS", 32);
	char *mem;

	mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		bench_fail("fork_exit_anon", "mmap");
	run("fork_exit_anon", mem, len, forks, 1);
	munmap(mem, len);

	mem = map_file(len, MAP_SHARED);
	run("fork_exit_file", mem, len, forks, 1);
	munmap(mem, len);

	mem = map_file(len, MAP_PRIVATE);
	run("fork_exit_private", mem, len, forks, 0);
	munmap(mem, len);
	return 0;
}
