/*
 * ext2_ioerr.c - disk errors as programs see them on ext2: EIO from
 * fsync, msync and read, SIGBUS from a mapped read, and a file system
 * that turns read-only on a metadata error with errors=remount-ro.
 *
 * Runs only with TEST_IOERR_DEV, the disk tools/mkioerr-image.sh makes,
 * attached behind QEMU's blkdebug driver, whose rules fail chosen blocks
 * on every access: the same failures under Mapback and under Linux (the
 * `ioerr` and `linux-ioerr` boots).  Else it skips.  The disk's three
 * partitions (4 KiB blocks):
 *
 *   1  wfile and mfile: their first block fails writes; rfile: block 12
 *      fails reads; rmap: its one block fails reads
 *   2  victim: its inode table block fails reads
 *   3  victim: its inode table block fails writes
 *
 * Where the kernels part, each is held to its own answer.  Linux 6.1
 * marks a page whose write failed clean (the data stays in the cache
 * until it is dropped, and a second fsync has nothing to write: 0),
 * Mapback keeps it dirty, so the data is never dropped unwritten and
 * every later fsync writes it again (EIO again while the block fails).
 * And Debian's 6.1 has ext4's newer errors=remount-ro, which on a mount
 * without a journal leaves it read-write (check_mount_state).
 */
#include "tap.h"
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#define MNT "/tmp/ioerr.mnt"
#define PAGE 4096

static int mapback;

/* Byte j of a file made with seed s (tools/mkioerr-image.sh's pattern). */
static unsigned char pat(int s, size_t j)
{
	return (unsigned char)(s + 7 * j + (j >> 8));
}

static void fill(unsigned char *buf, size_t off, size_t n, int s)
{
	size_t j;

	for (j = 0; j < n; j++)
		buf[j] = pat(s, off + j);
}

/* Do n bytes at off of fd hold seed s's pattern? */
static int holds(int fd, off_t off, size_t n, int s)
{
	unsigned char got[PAGE], want[PAGE];

	if (n > PAGE || pread(fd, got, n, off) != (ssize_t)n)
		return 0;
	fill(want, (size_t)off, n, s);
	return memcmp(got, want, n) == 0;
}

/* "ro" or "rw" as /proc/mounts shows MNT, or "" when it is not there. */
static const char *mount_state(void)
{
	static char text[8192];
	int fd = open("/proc/mounts", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, text, sizeof(text) - 1) : -1;
	char *line;

	if (fd >= 0)
		close(fd);
	text[n > 0 ? n : 0] = 0;
	line = strstr(text, " " MNT " ext2 ");
	if (!line)
		return "";
	line += strlen(" " MNT " ext2 ");
	return strncmp(line, "ro", 2) == 0 ? "ro" : "rw";
}

static int mount_part(const char *disk, int part, const char *opts)
{
	char dev[256];

	snprintf(dev, sizeof(dev), "%s%d", disk, part);
	return mount(dev, MNT, "ext2", 0, opts);
}

/* After errors=remount-ro turned the file system read-only: a writer
 * gets EROFS. */
static int writes_refused(void)
{
	int fd = open(MNT "/good", O_WRONLY), err;

	if (fd < 0)
		return errno == EROFS;
	err = write(fd, "x", 1) < 0 ? errno : 0;
	diag("open for writing: ok; write: %s", err ? strerror(err) : "ok");
	close(fd);
	return err == EROFS;
}

/*
 * The mount after a metadata error.  Debian's 6.1 (6.1.176) carries the
 * backport of Linux 6.12's "ext4: don't set SB_RDONLY after filesystem
 * errors", and on a mount without a journal nothing else stops writers:
 * it stays "rw" and writes go on.  So with errors=remount-ro only
 * Mapback is held to read-only (as classic ext2 and Linux before it).
 */
static void check_mount_state(const char *opts, int ro)
{
	if (ro && !mapback) {
		diag("Linux: /proc/mounts says %s", mount_state());
		skip("errors=remount-ro: read-only, a writer gets EROFS",
		     "Debian's 6.1 ext4 sets no read-only state without a "
		     "journal");
		return;
	}
	is(strcmp(mount_state(), ro ? "ro" : "rw"), 0,
	   "%s: /proc/mounts says %s", opts, ro ? "ro" : "rw");
	if (ro)
		ok(writes_refused(), "a writer gets EROFS");
}

