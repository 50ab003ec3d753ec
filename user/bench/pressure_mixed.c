/*
 * pressure_mixed.c - several processes pressing on memory at once, with
 * anonymous and file pages.
 *
 * BENCH_MIX_PROCS processes (default 4) share BENCH_PRESSURE_PCT percent
 * of MemTotal (default 125) between them.  Each writes half of its share
 * as private anonymous memory and half as its own ramfs/tmpfs file in
 * /tmp, then reads both back and checks every page.  They start together
 * and reclaim interleaves their pages on the swap disk, as on a machine
 * running a few programs too big for it.  One phase, "run", from the start
 * until the last has been reaped, with the figures of pressure.h.
 */
#include "bench/pressure.h"
#include <sys/mman.h>

#define NAME "pressure_mixed"
#define MAX_PROCS 16

static int page_ok(const uint32_t *w, uint32_t seed, size_t i)
{
	return w[0] == pressure_stamp(seed, i) &&
	       w[PAGE_SIZE / 4 - 1] == (uint32_t)i;
}

static void stamp(uint32_t *w, uint32_t seed, size_t i)
{
	w[0] = pressure_stamp(seed, i);
	w[PAGE_SIZE / 4 - 1] = (uint32_t)i;
}

/* Process k: its anonymous half and its file half, out and back. */
static void worker(void *arg, long k, int ready, int go)
{
	size_t pages = *(size_t *)arg / 2, i;	/* arg: pages in a share */
	static uint32_t buf[PAGE_SIZE / 4];
	uint32_t anon_seed = 100 + 2 * k, file_seed = 101 + 2 * k;
	char path[32], *p, c = 0;
	int fd;

	snprintf(path, sizeof(path), "pressure_mixed.%ld", k);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	p = mmap(NULL, pages * PAGE_SIZE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fd < 0 || p == MAP_FAILED)
		_exit(2);
	if (write(ready, &c, 1) != 1 || read(go, &c, 1) != 0)
		_exit(3);
	for (i = 0; i < pages; i++) {
		stamp((uint32_t *)(p + i * PAGE_SIZE), anon_seed, i);
		stamp(buf, file_seed, i);
		if (write(fd, buf, PAGE_SIZE) != PAGE_SIZE)
			_exit(4);
	}
	if (lseek(fd, 0, SEEK_SET) != 0)
		_exit(5);
	for (i = 0; i < pages; i++) {
		if (read(fd, buf, PAGE_SIZE) != PAGE_SIZE)
			_exit(6);
		if (!page_ok((uint32_t *)(p + i * PAGE_SIZE), anon_seed, i) ||
		    !page_ok(buf, file_seed, i)) {
			say("bench %s: process %ld: page %zu came back wrong\n",
			    NAME, k, i);
			_exit(1);
		}
	}
	close(fd);
	unlink(path);
	_exit(0);
}

int main(void)
{
	long procs = bench_env("BENCH_MIX_PROCS", 4), k;
	size_t share;
	pid_t pids[MAX_PROCS];
	struct phase ph;
	int go;

	if (procs < 1 || procs > MAX_PROCS)
		procs = 4;
	share = pressure_bytes(NAME) / procs / PAGE_SIZE;
	bench_print(NAME, "pages", (long long)(share / 2 * 2 * procs));
	bench_spawn(NAME, procs, pids, worker, &share, &go);
	phase_begin(&ph, NAME, "run");
	close(go);
	for (k = 0; k < procs; k++) {
		if (bench_wait(pids[k]) < 0)
			bench_fail(NAME, "worker");
	}
	phase_end(&ph);
	return 0;
}
