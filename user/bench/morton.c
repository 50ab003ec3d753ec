/*
 * morton.c - Andrew Morton's worst case for object-based rmap, then reclaim.
 *
 * One file of BENCH_MORTON_VMAS pages (default 2000) is mapped MAP_SHARED
 * one page per VMA, at offsets running backwards so that no two VMAs can
 * merge; BENCH_MORTON_PROCS processes (default 4: the parent and forked
 * children) each map it so and read every page.  The file then has
 * VMAS * PROCS VMAs, and each of its pages is mapped once per process.
 * An object walk that looks at every VMA of the file (rmap=objrmap
 * i_mmap=list, 2.5.62's objrmap) probes them all for every page reclaim
 * looks at; the interval tree goes straight to the PROCS VMAs that cover
 * it; a pte_chain has the PROCS PTEs at hand.
 *
 * Reclaim: with a swap device (the Mapback boots of make bench attach one),
 * the parent then writes BENCH_MORTON_HOG_MIB MiB of anonymous memory
 * (default 48, as much as the machine has), which pushes the file's pages
 * (and some of its own) out; a hog larger than 1 GiB is written 1 GiB at a
 * time by helper processes after the parent's own part, since one address
 * space cannot hold 3 GiB (the -m 3G bench).  Figures over that phase: its
 * virtual time
 * (instructions, and the time the guest idles while the disk works), PTEs
 * unmapped, VMAs visited by the walks and the instructions spent in them
 * (rmap_walk_ticks: page_referenced and try_to_unmap), and the last two
 * per unmapped PTE (per_unmap_*; the hog's own anonymous pages are among
 * the unmapped ones, and each costs a walk of one VMA in rmap=anon_vma and
 * none on a chain).  Linux prints reclaim_ticks, pswpout and pgsteal but
 * has no rmap counters, so no walk figures.  Without swap nothing can be
 * unmapped and only map_ticks is printed.
 */
#include "bench/bench.h"
#include <sys/mman.h>

#define NAME "morton"
#define RECLAIM "rmap_vmas_scanned rmap_pages_unmapped rmap_walk_ticks " \
	"pswpout pgsteal pgtable_maps pgtable_maps_high"

static void make_file(const char *path, long pages)
{
	static char page[PAGE_SIZE];
	long i;
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		bench_fail(NAME, path);
	for (i = 0; i < pages; i++) {
		page[0] = (char)i;
		if (write(fd, page, PAGE_SIZE) != PAGE_SIZE)
			bench_fail(NAME, "write");
	}
	close(fd);
}

