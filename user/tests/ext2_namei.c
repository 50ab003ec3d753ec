/*
 * ext2_namei.c - changing the namespace of a writable ext2 file system.
 *
 * TEST_EXT2_RW_DEV names the writable disk (tools/mkext2-image.sh
 * --empty: /dev/hdd in the user boots, a fresh copy each boot); without
 * it the test skips.  Its partitions are empty file systems as `mke2fs
 * -t ext2` makes them, hdd1 with 1 KiB blocks and hdd2 with 4 KiB.  On
 * each the test mounts read-write and makes many files, a deep tree,
 * hard links, fast and slow symlinks, device nodes, FIFOs and sockets,
 * renames in storms and over files and directories, removes files that
 * are still open, and checks link counts, d_type, st_rdev, statfs's free
 * inodes and every errno Linux 6.1 gives (EEXIST, ENOTEMPTY, EISDIR,
 * ENOTDIR, EINVAL, EPERM, ENAMETOOLONG, ENOSPC for inodes, EROFS).  Then it
 * unmounts, mounts again and finds the same tree, and leaves it there:
 * after the boot the host runs e2fsck on the disk (tools/run-tests.sh),
 * which must find nothing to fix.
 */
#include <dirent.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include "tests/tap.h"

#define NFILES 200
#define DEPTH 24
#define STORM 330 /* eleven rounds: ra -> rb -> rc -> ra ... -> rc */

static char mnt[256];
static int bs;
static long root_links;

static char *at(const char *fmt, ...)
{
	static char bufs[4][1200];
	static int i;
	char *buf = bufs[i++ & 3];
	int n = snprintf(buf, 1200, "%s/", mnt);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + n, 1200 - n, fmt, ap);
	va_end(ap);
	return buf;
}

static long nlink_of(const char *path)
{
	struct stat st;

	return lstat(path, &st) < 0 ? -1 : (long)st.st_nlink;
}

static long ino_of(const char *path)
{
	struct stat st;

	return lstat(path, &st) < 0 ? -1 : (long)st.st_ino;
}

static long free_inodes(void)
{
	struct statfs sf;

	return statfs(mnt, &sf) < 0 ? -1 : (long)sf.f_ffree;
}

/* Names in dir (not . or ..), and how many have d_type want (or -1). */
static int count_dir(const char *dir, int want, int *typed)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	*typed = 0;
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		n++;
		if (e->d_type == want)
			(*typed)++;
	}
	closedir(d);
	return n;
}

static int make_file(const char *path, const char *data)
{
	int fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
	int ret = 0;

	if (fd < 0)
		return -1;
	if (data && write(fd, data, strlen(data)) != (ssize_t)strlen(data))
		ret = -1;
	close(fd);
	return ret;
}

static int file_is(const char *path, const char *want)
{
	char buf[256];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n == (ssize_t)strlen(want) && !memcmp(buf, want, n);
}

static void many_files(void)
{
	long before = free_inodes();
	int i, made = 0, typed;

	ok_sys(mkdir(at("many"), 0755), "mkdir many");
	is(nlink_of(mnt), root_links + 1, "the root: one link more");
	for (i = 0; i < NFILES; i++)
		made += make_file(at("many/file-with-a-longish-name-%03d", i),
				  NULL) == 0;
	is(made, NFILES, "%d files made", NFILES);
	is(count_dir(at("many"), DT_REG, &typed), NFILES,
	   "getdents finds them all");
	is(typed, NFILES, "with d_type DT_REG");
	is(free_inodes(), before - NFILES - 1, "statfs: %d inodes fewer",
	   NFILES + 1);
	for (i = 0; i < NFILES; i += 2)
		unlink(at("many/file-with-a-longish-name-%03d", i));
	is(count_dir(at("many"), DT_REG, &typed), NFILES / 2,
	   "half unlinked: half left");
	ok(access(at("many/file-with-a-longish-name-%03d", 7), F_OK) == 0 &&
		   access(at("many/file-with-a-longish-name-%03d", 8), F_OK) <
			   0,
	   "the odd ones left, the even ones gone");
	/* Fill the holes the unlinks left with shorter names. */
	for (i = 0, made = 0; i < NFILES / 2; i++)
		made += make_file(at("many/s%d", i), NULL) == 0;
	is(made, NFILES / 2, "new names fit in the freed records");
	is(count_dir(at("many"), DT_REG, &typed), NFILES, "count again");
	is(free_inodes(), before - NFILES - 1, "freed inodes were reused");
	is_errno(open(at("many/s1"), O_CREAT | O_EXCL | O_WRONLY, 0644), EEXIST,
		 "O_EXCL on an existing name: EEXIST");
	is_errno(mkdir(at("many/s1"), 0755), EEXIST,
		 "mkdir over a file: EEXIST");
}

