/*
 * mm_race.c - the memory manager's operations racing on every CPU at once,
 * with every page checked.
 *
 * One worker process per online CPU plus three more, each pinned to a CPU
 * with sched_setaffinity (unpinned where that fails), run for
 * TEST_RACE_SECONDS seconds (default 3; the dedicated race boots ask for
 * a minute):
 *
 *  - the truncator shrinks a shared file (on the test's directory: ramfs
 *    or tmpfs) to its first STABLE_PAGES and grows it back, over and over,
 *    bumping a sequence count around each pair (a seqlock);
 *  - the hog writes and re-reads a patterned area of anonymous memory big
 *    enough to push the others out (with swap on: as big as RAM), which
 *    makes reclaim run its reverse-map walks against everything below;
 *  - file workers map the file shared, write their own stable page and
 *    their own page beyond STABLE_PAGES, unmap and map it again, and
 *    toggle it read-only with mprotect (a store must then fault);
 *  - anonymous workers fork a child that checks the inherited pages,
 *    writes its copy (COW) and a shared anonymous page, and exits; then
 *    they grow their area with mremap, move it with MREMAP_FIXED and unmap
 *    it; a page written once at the start is checked every round.
 *
 * Every page holds a pattern its writer knows (pattern.h).  A page beyond
 * STABLE_PAGES may be taken away by the truncator at any moment: a SIGBUS
 * there, or a page that lost its data, is expected when the sequence count
 * moved during the access, and not counted.  Any other wrong word, and any
 * fault on a page nothing removed, is a failure.  At the end the parent
 * reads each stable page back with pread and compares it with its
 * writer's last pattern.  On Mapback the trylock failure counters of
 * /proc/vmstat (trylock_fail_*, docs/locking.md) are shown as a
 * diagnostic: how often reclaim found a lock busy and skipped a page; so
 * are the exit_zap_* lines, how many exits cleared their PTEs without
 * the big kernel lock (docs/smp.md).
 */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <time.h>
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

enum {
	STABLE_PAGES = 16, /* never truncated away */
	FILE_PAGES = 2 * STABLE_PAGES,
	ANON_PAGES = 8, /* an anonymous worker's area per round */
	KEEP_PAGES = 4, /* an anonymous worker's lifelong pages */
	MAX_WORKERS = STABLE_PAGES,
	EXTRA_WORKERS = 3,
};

enum role { TRUNCATOR, HOG, FILE_WORKER, ANON_WORKER };
static const char *const role_name[] = { "truncator", "hog", "file", "anon" };

/* What the workers tell the parent, in a shared anonymous page. */
struct worker_stats {
	unsigned rounds; /* complete rounds of its loop */
	unsigned checked; /* pages checked against their pattern */
	unsigned raced; /* checks skipped: the truncator ran meanwhile */
	unsigned expected_faults; /* SIGBUS/SIGSEGV on a removed page, or
				   * on a store to a read-only mapping */
	unsigned last_seed; /* file workers: the stable page's pattern */
	int cpu; /* where it was pinned, or -1 */
	char failure[96]; /* the first failure, or "" */
};

struct shared {
	volatile unsigned trunc_seq; /* odd while a truncation runs */
	struct worker_stats w[MAX_WORKERS];
};

static struct shared *sh;
static sigjmp_buf guard_env;
static volatile sig_atomic_t guard_on;

