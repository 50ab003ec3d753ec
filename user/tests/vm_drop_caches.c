/*
 * vm_drop_caches.c - /proc/sys/vm/drop_caches drops clean, unmapped pages
 * of a disk's files, as Linux 6.1's does.
 *
 * On the read-only ext2 test disk (TEST_EXT2_DEV, partition 1) a file is
 * read through read(2) and mapped without being touched but for its
 * first page: mincore(2) shows every page in the page cache.  Writing 1
 * (and 3) drops the pages nobody maps: the middle of the file leaves the
 * cache and /proc/meminfo's Cached: falls, while the mapped first page
 * stays; 2 (slab only) and 4 (nothing) leave the pages.  On the writable
 * disk (TEST_EXT2_RW_DEV) a dirty page stays until fsync has made it
 * clean.  Values outside 1-4 are EINVAL.  Only drops are asserted, never
 * amounts.  The middle page is the one looked at because Linux keeps the
 * last pages read in a per-CPU batch for the LRU for a while, where they
 * cannot be dropped.
 */
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tests/tap.h"

#define PAGE 4096

static char mnt[256];

static long cached_kb(void)
{
	char buf[4096], *p;

	if (!read_proc("/proc/meminfo", buf, sizeof(buf)))
		return -1;
	p = strstr(buf, "\nCached:");
	return p ? strtol(p + 8, NULL, 10) : -1;
}

/* Whether page i of the mapping at p is in the page cache. */
static int resident(void *p, long i)
{
	unsigned char v = 0;

	if (mincore((char *)p + i * PAGE, PAGE, &v) < 0)
		return -1;
	return v & 1;
}

static void read_all(int fd)
{
	static char buf[65536];

	lseek(fd, 0, SEEK_SET);
	while (read(fd, buf, sizeof(buf)) > 0)
		;
}

static void clean_pages(const char *disk)
{
	char dev[64], path[300];
	long pages, before;
	int fd;
	void *p;

	snprintf(dev, sizeof(dev), "%s1", disk);
	if (!ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL),
		    "mount %s read-only", dev))
		return;
	snprintf(path, sizeof(path), "%s/pattern.bin", mnt);
	fd = open(path, O_RDONLY);
	if (!ok_sys(fd, "open pattern.bin")) {
		umount(mnt);
		return;
	}
	pages = (lseek(fd, 0, SEEK_END) + PAGE - 1) / PAGE;
	ok(pages >= 64, "a file of %ld pages", pages);
	p = mmap(NULL, (size_t)pages * PAGE, PROT_READ, MAP_SHARED, fd, 0);
	if (!ok(p != MAP_FAILED, "mmap it")) {
		close(fd);
		umount(mnt);
		return;
	}
	read_all(fd);
	is(resident(p, pages / 2), 1, "read: its middle page is cached");
	(void)*(volatile char *)p; /* its first page mapped */
	before = cached_kb();

	ok_sys(drop_caches("1\n"), "drop_caches 1");
	is(resident(p, pages / 2), 0, "1: the middle page dropped");
	is(resident(p, 0), 1, "1: the mapped first page stays");
	ok(cached_kb() < before, "1: Cached: fell (%ld kB before, %ld after)",
	   before, cached_kb());

	read_all(fd);
	ok_sys(drop_caches("2"), "drop_caches 2");
	is(resident(p, pages / 2), 1, "2 (slab only): the page stays");
	ok_sys(drop_caches("4"), "drop_caches 4");
	is(resident(p, pages / 2), 1, "4 (nothing): the page stays");
	ok_sys(drop_caches("3"), "drop_caches 3");
	is(resident(p, pages / 2), 0, "3: the page dropped");

	is_errno(drop_caches("0"), EINVAL, "drop_caches 0: EINVAL");
	is_errno(drop_caches("5"), EINVAL, "drop_caches 5: EINVAL");
	is_errno(drop_caches("-1"), EINVAL, "drop_caches -1: EINVAL");
	is_errno(drop_caches("x"), EINVAL, "drop_caches x: EINVAL");
	munmap(p, (size_t)pages * PAGE);
	close(fd);
	ok_sys(umount(mnt), "umount");
}

static void dirty_pages(const char *disk)
{
	static char buf[32 * PAGE];
	char dev[64], path[300];
	int fd;
	void *p;

	snprintf(dev, sizeof(dev), "%s1", disk);
	if (!ok_sys(mount(dev, mnt, "ext2", 0, NULL), "mount %s read-write",
		    dev))
		return;
	snprintf(path, sizeof(path), "%s/drop_caches.tmp", mnt);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	memset(buf, 'd', sizeof(buf));
	if (!ok_sys(fd, "create a file") ||
	    !ok(write(fd, buf, sizeof(buf)) == sizeof(buf), "write 32 pages")) {
		umount(mnt);
		return;
	}
	p = mmap(NULL, sizeof(buf), PROT_READ, MAP_SHARED, fd, 0);
	if (ok(p != MAP_FAILED, "mmap it")) {
		ok_sys(drop_caches("1"), "drop_caches 1");
		is(resident(p, 4), 1, "a dirty page stays");
		ok_sys(fsync(fd), "fsync");
		ok_sys(drop_caches("1"), "drop_caches 1");
		is(resident(p, 4), 0, "written back, clean: dropped");
		munmap(p, sizeof(buf));
	}
	close(fd);
	unlink(path);
	ok_sys(umount(mnt), "umount");
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_DEV");
	const char *rw = getenv("TEST_EXT2_RW_DEV");
	char cwd[200];

	if (!disk || access(disk, F_OK) < 0) {
		skip("ext2 disk", "no TEST_EXT2_DEV");
		return done_testing();
	}
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, sizeof(mnt), "%s/vm_drop_caches.mnt", cwd);
	mkdir(mnt, 0755);
	clean_pages(disk);
	if (rw && access(rw, F_OK) == 0)
		dirty_pages(rw);
	else
		skip("dirty pages", "no TEST_EXT2_RW_DEV");
	rmdir(mnt);
	return done_testing();
}