static void names(void)
{
	char name[300];

	memset(name, 'n', 255);
	name[255] = '\0';
	ok_sys(make_file(at("%s", name), NULL), "a 255-byte name");
	ok(access(at("%s", name), F_OK) == 0, "found again");
	ok_sys(unlink(at("%s", name)), "and unlinked");
	name[255] = 'n';
	name[256] = '\0';
	is_errno(open(at("%s", name), O_CREAT | O_WRONLY, 0644), ENAMETOOLONG,
		 "a 256-byte name: ENAMETOOLONG");
	is_errno(mkdir(at("%s", name), 0755), ENAMETOOLONG,
		 "mkdir with it: ENAMETOOLONG");
}

static void deep_tree(void)
{
	char path[1200] = "deep";
	int i, fails = 0;

	ok_sys(mkdir(at("%s", path), 0755), "mkdir deep");
	for (i = 0; i < DEPTH; i++) {
		strcat(path, "/d");
		fails += mkdir(at("%s", path), 0700) < 0;
	}
	is(fails, 0, "%d nested directories", DEPTH);
	ok_sys(make_file(at("%s/leaf", path), "at the bottom\n"),
	       "a file at the bottom");
	ok(file_is(at("%s/leaf", path), "at the bottom\n"), "reads back");
	is(nlink_of(at("deep/d")), 3,
	   "a directory with one subdirectory: 3 links");
	is(nlink_of(at("%s", path)), 2, "the deepest: 2 links");
	is_errno(rmdir(at("deep/d")), ENOTEMPTY,
		 "rmdir of a non-empty dir: ENOTEMPTY");
	is_errno(rmdir(at("%s/leaf", path)), ENOTDIR,
		 "rmdir of a file: ENOTDIR");
	is_errno(unlink(at("%s", path)), EISDIR,
		 "unlink of a directory: EISDIR");
	/* Remove the lower half again, bottom up. */
	ok_sys(unlink(at("%s/leaf", path)), "unlink the leaf");
	for (i = 0, fails = 0; i < DEPTH / 2; i++) {
		fails += rmdir(at("%s", path)) < 0;
		path[strlen(path) - 2] = '\0';
	}
	is(fails, 0, "rmdir %d of them, bottom up", DEPTH / 2);
	is(nlink_of(at("%s", path)), 2, "the new deepest: 2 links again");
}

static void links(void)
{
	long ino = -1;
	int i;

	ok_sys(make_file(at("orig"), "linked data\n"), "make orig");
	ok_sys(link(at("orig"), at("hard1")), "link orig hard1");
	ok_sys(mkdir(at("ldir"), 0755), "mkdir ldir");
	ok_sys(link(at("orig"), at("ldir/hard2")),
	       "link into another directory");
	is(nlink_of(at("orig")), 3, "three links");
	ino = ino_of(at("orig"));
	ok(ino > 0 && ino_of(at("hard1")) == ino &&
		   ino_of(at("ldir/hard2")) == ino,
	   "all name one inode");
	is_errno(link(at("orig"), at("hard1")), EEXIST,
		 "link over a name: EEXIST");
	is_errno(link(at("ldir"), at("dirlink")), EPERM,
		 "link of a directory: EPERM");
	ok_sys(unlink(at("orig")), "unlink orig");
	is(nlink_of(at("hard1")), 2, "two links left");
	ok(file_is(at("ldir/hard2"), "linked data\n"), "the data still there");
	/* Many links to one file, in one directory. */
	for (i = 0; i < 50; i++)
		link(at("hard1"), at("ldir/l%d", i));
	is(nlink_of(at("hard1")), 52, "50 more links: 52");
	for (i = 0; i < 50; i += 5)
		unlink(at("ldir/l%d", i));
	is(nlink_of(at("hard1")), 42, "ten unlinked: 42");
}

