/*
 * ext2_pressure.c - mapped ext2 files well beyond RAM: nothing is lost.
 *
 * TEST_EXT2_PRESSURE_DEV names a fresh writable disk (tools/mkext2-image.sh
 * --pressure: partition 1 large with 4 KiB blocks, partition 2 a small
 * one with 1 KiB blocks); without it the test skips.  On partition 1 it
 * makes three files whose total is TEST_FILE_MIB (default 4; the pressure
 * boots ask for twice MemTotal): a quarter written by write(2) and mapped
 * MAP_PRIVATE read-only, a quarter written the same way and mapped
 * MAP_SHARED read-only, half made of holes and mapped MAP_SHARED
 * read-write, every page of it stored through the mapping.  Touching them
 * all, twice, in opposite orders makes reclaim drop clean file pages (with
 * no copy anywhere but the file) and write the dirty shared ones to their
 * own blocks, never to swap.  Every word of every page is checked through
 * the mappings, after msync, and after munmap, fsync and
 * POSIX_FADV_DONTNEED through read(2), i.e. from the disk.  Under the same
 * pressure:
 *
 *   - two processes store into the pages of a shared mapping while both
 *     keep writing the file back (fdatasync): every last store of each
 *     reaches the disk, none lost to a page cleaned while it was written;
 *   - the shared writable file is truncated while mapped, in the middle of
 *     a page: an access past the end's page is SIGBUS, the part of that
 *     page past the end reads as zeros, everything before it is kept, and
 *     grown again the file reads zeros there;
 *   - on partition 2, filled to ENOSPC, a store through a shared mapping
 *     into a hole is SIGBUS at the fault, while the pages that had their
 *     blocks keep their data through reclaim and msync.
 *
 * Where the kernel has one (/proc/sys/vm/rmap_audit, Mapback) the
 * reverse-map audit runs while the files are mapped.  The host runs
 * e2fsck -fn on the disk after the boot.
 */
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include "tests/tap.h"
#include "tests/pattern.h"

#define SEED_P 0x70726976u /* the private read-only file */
#define SEED_S 0x73687264u /* the shared read-only file */
#define SEED_W 0x73687772u /* the shared writable file */
#define SEED_W2 0x73746d70u /* the second pass's stamp on its pages */
#define SEED_R 0x72616365u /* the race's file */
#define SEED_E 0x656e6f73u /* the file of the full disk */
#define RACE_PAGES 32
#define RACE_ROUNDS 16
#define FULL_PAGES 32

static char mnt1[256], mnt2[256];
static uint32_t buf[PAGE_WORDS];

static void path_in(char *path, size_t n, const char *mnt, const char *name)
{
	snprintf(path, n, "%s/%s", mnt, name);
}

/* Does page i hold seed's pattern with word 0 replaced by w0? */
static int page_is(const uint32_t *p, uint32_t i, uint32_t seed, uint32_t w0)
{
	uint32_t w;

	if (p[0] != w0)
		return 0;
	for (w = 1; w < PAGE_WORDS; w++)
		if (p[w] != pattern_word(i, w, seed))
			return 0;
	return 1;
}

static int page_is_pattern(const uint32_t *p, uint32_t i, uint32_t seed)
{
	return page_is(p, i, seed, pattern_word(i, 0, seed));
}

static int page_is_zero(const uint32_t *p)
{
	uint32_t w;

	for (w = 0; w < PAGE_WORDS; w++)
		if (p[w])
			return 0;
	return 1;
}

/* Word 0 of page i of the shared writable file after the second pass. */
static uint32_t stamp(uint32_t i)
{
	return pattern_word(i, 0, SEED_W2);
}

