/*
 * ext2_read.c - mounting and reading ext2 file systems from a disk.
 *
 * TEST_EXT2_DEV names the disk tools/mkext2-image.sh made (/dev/hdc in
 * the user boots; init on Linux gives the SCSI disk that name and its
 * partitions hdc1..4); without it the test skips.  For hdc1 (1 KiB
 * blocks) and hdc2 (4 KiB blocks) it mounts read-only, checks
 * /proc/mounts, statfs against the superblock read from the device node
 * itself, every file of /MANIFEST (type, mode, size, times, owner, and
 * the FNV-1a checksum of the contents), that a walk with getdents finds
 * exactly those names with the right d_type, symlinks fast and slow,
 * holes of a 5 GiB sparse file (data behind the triple indirect block),
 * private and shared read-only mmap, EROFS for changes, and umount.
 * hdc3 is corrupt on purpose (tools/ext2-corrupt.py): bad and free inode
 * numbers and a bad block pointer give EUCLEAN, a bad pointer in an
 * indirect block EIO, the kernel log says so, and the rest still reads.
 * hdc4 asks for an unknown incompat feature and the whole disk has no
 * file system: both mounts are EINVAL.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define EXT2_MAGIC 0xEF53
#define MAX_ENTRIES 256

struct entry {
	char kind; /* D, F, L, S */
	char path[160];
	char target[160];
	unsigned int mode;
	long long size;
	long mtime;
	unsigned long uid, gid, fnv;
	char offsets[96];
	int seen;
};

static struct entry entries[MAX_ENTRIES];
static int nr_entries;
static char mnt[256], mnt2[256];

/* The generator and checksum of tools/ext2-tree.py. */
static void pattern(unsigned int seed, unsigned char *buf, size_t n)
{
	unsigned int x = seed * 2654435761u + 1;
	size_t i;

	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345;
		buf[i] = (x >> 16) & 0xff;
	}
}

static unsigned int fnv(unsigned int h, const unsigned char *p, size_t n)
{
	while (n--)
		h = (h ^ *p++) * 0x01000193u;
	return h;
}

#define FNV_INIT 0x811c9dc5u

static int parse_manifest(const char *text)
{
	const char *line = text;

	nr_entries = 0;
	while (*line && nr_entries < MAX_ENTRIES) {
		struct entry *e = &entries[nr_entries];
		const char *nl = strchr(line, '\n');
		char buf[400];
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		int n = 0;

		if (len >= sizeof(buf))
			return -1;
		memcpy(buf, line, len);
		buf[len] = '\0';
		memset(e, 0, sizeof(*e));
		e->kind = buf[0];
		if (e->kind == 'D')
			n = sscanf(buf, "D %159s %o %ld %lu %lu", e->path,
				   &e->mode, &e->mtime, &e->uid, &e->gid) == 5;
		else if (e->kind == 'F')
			n = sscanf(buf, "F %159s %o %lld %ld %lu %lu %lx",
				   e->path, &e->mode, &e->size, &e->mtime,
				   &e->uid, &e->gid, &e->fnv) == 7;
		else if (e->kind == 'L')
			n = sscanf(buf, "L %159s %159s", e->path, e->target) ==
			    2;
		else if (e->kind == 'S')
			n = sscanf(buf, "S %159s %lld %95s", e->path, &e->size,
				   e->offsets) == 3;
		if (!n)
			return -1;
		nr_entries++;
		line = nl ? nl + 1 : line + len;
	}
	return nr_entries;
}