static void symlinks(void)
{
	char target[4200], buf[4200];
	struct stat st;
	ssize_t n;

	ok_sys(symlink("orig-target", at("fast")), "a fast symlink");
	n = readlink(at("fast"), buf, sizeof(buf));
	ok(n == 11 && !memcmp(buf, "orig-target", 11), "readlink of it");
	ok(lstat(at("fast"), &st) == 0 && S_ISLNK(st.st_mode) &&
		   st.st_size == 11 && st.st_blocks == 0,
	   "lstat: a link of 11 bytes, no block");
	memset(target, 'x', 59);
	target[59] = '\0';
	ok_sys(symlink(target, at("fast59")), "59 bytes: still fast");
	ok(lstat(at("fast59"), &st) == 0 && st.st_blocks == 0, "no block");
	memset(target, 't', 60);
	target[60] = '\0';
	ok_sys(symlink(target, at("slow60")), "60 bytes: slow");
	ok(lstat(at("slow60"), &st) == 0 && st.st_size == 60 &&
		   st.st_blocks == bs / 512,
	   "one block");
	n = readlink(at("slow60"), buf, sizeof(buf));
	ok(n == 60 && !memcmp(buf, target, 60), "readlink of it");
	memset(target, 'l', bs - 1);
	target[bs - 1] = '\0';
	ok_sys(symlink(target, at("slowmax")), "a target of block size - 1");
	n = readlink(at("slowmax"), buf, sizeof(buf));
	ok(n == bs - 1 && !memcmp(buf, target, n), "readlink of it");
	if (bs < 4096) {
		memset(target, 'l', bs);
		target[bs] = '\0';
		is_errno(symlink(target, at("toolong")), ENAMETOOLONG,
			 "a target of block size: ENAMETOOLONG");
	}
	ok_sys(symlink("ldir/hard2", at("tofile")), "a symlink to a file");
	ok(file_is(at("tofile"), "linked data\n"), "followed");
	is_errno(symlink("x", at("fast")), EEXIST,
		 "symlink over a name: EEXIST");
}

static void nodes(void)
{
	struct stat st;
	int typed;

	ok_sys(mkdir(at("dev"), 0755), "mkdir dev");
	ok_sys(mknod(at("dev/null"), S_IFCHR | 0666, makedev(1, 3)),
	       "mknod chr 1,3");
	ok_sys(mknod(at("dev/hda"), S_IFBLK | 0600, makedev(3, 0)),
	       "mknod blk 3,0");
	ok_sys(mknod(at("dev/big"), S_IFCHR | 0600, makedev(300, 70000)),
	       "mknod chr 300,70000 (the new encoding)");
	ok_sys(mknod(at("dev/fifo"), S_IFIFO | 0644, 0), "mknod fifo");
	ok_sys(mknod(at("dev/sock"), S_IFSOCK | 0644, 0), "mknod sock");
	ok_sys(mknod(at("dev/reg"), S_IFREG | 0644, 0), "mknod reg");
	ok(stat(at("dev/null"), &st) == 0 && S_ISCHR(st.st_mode) &&
		   st.st_rdev == makedev(1, 3),
	   "stat: chr 1,3");
	ok(stat(at("dev/hda"), &st) == 0 && S_ISBLK(st.st_mode) &&
		   st.st_rdev == makedev(3, 0),
	   "stat: blk 3,0");
	ok(stat(at("dev/big"), &st) == 0 && st.st_rdev == makedev(300, 70000),
	   "stat: chr 300,70000");
	ok(stat(at("dev/fifo"), &st) == 0 && S_ISFIFO(st.st_mode), "a FIFO");
	ok(stat(at("dev/sock"), &st) == 0 && S_ISSOCK(st.st_mode), "a socket");
	is(count_dir(at("dev"), DT_CHR, &typed), 6, "six nodes");
	is(typed, 2, "two DT_CHR");
	is(count_dir(at("dev"), DT_FIFO, &typed), 6, "six nodes");
	is(typed, 1, "one DT_FIFO");
	is_errno(mknod(at("dev/null"), S_IFCHR | 0666, makedev(1, 3)), EEXIST,
		 "mknod over a name: EEXIST");
	is_errno(mknod(at("dev/dir"), S_IFDIR | 0755, 0), EPERM,
		 "mknod of a directory: EPERM");
	is_errno(mknod(at("dev/what"), 0170000 | 0644, 0), EINVAL,
		 "mknod of no known type: EINVAL");
}