/* VMAs one-page VMAs of the file, page i at offset VMAS - 1 - i. */
static char *map_backwards(const char *path, long vmas)
{
	char *base;
	long i;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		bench_fail(NAME, path);
	base = mmap(NULL, vmas * PAGE_SIZE, PROT_NONE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		bench_fail(NAME, "mmap of the range");
	for (i = 0; i < vmas; i++) {
		if (mmap(base + i * PAGE_SIZE, PAGE_SIZE, PROT_READ,
			 MAP_SHARED | MAP_FIXED, fd,
			 (vmas - 1 - i) * PAGE_SIZE) == MAP_FAILED)
			bench_fail(NAME, "mmap of one page");
	}
	close(fd);
	return base;
}

struct morton_arg {
	char *base;
	long vmas;
};

/* A child: its own copy of the VMAs, touched; waits for go to close. */
static void mapper(void *arg, long i, int ready, int go)
{
	struct morton_arg *m = arg;
	char c = (char)bench_read(m->base, m->vmas * PAGE_SIZE);

	(void)i;	/* every child does the same */
	if (write(ready, &c, 1) != 1)
		_exit(4);
	if (read(go, &c, 1) != 0)
		_exit(5);
	_exit(0);
}

#define HOG_PART_MIB 1024

/*
 * The helpers that write what the parent cannot hold of the hog: forked
 * before the file is mapped, so they share none of its VMAs.  Each takes
 * a byte from start, writes HOG_PART_MIB MiB of its own, answers on done
 * and keeps its memory until go closes.
 */
struct hog_helpers {
	long n;
	pid_t pid[8];
	int start, done, go;
};

static void hog_helper(int start, int done, int go)
{
	size_t len = (size_t)HOG_PART_MIB * MIB;
	char c, *p;

	if (read(start, &c, 1) != 1)
		_exit(0);	/* not needed: the swap device is off */
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		_exit(4);
	bench_touch(p, len);
	if (write(done, &c, 1) != 1)
		_exit(5);
	if (read(go, &c, 1) != 0)
		_exit(6);
	_exit(0);
}

static void hog_helpers_start(struct hog_helpers *h, long hog_mib)
{
	int start[2], done[2], go[2];
	long i;

	h->n = (hog_mib - 1) / HOG_PART_MIB;
	if (h->n > 8)
		bench_fail(NAME, "a hog of more than 9 GiB");
	if (!h->n)
		return;
	if (pipe(start) < 0 || pipe(done) < 0 || pipe(go) < 0)
		bench_fail(NAME, "pipe");
	for (i = 0; i < h->n; i++) {
		h->pid[i] = fork();
		if (h->pid[i] < 0)
			bench_fail(NAME, "fork");
		if (h->pid[i] == 0) {
			close(start[1]);
			close(done[0]);
			close(go[1]);
			hog_helper(start[0], done[1], go[0]);
		}
	}
	close(start[0]);
	close(done[1]);
	close(go[0]);
	h->start = start[1];
	h->done = done[0];
	h->go = go[1];
}

/* Each helper in turn writes its part; back when all have. */
static void hog_helpers_write(struct hog_helpers *h)
{
	char c = 1;
	long i;

	for (i = 0; i < h->n; i++) {
		if (write(h->start, &c, 1) != 1 || read(h->done, &c, 1) != 1)
			bench_fail(NAME, "a hog helper died");
	}
}

static void hog_helpers_end(struct hog_helpers *h)
{
	long i;

	if (!h->n)
		return;
	close(h->start);
	close(h->go);
	close(h->done);
	for (i = 0; i < h->n; i++) {
		if (bench_wait(h->pid[i]) < 0)
			bench_fail(NAME, "hog helper");
	}
}

/* Is a swap device on?  /proc/swaps has a line per device after its
 * header. */
static int swap_is_on(void)
{
	static char buf[1024];

	return bench_slurp("/proc/swaps", buf, sizeof(buf)) > 0 &&
	       strchr(buf, '\n') && strchr(buf, '\n')[1];
}

static void reclaim(long hog_mib, struct hog_helpers *helpers)
{
	struct bench_counters before, after;
	long long unmapped = 0, visited = 0, walked = 0;
	size_t len = (size_t)(hog_mib - helpers->n * HOG_PART_MIB) * MIB;
	uint64_t t0, t1;
	char *hog;
	int i;

	if (!swap_is_on())
		return;
	hog = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (hog == MAP_FAILED)
		bench_fail(NAME, "mmap of the hog");
	bench_snapshot(&before);
	t0 = bench_rdtsc();
	bench_touch(hog, len);
	hog_helpers_write(helpers);
	t1 = bench_rdtsc();
	bench_snapshot(&after);
	munmap(hog, len);
	for (i = 0; i < after.n && i < before.n; i++) {
		long long d = after.c[i].value - before.c[i].value;

		if (!strcmp(after.c[i].name, "rmap_pages_unmapped"))
			unmapped = d;
		if (!strcmp(after.c[i].name, "rmap_vmas_scanned"))
			visited = d;
		if (!strcmp(after.c[i].name, "rmap_walk_ticks"))
			walked = d;
	}
	bench_print(NAME, "reclaim_ticks", t1 - t0);
	bench_print_delta(NAME, "", RECLAIM, &before, &after);
	/* Linux has no rmap counters: no walk figures there. */
	if (!unmapped)
		return;
	bench_print(NAME, "per_unmap_walk_ticks", walked / unmapped);
	bench_print(NAME, "per_unmap_vmas_x100", visited * 100 / unmapped);
}

int main(void)
{
	long vmas = bench_env("BENCH_MORTON_VMAS", 2000);
	long procs = bench_env("BENCH_MORTON_PROCS", 4);
	long hog_mib = bench_env("BENCH_MORTON_HOG_MIB", 48);
	const char *path = "morton.data";
	struct hog_helpers helpers;
	struct morton_arg arg;
	pid_t pids[64];
	uint64_t t0, t1;
	int go;
	long i;

	if (procs > 64)
		procs = 64;
	hog_helpers_start(&helpers, hog_mib);
	make_file(path, vmas);
	t0 = bench_rdtsc();
	arg.base = map_backwards(path, vmas);
	arg.vmas = vmas;
	bench_read(arg.base, vmas * PAGE_SIZE);
	bench_spawn(NAME, procs - 1, pids + 1, mapper, &arg, &go);
	t1 = bench_rdtsc();
	bench_print(NAME, "map_ticks", t1 - t0);
	reclaim(hog_mib, &helpers);
	close(go);
	for (i = 1; i < procs; i++) {
		if (bench_wait(pids[i]) < 0)
			bench_fail(NAME, "mapper");
	}
	/* After the mappers, which hold copies of the helpers' pipes. */
	hog_helpers_end(&helpers);
	unlink(path);
	return 0;
}