/* A file of `pages` pages of seed's pattern written by write(2). */
static int write_file(const char *path, long pages, uint32_t seed)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	long i;

	if (fd < 0)
		return -1;
	for (i = 0; i < pages; i++) {
		pattern_fill(buf, i, seed);
		if (write(fd, buf, PAGE) != PAGE) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

/* A file of `pages` pages, all hole. */
static int hole_file(const char *path, long pages)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);

	if (fd >= 0 && ftruncate(fd, pages * PAGE) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static uint32_t *map(int fd, long pages, int prot, int flags)
{
	void *p = mmap(NULL, pages * PAGE, prot, flags, fd, 0);

	return p == MAP_FAILED ? NULL : p;
}

static uint32_t *page_of(uint32_t *m, long i)
{
	return m + i * PAGE_WORDS;
}

/* Page i of fd read by pread into buf; 0 on a short read. */
static int read_page(int fd, long i)
{
	return pread(fd, buf, PAGE, (off_t)i * PAGE) == PAGE;
}

/* Write back, wait, and drop fd's cached pages: what read(2) gets next
 * comes from the disk. */
static int drop_cache(int fd)
{
	return fsync(fd) == 0 &&
	       posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
}

/* The pages of fd (read(2)) that are not seed's pattern. */
static long bad_read(int fd, long pages, uint32_t seed)
{
	long i, bad = 0;

	for (i = 0; i < pages; i++)
		bad += !read_page(fd, i) || !page_is_pattern(buf, i, seed);
	return bad;
}

/* The reverse-map audit, where the kernel has one, with the files mapped. */
static void audit(const char *when)
{
	int fd = open("/proc/sys/vm/rmap_audit", O_WRONLY);

	if (fd < 0) {
		skip("rmap audit", "no /proc/sys/vm/rmap_audit");
		return;
	}
	is(write(fd, "1\n", 2), 2, "rmap audit clean %s", when);
	close(fd);
}

/* A child's load (store < 0) or store of a word at p: its wait status. */
static int touch_in_child(volatile uint32_t *p, long store)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (store < 0)
			_exit(p[0] == 0x12345678u ? 3 : 0);
		p[0] = (uint32_t)store;
		_exit(0);
	}
	return wait_for(pid);
}

struct set {
	long np, ns, nw; /* pages: private, shared, shared writable */
	int fp, fs, fw;
	uint32_t *p, *s, *w;
};

static int make_set(struct set *t, long pages)
{
	char path[512];

	t->np = t->ns = pages / 4;
	t->nw = pages / 2;
	path_in(path, sizeof(path), mnt1, "private.dat");
	t->fp = write_file(path, t->np, SEED_P);
	path_in(path, sizeof(path), mnt1, "shared.dat");
	t->fs = write_file(path, t->ns, SEED_S);
	path_in(path, sizeof(path), mnt1, "written.dat");
	t->fw = hole_file(path, t->nw);
	if (!ok(t->fp >= 0 && t->fs >= 0 && t->fw >= 0,
		"%ld + %ld pages written, %ld of holes", t->np, t->ns, t->nw))
		return 0;
	t->p = map(t->fp, t->np, PROT_READ, MAP_PRIVATE);
	t->s = map(t->fs, t->ns, PROT_READ, MAP_SHARED);
	t->w = map(t->fw, t->nw, PROT_READ | PROT_WRITE, MAP_SHARED);
	return ok(
		t->p && t->s && t->w,
		"mapped private read-only, shared read-only, shared read-write");
}

/*
 * Pass 1 stores every page of the writable file (each store into a hole
 * allocates its block) with a page of the read-only files read between
 * two; pass 2 goes back down, checks each writable page, stamps its word
 * 0, and reads the read-only pages again.
 */
/* Writable page i's read-only partner: page i / 2 of the private map for
 * even i, of the shared one for odd i, as written. */
static int read_only_page_ok(struct set *t, long i)
{
	if (i % 2 == 0)
		return page_is_pattern(page_of(t->p, i / 2), i / 2, SEED_P);
	return page_is_pattern(page_of(t->s, i / 2), i / 2, SEED_S);
}

static void touch_set(struct set *t)
{
	long i, bad = 0, badw = 0;

	for (i = 0; i < t->nw; i++) {
		pattern_fill(page_of(t->w, i), i, SEED_W);
		bad += !read_only_page_ok(t, i);
	}
	is(bad, 0, "pass 1: read-only pages as written, writable ones stored");
	audit("after pass 1");
	for (i = t->nw - 1, bad = 0; i >= 0; i--) {
		uint32_t *w = page_of(t->w, i);

		badw += !page_is_pattern(w, i, SEED_W);
		w[0] = stamp(i);
		bad += !read_only_page_ok(t, i);
	}
	is(badw, 0, "pass 2: every stored page comes back through the mapping");
	is(bad, 0, "pass 2: read-only pages again");
}

