/*
 * ext2_write.c - writing files on ext2: the data side of a read-write
 * mount.
 *
 * TEST_EXT2_RW_DEV names the empty writable disk (tools/mkext2-image.sh
 * --empty: /dev/hdd1 with 1 KiB blocks, /dev/hdd2 with 4 KiB blocks);
 * without it the test skips.  On each file system it mounts read-write,
 * checks /proc/mounts, writes files small, of several blocks, sparse
 * (holes stay holes: st_blocks counts only what was written, with the
 * indirect blocks, and lseek's SEEK_DATA and SEEK_HOLE find them),
 * reaching the single and double indirect blocks,
 * reads them back through read(2) and mmap, truncates down (blocks
 * freed, the tail reads as zeros when the file grows again) and up,
 * fsyncs, watches statfs's free count move, unmounts, mounts again and
 * finds every byte.  On the 1 KiB one it then fills the disk: a user
 * stops at ENOSPC with the reserved blocks left, root may take them, a
 * store through a shared mapping into a hole of a file is SIGBUS while
 * the disk is full (the block is taken at the fault, never at
 * writeback) and works once there is room again, and truncating gives
 * every block back.  Remounting read-only and back
 * and an unknown option are checked too.  The host runs e2fsck -fn on
 * the writable disk after the boot.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include "tests/tap.h"

static char mnt[256];

static void path_of(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", mnt, name);
}

/* Byte i of a file made with seed. */
static unsigned char pat(unsigned int seed, long long i)
{
	return (unsigned char)((i * 7 + seed * 13 + (i >> 10)) & 0xff);
}

static void fill(unsigned int seed, long long off, unsigned char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = pat(seed, off + i);
}

static unsigned char buf[65536], got[65536];

/* Write n bytes of pattern seed at off. */
static int put(int fd, unsigned int seed, long long off, size_t n)
{
	while (n) {
		size_t len = n < sizeof(buf) ? n : sizeof(buf);

		fill(seed, off, buf, len);
		if (pwrite(fd, buf, len, off) != (ssize_t)len)
			return -1;
		off += len;
		n -= len;
	}
	return 0;
}

/* Do the n bytes at off hold pattern seed (seed 0: zeros)? */
static int same(int fd, unsigned int seed, long long off, size_t n)
{
	while (n) {
		size_t len = n < sizeof(got) ? n : sizeof(got), i;

		if (pread(fd, got, len, off) != (ssize_t)len)
			return 0;
		for (i = 0; i < len; i++)
			if (got[i] != (seed ? pat(seed, off + i) : 0))
				return 0;
		off += len;
		n -= len;
	}
	return 1;
}

static int open_file(const char *name, int flags)
{
	char path[512];

	path_of(path, sizeof(path), name);
	return open(path, flags, 0644);
}

static long long blocks_of(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? -1 : (long long)st.st_blocks;
}

static long long free_blocks(void)
{
	struct statfs s;

	return statfs(mnt, &s) ? -1 : (long long)s.f_bfree;
}

static int mounts_say(const char *dev, const char *opts)
{
	char text[8192], want[512];
	int fd = open("/proc/mounts", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, text, sizeof(text) - 1) : -1;

	if (fd >= 0)
		close(fd);
	text[n > 0 ? n : 0] = 0;
	snprintf(want, sizeof(want), "%s %s ext2 %s", dev, mnt, opts);
	return strstr(text, want) != NULL;
}

