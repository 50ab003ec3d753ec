/*
 * blkdev_write.c - writing a block device through its page cache: write
 * (4) on /dev/hdc4 (the ext2 test disk's unmountable partition, 1 MiB;
 * the boots attach the image with snapshot=on, and the test puts back
 * what it changed), a partial page read first, a write cut short at the
 * end of the device and ENOSPC past it, fsync (118) and fdatasync (148),
 * what /proc/meminfo's Dirty: and /proc/vmstat's nr_dirty and pgpgout say
 * before and after, the data read back after the cache was dropped
 * (drop_caches, and the last close), O_EXCL against a mounted partition
 * and against another exclusive opener (EBUSY), and the four
 * /proc/sys/vm/dirty_* tunables: Linux's defaults, a write read back,
 * EINVAL out of range.  TEST_EXT2_DEV names the disk; without it the
 * disk part skips.
 */
#include "tap.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#define PART_SIZE (1024 * 1024)		/* hdc4: mkext2-image.sh */
#define SAVED 65536
#define AREA (PART_SIZE - SAVED)	/* the last 16 pages */

static char saved[SAVED], want[SAVED], got[SAVED];

/* A /proc file's "name value" line, or -1. */
static long proc_value(const char *path, const char *name)
{
	static char buf[8192];
	int fd = open(path, O_RDONLY);
	ssize_t n;
	char *p;
	size_t len = strlen(name);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	for (p = buf; p; p = strchr(p, '\n')) {
		if (*p == '\n')
			p++;
		if (!strncmp(p, name, len) && (p[len] == ' ' || p[len] == ':'))
			return atol(p + len + 1);
	}
	return -1;
}

static long dirty_kb(void)
{
	return proc_value("/proc/meminfo", "Dirty");
}

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

static long read_long(const char *path)
{
	char buf[32];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -99999;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -99999;
	buf[n] = 0;
	return atol(buf);
}

static void tunables(void)
{
	static const struct {
		const char *name;
		long def, set;
		const char *bad;
	} t[] = {
		{ "dirty_background_ratio", 10, 7, "101" },
		{ "dirty_ratio", 20, 33, "-1" },
		{ "dirty_expire_centisecs", 3000, 2500, "-5" },
		{ "dirty_writeback_centisecs", 500, 700, "12x" },
	};
	char path[80], num[16];
	unsigned int i;
	int fd;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		snprintf(path, sizeof(path), "/proc/sys/vm/%s", t[i].name);
		is(read_long(path), t[i].def, "%s: Linux's default", t[i].name);
		snprintf(num, sizeof(num), "%ld\n", t[i].set);
		ok_sys(write_file(path, num), "%s: write %ld", t[i].name,
		       t[i].set);
		is(read_long(path), t[i].set, "%s: reads back", t[i].name);
		fd = open(path, O_WRONLY);
		is_errno(write(fd, t[i].bad, strlen(t[i].bad)), EINVAL,
			 "%s: '%s' is EINVAL", t[i].name, t[i].bad);
		close(fd);
		is(read_long(path), t[i].set, "%s: unchanged by it",
		   t[i].name);
		snprintf(num, sizeof(num), "%ld", t[i].def);
		ok_sys(write_file(path, num), "%s: back to %ld", t[i].name,
		       t[i].def);
	}
}

static void exclusive(const char *disk, const char *part4)
{
	char part1[64], mnt[200], cwd[150];
	int fd, fd2;

	snprintf(part1, sizeof(part1), "%s1", disk);
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, sizeof(mnt), "%s/blkdev_write.mnt", cwd);
	mkdir(mnt, 0755);
	if (ok_sys(mount(part1, mnt, "ext2", MS_RDONLY, NULL), "mount %s",
		   part1)) {
		is_errno(open(part1, O_RDWR | O_EXCL), EBUSY,
			 "O_EXCL on a mounted partition: EBUSY");
		fd = open(part1, O_RDWR);
		ok_sys(fd, "a plain O_RDWR open of it is allowed");
		if (fd >= 0)
			close(fd);
		ok_sys(umount(mnt), "umount");
	}
	rmdir(mnt);
	fd = open(part4, O_RDWR | O_EXCL);
	ok_sys(fd, "O_EXCL on an unused partition");
	is_errno(open(part4, O_RDONLY | O_EXCL), EBUSY,
		 "a second exclusive opener: EBUSY");
	fd2 = open(part4, O_RDONLY);
	ok_sys(fd2, "a plain open beside it is allowed");
	close(fd2);
	close(fd);
	fd = open(part4, O_RDONLY | O_EXCL);
	ok_sys(fd, "O_EXCL again once the holder closed");
	close(fd);
}

