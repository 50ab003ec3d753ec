/*
 * ext2_file.c - file pages from a disk file system, under pressure.
 *
 * The bench boots attach a disk (TEST_EXT2_DEV, made on the host by
 * tools/mkext2-bench-image.sh) whose first partition holds an ext2 file
 * system.  Its file
 * big.data is bigger than any RAM the benchmarks run in; page i starts
 * with pressure_stamp(SEED, i) and ends with i.  The benchmark mounts it
 * and reads BENCH_EXT2_PCT percent of MemTotal (default 200: twice RAM)
 * of it, so reclaim must take back clean file pages as fast as they
 * come in: pages with a copy on the disk, which are unmapped through
 * page->mapping and dropped without any I/O.  Phases (pressure.h's
 * figures, with the disk's requests):
 *
 *   read   read() it from the start, page by page; every page checked;
 *   map    map it MAP_SHARED read-only and read every page from the start:
 *          each page is mapped when reclaim finds it, so reclaim goes
 *          through the reverse map to drop it.
 *
 * When the file system mounts read-write, a third phase writes:
 *
 *   mapw   a new file of BENCH_EXT2_WPCT percent of MemTotal (default
 *          150) mapped MAP_SHARED read-write, a stamp stored in every
 *          page, then msync(MS_SYNC): the dirty pages go to their own
 *          blocks, by reclaim while the stores run and by msync at the
 *          end, never to swap.  Afterwards (not measured) the file is
 *          read back and every stamp checked.
 */
#include "bench/pressure.h"
#include <sys/mman.h>
#include <sys/mount.h>

#define NAME "ext2_file"
#define SEED 7
#define WSEED 8
#define MNT "/mnt/bench-ext2"
#define BIG MNT "/big.data"
#define NEW MNT "/mapw.data"

static int page_ok(const uint32_t *w, uint32_t seed, size_t i)
{
	return w[0] == pressure_stamp(seed, i) &&
	       w[PAGE_SIZE / 4 - 1] == (uint32_t)i;
}

static void bad_page(const char *how, size_t i)
{
	say("bench %s: %s page %zu came back wrong\n", NAME, how, i);
	exit(1);
}

/* Mount dev read-write if the kernel can, else read-only; 1 if rw. */
static int mount_disk(const char *dev)
{
	if (mkdir("/mnt", 0755) < 0 && errno != EEXIST)
		bench_fail(NAME, "mkdir /mnt");
	if (mkdir(MNT, 0755) < 0 && errno != EEXIST)
		bench_fail(NAME, "mkdir " MNT);
	if (mount(dev, MNT, "ext2", 0, NULL) == 0)
		return 1;
	if (mount(dev, MNT, "ext2", MS_RDONLY, NULL) == 0)
		return 0;
	bench_fail(NAME, dev);
	return 0;
}

static void read_phase(int fd, size_t pages)
{
	static uint32_t w[PAGE_SIZE / 4];
	size_t i;

	for (i = 0; i < pages; i++) {
		if (read(fd, w, PAGE_SIZE) != PAGE_SIZE)
			bench_fail(NAME, "read");
		if (!page_ok(w, SEED, i))
			bad_page("read", i);
	}
}

static void map_phase(int fd, size_t pages)
{
	const uint32_t *p = mmap(NULL, pages * PAGE_SIZE, PROT_READ,
				 MAP_SHARED, fd, 0);
	size_t i;

	if (p == MAP_FAILED)
		bench_fail(NAME, "mmap");
	for (i = 0; i < pages; i++) {
		if (!page_ok(p + i * (PAGE_SIZE / 4), SEED, i))
			bad_page("mapped", i);
	}
	munmap((void *)p, pages * PAGE_SIZE);
}

/* Store the stamps through a shared writable mapping of a new file. */
static void mapw_phase(int fd, size_t pages)
{
	uint32_t *p = mmap(NULL, pages * PAGE_SIZE, PROT_READ | PROT_WRITE,
			   MAP_SHARED, fd, 0), *w;
	size_t i;

	if (p == MAP_FAILED)
		bench_fail(NAME, "mmap shared writable");
	for (i = 0; i < pages; i++) {
		w = p + i * (PAGE_SIZE / 4);
		w[0] = pressure_stamp(WSEED, i);
		w[PAGE_SIZE / 4 - 1] = (uint32_t)i;
	}
	if (msync(p, pages * PAGE_SIZE, MS_SYNC) < 0)
		bench_fail(NAME, "msync");
	munmap(p, pages * PAGE_SIZE);
}

static void check_written(int fd, size_t pages)
{
	static uint32_t w[PAGE_SIZE / 4];
	size_t i;

	if (lseek(fd, 0, SEEK_SET) != 0)
		bench_fail(NAME, "lseek");
	for (i = 0; i < pages; i++) {
		if (read(fd, w, PAGE_SIZE) != PAGE_SIZE)
			bench_fail(NAME, "read back");
		if (!page_ok(w, WSEED, i))
			bad_page("written", i);
	}
}

static void write_test(const char *disk, size_t mem)
{
	size_t pages = mem / 100 * bench_env("BENCH_EXT2_WPCT", 150) /
		       PAGE_SIZE;
	struct phase ph;
	int fd = open(NEW, O_RDWR | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || ftruncate(fd, (off_t)(pages * PAGE_SIZE)) < 0)
		bench_fail(NAME, NEW);
	bench_print(NAME, "mapw_pages", (long long)pages);
	phase_begin_on(&ph, NAME, "mapw", disk);
	mapw_phase(fd, pages);
	phase_end(&ph);
	check_written(fd, pages);
	close(fd);
	if (unlink(NEW) < 0)
		bench_fail(NAME, "unlink");
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_DEV");
	char dev[64];
	size_t mem = pressure_memtotal(NAME), pages;
	struct phase ph;
	struct stat st;
	int fd, rw;

	if (!disk || strlen(disk) > sizeof(dev) - 2) {
		say("bench %s: no TEST_EXT2_DEV, nothing to do\n", NAME);
		return 0;
	}
	snprintf(dev, sizeof(dev), "%s1", disk);
	rw = mount_disk(dev);
	pages = mem / 100 * bench_env("BENCH_EXT2_PCT", 200) / PAGE_SIZE;
	fd = open(BIG, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0)
		bench_fail(NAME, BIG);
	if ((size_t)st.st_size < pages * PAGE_SIZE) {
		say("bench %s: %s holds %lld bytes, %zu pages asked\n", NAME,
		    BIG, (long long)st.st_size, pages);
		return 1;
	}
	bench_print(NAME, "pages", (long long)pages);

	phase_begin_on(&ph, NAME, "read", disk);
	read_phase(fd, pages);
	phase_end(&ph);

	phase_begin_on(&ph, NAME, "map", disk);
	map_phase(fd, pages);
	phase_end(&ph);
	close(fd);

	if (rw)
		write_test(disk, mem);
	if (umount(MNT) < 0)
		bench_fail(NAME, "umount");
	return 0;
}