/* Files small and of several blocks, through read and mmap. */
static void test_plain(int bs)
{
	int fd = open_file("w_small", O_CREAT | O_RDWR | O_TRUNC);
	char *p;

	ok_sys(fd, "bs %d: create a file", bs);
	ok(put(fd, 1, 0, 100) == 0, "write 100 bytes");
	ok(same(fd, 1, 0, 100), "read them back");
	is(lseek(fd, 0, SEEK_END), 100, "size 100");
	is(blocks_of(fd), bs / 512, "one block");
	close(fd);

	fd = open_file("w_multi", O_CREAT | O_RDWR | O_TRUNC);
	ok(put(fd, 2, 0, 3 * bs + 100) == 0, "bs %d: write 3 blocks + 100", bs);
	ok(put(fd, 3, bs / 2, bs) == 0, "overwrite across a block boundary");
	ok(same(fd, 2, 0, bs / 2) && same(fd, 3, bs / 2, bs) &&
		   same(fd, 2, bs / 2 + bs, 2 * bs + 100 - bs / 2),
	   "read the file back");
	is(blocks_of(fd), 4 * bs / 512, "four blocks");
	p = mmap(NULL, 3 * bs + 100, PROT_READ, MAP_SHARED, fd, 0);
	ok(p != MAP_FAILED &&
		   (unsigned char)p[bs / 2 + 5] == pat(3, bs / 2 + 5) &&
		   (unsigned char)p[3 * bs + 99] == pat(2, 3 * bs + 99),
	   "the same bytes through mmap");
	if (p != MAP_FAILED)
		munmap(p, 3 * bs + 100);
	ok_sys(fsync(fd), "fsync");
	close(fd);
}

/* Holes, indirect and double indirect blocks, truncation. */
static void test_sparse(int bs)
{
	long long apb = bs / 4, dind = (12 + apb) * bs, before, after;
	int fd = open_file("w_sparse", O_CREAT | O_RDWR | O_TRUNC);

	before = free_blocks();
	ok(put(fd, 4, 0, 10) == 0 && put(fd, 5, 20LL * bs, 10) == 0,
	   "bs %d: write at block 0 and block 20", bs);
	ok(same(fd, 0, 10, 20LL * bs - 10), "the hole between reads as zeros");
	/* lseek sees the holes, block by block. */
	is(lseek(fd, 3, SEEK_HOLE), bs, "SEEK_HOLE: block 1");
	is(lseek(fd, 5LL * bs, SEEK_HOLE), 5LL * bs, "SEEK_HOLE in a hole");
	is(lseek(fd, 5LL * bs, SEEK_DATA), 20LL * bs, "SEEK_DATA: block 20");
	is(lseek(fd, 20LL * bs + 3, SEEK_HOLE), 20LL * bs + 10,
	   "SEEK_HOLE: the end");
	is_errno(lseek(fd, 20LL * bs + 10, SEEK_DATA), ENXIO,
		 "SEEK_DATA at the end");
	ok_sys(fsync(fd), "fsync");
	is(blocks_of(fd), 3 * bs / 512,
	   "st_blocks: two data blocks and the indirect block");
	ok(put(fd, 6, dind + 5 * bs + 3, 2 * bs) == 0,
	   "write inside the double indirect range");
	ok(same(fd, 6, dind + 5 * bs + 3, 2 * bs) && same(fd, 0, dind, 5 * bs),
	   "read it back, the hole before it zeros");
	ok_sys(fsync(fd), "fsync");
	is(blocks_of(fd), 8 * bs / 512,
	   "st_blocks: + 3 data blocks, the double and one indirect block");
	after = free_blocks();
	is(before - after, 8, "statfs: 8 blocks fewer free");

	ok_sys(ftruncate(fd, 20LL * bs + 5), "truncate down into block 20");
	ok_sys(fsync(fd), "fsync");
	is(blocks_of(fd), 3 * bs / 512, "the double indirect blocks are freed");
	is(free_blocks(), before - 3, "statfs: and counted free");
	ok_sys(ftruncate(fd, 40LL * bs), "truncate up");
	ok(same(fd, 5, 20LL * bs, 5) && same(fd, 0, 20LL * bs + 5, 20 * bs - 5),
	   "the old tail reads as zeros after growing again");
	is(blocks_of(fd), 3 * bs / 512, "growing allocates nothing");
	ok_sys(ftruncate(fd, 0), "truncate to 0");
	ok_sys(fsync(fd), "fsync");
	is(blocks_of(fd), 0, "no block left");
	is(free_blocks(), before, "statfs: every block back");
	ok(put(fd, 7, 0, 13 * bs + 1) == 0,
	   "write 13 blocks + 1: through the indirect block");
	close(fd);
}