static void renames(void)
{
	long ino, before;
	int i, errs = 0, typed;

	ok_sys(mkdir(at("ra"), 0755), "mkdir ra");
	ok_sys(mkdir(at("rb"), 0755), "mkdir rb");
	ok_sys(make_file(at("ra/f"), "f\n"), "make ra/f");
	ok_sys(make_file(at("ra/g"), "g\n"), "make ra/g");
	ino = ino_of(at("ra/f"));
	ok_sys(rename(at("ra/f"), at("rb/f2")),
	       "rename a file across directories");
	ok(access(at("ra/f"), F_OK) < 0 && ino_of(at("rb/f2")) == ino,
	   "the old name is gone, the new names the inode");
	before = free_inodes();
	ok_sys(rename(at("ra/g"), at("rb/f2")), "rename over an existing file");
	ok(file_is(at("rb/f2"), "g\n"), "the new name has the moved file");
	is(free_inodes(), before + 1, "the replaced file's inode is free");

	ok_sys(mkdir(at("ra/sub"), 0755), "mkdir ra/sub");
	ok_sys(make_file(at("ra/sub/x"), NULL), "with a file in it");
	is(nlink_of(at("ra")), 3, "ra: 3 links");
	ok_sys(rename(at("ra/sub"), at("rb/sub")), "move a directory across");
	is(nlink_of(at("ra")), 2, "ra: 2 links");
	is(nlink_of(at("rb")), 3, "rb: 3 links");
	is(ino_of(at("rb/sub/..")), ino_of(at("rb")), "its .. is rb");
	ok(access(at("rb/sub/x"), F_OK) == 0, "its file came along");

	ok_sys(mkdir(at("ra/empty"), 0755), "mkdir ra/empty");
	is_errno(rename(at("ra/empty"), at("rb/sub")), ENOTEMPTY,
		 "a directory over a non-empty one: ENOTEMPTY");
	ok_sys(mkdir(at("rb/empty2"), 0755), "mkdir rb/empty2");
	ok_sys(rename(at("rb/sub"), at("ra/empty")),
	       "a directory over an empty one");
	is(nlink_of(at("ra")), 3, "ra: 3 links");
	is(nlink_of(at("rb")), 3, "rb: 3 links (sub went, empty2 came)");
	is(ino_of(at("ra/empty/..")), ino_of(at("ra")), ".. follows");
	is_errno(rename(at("ra/empty"), at("rb/f2")), ENOTDIR,
		 "a directory over a file: ENOTDIR");
	is_errno(rename(at("rb/f2"), at("rb/empty2")), EISDIR,
		 "a file over a directory: EISDIR");
	is_errno(rename(at("ra"), at("ra/empty/inside")), EINVAL,
		 "a directory into itself: EINVAL");
	ok_sys(rename(at("rb/empty2"), at("rb/renamed")),
	       "rename a dir in place");
	is(nlink_of(at("rb")), 3, "rb: still 3 links");

	/* A storm: files move round three directories and change names. */
	ok_sys(mkdir(at("rc"), 0755), "mkdir rc");
	for (i = 0; i < 30; i++)
		errs += make_file(at("ra/s%d", i), NULL) < 0;
	for (i = 0; i < STORM; i++) {
		static const char *d[3] = { "ra", "rb", "rc" };
		int f = i % 30, from = (i / 30) % 3;

		errs += rename(at("%s/s%d", d[from], f),
			       at("%s/s%d", d[(from + 1) % 3], f)) < 0;
	}
	is(errs, 0, "%d renames among three directories", STORM);
	is(count_dir(at("rc"), DT_REG, &typed), 30, "all 30 ended in rc");
	is(count_dir(at("ra"), DT_DIR, &typed), 1, "ra has only its dir left");
	is(nlink_of(at("ra")), 3, "ra: 3 links");
}

static void open_unlinked(void)
{
	long before = free_inodes();
	char buf[64];
	struct stat st;
	int fd;

	ok_sys(make_file(at("busy"), "still here\n"), "make busy");
	fd = open(at("busy"), O_RDONLY);
	ok_sys(fd, "open it");
	ok_sys(unlink(at("busy")), "unlink it while open");
	ok(access(at("busy"), F_OK) < 0, "the name is gone");
	ok(fstat(fd, &st) == 0 && st.st_nlink == 0, "fstat: no links");
	ok(read(fd, buf, sizeof(buf)) == 11 && !memcmp(buf, "still here\n", 11),
	   "its data still reads");
	is(free_inodes(), before - 1, "its inode is still in use");
	close(fd);
	is(free_inodes(), before, "closed: the inode is free");
}

