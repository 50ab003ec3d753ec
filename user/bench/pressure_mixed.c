/*
 * pressure_mixed.c - several processes pressing on memory at once, with
 * anonymous and file pages.
 *
 * BENCH_MIX_PROCS processes (default 4) share BENCH_PRESSURE_PCT percent
 * of MemTotal (default 125) between them.  Each writes half of its share
 * as private anonymous memory and half as its own ramfs/tmpfs file in
 * /tmp, then reads both back and checks every page.  They start together,
 * and none reads back before all have written (a barrier: a scheduler
 * that lets each run to its end in one time slice would otherwise keep
 * only one share in memory at a time, and nothing would be swapped), so
 * reclaim interleaves their pages on the swap disk, as on a machine
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

struct mixed_arg {
	size_t share;		/* pages per process */
	int written[2];		/* a byte from each process that has written */
	int reread[2];		/* closed by the parent when all have */
};

/* Process k: its anonymous half and its file half, out and back. */
static void worker(void *arg, long k, int ready, int go)
{
	struct mixed_arg *m = arg;
	size_t pages = m->share / 2, i;
	static uint32_t buf[PAGE_SIZE / 4];
	uint32_t anon_seed = 100 + 2 * k, file_seed = 101 + 2 * k;
	char path[32], *p, c = 0;
	int fd;

	close(m->written[0]);
	close(m->reread[1]);
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
	if (write(m->written[1], &c, 1) != 1 || read(m->reread[0], &c, 1) != 0)
		_exit(7);
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
	struct mixed_arg m;
	pid_t pids[MAX_PROCS];
	struct phase ph;
	int go;
	char c;

	if (procs < 1 || procs > MAX_PROCS)
		procs = 4;
	m.share = pressure_bytes(NAME) / procs / PAGE_SIZE;
	if (pipe(m.written) < 0 || pipe(m.reread) < 0)
		bench_fail(NAME, "pipe");
	bench_print(NAME, "pages", (long long)(m.share / 2 * 2 * procs));
	bench_spawn(NAME, procs, pids, worker, &m, &go);
	close(m.written[1]);
	close(m.reread[0]);
	phase_begin(&ph, NAME, "run");
	close(go);
	for (k = 0; k < procs; k++) {
		if (read(m.written[0], &c, 1) != 1)
			bench_fail(NAME, "a worker died before the barrier");
	}
	close(m.reread[1]);
	for (k = 0; k < procs; k++) {
		if (bench_wait(pids[k]) < 0)
			bench_fail(NAME, "worker");
	}
	phase_end(&ph);
	return 0;
}