/* A shared writable mapping changes the file, written back at fsync. */
static void test_mmap_write(int bs)
{
	int fd = open_file("w_mapped", O_CREAT | O_RDWR | O_TRUNC);
	unsigned char *p;

	ok(put(fd, 8, 0, 2 * bs) == 0, "bs %d: a two-block file", bs);
	p = mmap(NULL, 2 * bs, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(p != MAP_FAILED, "map it shared and writable");
	if (p != MAP_FAILED) {
		memset(p + bs - 4, 0xa5, 8);
		ok_sys(msync(p, 2 * bs, MS_SYNC), "msync");
		munmap(p, 2 * bs);
	}
	ok(pread(fd, got, 8, bs - 4) == 8 && got[0] == 0xa5 && got[7] == 0xa5,
	   "read(2) sees the stores");
	close(fd);
}

/* After an unmount and a new mount every byte is there. */
static void check_after_remount(int bs)
{
	int fd = open_file("w_small", O_RDONLY);

	ok(fd >= 0 && same(fd, 1, 0, 100) && lseek(fd, 0, SEEK_END) == 100,
	   "bs %d: after a new mount, the small file", bs);
	close(fd);
	fd = open_file("w_multi", O_RDONLY);
	ok(fd >= 0 && same(fd, 2, 0, bs / 2) && same(fd, 3, bs / 2, bs) &&
		   same(fd, 2, bs / 2 + bs, 2 * bs + 100 - bs / 2) &&
		   lseek(fd, 0, SEEK_END) == 3 * bs + 100,
	   "the multi-block file");
	close(fd);
	fd = open_file("w_sparse", O_RDONLY);
	ok(fd >= 0 && same(fd, 7, 0, 13 * bs + 1) &&
		   lseek(fd, 0, SEEK_END) == 13 * bs + 1 &&
		   blocks_of(fd) == (14 + 1) * bs / 512,
	   "the file through its indirect block");
	close(fd);
	fd = open_file("w_mapped", O_RDONLY);
	ok(fd >= 0 && pread(fd, got, 8, bs - 4) == 8 && got[0] == 0xa5 &&
		   same(fd, 8, 0, bs - 4),
	   "the stores through the mapping");
	close(fd);
}

/* A child's store of byte v at the start of p: its wait status. */
static int store_in_child(volatile unsigned char *p, unsigned char v)
{
	pid_t pid = fork();

	if (pid == 0) {
		p[0] = v;
		_exit(0);
	}
	return wait_for(pid);
}

/* The disk is full: a store into a hole through a shared mapping finds
 * no block at its fault (SIGBUS); with room again it is kept. */
static void test_mmap_enospc(int fill)
{
	int fd = open_file("w_hole", O_CREAT | O_RDWR | O_TRUNC);
	unsigned char *p;
	unsigned char c = 0;
	char path[512];

	ok_sys(ftruncate(fd, 65536), "a file of one 64 KiB hole");
	p = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!ok(p != MAP_FAILED, "map it shared and writable")) {
		close(fd);
		return;
	}
	is(p[0], 0, "the hole reads as zeros through the mapping");
	is_signal(store_in_child(p, 0x77), SIGBUS,
		  "a store into the hole on a full disk is SIGBUS");
	ok_sys(ftruncate(fill, 0), "make room");
	is_exit(store_in_child(p, 0x77), 0, "the same store with room");
	ok_sys(msync(p, 65536, MS_SYNC), "msync(MS_SYNC)");
	ok(pread(fd, &c, 1, 0) == 1 && c == 0x77,
	   "read(2) finds the stored byte");
	munmap(p, 65536);
	close(fd);
	path_of(path, sizeof(path), "w_hole");
	ok_sys(unlink(path), "unlink it");
}

