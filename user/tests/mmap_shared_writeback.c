/*
 * mmap_shared_writeback.c - stores through a shared writable mapping of a
 * disk reach the disk: partition 4 of TEST_EXT2_DEV (an image made to be
 * refused by mount; the test saves it and writes it back at the end) is
 * mapped MAP_SHARED, every page written; the stores count as Dirty in
 * /proc/meminfo, msync(MS_ASYNC) is 0, msync(MS_SYNC) writes them, a
 * store after that write is dirty again and written by the next msync,
 * and after munmap, close and POSIX_FADV_DONTNEED every page reads back
 * from the disk as written.  Without TEST_EXT2_DEV it skips.
 */
#include "tap.h"
#include <stdint.h>
#include <sys/mman.h>

#define PAGE 4096
#define WORDS (PAGE / 4)
#define SALT 0x6d73796eu

static uint32_t pattern(long page, int word)
{
	return SALT ^ ((uint32_t)page << 12) ^ (uint32_t)word;
}

/* Pages of the disk at fd whose words are not want's. */
static long bad_pages(int fd, long pages, uint32_t first_word)
{
	static uint32_t buf[WORDS];
	long p, bad = 0;
	int w;

	for (p = 0; p < pages; p++) {
		if (pread(fd, buf, PAGE, p * PAGE) != PAGE) {
			bad++;
			continue;
		}
		for (w = 0; w < WORDS; w++)
			if (buf[w] !=
			    (p == 0 && w == 0 ? first_word : pattern(p, w)))
				break;
		bad += w < WORDS;
	}
	return bad;
}

static void write_through_mapping(const char *dev, long size)
{
	long pages = size / PAGE, p, dirty;
	uint32_t *m;
	int fd = must(open(dev, O_RDWR)), w;

	m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "mmap the partition shared, read-write");
	if (m == MAP_FAILED) {
		close(fd);
		return;
	}
	for (p = 0; p < pages; p++)
		for (w = 0; w < WORDS; w++)
			m[p * WORDS + w] = pattern(p, w);
	dirty = meminfo_kb("Dirty");
	ok(dirty >= size / 1024 * 3 / 4, "the stores are Dirty (%ld kB)",
	   dirty);
	is(msync(m, size, MS_ASYNC), 0, "msync MS_ASYNC: 0");
	is(msync(m, size, MS_SYNC), 0, "msync MS_SYNC writes the pages");
	m[0] = SALT; /* after the write: dirty again */
	is(msync(m, PAGE, MS_SYNC), 0,
	   "msync MS_SYNC of the page stored again");
	is(munmap(m, size), 0, "munmap");
	close(fd);
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_DEV");
	char dev[64];
	char *saved;
	long size;
	int fd;

	if (!disk || access(disk, F_OK) < 0) {
		skip("a disk to map", "no TEST_EXT2_DEV");
		return done_testing();
	}
	snprintf(dev, sizeof(dev), "%s4", disk);
	fd = must(open(dev, O_RDONLY));
	size = lseek(fd, 0, SEEK_END) & ~(long)(PAGE - 1);
	saved = malloc(size);
	if (!saved || pread(fd, saved, size, 0) != size) {
		skip("a disk to map", "cannot save the partition");
		return done_testing();
	}
	close(fd);

	write_through_mapping(dev, size);

	fd = must(open(dev, O_RDONLY));
	is(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0,
	   "the cache dropped (POSIX_FADV_DONTNEED)");
	is(bad_pages(fd, size / PAGE, SALT), 0,
	   "every page read back from the disk as written");
	close(fd);

	fd = must(open(dev, O_RDWR));
	is(pwrite(fd, saved, size, 0), size, "the partition written back");
	is(fsync(fd), 0, "and synced");
	close(fd);
	free(saved);
	return done_testing();
}