static char *slurp(const char *path, size_t max)
{
	char *buf = malloc(max + 1);
	int fd = open(path, O_RDONLY);
	size_t got = 0;
	ssize_t n = 0;

	if (!buf || fd < 0) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while (got < max && (n = read(fd, buf + got, max - got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return buf;
}

static void full_path(char *out, size_t size, const char *base, const char *rel)
{
	snprintf(out, size, "%s%s", base, rel);
}

static int file_fnv(const char *path, unsigned int *h, long long *size)
{
	static unsigned char buf[8192];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	*h = FNV_INIT;
	*size = 0;
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		*h = fnv(*h, buf, n);
		*size += n;
	}
	close(fd);
	return n < 0 ? -1 : 0;
}

static int is_zero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* The chunks of a sparse file, and the holes after them. */
static int check_sparse(const char *path, const struct entry *e)
{
	static unsigned char want[4096], got[4096];
	char offs[96], *tok, *save;
	int fd = open(path, O_RDONLY), bad = 0;

	if (fd < 0)
		return 1;
	strcpy(offs, e->offsets);
	for (tok = strtok_r(offs, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		long long off = atoll(tok);

		pattern(off >> 12, want, sizeof(want));
		if (pread(fd, got, sizeof(got), off) != (ssize_t)sizeof(got) ||
		    memcmp(got, want, sizeof(got)))
			bad++;
		if (pread(fd, got, sizeof(got), off + 4096) !=
			    (ssize_t)sizeof(got) ||
		    !is_zero(got, sizeof(got)))
			bad++;
	}
	close(fd);
	return bad;
}

static int check_entry(const char *base, const struct entry *e, int bsize)
{
	char path[512], target[256];
	struct stat st;
	unsigned int h;
	long long size;
	ssize_t n;

	full_path(path, sizeof(path), base, e->path);
	if (lstat(path, &st) < 0)
		return 1;
	switch (e->kind) {
	case 'D':
		return !S_ISDIR(st.st_mode) ||
		       (st.st_mode & 07777) != e->mode ||
		       st.st_mtime != e->mtime || st.st_uid != e->uid ||
		       st.st_gid != e->gid || st.st_blksize != bsize;
	case 'F':
		if (!S_ISREG(st.st_mode) || (st.st_mode & 07777) != e->mode ||
		    st.st_size != e->size || st.st_mtime != e->mtime ||
		    st.st_uid != e->uid || st.st_gid != e->gid ||
		    st.st_nlink != 1 || st.st_blksize != bsize ||
		    st.st_blocks < (e->size + 511) / 512 ||
		    st.st_blocks > (e->size + 511) / 512 + 32 + bsize / 512)
			return 1;
		if (file_fnv(path, &h, &size) < 0)
			return 1;
		return h != e->fnv || size != e->size;
	case 'L':
		n = readlink(path, target, sizeof(target) - 1);
		if (n < 0)
			return 1;
		target[n] = '\0';
		return !S_ISLNK(st.st_mode) || strcmp(target, e->target) ||
		       st.st_size != (off_t)strlen(e->target);
	case 'S':
		return !S_ISREG(st.st_mode) || st.st_size != e->size ||
		       st.st_blocks > 256 || check_sparse(path, e);
	}
	return 1;
}

static void check_manifest(const char *base, int bsize)
{
	int i, bad = 0;

	for (i = 0; i < nr_entries; i++)
		if (check_entry(base, &entries[i], bsize)) {
			if (bad++ < 5)
				diag("%s differs", entries[i].path);
		}
	is(bad, 0,
	   "bs %d: %d manifest entries: type, mode, size, times, "
	   "owner, contents",
	   bsize, nr_entries);
}

static struct entry *find_entry(const char *rel)
{
	int i;

	for (i = 0; i < nr_entries; i++)
		if (!strcmp(entries[i].path, rel))
			return &entries[i];
	return NULL;
}

static int dtype_of(char kind)
{
	return kind == 'D' ? DT_DIR : kind == 'L' ? DT_LNK : DT_REG;
}

/* Walk dir (rel under base): every name must be in the manifest with
 * its d_type; returns the mismatches. */
static int walk(const char *base, const char *rel, int depth)
{
	char path[512], child[512];
	struct dirent *d;
	int bad = 0;
	DIR *dir;

	full_path(path, sizeof(path), base, rel);
	dir = opendir(path);
	if (!dir || depth > 32)
		return 1;
	while ((d = readdir(dir)) != NULL) {
		struct entry *e;

		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		snprintf(child, sizeof(child), "%s/%s", rel, d->d_name);
		if (!strcmp(child, "/lost+found") ||
		    !strcmp(child, "/MANIFEST"))
			continue;
		e = find_entry(child);
		if (!e || e->seen || d->d_type != dtype_of(e->kind)) {
			if (bad++ < 3)
				diag("walk: %s unexpected", child);
			continue;
		}
		e->seen = 1;
		if (d->d_type == DT_DIR)
			bad += walk(base, child, depth + 1);
	}
	closedir(dir);
	return bad;
}

static void check_walk(const char *base, int bsize)
{
	int i, bad, missing = 0;

	for (i = 0; i < nr_entries; i++)
		entries[i].seen = 0;
	bad = walk(base, "", 0);
	for (i = 0; i < nr_entries; i++)
		missing += !entries[i].seen;
	is(bad, 0, "bs %d: getdents names only manifest entries, d_type right",
	   bsize);
	is(missing, 0, "bs %d: getdents finds every manifest entry", bsize);
}

static unsigned int read_le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (unsigned int)p[3] << 24;
}

static void check_statfs(const char *dev, int bsize)
{
	unsigned char sb[1024];
	unsigned long long fsid = 0, a, b;
	struct statfs sf;
	int fd = open(dev, O_RDONLY);

	ok(fd >= 0 && pread(fd, sb, sizeof(sb), 1024) == (ssize_t)sizeof(sb),
	   "bs %d: the superblock reads from the device node", bsize);
	if (fd >= 0)
		close(fd);
	ok_sys(statfs(mnt, &sf), "bs %d: statfs", bsize);
	is(sf.f_type, EXT2_MAGIC, "f_type is EXT2_SUPER_MAGIC");
	is(sf.f_bsize, bsize, "f_bsize is the block size");
	is(sf.f_files, read_le32(sb), "f_files is s_inodes_count");
	is(sf.f_ffree, read_le32(sb + 16), "f_ffree is s_free_inodes_count");
	is(sf.f_bfree, read_le32(sb + 12), "f_bfree is s_free_blocks_count");
	is(sf.f_bavail, read_le32(sb + 12) - read_le32(sb + 8),
	   "f_bavail leaves out the reserved blocks");
	ok(sf.f_blocks > sf.f_bfree && sf.f_blocks < read_le32(sb + 4),
	   "f_blocks is the blocks less the metadata");
	is(sf.f_namelen, 255, "f_namelen");
	ok(sf.f_flags & ST_RDONLY, "f_flags says read-only");
	memcpy(&a, sb + 104, 8);
	memcpy(&b, sb + 112, 8);
	fsid = a ^ b;
	ok((unsigned int)sf.f_fsid.__val[0] == (unsigned int)fsid &&
		   (unsigned int)sf.f_fsid.__val[1] ==
			   (unsigned int)(fsid >> 32),
	   "f_fsid comes from the UUID");
}

static int mounts_has(const char *line)
{
	char *t = slurp("/proc/mounts", 16384);
	int found = t && strstr(t, line) != NULL;

	free(t);
	return found;
}

static int maps_names(const char *path)
{
	char *t = slurp("/proc/self/maps", 65536);
	int found = t && strstr(t, path) != NULL;

	free(t);
	return found;
}

static void check_mmap(int bsize)
{
	static unsigned char want[300 * 1024];
	char path[512];
	unsigned char *p, *q;
	int fd;

	full_path(path, sizeof(path), mnt, "/pattern.bin");
	fd = open(path, O_RDONLY);
	pattern(1, want, sizeof(want));
	p = mmap(NULL, sizeof(want), PROT_READ, MAP_PRIVATE, fd, 0);
	ok(p != MAP_FAILED && !memcmp(p, want, sizeof(want)),
	   "bs %d: a private mapping reads the file", bsize);
	ok(maps_names(path), "/proc/self/maps names the file");
	q = mmap(NULL, sizeof(want), PROT_READ, MAP_SHARED, fd, 0);
	ok(q != MAP_FAILED && !memcmp(q, want, sizeof(want)),
	   "bs %d: a shared read-only mapping reads it too", bsize);
	if (q != MAP_FAILED)
		munmap(q, sizeof(want));
	if (p != MAP_FAILED)
		munmap(p, sizeof(want));
	q = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	is_errno(mprotect(q, 4096, PROT_READ | PROT_WRITE), EACCES,
		 "a shared mapping of a read-only fd cannot become writable");
	if (q != MAP_FAILED)
		munmap(q, 4096);
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 4096);
	if (p != MAP_FAILED) {
		p[0] ^= 0xff;
		ok(p[0] == (want[4096] ^ 0xff) && p[1] == want[4097] &&
			   pread(fd, path, 1, 4096) == 1 &&
			   (unsigned char)path[0] == want[4096],
		   "a private write copies the page, the file keeps its data");
		munmap(p, 8192);
	} else {
		ok(0, "mmap PROT_WRITE MAP_PRIVATE at offset 4096");
	}
	close(fd);

	full_path(path, sizeof(path), mnt, "/tail");
	fd = open(path, O_RDONLY);
	p = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE, fd, 0);
	pattern(7, want, 5000);
	ok(p != MAP_FAILED && !memcmp(p, want, 5000) &&
		   is_zero(p + 5000, 8192 - 5000),
	   "bs %d: the last page of a mapping is zero past the end", bsize);
	if (p != MAP_FAILED)
		munmap(p, 8192);
	close(fd);

	full_path(path, sizeof(path), mnt, "/sparse");
	fd = open(path, O_RDONLY);
	p = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, 70 << 20);
	pattern((70 << 20) >> 12, want, 4096);
	ok(p != MAP_FAILED && !memcmp(p, want, 4096) && is_zero(p + 4096, 4096),
	   "bs %d: a mapping at 70 MiB sees data and a hole", bsize);
	if (p != MAP_FAILED)
		munmap(p, 8192);
	close(fd);
}