/* Read k pages of the shared read-only mapping from *at on, wrapping. */
static long churn(struct set *t, long *at, long k)
{
	long bad = 0;

	while (k--) {
		bad += !page_is_pattern(page_of(t->s, *at), *at, SEED_S);
		*at = (*at + 1) % t->ns;
	}
	return bad;
}

/*
 * Two processes store into the same shared pages, each its own word, and
 * write the file back after each round: the other's stores land in pages
 * whose write is in flight, and must make them dirty again.  The last
 * round of each must be on the disk.
 */
static void race(struct set *t)
{
	char path[512];
	long i, g, bad, at = 0;
	int fd, status;
	uint32_t *m;
	pid_t pid;

	path_in(path, sizeof(path), mnt1, "race.dat");
	fd = write_file(path, RACE_PAGES, SEED_R);
	m = fd < 0 ? NULL :
		     map(fd, RACE_PAGES, PROT_READ | PROT_WRITE, MAP_SHARED);
	if (!ok(m != NULL, "race: a file of %d pages mapped shared",
		RACE_PAGES)) {
		if (fd >= 0)
			close(fd);
		return;
	}
	pid = fork();
	if (pid == 0) {
		for (g = 1; g <= RACE_ROUNDS; g++) {
			for (i = 0; i < RACE_PAGES; i++)
				page_of(m, i)[1] = g;
			if (fdatasync(fd) < 0)
				_exit(1);
		}
		_exit(0);
	}
	for (g = 1, bad = 0; g <= RACE_ROUNDS; g++) {
		for (i = 0; i < RACE_PAGES; i++)
			page_of(m, i)[0] = g;
		bad += fdatasync(fd) < 0;
		bad += churn(t, &at, t->ns / RACE_ROUNDS);
	}
	status = wait_for(pid);
	is_exit(status, 0,
		"race: the other process stored and synced %d rounds",
		RACE_ROUNDS);
	is(bad, 0, "race: fdatasync, and the pages read meanwhile");
	audit("with two processes mapping the race's file");
	for (i = 0, bad = 0; i < RACE_PAGES; i++) {
		uint32_t *p = page_of(m, i);

		bad += p[0] != RACE_ROUNDS || p[1] != RACE_ROUNDS ||
		       p[2] != pattern_word(i, 2, SEED_R);
	}
	is(bad, 0, "race: both last stores in every page");
	is(msync(m, RACE_PAGES * PAGE, MS_SYNC), 0, "race: msync(MS_SYNC)");
	is(munmap(m, RACE_PAGES * PAGE), 0, "race: munmap");
	ok(drop_cache(fd), "race: fsync and drop the cache");
	for (i = 0, bad = 0; i < RACE_PAGES; i++) {
		if (!read_page(fd, i) || buf[0] != RACE_ROUNDS ||
		    buf[1] != RACE_ROUNDS) {
			bad++;
			continue;
		}
		buf[0] = pattern_word(i, 0, SEED_R);
		buf[1] = pattern_word(i, 1, SEED_R);
		bad += !page_is_pattern(buf, i, SEED_R);
	}
	is(bad, 0, "race: the disk has both last stores of every page");
	close(fd);
	ok_sys(unlink(path), "race: unlink");
}

/*
 * Truncate the shared writable file, still mapped and under pressure, to
 * 100 bytes into page `half`; then grow it back.
 */
