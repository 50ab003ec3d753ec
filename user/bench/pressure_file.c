/*
 * pressure_file.c - a ramfs/tmpfs file larger than RAM, written, read and
 * mapped shared.
 *
 * The file (in /tmp, where init runs the benchmarks: Mapback's ramfs
 * pages go to swap, and Linux's init mounts an unlimited tmpfs there) is
 * BENCH_PRESSURE_PCT percent of MemTotal (default 125).  Three phases,
 * with the figures of pressure.h:
 *
 *   write  write() the file page by page: its first pages go out to swap
 *          to make room for the last;
 *   read   read() it back and check every page;
 *   map    BENCH_PRESSURE_PROCS processes (default 3) map it MAP_SHARED,
 *          each reads and checks every page and stamps its own share of
 *          them (page i belongs to process i mod PROCS), all at once.
 *
 * Afterwards (not measured) the parent reads the file once more: every
 * stamp written through a shared mapping must be in the file.
 */
#include "bench/pressure.h"
#include <sys/mman.h>

#define NAME "pressure_file"
#define SEED 2
#define PATH "pressure_file.data"

struct mapper_arg {
	size_t len;
	long procs;
};

static int page_ok(const uint32_t *w, size_t i)
{
	return w[0] == pressure_stamp(SEED, i) &&
	       w[PAGE_SIZE / 4 - 1] == (uint32_t)i;
}

static void write_file(int fd, size_t pages)
{
	static uint32_t w[PAGE_SIZE / 4];
	size_t i;

	for (i = 0; i < pages; i++) {
		w[0] = pressure_stamp(SEED, i);
		w[PAGE_SIZE / 4 - 1] = (uint32_t)i;
		if (write(fd, w, PAGE_SIZE) != PAGE_SIZE)
			bench_fail(NAME, "write");
	}
}

/* Read the file from the start; stamps: also check each page's owner's
 * stamp of the map phase. */
static void check_file(int fd, size_t pages, long procs, int stamps)
{
	static uint32_t w[PAGE_SIZE / 4];
	size_t i;

	if (lseek(fd, 0, SEEK_SET) != 0)
		bench_fail(NAME, "lseek");
	for (i = 0; i < pages; i++) {
		if (read(fd, w, PAGE_SIZE) != PAGE_SIZE)
			bench_fail(NAME, "read");
		if (!page_ok(w, i) ||
		    (stamps && w[1] != pressure_stamp(SEED + 1 + i % procs, i))) {
			say("bench %s: page %zu came back wrong\n", NAME, i);
			exit(1);
		}
	}
}

/* Process k of the map phase. */
static void mapper(void *arg, long k, int ready, int go)
{
	struct mapper_arg *m = arg;
	size_t i, pages = m->len / PAGE_SIZE;
	uint32_t *w;
	char *p, c = 0;
	int fd;

	fd = open(PATH, O_RDWR);
	if (fd < 0)
		_exit(2);
	p = mmap(NULL, m->len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		_exit(3);
	if (write(ready, &c, 1) != 1 || read(go, &c, 1) != 0)
		_exit(4);
	for (i = 0; i < pages; i++) {
		w = (uint32_t *)(p + i * PAGE_SIZE);
		if (!page_ok(w, i)) {
			say("bench %s: mapped page %zu came back wrong\n", NAME, i);
			_exit(1);
		}
		if ((long)(i % m->procs) == k)
			w[1] = pressure_stamp(SEED + 1 + k, i);
	}
	_exit(0);
}

int main(void)
{
	size_t len = pressure_bytes(NAME), pages = len / PAGE_SIZE;
	long procs = bench_env("BENCH_PRESSURE_PROCS", 3), k;
	struct mapper_arg arg;
	pid_t pids[16];
	struct phase ph;
	int fd, go;

	if (procs < 1 || procs > 16)
		procs = 3;
	fd = open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		bench_fail(NAME, PATH);
	arg.len = len;
	arg.procs = procs;
	bench_print(NAME, "pages", (long long)pages);

	phase_begin(&ph, NAME, "write");
	write_file(fd, pages);
	phase_end(&ph);

	phase_begin(&ph, NAME, "read");
	check_file(fd, pages, procs, 0);
	phase_end(&ph);

	bench_spawn(NAME, procs, pids, mapper, &arg, &go);
	phase_begin(&ph, NAME, "map");
	close(go);
	for (k = 0; k < procs; k++) {
		if (bench_wait(pids[k]) < 0)
			bench_fail(NAME, "mapper");
	}
	phase_end(&ph);

	check_file(fd, pages, procs, 1);
	close(fd);
	unlink(PATH);
	return 0;
}