static void read_only(const char *dev)
{
	ok_sys(umount(mnt), "umount");
	ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL), "mount read-only");
	is_errno(mkdir(at("ro"), 0755), EROFS, "mkdir: EROFS");
	is_errno(unlink(at("hard1")), EROFS, "unlink: EROFS");
	is_errno(rmdir(at("ldir")), EROFS, "rmdir: EROFS");
	is_errno(link(at("hard1"), at("ro")), EROFS, "link: EROFS");
	is_errno(symlink("x", at("ro")), EROFS, "symlink: EROFS");
	is_errno(rename(at("hard1"), at("ro")), EROFS, "rename: EROFS");
	is_errno(mknod(at("ro"), S_IFIFO | 0644, 0), EROFS, "mknod: EROFS");
	ok_sys(umount(mnt), "umount");
}

/* Mount again: what was made is on the disk. */
static void persisted(void)
{
	char buf[200];
	struct stat st;
	int typed;

	is(count_dir(at("many"), DT_REG, &typed), NFILES, "many: all there");
	is(nlink_of(at("hard1")), 42, "hard1: 42 links");
	ok(file_is(at("ldir/hard2"), "linked data\n"), "its data");
	ok(readlink(at("slow60"), buf, sizeof(buf)) == 60, "the slow symlink");
	ok(readlink(at("fast"), buf, sizeof(buf)) == 11 &&
		   !memcmp(buf, "orig-target", 11),
	   "the fast symlink");
	ok(stat(at("dev/big"), &st) == 0 && st.st_rdev == makedev(300, 70000),
	   "dev/big: 300,70000");
	ok(stat(at("dev/hda"), &st) == 0 && st.st_rdev == makedev(3, 0),
	   "dev/hda: 3,0");
	is(ino_of(at("ra/empty/..")), ino_of(at("ra")), "ra/empty/.. is ra");
	is(nlink_of(at("rb")), 3, "rb: 3 links");
	is(count_dir(at("rc"), DT_REG, &typed), 30, "rc: 30 files");
}

/* Make files until there is no inode left: ENOSPC; then free them. */
static void out_of_inodes(void)
{
	long before = free_inodes();
	int i, n = 0;

	ok_sys(mkdir(at("full"), 0755), "mkdir full");
	for (i = 0; i < 4096; i++) {
		int fd = open(at("full/%d", i), O_CREAT | O_EXCL | O_WRONLY,
			      0644);

		if (fd < 0)
			break;
		close(fd);
		n++;
	}
	is_errno(open(at("full/%d", i), O_CREAT | O_EXCL | O_WRONLY, 0644),
		 ENOSPC, "no inode left: ENOSPC");
	is(n, before - 1, "every free inode was used");
	is_errno(mkdir(at("full/d"), 0755), ENOSPC, "mkdir: ENOSPC");
	for (i = 0; i < n; i++)
		unlink(at("full/%d", i));
	ok_sys(rmdir(at("full")), "all unlinked, rmdir");
	is(free_inodes(), before, "all inodes free again");
}

static void test_fs(const char *dev, int blocksize)
{
	diag("%s: %d-byte blocks", dev, blocksize);
	bs = blocksize;
	if (!ok_sys(mount(dev, mnt, "ext2", 0, NULL), "mount %s read-write",
		    dev))
		return;
	root_links = nlink_of(mnt);
	ok(root_links >= 3, "the root: 2 links and lost+found's");
	many_files();
	names();
	deep_tree();
	links();
	symlinks();
	nodes();
	renames();
	open_unlinked();
	if (blocksize == 1024)
		out_of_inodes();
	read_only(dev);
	if (!ok_sys(mount(dev, mnt, "ext2", 0, NULL), "mount again"))
		return;
	persisted();
	ok_sys(umount(mnt), "umount");
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_RW_DEV");
	char dev[2][64], cwd[200];

	if (!disk || access(disk, F_OK) < 0) {
		skip("writable ext2 disk", "no TEST_EXT2_RW_DEV");
		return done_testing();
	}
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, sizeof(mnt), "%s/ext2_namei.mnt", cwd);
	snprintf(dev[0], sizeof(dev[0]), "%s1", disk);
	snprintf(dev[1], sizeof(dev[1]), "%s2", disk);
	mkdir(mnt, 0755);
	test_fs(dev[0], 1024);
	test_fs(dev[1], 4096);
	rmdir(mnt);
	return done_testing();
}