static void check_readonly(int bsize)
{
	char path[512];

	full_path(path, sizeof(path), mnt, "/hello.txt");
	is_errno(open(path, O_WRONLY), EROFS, "bs %d: open for writing: EROFS",
		 bsize);
	is_errno(unlink(path), EROFS, "unlink: EROFS");
	is_errno(chmod(path, 0600), EROFS, "chmod: EROFS");
	full_path(path, sizeof(path), mnt, "/newdir");
	is_errno(mkdir(path, 0755), EROFS, "mkdir: EROFS");
	full_path(path, sizeof(path), mnt, "/hello.txt/x");
	is_errno(open(path, O_RDONLY), ENOTDIR, "a file used as a directory");
	full_path(path, sizeof(path), mnt, "/nothing");
	is_errno(open(path, O_RDONLY), ENOENT, "a missing name");
}

static void check_links(int bsize)
{
	char path[512];
	unsigned int h;
	long long size;
	struct stat st;

	full_path(path, sizeof(path), mnt, "/link-short");
	ok(file_fnv(path, &h, &size) == 0 && size == 12,
	   "bs %d: open through a fast symlink", bsize);
	full_path(path, sizeof(path), mnt, "/link-long");
	ok(file_fnv(path, &h, &size) == 0 && size == 14,
	   "bs %d: open through a slow symlink", bsize);
	full_path(path, sizeof(path), mnt, "/link-dir/d2/d3");
	ok(stat(path, &st) == 0 && S_ISDIR(st.st_mode),
	   "bs %d: walk through a symlink to a directory", bsize);
	full_path(path, sizeof(path), mnt, "/deep/d1/d2/../d2/./d3/..");
	ok(stat(path, &st) == 0 && S_ISDIR(st.st_mode),
	   "bs %d: . and .. inside the file system", bsize);
}

