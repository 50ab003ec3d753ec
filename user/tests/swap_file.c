/*
 * swap_file.c - a file larger than RAM, through read/write and mmap.
 *
 * Writes TEST_FILE_MIB MiB (default 4) into a file with write(), checks
 * it with read(), maps it MAP_SHARED and checks it through the mapping,
 * rewrites every other page through the mapping and checks that with
 * read(), then writes the other pages with pwrite() and checks them
 * through the mapping.  On Mapback's ramfs the file's pages can only be
 * reclaimed by moving them to swap (tmpfs-style), unmapping them through
 * the object-based rmap walk first; pswpout must show that they went
 * (check_evicted) when the file is larger than RAM and swap is on.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/pattern.h"

static uint32_t buf[PAGE_WORDS];

int main(void)
{
	long mib = env_mib("TEST_FILE_MIB", 4);
	long pages = mib * 256, i, good;
	int fd = open("swap-file", O_RDWR | O_CREAT | O_TRUNC, 0644);
	char *m;
	long pswpout = vmstat_read("pswpout");

	diag("%ld MiB file", mib);
	ok_sys(fd, "create the file");
	for (i = 0, good = 0; i < pages; i++) {
		pattern_fill(buf, i, 10);
		good += write(fd, buf, PAGE) == PAGE;
	}
	is(good, pages, "write() every page");
	lseek(fd, 0, SEEK_SET);
	for (i = 0, good = 0; i < pages; i++)
		good += read(fd, buf, PAGE) == PAGE && pattern_check(buf, i, 10);
	is(good, pages, "read() gets every page back");

	m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!ok(m != MAP_FAILED, "map it shared"))
		return done_testing();
	for (i = 0, good = 0; i < pages; i++)
		good += pattern_check((uint32_t *)(m + i * PAGE), i, 10);
	is(good, pages, "the mapping shows every page");
	for (i = 0; i < pages; i += 2)
		pattern_fill((uint32_t *)(m + i * PAGE), i, 11);
	for (i = 0, good = 0; i < pages; i++)
		good += pread(fd, buf, PAGE, i * PAGE) == PAGE && pattern_check(buf, i, i % 2 ? 10 : 11);
	is(good, pages, "read() sees the stores made through the mapping");
	for (i = 1; i < pages; i += 2) {
		pattern_fill(buf, i, 12);
		pwrite(fd, buf, PAGE, i * PAGE);
	}
	for (i = 0, good = 0; i < pages; i++)
		good += pattern_check((uint32_t *)(m + i * PAGE), i, i % 2 ? 12 : 11);
	is(good, pages, "the mapping sees the pwrite()s");
	munmap(m, pages * PAGE);
	close(fd);
	ok_sys(unlink("swap-file"), "unlink");
	check_evicted(pswpout, mib);
	return done_testing();
}