/* A fault inside a guarded access jumps back to it; any other is fatal. */
static void on_fault(int sig)
{
	if (guard_on) {
		guard_on = 0;
		siglongjmp(guard_env, sig);
	}
	signal(sig, SIG_DFL);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fail(struct worker_stats *st, const char *what, unsigned page)
{
	if (!st->failure[0])
		snprintf(st->failure, sizeof(st->failure), "%s (page %u)", what,
			 page);
}

/* Fill (or, with check, compare) a page; 1 matched, 0 did not, or minus
 * the signal a fault raised. */
static int guarded(uint32_t *p, uint32_t page, uint32_t seed, int check)
{
	int sig = sigsetjmp(guard_env, 1);

	if (sig)
		return -sig;
	guard_on = 1;
	if (check) {
		sig = pattern_check(p, page, seed);
	} else {
		pattern_fill(p, page, seed);
		sig = 1;
	}
	guard_on = 0;
	return sig;
}

/* A store to p that must fault (p is mapped read-only): 1 if it did.  It
 * stores what is there, so a store that wrongly lands changes nothing. */
static int store_faults(volatile uint32_t *p)
{
	uint32_t v = *p;

	if (sigsetjmp(guard_env, 1))
		return 1;
	guard_on = 1;
	*p = v;
	guard_on = 0;
	return 0;
}

static unsigned seq_read(void)
{
	return __atomic_load_n(&sh->trunc_seq, __ATOMIC_SEQ_CST);
}

static void run_truncator(int fd, double end, struct worker_stats *st)
{
	while (now() < end) {
		__atomic_add_fetch(&sh->trunc_seq, 1, __ATOMIC_SEQ_CST);
		if (ftruncate(fd, STABLE_PAGES * PAGE) < 0 ||
		    ftruncate(fd, FILE_PAGES * PAGE) < 0)
			fail(st, "ftruncate failed", 0);
		__atomic_add_fetch(&sh->trunc_seq, 1, __ATOMIC_SEQ_CST);
		st->rounds++;
	}
}

/* Write every page of the hog's area, checking the last round's pattern
 * first, until the time is up, and at least once whole: however slow
 * the host, the area (bigger than RAM with swap on) has been through
 * memory once, so reclaim had to swap. */
static void run_hog(uint32_t pages, double end, struct worker_stats *st)
{
	char *m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint32_t seed, i;

	if (m == MAP_FAILED)
		return; /* no room for pressure (fault injection): no hog */
	while (now() < end || !st->rounds) {
		seed = 0x406 + st->rounds;
		for (i = 0; i < pages && (now() < end || !st->rounds); i++) {
			uint32_t *p = (uint32_t *)(m + (size_t)i * PAGE);

			if (st->rounds > 0) {
				st->checked++;
				if (!pattern_check(p, i, seed - 1))
					fail(st, "hog page changed", i);
			}
			pattern_fill(p, i, seed);
		}
		if (i == pages)
			st->rounds++;
	}
	munmap(m, pages * PAGE);
}

/* One round of a file worker: its stable page, its volatile page beyond
 * STABLE_PAGES, then mprotect read-only and back. */
static void file_round(int fd, int k, uint32_t seed, struct worker_stats *st)
{
	uint32_t *m = mmap(NULL, FILE_PAGES * PAGE, PROT_READ | PROT_WRITE,
			   MAP_SHARED, fd, 0);
	uint32_t *stable, *vol, vpage = STABLE_PAGES + k;
	unsigned s1, s2;
	int r, c;

	if (m == MAP_FAILED)
		return;
	stable = m + k * PAGE_WORDS;
	vol = m + vpage * PAGE_WORDS;
	if (st->last_seed) {
		st->checked++;
		if (guarded(stable, k, st->last_seed, 1) != 1)
			fail(st, "stable page lost its last pattern", k);
	}
	if (guarded(stable, k, seed, 0) != 1 ||
	    guarded(stable, k, seed, 1) != 1)
		fail(st, "stable page wrong after writing it", k);
	else
		st->last_seed = seed;

	s1 = seq_read();
	r = guarded(vol, vpage, seed, 0);
	c = r == 1 ? guarded(vol, vpage, seed, 1) : r;
	s2 = seq_read();
	if (s1 != s2 || (s1 & 1)) {
		st->raced++;
		st->expected_faults += r < 0 || c < 0;
	} else {
		st->checked++;
		if (r != 1 || c != 1)
			fail(st,
			     c < 0 ? "fault on a page no truncate removed" :
				     "page beyond the stable ones wrong",
			     vpage);
	}

	if (mprotect(m, FILE_PAGES * PAGE, PROT_READ) == 0) {
		st->checked++;
		if (guarded(stable, k, seed, 1) != 1)
			fail(st, "stable page wrong read-only", k);
		if (store_faults(stable))
			st->expected_faults++;
		else
			fail(st, "store to a read-only mapping did not fault",
			     k);
		mprotect(m, FILE_PAGES * PAGE, PROT_READ | PROT_WRITE);
	}
	munmap(m, FILE_PAGES * PAGE);
}

static void run_file_worker(int fd, int k, double end, struct worker_stats *st)
{
	uint32_t round = 0;

	while (now() < end && !st->failure[0]) {
		file_round(fd, k, ((uint32_t)k << 20) | ++round, st);
		st->rounds++;
	}
}

/* Compare n pages of area a (page numbers from first) with seed. */
static void check_area(const char *a, uint32_t first, int n, uint32_t seed,
		       struct worker_stats *st, const char *what)
{
	int i;

	for (i = 0; i < n; i++) {
		st->checked++;
		if (!pattern_check((const uint32_t *)(a + (size_t)i * PAGE),
				   first + i, seed))
			fail(st, what, first + i);
	}
}

static void fill_area(char *a, uint32_t first, int n, uint32_t seed)
{
	int i;

	for (i = 0; i < n; i++)
		pattern_fill((uint32_t *)(a + (size_t)i * PAGE), first + i,
			     seed);
}

/* The child of an anonymous round: the inherited area holds seed; its
 * copy and the shared page get seed + 1.  Exit status 0 when all held. */
static int anon_child(char *a, uint32_t *shared_page, uint32_t seed)
{
	if (!pattern_check((uint32_t *)a, 0, seed))
		return 1;
	fill_area(a, 0, ANON_PAGES, seed + 1);
	pattern_fill(shared_page, 0, seed + 1);
	return pattern_check((uint32_t *)(a + (ANON_PAGES - 1) * PAGE),
			     ANON_PAGES - 1, seed + 1) ?
		       0 :
		       2;
}

/* fork/exit with COW and a shared page, then mremap grow and move. */
static void anon_round(uint32_t *shared_page, uint32_t seed,
		       struct worker_stats *st)
{
	size_t len = ANON_PAGES * PAGE;
	char *a = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
	     *b, *spot;
	pid_t pid;
	int status = 0;

	if (a == MAP_FAILED)
		return;
	fill_area(a, 0, ANON_PAGES, seed);
	pid = fork();
	if (pid == 0)
		_exit(anon_child(a, shared_page, seed));
	if (pid > 0)
		status = wait_for(pid);
	if (pid > 0 && status == 0) {
		st->checked++;
		if (!pattern_check(shared_page, 0, seed + 1))
			fail(st,
			     "shared anonymous page lacks the child's store",
			     0);
	} else if (pid > 0 && WIFEXITED(status)) {
		fail(st, "forked child found a wrong page", 0);
	} else if (pid > 0 && (status == -1 || WTERMSIG(status) != SIGKILL)) {
		/* SIGKILL: out of memory, as fault injection makes it */
		fail(st, "forked child killed by a signal", WTERMSIG(status));
	}
	check_area(a, 0, ANON_PAGES, seed, st, "COW page changed by the child");

	b = mremap(a, len, 2 * len, MREMAP_MAYMOVE);
	if (b == MAP_FAILED) {
		munmap(a, len);
		return;
	}
	check_area(b, 0, ANON_PAGES, seed, st, "page wrong after mremap grow");
	fill_area(b + len, ANON_PAGES, ANON_PAGES, seed);
	spot = mmap(NULL, 2 * len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		    0);
	if (spot != MAP_FAILED) {
		a = mremap(b, 2 * len, 2 * len, MREMAP_MAYMOVE | MREMAP_FIXED,
			   spot);
		if (a == MAP_FAILED) {
			munmap(spot, 2 * len);
		} else {
			b = a;
			check_area(b, 0, 2 * ANON_PAGES, seed, st,
				   "page wrong after mremap move");
		}
	}
	munmap(b, 2 * len);
}

static void run_anon_worker(double end, struct worker_stats *st, int k)
{
	char *keep = mmap(NULL, (KEEP_PAGES + 1) * PAGE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint32_t *shared_page = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
				     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	uint32_t round = 0, kseed = 0x6b000 + k;

	if (keep == MAP_FAILED || shared_page == MAP_FAILED)
		return;
	fill_area(keep, 0, KEEP_PAGES, kseed);
	while (now() < end && !st->failure[0]) {
		anon_round(shared_page, ((uint32_t)k << 20) | (++round * 2),
			   st);
		check_area(keep, 0, KEEP_PAGES, kseed, st,
			   "lifelong anonymous page changed");
		st->rounds++;
	}
}

/* The hog's size: 2 MiB more than RAM with swap on (reclaim must swap),
 * else a third of what is free, at most 64 MiB (reclaim of the page
 * cache, no OOM). */
static uint32_t hog_pages(void)
{
	long free_kb = meminfo_kb("MemFree");

	if (free_kb <= 0)
		return 256;
	if (swap_on())
		return (memtotal_mib() + 2) * 256;
	return free_kb / 4 / 3 < 64 * 256 ? free_kb / 4 / 3 : 64 * 256;
}

static int worker(int i, enum role role, int fd, int ncpu, double end,
		  uint32_t hog)
{
	struct worker_stats *st = &sh->w[i];
	struct sigaction sa;
	cpu_set_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	CPU_ZERO(&set);
	CPU_SET(i % ncpu, &set);
	st->cpu = sched_setaffinity(0, sizeof(set), &set) == 0 ? i % ncpu : -1;
	if (role == TRUNCATOR)
		run_truncator(fd, end, st);
	else if (role == HOG)
		run_hog(hog, end, st);
	else if (role == FILE_WORKER)
		run_file_worker(fd, i, end, st);
	else
		run_anon_worker(end, st, i);
	return st->failure[0] ? 1 : 0;
}

static enum role role_of(int i)
{
	if (i < 2)
		return i == 0 ? TRUNCATOR : HOG;
	return i % 2 ? ANON_WORKER : FILE_WORKER;
}

/* Mapback's trylock failure and exit teardown counters since boot (Linux
 * has neither). */
static void show_trylock_counters(void)
{
	static char buf[8192];
	char *line, *save;
	int shown = 0;

	if (!read_proc("/proc/vmstat", buf, sizeof(buf)))
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "trylock_fail_", 13) ||
		    !strncmp(line, "rmap_trylock_failed ", 20) ||
		    !strncmp(line, "exit_zap_", 9)) {
			diag("%s", line);
			shown++;
		}
	}
	if (!shown)
		diag("no trylock counters in /proc/vmstat");
}