static void truncate_mapped(struct set *t)
{
	long half = t->nw / 2, i, bad;
	uint32_t *edge = page_of(t->w, half), w;
	long size = half * PAGE + 100;

	ok_sys(ftruncate(t->fw, size), "truncate the mapped file to %ld", size);
	is_signal(touch_in_child(page_of(t->w, half + 1), -1), SIGBUS,
		  "a load from the page after the end is SIGBUS");
	is_signal(touch_in_child(page_of(t->w, t->nw - 1), 1), SIGBUS,
		  "a store into the last page of the old size is SIGBUS");
	for (w = 1, bad = edge[0] != stamp(half); w < PAGE_WORDS; w++)
		bad += edge[w] != (w < 25 ? pattern_word(half, w, SEED_W) : 0);
	is(bad, 0, "the end's page: its bytes kept, zeros past the end");
	for (i = 0, bad = 0; i < half; i++)
		bad += !page_is(page_of(t->w, i), i, SEED_W, stamp(i));
	is(bad, 0, "every page before the end kept");
	audit("after truncating a mapped file");
	ok_sys(ftruncate(t->fw, t->nw * PAGE), "grow it back");
	ok(page_is_zero(page_of(t->w, half + 1)),
	   "the grown part reads zeros through the mapping");
	page_of(t->w, half + 1)[0] = 0xabcd;
	is_exit(touch_in_child(page_of(t->w, t->nw - 1), 0x1234), 0,
		"a store into the grown part");
}

/* After msync and munmap, the files from the disk through read(2). */
static void check_disk(struct set *t)
{
	long half = t->nw / 2, i, bad;
	uint32_t w;

	is(msync(t->w, t->nw * PAGE, MS_SYNC), 0, "msync(MS_SYNC)");
	ok(munmap(t->p, t->np * PAGE) == 0 && munmap(t->s, t->ns * PAGE) == 0 &&
		   munmap(t->w, t->nw * PAGE) == 0,
	   "munmap all three");
	ok(drop_cache(t->fp) && drop_cache(t->fs) && drop_cache(t->fw),
	   "fsync and drop the cache of each");
	is(bad_read(t->fp, t->np, SEED_P), 0,
	   "the private file's pages from the disk");
	is(bad_read(t->fs, t->ns, SEED_S), 0,
	   "the shared file's pages from the disk");
	for (i = 0, bad = 0; i < half; i++)
		bad += !read_page(t->fw, i) ||
		       !page_is(buf, i, SEED_W, stamp(i));
	is(bad, 0, "the written file's pages from the disk, both passes");
	bad = !read_page(t->fw, half) || buf[0] != stamp(half);
	for (w = 1; w < PAGE_WORDS; w++)
		bad += buf[w] != (w < 25 ? pattern_word(half, w, SEED_W) : 0);
	is(bad, 0, "the truncated end's page");
	bad = !read_page(t->fw, half + 1) || buf[0] != 0xabcd;
	buf[0] = 0;
	bad += !page_is_zero(buf);
	for (i = half + 2; i < t->nw - 1; i++)
		bad += !read_page(t->fw, i) || !page_is_zero(buf);
	bad += !read_page(t->fw, t->nw - 1) || buf[0] != 0x1234;
	is(bad, 0, "the grown part: zeros and the two stores");
}

/*
 * Partition 2, filled: a store into a hole of a shared mapping is SIGBUS;
 * the pages with blocks keep their data while reclaim and msync write
 * them to the full disk.
 */
