/*
 * icache.c - a disk file's inode and its pages outlive its last close
 * (the inode cache), until drop_caches or the unmount, as on Linux 6.1.
 *
 * On the read-only ext2 test disk (TEST_EXT2_DEV, partition 1) a file is
 * read through read(2) and closed.  Opened again and mapped without being
 * touched, mincore(2) shows its middle page still in the page cache: it
 * was not read again.  sync and drop_caches 3 (pages, then the unused
 * inodes) drop it.  /proc/sys/fs/inode-nr and inode-state have Linux's
 * shape: the inodes in memory, the unused ones among them.  The middle
 * page is the one looked at because Linux keeps the last pages read in a
 * per-CPU batch for the LRU for a while, where they cannot be dropped.
 */
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tests/tap.h"

#define PAGE 4096

static char mnt[256], path[300];

/* Read the whole file and close it; its size in pages, or -1. */
static long read_and_close(void)
{
	static char buf[65536];
	int fd = open(path, O_RDONLY);
	long size;

	if (fd < 0)
		return -1;
	size = lseek(fd, 0, SEEK_END);
	lseek(fd, 0, SEEK_SET);
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	return (size + PAGE - 1) / PAGE;
}

/* Whether page i of the file is in the page cache, looked at through a
 * mapping that is never touched; -1 on error. */
static int cached(long pages, long i)
{
	int fd = open(path, O_RDONLY), r = -1;
	unsigned char v = 0;
	void *p;

	if (fd < 0)
		return -1;
	p = mmap(NULL, (size_t)pages * PAGE, PROT_READ, MAP_SHARED, fd, 0);
	if (p != MAP_FAILED) {
		if (mincore((char *)p + i * PAGE, PAGE, &v) == 0)
			r = v & 1;
		munmap(p, (size_t)pages * PAGE);
	}
	close(fd);
	return r;
}

static void counters(void)
{
	char buf[256];
	unsigned long nr = 0, unused = 0, z[5];
	int n;

	ok(read_proc("/proc/sys/fs/inode-nr", buf, sizeof(buf)),
	   "read inode-nr");
	n = sscanf(buf, "%lu\t%lu\n", &nr, &unused);
	is(n, 2, "inode-nr: two numbers");
	ok(nr > 0 && unused <= nr, "inode-nr: %lu in memory, %lu unused", nr,
	   unused);
	ok(strchr(buf, '\t') != NULL, "inode-nr: a tab between them");
	ok(read_proc("/proc/sys/fs/inode-state", buf, sizeof(buf)),
	   "read inode-state");
	n = sscanf(buf, "%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu", &nr, &unused,
		   &z[0], &z[1], &z[2], &z[3], &z[4]);
	is(n, 7, "inode-state: seven numbers");
	ok(unused <= nr, "inode-state: unused (%lu) <= in memory (%lu)", unused,
	   nr);
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_DEV");
	char cwd[200], dev[64];
	long pages;

	counters();
	if (!disk || access(disk, F_OK) < 0) {
		skip("ext2 disk", "no TEST_EXT2_DEV");
		return done_testing();
	}
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, sizeof(mnt), "%s/icache.mnt", cwd);
	snprintf(path, sizeof(path), "%s/pattern.bin", mnt);
	snprintf(dev, sizeof(dev), "%s1", disk);
	mkdir(mnt, 0755);
	if (!ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL),
		    "mount %s read-only", dev)) {
		rmdir(mnt);
		return done_testing();
	}
	pages = read_and_close();
	ok(pages >= 64, "read pattern.bin (%ld pages) and close it", pages);
	if (pages >= 64) {
		is(cached(pages, pages / 2), 1,
		   "opened again: its middle page is still cached");
		sync();
		ok_sys(drop_caches("3"), "drop_caches 3");
		is(cached(pages, pages / 2), 0,
		   "after drop_caches 3: the page is gone");
		is(read_and_close(), pages, "read it again");
		is(cached(pages, pages / 2), 1, "cached again");
	}
	ok_sys(umount(mnt), "umount");
	ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL), "mount it again");
	if (pages >= 64)
		is(cached(pages, pages / 2), 0,
		   "after the unmount: the page is gone");
	ok_sys(umount(mnt), "umount");
	rmdir(mnt);
	return done_testing();
}