static void test_fs(const char *dev, int bsize)
{
	struct stat st, dst, a, b;
	char line[600], path[512], *manifest;
	int fd;

	mkdir(mnt, 0755);
	mkdir(mnt2, 0755);
	if (!ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL),
		    "bs %d: mount %s read-only", bsize, dev))
		return;
	snprintf(line, sizeof(line), "%s %s ext2 ro", dev, mnt);
	ok(mounts_has(line), "bs %d: /proc/mounts: %s", bsize, line);
	ok(stat(mnt, &st) == 0 && stat(dev, &dst) == 0 &&
		   st.st_dev == dst.st_rdev && st.st_ino == 2,
	   "bs %d: st_dev is the device, the root is inode 2", bsize);
	check_statfs(dev, bsize);
	full_path(path, sizeof(path), mnt, "/MANIFEST");
	manifest = slurp(path, 65536);
	ok(manifest && parse_manifest(manifest) > 150,
	   "bs %d: MANIFEST reads and parses", bsize);
	free(manifest);
	check_manifest(mnt, bsize);
	check_walk(mnt, bsize);
	check_links(bsize);
	check_mmap(bsize);
	check_readonly(bsize);

	ok_sys(mount(dev, mnt2, "ext2", MS_RDONLY, NULL),
	       "bs %d: the same device mounted a second time", bsize);
	full_path(path, sizeof(path), mnt, "/many/f042");
	full_path(line, sizeof(line), mnt2, "/many/f042");
	ok(stat(path, &a) == 0 && stat(line, &b) == 0 && a.st_ino == b.st_ino &&
		   a.st_dev == b.st_dev,
	   "both mounts show the same file");
	ok_sys(umount(mnt2), "umount the second");

	full_path(path, sizeof(path), mnt, "/hello.txt");
	fd = open(path, O_RDONLY);
	is_errno(umount(mnt), EBUSY, "bs %d: umount with a file open: EBUSY",
		 bsize);
	if (fd >= 0)
		close(fd);
	ok_sys(umount2(mnt, 0), "bs %d: umount2", bsize);
	snprintf(line, sizeof(line), "%s %s ext2", dev, mnt);
	ok(!mounts_has(line), "bs %d: gone from /proc/mounts", bsize);
}