static long dirty_kb(void)
{
	char text[4096], *p;

	if (read_proc("/proc/meminfo", text, sizeof(text)) < 0)
		return -1;
	p = strstr(text, "\nDirty:");
	return p ? strtol(p + 7, NULL, 10) : -1;
}

/* A write whose block fails: fsync says EIO, to each open file. */
static void test_write_error(void)
{
	unsigned char buf[PAGE];
	long dirty;
	int fd = open(MNT "/wfile", O_RDWR);
	int fd2 = open(MNT "/wfile", O_RDONLY);
	int fs = open(MNT, O_RDONLY | O_DIRECTORY);

	if (!ok_sys(fd, "open wfile") || !ok_sys(fd2, "open it again") ||
	    !ok_sys(fs, "open the mount's root"))
		return;
	fill(buf, 0, PAGE, 0x40);
	is(pwrite(fd, buf, PAGE, 0), PAGE, "write over its first block");
	is_errno(fsync(fd), EIO, "fsync: EIO (the block fails writes)");
	ok(holds(fd, 0, PAGE, 0x40), "the new bytes still read back");
	is_errno(fsync(fd2), EIO,
		 "fsync of a file opened before the error: EIO too");
	dirty = dirty_kb();
	if (mapback) {
		ok(dirty >= 4, "the page stays dirty (Dirty: %ld kB)", dirty);
		is_errno(fsync(fd), EIO,
			 "fsync again: the page is written again, EIO again");
		ok_sys(drop_caches("3"), "drop_caches 3");
		ok(holds(fd, 0, PAGE, 0x40),
		   "drop_caches keeps it: not dropped unwritten");
	} else {
		is(fsync(fd), 0,
		   "Linux: fsync again is 0 (the error reported once, the "
		   "page marked clean)");
		ok_sys(drop_caches("3"), "drop_caches 3");
		ok(holds(fd, 0, PAGE, 1),
		   "Linux: drop_caches drops it, the disk's bytes come back");
	}
	ok(holds(fd, PAGE, PAGE, 1), "the next block is untouched");
	is_errno(syncfs(fs), EIO,
		 "syncfs of a file opened before the error: EIO");
	if (mapback)
		is_errno(syncfs(fs), EIO,
			 "syncfs again: the page fails again, a new EIO");
	else
		is(syncfs(fs), 0, "Linux: syncfs again is 0 (reported once)");
	is(close(fs), 0, "close the root");
	is(close(fd2), 0, "close: 0 (ext2 has no flush, as Linux)");
	is(close(fd), 0, "close of the writer: 0");
}

/* The same through a shared mapping and msync(MS_SYNC). */
static void test_msync_error(void)
{
	int fd = open(MNT "/mfile", O_RDWR);
	unsigned char *p;

	if (!ok_sys(fd, "open mfile"))
		return;
	p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!ok(p != MAP_FAILED, "map it shared")) {
		close(fd);
		return;
	}
	ok(p[1] == pat(2, 1), "the mapping shows the file");
	p[1] = 0xee;
	p[PAGE + 1] = 0xef;
	is_errno(msync(p, 2 * PAGE, MS_SYNC), EIO,
		 "msync(MS_SYNC) of a store into the failing block: EIO");
	ok(p[1] == 0xee, "the store is still there");
	is(munmap(p, 2 * PAGE), 0, "munmap");
	if (mapback)
		is_errno(fsync(fd), EIO,
			 "fsync after it: the page is still dirty, EIO again");
	else
		is(fsync(fd), 0, "Linux: fsync after it is 0 (reported once)");
	ok(holds(fd, PAGE, 1, 2), "the other page's first byte unchanged");
	is(close(fd), 0, "close: 0");
}

static sigjmp_buf fault_jmp;

static void on_sigbus(int sig)
{
	(void)sig;
	siglongjmp(fault_jmp, 1);
}