static void full_disk(struct set *t)
{
	char path[512], fill[512];
	long i, bad;
	int fd, ff;
	uint32_t *m;
	ssize_t n;

	path_in(path, sizeof(path), mnt2, "holes.dat");
	path_in(fill, sizeof(fill), mnt2, "fill.dat");
	fd = hole_file(path, FULL_PAGES);
	m = fd < 0 ? NULL :
		     map(fd, FULL_PAGES, PROT_READ | PROT_WRITE, MAP_SHARED);
	if (!ok(m != NULL, "full: a file of holes mapped shared")) {
		if (fd >= 0)
			close(fd);
		return;
	}
	for (i = 0; i < FULL_PAGES / 2; i++)
		pattern_fill(page_of(m, i), i, SEED_E);
	ff = open(fill, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	memset(buf, 0x5a, sizeof(buf));
	while ((n = write(ff, buf, PAGE)) > 0)
		;
	while ((n = write(ff, buf, 512)) > 0)
		;
	is_errno(n, ENOSPC, "full: write until ENOSPC");
	is_signal(touch_in_child(page_of(m, FULL_PAGES - 4), 0x77), SIGBUS,
		  "full: a store into a hole is SIGBUS");
	is_exit(touch_in_child(page_of(m, 3), 0x77), 0,
		"full: a store into a page with blocks is not");
	audit("with the full disk's file mapped");
	/* Read the other files: the dirty pages above go out by reclaim. */
	bad = bad_read(t->fs, t->ns, SEED_S) + bad_read(t->fp, t->np, SEED_P);
	is(bad, 0, "full: the other files read meanwhile");
	for (i = 0, bad = 0; i < FULL_PAGES; i++) {
		uint32_t *p = page_of(m, i);

		if (i == 3)
			bad += !page_is(p, i, SEED_E, 0x77);
		else if (i < FULL_PAGES / 2)
			bad += !page_is_pattern(p, i, SEED_E);
		else
			bad += !page_is_zero(p);
	}
	is(bad, 0, "full: every page through the mapping");
	is(msync(m, FULL_PAGES * PAGE, MS_SYNC), 0, "full: msync(MS_SYNC)");
	is(munmap(m, FULL_PAGES * PAGE), 0, "full: munmap");
	ok(drop_cache(fd), "full: fsync and drop the cache");
	for (i = 0, bad = 0; i < FULL_PAGES; i++) {
		if (!read_page(fd, i))
			bad++;
		else if (i == 3)
			bad += !page_is(buf, i, SEED_E, 0x77);
		else if (i < FULL_PAGES / 2)
			bad += !page_is_pattern(buf, i, SEED_E);
		else
			bad += !page_is_zero(buf);
	}
	is(bad, 0, "full: every page from the disk, the hole still zeros");
	close(fd);
	if (ff >= 0)
		close(ff);
	ok(unlink(fill) == 0 && unlink(path) == 0, "full: unlink both");
}

static int mount_at(char *mnt, size_t n, const char *disk, int part)
{
	char dev[64], cwd[200];

	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, n, "%s/ext2_pressure.%d", cwd, part);
	snprintf(dev, sizeof(dev), "%s%d", disk, part);
	mkdir(mnt, 0755);
	return ok_sys(mount(dev, mnt, "ext2", 0, NULL), "mount %s read-write",
		      dev);
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_PRESSURE_DEV");
	long mib = env_mib("TEST_FILE_MIB", 4), mem = memtotal_mib();
	long steal, pswpout;
	struct statfs sf;
	struct set t;

	if (!disk || strlen(disk) > 40 || access(disk, F_OK) < 0) {
		skip("ext2 pressure disk", "no TEST_EXT2_PRESSURE_DEV");
		return done_testing();
	}
	diag("%ld MiB of mapped files, MemTotal %ld MiB", mib, mem);
	if (!mount_at(mnt1, sizeof(mnt1), disk, 1))
		return done_testing();
	if (!mount_at(mnt2, sizeof(mnt2), disk, 2)) {
		umount(mnt1);
		return done_testing();
	}
	ok(statfs(mnt1, &sf) == 0 &&
		   (long long)sf.f_bavail * sf.f_bsize > (mib + 2) * 1048576LL,
	   "partition 1 holds %ld MiB", mib);
	steal = vmstat_read("pgsteal_file");
	pswpout = vmstat_read("pswpout");
	if (make_set(&t, mib * 256)) {
		touch_set(&t);
		if (mib > mem)
			ok(vmstat_read("pgsteal_file") - steal >
				   (mib - mem) * 128,
			   "reclaim dropped file pages: pgsteal_file %ld -> %ld",
			   steal, vmstat_read("pgsteal_file"));
		else
			skip("reclaim dropped file pages",
			     "it all fits in RAM");
		/* Swap takes ramfs and anonymous pages meanwhile, fewer
		 * than the writable file's pages, stored twice. */
		ok(vmstat_read("pswpout") - pswpout < t.nw,
		   "the dirty file pages went to their file, not to swap: "
		   "pswpout %ld -> %ld",
		   pswpout, vmstat_read("pswpout"));
		race(&t);
		truncate_mapped(&t);
		check_disk(&t);
		full_disk(&t);
		close(t.fp);
		close(t.fs);
		close(t.fw);
	}
	ok_sys(umount(mnt1), "umount partition 1");
	ok_sys(umount(mnt2), "umount partition 2");
	rmdir(mnt1);
	rmdir(mnt2);
	return done_testing();
}