static int log_has(const char *s)
{
	int len = klogctl(10, NULL, 0); /* SYSLOG_ACTION_SIZE_BUFFER */
	char *buf = len > 0 ? malloc(len + 1) : NULL;
	int n = buf ? klogctl(3, buf, len) : -1; /* READ_ALL */
	int found = 0;

	if (n > 0) {
		buf[n] = '\0';
		found = strstr(buf, s) != NULL;
	}
	free(buf);
	return found;
}

static void test_corrupt(const char *dev)
{
	static unsigned char want[20 * 1024], got[1024];
	char path[512];
	struct stat st;
	DIR *dir;
	struct dirent *d;
	int fd, names = 0;

	if (!ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL),
		    "corrupt: mount %s", dev))
		return;
	full_path(path, sizeof(path), mnt, "/good.txt");
	ok(stat(path, &st) == 0 && st.st_size == 15, "corrupt: a good file");
	full_path(path, sizeof(path), mnt, "/badino");
	is_errno(stat(path, &st), EUCLEAN, "an entry naming inode 5: EUCLEAN");
	ok(log_has("bad inode number: 5"), "... and the kernel log says so");
	full_path(path, sizeof(path), mnt, "/freeino");
	is_errno(stat(path, &st), EUCLEAN,
		 "an entry naming a free inode: EUCLEAN");
	ok(log_has("deleted inode referenced: 100"),
	   "... and the kernel log says so");
	full_path(path, sizeof(path), mnt, "/badblock");
	is_errno(stat(path, &st), EUCLEAN,
		 "a block pointer past the disk: EUCLEAN");
	full_path(path, sizeof(path), mnt, "/badind");
	fd = open(path, O_RDONLY);
	ok(fd >= 0, "a file with a bad pointer in its indirect block opens");
	pattern(4, want, sizeof(want));
	ok(pread(fd, got, 1024, 0) == 1024 && !memcmp(got, want, 1024),
	   "its direct blocks read");
	is_errno(pread(fd, got, 1024, 14 * 1024), EIO,
		 "the block behind the bad pointer: EIO");
	if (fd >= 0)
		close(fd);
	dir = opendir(mnt);
	while (dir && (d = readdir(dir)) != NULL)
		names += !strcmp(d->d_name, "good.txt") ||
			 !strcmp(d->d_name, "badino");
	if (dir)
		closedir(dir);
	is(names, 2, "getdents lists the good and the bad names");
	ok_sys(umount(mnt), "corrupt: umount");
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_DEV");
	char dev[4][64], cwd[200];
	int i, fd;

	if (!disk || access(disk, F_OK) < 0) {
		skip("ext2 disk", "no TEST_EXT2_DEV");
		return done_testing();
	}
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, sizeof(mnt), "%s/ext2_read.mnt", cwd);
	snprintf(mnt2, sizeof(mnt2), "%s/ext2_read.mnt2", cwd);
	for (i = 0; i < 4; i++)
		snprintf(dev[i], sizeof(dev[i]), "%s%d", disk, i + 1);
	test_fs(dev[0], 1024);
	test_fs(dev[1], 4096);
	test_corrupt(dev[2]);
	mkdir(mnt, 0755);
	is_errno(mount(dev[3], mnt, "ext2", MS_RDONLY, NULL), EINVAL,
		 "an unknown incompat feature: EINVAL");
	is_errno(mount(disk, mnt, "ext2", MS_RDONLY, NULL), EINVAL,
		 "no ext2 on the whole disk: EINVAL");
	fd = open("ext2_read.file", O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	is_errno(mount("ext2_read.file", mnt, "ext2", MS_RDONLY, NULL), ENOTBLK,
		 "a regular file as the device: ENOTBLK");
	is_errno(mount("ext2_read.none", mnt, "ext2", MS_RDONLY, NULL), ENOENT,
		 "a missing device: ENOENT");
	unlink("ext2_read.file");
	rmdir(mnt);
	rmdir(mnt2);
	return done_testing();
}