/* A block that fails reads: EIO from read, SIGBUS from a mapped load. */
static void test_read_error(void)
{
	struct sigaction sa = { .sa_handler = on_sigbus };
	unsigned char buf[PAGE];
	volatile unsigned char *p;
	volatile int faulted = 0;
	int fd = open(MNT "/rfile", O_RDONLY);

	if (ok_sys(fd, "open rfile")) {
		ok(holds(fd, 0, PAGE, 3), "its first block reads");
		is_errno(pread(fd, buf, PAGE, 12 * PAGE), EIO, "block 12: EIO");
		is_errno(pread(fd, buf, 100, 12 * PAGE + 200), EIO,
			 "a part of it: EIO again");
		ok(holds(fd, 13 * PAGE, PAGE, 3), "block 13 reads");
		close(fd);
	}
	fd = open(MNT "/rmap", O_RDONLY);
	if (!ok_sys(fd, "open rmap"))
		return;
	is_errno(read(fd, buf, PAGE), EIO, "read: EIO");
	p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (!ok(p != MAP_FAILED, "map it"))
		return;
	sigaction(SIGBUS, &sa, NULL);
	if (sigsetjmp(fault_jmp, 1) == 0)
		(void)p[10];
	else
		faulted = 1;
	signal(SIGBUS, SIG_DFL);
	ok(faulted, "a load from the mapping: SIGBUS");
	munmap((void *)p, PAGE);
}

static void test_data(const char *disk)
{
	if (!ok_sys(mount_part(disk, 1, "errors=remount-ro"),
		    "mount %s1, errors=remount-ro", disk))
		return;
	test_write_error();
	test_msync_error();
	test_read_error();
	is(strcmp(mount_state(), "rw"), 0,
	   "data errors leave the file system read-write");
	ok_sys(umount(MNT), "umount");
}

/* An inode whose table block cannot be read. */
static void test_meta_read(const char *disk, const char *opts, int ro)
{
	struct stat st;
	int fd;

	if (!ok_sys(mount_part(disk, 2, opts), "mount %s2, %s", disk, opts))
		return;
	ok_sys(stat(MNT "/good", &st), "stat good");
	is_errno(stat(MNT "/victim", &st), EIO,
		 "stat victim (its inode table block fails): EIO");
	check_mount_state(opts, ro);
	if (!ro) {
		fd = open(MNT "/good", O_WRONLY);
		ok_sys(fd, "open for writing");
		is(write(fd, "x", 1), 1, "write");
		if (fd >= 0)
			close(fd);
	}
	ok_sys(umount(MNT), "umount");
}

/* An inode whose table block cannot be written. */
static void test_meta_write(const char *disk, const char *opts, int ro)
{
	int fd;

	if (!ok_sys(mount_part(disk, 3, opts), "mount %s3, %s", disk, opts))
		return;
	fd = open(MNT "/victim", O_RDWR);
	if (ok_sys(fd, "open victim")) {
		is(write(fd, "abcd", 4), 4, "write 4 bytes (a new mtime)");
		is_errno(fsync(fd), EIO,
			 "fsync (its inode table block fails writes): EIO");
		close(fd);
	}
	check_mount_state(opts, ro);
	if (!ro) {
		fd = open(MNT "/good", O_WRONLY);
		ok_sys(fd, "open for writing");
		if (fd >= 0)
			close(fd);
	}
	ok_sys(umount(MNT), "umount");
}

int main(void)
{
	const char *disk = getenv("TEST_IOERR_DEV");
	struct utsname u;

	if (!disk || strlen(disk) > 200 || access(disk, F_OK) != 0) {
		skip("disk errors", "no TEST_IOERR_DEV");
		return done_testing();
	}
	mapback = uname(&u) == 0 && strcmp(u.sysname, "Mapback") == 0;
	mkdir(MNT, 0755);
	test_data(disk);
	test_meta_read(disk, "errors=remount-ro", 1);
	test_meta_read(disk, "errors=continue", 0);
	test_meta_write(disk, "errors=remount-ro", 1);
	test_meta_write(disk, "errors=continue", 0);
	rmdir(MNT);
	return done_testing();
}
