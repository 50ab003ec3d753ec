/*
 * ext2_powercut.c - the workload of the power-cut series
 * (tools/power-cut.sh): files written and fsync'ed on ext2 while other
 * files are written, renamed and unlinked without a sync, until the
 * machine is killed.
 *
 * Runs only with TEST_POWERCUT_DEV (an ext2 partition made fresh by the
 * series for each boot); else it skips.  It mounts the partition on
 * /tmp/powercut.mnt and, for i = 0, 1, ...:
 *
 *   - writes d/f<i>: powercut_size(i) bytes of powercut_byte(i, j),
 *     fsyncs it, fsyncs d, and then prints "# powercut: synced <i>";
 *   - rewrites a scratch file s/t<i % 4> without a sync, renames it over
 *     s/u<i % 3> and unlinks every fifth, so the cut finds blocks, inodes
 *     and directory entries half-written.
 *
 * The series kills QEMU after some "synced" line, runs `e2fsck -fy`, and
 * checks each file the log says was synced with debugfs: its bytes must
 * be exactly those below (tools/power-cut.sh computes them the same
 * way).  When nothing kills it, the workload ends after POWERCUT_FILES
 * files, unmounts, and passes if every synced file reads back.
 *
 * With TEST_POWERCUT_ERRORS=1 the disk starts failing every request at
 * some point instead (QEMU's blkdebug, the series' errors mode): the
 * partition is mounted with errors=remount-ro, the first write or fsync
 * that fails must fail with EIO (or EROFS, once an earlier metadata
 * error made the file system read-only), "# powercut: first error"
 * says so, and the workload stops there; the host checks the files.
 */
#include "tap.h"
#include <sys/mount.h>
#include <sys/stat.h>

#define MNT "/tmp/powercut.mnt"
#define POWERCUT_FILES 120

static size_t powercut_size(unsigned int i)
{
	return (size_t)((i * 7919u) % 96 + 1) * 1024 - (i % 3) * 100;
}

static unsigned char powercut_byte(unsigned int i, size_t j)
{
	return (unsigned char)(i * 31 + j * 7 + (j >> 8));
}

static int write_file(const char *path, unsigned int i, int sync)
{
	static unsigned char buf[96 * 1024];
	size_t size = powercut_size(i), j;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int err = 0;

	if (fd < 0)
		return -1;
	for (j = 0; j < size; j++)
		buf[j] = powercut_byte(i, j);
	if (write(fd, buf, size) != (ssize_t)size)
		err = -1;
	if (sync && fsync(fd) < 0)
		err = -1;
	if (close(fd) < 0)
		err = -1;
	return err;
}

static int check_file(const char *path, unsigned int i)
{
	static unsigned char buf[96 * 1024 + 1];
	size_t size = powercut_size(i), j;
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n != (ssize_t)size)
		return -1;
	for (j = 0; j < size; j++) {
		if (buf[j] != powercut_byte(i, j))
			return -1;
	}
	return 0;
}

/* The unsynced churn beside file i. */
static void churn(unsigned int i)
{
	char t[64], u[64];

	snprintf(t, sizeof(t), MNT "/s/t%u", i % 4);
	snprintf(u, sizeof(u), MNT "/s/u%u", i % 3);
	if (write_file(t, i + 1000, 0) == 0)
		rename(t, u);
	if (i % 5 == 0)
		unlink(u);
}

int main(void)
{
	const char *dev = getenv("TEST_POWERCUT_DEV");
	const char *e = getenv("TEST_POWERCUT_ERRORS");
	int errors = e && strcmp(e, "1") == 0;
	const char *type = getenv("TEST_POWERCUT_FS"); /* ext2 or ext3 */
	unsigned int i, n, bad = 0;
	char path[64];
	int dir;

	if (!dev) {
		skip("power-cut workload", "no TEST_POWERCUT_DEV");
		return done_testing();
	}
	mkdir(MNT, 0755);
	if (!type)
		type = "ext2";
	if (!ok_sys(mount(dev, MNT, type, 0,
			  errors ? "errors=remount-ro" : NULL),
		    "mount %s rw as %s", dev, type))
		return done_testing();
	if (getenv("TEST_POWERCUT_REPLAY")) {
		/* The mount replayed the journal; the unmount leaves it
		 * clean for the host's check. */
		ok_sys(umount(MNT), "umount after the replay");
		return done_testing();
	}
	ok_sys(mkdir(MNT "/d", 0755), "mkdir d");
	ok_sys(mkdir(MNT "/s", 0755), "mkdir s");
	dir = open(MNT "/d", O_RDONLY | O_DIRECTORY);
	ok_sys(dir, "open d");
	for (i = 0; i < POWERCUT_FILES; i++) {
		snprintf(path, sizeof(path), MNT "/d/f%u", i);
		if (write_file(path, i, 1) < 0 || fsync(dir) < 0) {
			if (errors)
				diag("powercut: first error at f%u: %s", i,
				     strerror(errno));
			ok(errors && (errno == EIO || errno == EROFS),
			   "write and fsync %s and d: %s", path,
			   strerror(errno));
			break;
		}
		diag("powercut: synced %u", i);
		churn(i);
	}
	close(dir);
	if (errors) {
		ok_sys(umount(MNT), "umount, whatever the disk still takes");
		rmdir(MNT);
		return done_testing();
	}
	for (n = i, i = 0; i < n; i++) {
		snprintf(path, sizeof(path), MNT "/d/f%u", i);
		if (check_file(path, i) < 0)
			bad++;
	}
	is(n, POWERCUT_FILES, "every file written and synced");
	is(bad, 0, "every synced file reads back");
	ok_sys(umount(MNT), "umount");
	return done_testing();
}