/* Each file worker's stable page, read with pread, holds its last pattern. */
static void check_file(int fd, int nworkers)
{
	static uint32_t buf[PAGE_WORDS];
	int i, good = 0, n = 0;

	for (i = 0; i < nworkers; i++) {
		if (role_of(i) != FILE_WORKER || !sh->w[i].last_seed)
			continue;
		n++;
		good += pread(fd, buf, PAGE, (off_t)i * PAGE) == PAGE &&
			pattern_check(buf, i, sh->w[i].last_seed);
	}
	is(good, n, "each file worker's stable page holds its last pattern");
}

int main(void)
{
	long seconds = env_long("TEST_RACE_SECONDS", 3);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int nworkers, i, fd, exited = 0;
	pid_t pids[MAX_WORKERS];
	unsigned rounds = 0, checked = 0, raced = 0, faults = 0;
	unsigned left, limit;
	uint32_t hog;
	long pswpout;
	double end;

	if (ncpu < 1)
		ncpu = 1;
	nworkers = ncpu + EXTRA_WORKERS;
	if (nworkers < 4)
		nworkers = 4;
	if (nworkers > MAX_WORKERS)
		nworkers = MAX_WORKERS;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		must(-1);
	fd = must(open("mm-race", O_RDWR | O_CREAT | O_TRUNC, 0644));
	must(ftruncate(fd, FILE_PAGES * PAGE));
	diag("%d workers on %ld CPUs for %ld s", nworkers, ncpu, seconds);
	hog = hog_pages();
	pswpout = vmstat_read("pswpout");
	end = now() + seconds;
	for (i = 0; i < nworkers; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(worker(i, role_of(i), fd, ncpu, end, hog));
		if (pids[i] < 0)
			diag("fork of worker %d failed: %s", i,
			     strerror(errno));
	}
	/* A worker stuck: fail, not hang (an earlier TEST_ALARM may be
	 * sooner). */
	limit = seconds * 3 + 60;
	left = alarm(0);
	alarm(left && left < limit ? left : limit);
	for (i = 0; i < nworkers; i++) {
		struct worker_stats *st = &sh->w[i];
		int status = wait_for(pids[i]);

		if (pids[i] < 0)
			continue;
		exited++;
		if (!is_exit(status, 0, "%s worker %d (cpu %d) ran clean",
			     role_name[role_of(i)], i, st->cpu))
			diag("worker %d: %s", i, st->failure);
		rounds += st->rounds;
		checked += st->checked;
		raced += st->raced;
		faults += st->expected_faults;
	}
	ok(exited >= 4, "at least the four kinds of worker ran (%d)", exited);
	ok(rounds > 0 && checked > 0,
	   "the workers ran %u rounds, checked %u pages", rounds, checked);
	check_file(fd, nworkers);
	diag("%u checks skipped for a racing truncate, %u expected faults",
	     raced, faults);
	diag("hog: %u KiB, %u passes", hog * 4, sh->w[1].rounds);
	check_evicted(pswpout, hog / 256);
	show_trylock_counters();
	close(fd);
	unlink("mm-race");
	return done_testing();
}