/* Fill the disk: a user stops before the reserved blocks, root not. */
static void test_enospc(void)
{
	struct statfs s;
	long long before = free_blocks();
	int fd = open_file("w_fill", O_CREAT | O_RDWR | O_TRUNC);
	pid_t pid;
	ssize_t n;

	ok_sys(fchown(fd, 1000, 1000), "a file of user 1000");
	memset(buf, 0x5a, sizeof(buf));
	pid = fork();
	if (pid == 0) {
		long long off = 0;

		if (setgid(1000) || setuid(1000))
			_exit(2);
		while ((n = pwrite(fd, buf, sizeof(buf), off)) > 0)
			off += n;
		_exit(n < 0 && errno == ENOSPC ? 0 : 1);
	}
	is(wait_for(pid), 0, "a user writes until ENOSPC");
	/* Linux's ext4 may leave a block or so available (its counts are
	 * per CPU, its reservations per page); the reserved ones stay. */
	ok(statfs(mnt, &s) == 0 && s.f_bavail * 100 < s.f_blocks &&
		   s.f_bfree > s.f_bavail + s.f_blocks / 50,
	   "statfs: (almost) none available, the reserved ones still free");
	diag("f_blocks %llu f_bfree %llu f_bavail %llu",
	     (unsigned long long)s.f_blocks, (unsigned long long)s.f_bfree,
	     (unsigned long long)s.f_bavail);
	lseek(fd, 0, SEEK_END);
	is(write(fd, buf, 1024), 1024,
	   "root still may write into the reserved blocks");
	while ((n = write(fd, buf, sizeof(buf))) > 0)
		;
	is_errno(n, ENOSPC, "root too stops at ENOSPC");
	test_mmap_enospc(fd);
	ok_sys(fsync(fd), "fsync a full disk's file");
	ok_sys(ftruncate(fd, 0), "truncate it to 0");
	ok_sys(fsync(fd), "fsync");
	is(free_blocks(), before, "every block free again");
	close(fd);
}

/* MS_REMOUNT both ways; options. */
static void test_remount(const char *dev)
{
	int fd;

	is_errno(mount(dev, mnt, "ext2", 0, "bogus"), EINVAL,
		 "an unknown option: EINVAL");
	if (!ok_sys(mount(dev, mnt, "ext2", 0, "errors=continue"),
		    "mount with errors=continue"))
		return;
	fd = open_file("w_small", O_RDWR);
	ok(fd >= 0 && put(fd, 9, 0, 10) == 0, "write a file");
	if (fd >= 0)
		close(fd);
	ok_sys(mount(dev, mnt, "ext2", MS_REMOUNT | MS_RDONLY, NULL),
	       "remount read-only");
	ok(mounts_say(dev, "ro"), "/proc/mounts says ro");
	is_errno(open_file("w_small", O_RDWR), EROFS,
		 "open for writing: EROFS");
	fd = open_file("w_small", O_RDONLY);
	ok(fd >= 0 && same(fd, 9, 0, 10), "the write is there");
	if (fd >= 0)
		close(fd);
	ok_sys(mount(dev, mnt, "ext2", MS_REMOUNT, NULL), "remount read-write");
	fd = open_file("w_small", O_RDWR);
	ok(fd >= 0 && put(fd, 1, 0, 10) == 0, "writable again");
	if (fd >= 0)
		close(fd);
	ok_sys(umount(mnt), "umount");
}

static void test_fs(const char *dev, int bs, int fill)
{
	mkdir(mnt, 0755);
	if (!ok_sys(mount(dev, mnt, "ext2", 0, NULL), "mount %s read-write",
		    dev))
		return;
	ok(mounts_say(dev, "rw"), "/proc/mounts: %s %s ext2 rw", dev, mnt);
	test_plain(bs);
	test_sparse(bs);
	test_mmap_write(bs);
	ok_sys(umount(mnt), "umount");
	ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL), "mount it again");
	check_after_remount(bs);
	ok_sys(umount(mnt), "umount");
	if (fill) {
		ok_sys(mount(dev, mnt, "ext2", 0, NULL), "mount read-write");
		test_enospc();
		ok_sys(umount(mnt), "umount");
	}
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_RW_DEV");
	char dev[64], cwd[200];

	if (!disk || access(disk, F_OK) < 0) {
		skip("ext2 writable disk", "no TEST_EXT2_RW_DEV");
		return done_testing();
	}
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, sizeof(mnt), "%s/ext2_write.mnt", cwd);
	snprintf(dev, sizeof(dev), "%s1", disk);
	test_fs(dev, 1024, 1);
	snprintf(dev, sizeof(dev), "%s2", disk);
	test_fs(dev, 4096, 0);
	test_remount(dev);
	rmdir(mnt);
	return done_testing();
}