static void writes(const char *part4)
{
	long dirty0, dirty1, dirty2, nr_dirty, out0, out1;
	int fd, i;

	fd = open(part4, O_RDWR);
	if (!ok_sys(fd, "open %s O_RDWR", part4))
		return;
	is(pread(fd, saved, SAVED, AREA), SAVED, "read what is there");
	must(fsync(fd));
	memcpy(want, saved, SAVED);
	for (i = 0; i < 100; i++)
		want[1000 + i] = (char)(i * 7 + 1);
	for (i = 4096; i < SAVED - 8192; i++)
		want[i] = (char)(i % 251);
	for (i = SAVED - 8192; i < SAVED; i++)
		want[i] = (char)(i % 13 + 'a');
	dirty0 = dirty_kb();
	out0 = proc_value("/proc/vmstat", "pgpgout");
	is(pwrite(fd, want + 1000, 100, AREA + 1000), 100,
	   "100 bytes inside a page");
	is(pwrite(fd, want + 4096, SAVED - 12288, AREA + 4096), SAVED - 12288,
	   "13 pages");
	is(pwrite(fd, want + SAVED - 8192, 12288, AREA + SAVED - 8192), 8192,
	   "a write over the end is cut short");
	is_errno(pwrite(fd, want, 1, PART_SIZE), ENOSPC,
		 "a write at the end: ENOSPC");
	is(pread(fd, got, SAVED, AREA), SAVED, "read back through the cache");
	ok(!memcmp(got, want, SAVED), "the cache holds what was written");
	dirty1 = dirty_kb();
	nr_dirty = proc_value("/proc/vmstat", "nr_dirty");
	/* 16 pages: Linux folds its per-CPU counts in now and then, so
	 * a few may not show yet. */
	ok(dirty1 >= dirty0 + 40, "meminfo Dirty rose (%ld -> %ld kB)", dirty0,
	   dirty1);
	ok(nr_dirty >= 10, "vmstat nr_dirty counts the pages (%ld)", nr_dirty);
	is(fdatasync(fd), 0, "fdatasync: 0");
	is(fsync(fd), 0, "fsync: 0");
	dirty2 = dirty_kb();
	ok(dirty2 + 40 <= dirty1, "Dirty fell after fsync (%ld -> %ld kB)",
	   dirty1, dirty2);
	out1 = proc_value("/proc/vmstat", "pgpgout");
	ok(out1 >= out0 + 64, "pgpgout counts the KiB written (%ld -> %ld)",
	   out0, out1);
	is(syscall(SYS_syncfs, fd), 0, "syncfs: 0");
	sync();
	close(fd);

	ok_sys(write_file("/proc/sys/vm/drop_caches", "1\n"),
	       "drop_caches");
	fd = open(part4, O_RDONLY);
	if (!ok_sys(fd, "reopen read-only"))
		return;
	memset(got, 0, SAVED);
	is(pread(fd, got, SAVED, AREA), SAVED, "read it again");
	ok(!memcmp(got, want, SAVED), "from the disk: what was written");
	is_errno(write(fd, "x", 1), EBADF, "write on a read-only fd: EBADF");
	close(fd);

	fd = open(part4, O_WRONLY);
	if (!ok_sys(fd, "open O_WRONLY to put the old data back"))
		return;
	is(pwrite(fd, saved, SAVED, AREA), SAVED, "the old data back");
	is(fsync(fd), 0, "fsync: 0");
	close(fd);
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_DEV");
	char part4[64];

	tunables();
	if (!disk || access(disk, F_OK) < 0) {
		skip("ext2 disk", "no TEST_EXT2_DEV");
		return done_testing();
	}
	snprintf(part4, sizeof(part4), "%s4", disk);
	writes(part4);
	exclusive(disk, part4);
	return done_testing();
}
