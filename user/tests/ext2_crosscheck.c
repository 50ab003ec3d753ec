/*
 * ext2_crosscheck.c - a tree one kernel writes and another reads back.
 *
 * The tree is a pure function of a seed (TEST_XCHECK_SEED, default 27):
 * many files of odd sizes, a deep directory chain, a file through the
 * double indirect blocks, sparse files with data past the triple
 * indirect boundary of 1 KiB blocks, files written through a shared
 * mapping, fast and slow symlinks (59 and 60 bytes: the boundary),
 * hard links, renames (storms, over a file, a directory to another
 * parent), truncates down, up and to zero, a FIFO, odd modes.  plan()
 * lists what must be there at the end; the writer makes it the long
 * way round, the verifier walks the directory and checks every entry's
 * type, mode, size, link count, inode sharing, link target and every
 * byte (regenerated from the seed; a sparse file of 70 MiB by its data,
 * their edges, samples of its holes and its st_blocks), and that
 * nothing else is there.
 *
 * TEST_EXT2_RW_DEV names the writable disk (hdd1: 1 KiB blocks, hdd2:
 * 4 KiB); without it the test skips.  TEST_XCHECK chooses the part:
 *   write   make the tree in /xc of both partitions, sync, unmount;
 *   verify  mount them read-only and check the tree;
 *   unset   both on the same kernel, then remove the tree (the user
 *           boots and linux-user run it so).
 * tools/ext2-crosscheck.sh boots one kernel with write and the other
 * with verify on one copy of the disk, e2fsck between the two: Mapback
 * checks what Linux wrote and Linux what Mapback wrote.
 */
#include <stdint.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tests/pattern.h"
#include "tests/tap.h"

#define MAX_ENTS 320
#define MAX_EXT 4
#define NSMALL 120
#define NSPREAD 10
#define DEPTH 20
#define MIB (1024LL * 1024)

struct extent {
	long long off;
	long len;
	uint32_t id; /* whose bytes: pattern of (id, word, seed) */
};

struct ent {
	char path[160]; /* under the tree's root */
	mode_t mode; /* type and permissions */
	long long size;
	int nlink; /* 0: a directory's, counted from its subdirectories */
	int group; /* hard links share an inode: the same group */
	const char *target;
	int next;
	struct extent ext[MAX_EXT];
	int seen;
	ino_t ino;
};

static struct ent ents[MAX_ENTS];
static int nents;
static uint32_t seed;
static char mnt[256];
static char slow_target[61], fast_target[60], long_target[201];
static unsigned char buf[65536], want[65536];

static uint32_t hash(uint32_t a, uint32_t b)
{
	return pattern_word(a, b, seed);
}

/* The bytes of file id at off: its pattern, byte by byte. */
static void fill(uint32_t id, long long off, unsigned char *p, long len)
{
	long i;

	for (i = 0; i < len; i++, off++)
		p[i] = (unsigned char)(pattern_word(id, (uint32_t)(off >> 2),
						    seed) >>
				       ((off & 3) * 8));
}

static char *at(const char *fmt, ...)
{
	static char bufs[4][512];
	static int i;
	char *b = bufs[i++ & 3];
	int n = snprintf(b, 512, "%s/xc/", mnt);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(b + n, 512 - n, fmt, ap);
	va_end(ap);
	if (!b[n])
		b[n - 1] = '\0'; /* the root itself */
	return b;
}

static struct ent *add(mode_t mode, const char *fmt, ...)
{
	struct ent *e = &ents[nents++];
	va_list ap;

	if (nents > MAX_ENTS) {
		diag("plan: more than %d entries", MAX_ENTS);
		exit(1);
	}
	memset(e, 0, sizeof(*e));
	va_start(ap, fmt);
	vsnprintf(e->path, sizeof(e->path), fmt, ap);
	va_end(ap);
	e->mode = mode;
	e->nlink = S_ISDIR(mode) ? 0 : 1;
	return e;
}

static void extent(struct ent *e, long long off, long len, uint32_t id)
{
	e->ext[e->next++] = (struct extent){ off, len, id };
	if (off + len > e->size)
		e->size = off + len;
}

static struct ent *add_file(mode_t perm, long long size, uint32_t id,
			    const char *fmt, const char *name)
{
	struct ent *e = add(S_IFREG | perm, fmt, name);

	if (size)
		extent(e, 0, (long)size, id);
	return e;
}

/* A small file's size: edges of blocks and pages first, then random. */
static long small_size(int i)
{
	static const long edge[] = { 0, 1, 1023, 1024, 1025, 4095, 4096, 4097 };

	if (i < (int)(sizeof(edge) / sizeof(edge[0])))
		return edge[i];
	return (long)(hash(1, (uint32_t)i) % 9000);
}

static mode_t small_mode(int i)
{
	static const mode_t m[] = { 0644, 0600, 0755, 0640, 0400, 04755, 0666 };

	return m[i % 7];
}

/* What the tree holds when the writer is done. */
static void plan(void)
{
	char name[160];
	int i, n;
	struct ent *e;

	nents = 0;
	memset(fast_target, 'f', 59);
	memset(slow_target, 's', 60);
	for (i = 0; i < 200; i++)
		long_target[i] = i % 10 == 9 ? '/' : (char)('a' + i % 26);
	add(S_IFDIR | 0755, "small");
	for (i = 0; i < NSMALL; i++) {
		snprintf(name, sizeof(name), "%03d", i);
		add_file(small_mode(i), small_size(i), 100 + (uint32_t)i,
			 "small/f%s", name);
	}
	add(S_IFDIR | 0755, "t");
	for (i = 0; i < NSPREAD; i++) {
		add(S_IFDIR | 0750, "t/d%d", i);
		for (n = 0; n < 6; n++) {
			snprintf(name, sizeof(name), "t/d%d/g%d", i, n);
			add_file(0644, hash(2, (uint32_t)(i * 6 + n)) % 12000,
				 300 + (uint32_t)(i * 6 + n), "%s", name);
		}
	}
	add(S_IFDIR | 0755, "deep");
	name[0] = '\0';
	for (i = 0; i < DEPTH; i++) {
		n = (int)strlen(name);
		snprintf(name + n, sizeof(name) - n, "%sl%02d", n ? "/" : "",
			 i);
		add(S_IFDIR | 0711, "deep/%s", name);
		if (i % 5 == 4)
			add_file(0644, 3333 + i, 400 + (uint32_t)i,
				 "deep/%s/leaf", name);
	}
	add_file(0644, 600 * 1024 + 123, 500, "%s", "big");
	e = add(S_IFREG | 0644, "sparse");
	extent(e, 0, 3000, 501);
	extent(e, 300 * 1024, 5000, 502);
	extent(e, 5 * MIB + 17, 4000, 503);
	extent(e, 65 * MIB + 100, 2000, 504); /* 1 KiB: triple indirect */
	e->size = 70 * MIB + 77;
	e = add(S_IFREG | 0600, "holes");
	extent(e, 20 * MIB - 10, 10, 505);
	add_file(0644, 50001, 510, "%s", "mapped");
	e = add_file(0644, 20000, 511, "%s", "mapped2");
	extent(e, 4096, 8192, 512); /* stores through a shared mapping */
	add(S_IFDIR | 0755, "sym");
	add(S_IFLNK | 0777, "sym/fast")->target = "../small/f007";
	add(S_IFLNK | 0777, "sym/fast59")->target = fast_target;
	add(S_IFLNK | 0777, "sym/slow60")->target = slow_target;
	add(S_IFLNK | 0777, "sym/long")->target = long_target;
	add(S_IFLNK | 0777, "sym/dangling")->target = "nowhere/at/all";
	add(S_IFDIR | 0755, "links");
	for (i = 0; i < 3; i++) {
		e = add_file(0640, 7000, 520, i == 2 ? "%s" : "links/%s",
			     i == 0 ? "a" :
			     i == 1 ? "b" :
				      "t/d3/c");
		e->nlink = 3;
		e->group = 1;
	}
	add_file(0644, 1500, 521, "%s", "links/kept");
	add(S_IFDIR | 0755, "ren");
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "ren/final%d", i);
		add_file(0644, 1000 + i * 777, 530 + (uint32_t)i, "%s", name);
	}
	add_file(0644, 2222, 541, "%s", "ren/over"); /* replaced 540 */
	add_file(0600, 4321, 542, "%s", "ren/storm");
	add(S_IFDIR | 0755, "ren2");
	add(S_IFDIR | 0700, "ren2/moved");
	add(S_IFDIR | 0755, "ren2/moved/sub");
	add_file(0644, 5555, 543, "%s", "ren2/moved/sub/inside");
	add(S_IFDIR | 0755, "trunc");
	add_file(0644, 7777, 550, "%s", "trunc/down");
	e = add_file(0644, 3000, 551, "%s", "trunc/up");
	e->size = 30000;
	add_file(0644, 0, 0, "%s", "trunc/zero");
	e = add_file(0644, 13000, 553, "%s", "trunc/mid");
	extent(e, 100000, 500, 554);
	add(S_IFIFO | 0640, "fifo");
	add(S_IFDIR | 0700, "empty");
	add(S_IFDIR | 01777, "sticky");
}

/* Write len bytes of id at off, in pieces of an odd size. */
static int put(int fd, long long off, long len, uint32_t id)
{
	while (len > 0) {
		long n = len < 7001 ? len : 7001;

		fill(id, off, buf, n);
		if (pwrite(fd, buf, (size_t)n, off) != n)
			return -1;
		off += n;
		len -= n;
	}
	return 0;
}

/* A plain entry: its extents in order, then its size. */
static int make_file(const struct ent *e)
{
	int fd = open(at("%s", e->path), O_WRONLY | O_CREAT | O_EXCL,
		      e->mode & 07777);
	int i, err = fd < 0;

	for (i = 0; !err && i < e->next; i++)
		err = put(fd, e->ext[i].off, e->ext[i].len, e->ext[i].id);
	if (!err && e->next &&
	    e->ext[e->next - 1].off + e->ext[e->next - 1].len < e->size)
		err = ftruncate(fd, e->size) < 0;
	if (fd >= 0 && close(fd) < 0)
		err = 1;
	return err ? -1 : 0;
}

static struct ent *find(const char *path)
{
	int i;

	for (i = 0; i < nents; i++)
		if (!strcmp(ents[i].path, path))
			return &ents[i];
	return NULL;
}

/* Write a file's one extent through a shared mapping of it. */
static int write_mapped(const char *path, long long size, long long off,
			long len, uint32_t id)
{
	int fd = open(path, O_RDWR | O_CREAT, 0644);
	unsigned char *p;
	int err;

	if (fd < 0)
		return -1;
	if (ftruncate(fd, size) < 0) {
		close(fd);
		return -1;
	}
	p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return -1;
	}
	fill(id, off, p + off, len);
	err = msync(p, (size_t)size, MS_SYNC);
	munmap(p, (size_t)size);
	close(fd);
	return err;
}

static int write_extras(void)
{
	int bad = 0;

	/* Stores through a mapping: a new file, and into a written one. */
	bad += write_mapped(at("mapped"), 50001, 0, 50001, 510) < 0;
	bad += make_file(find("mapped2")) < 0;
	bad += write_mapped(at("mapped2"), 20000, 4096, 8192, 512) < 0;
	bad += symlink("../small/f007", at("sym/fast")) < 0;
	bad += symlink(fast_target, at("sym/fast59")) < 0;
	bad += symlink(slow_target, at("sym/slow60")) < 0;
	bad += symlink(long_target, at("sym/long")) < 0;
	bad += symlink("nowhere/at/all", at("sym/dangling")) < 0;
	bad += make_file(find("links/a")) < 0;
	bad += link(at("links/a"), at("links/b")) < 0;
	bad += link(at("links/b"), at("t/d3/c")) < 0;
	bad += make_file(find("links/kept")) < 0;
	bad += rename(at("links/kept"), at("links/orig")) < 0;
	bad += link(at("links/orig"), at("links/kept")) < 0;
	bad += unlink(at("links/orig")) < 0;
	return bad;
}

static int write_renames(void)
{
	char name[64];
	struct ent tmp;
	int i, bad = 0;

	for (i = 0; i < 8; i++) {
		tmp = *find(
			(snprintf(name, sizeof(name), "ren/final%d", i), name));
		snprintf(tmp.path, sizeof(tmp.path), "ren/tmp%d", i);
		bad += make_file(&tmp) < 0;
		bad += rename(at("ren/tmp%d", i), at("ren/final%d", i)) < 0;
	}
	/* Renamed over: the old inode goes, its blocks free again. */
	tmp = *find("ren/over");
	tmp.ext[0].id = 540;
	tmp.ext[0].len = tmp.size = 9999;
	bad += make_file(&tmp) < 0;
	tmp = *find("ren/over");
	snprintf(tmp.path, sizeof(tmp.path), "ren/newover");
	bad += make_file(&tmp) < 0;
	bad += rename(at("ren/newover"), at("ren/over")) < 0;
	tmp = *find("ren/storm");
	snprintf(tmp.path, sizeof(tmp.path), "ren/s0");
	bad += make_file(&tmp) < 0;
	for (i = 0; i < 30; i++)
		bad += rename(at("%s/s%d", i % 2 ? "ren2" : "ren", i),
			      at("%s/s%d", i % 2 ? "ren" : "ren2", i + 1)) < 0;
	bad += rename(at("ren/s30"), at("ren/storm")) < 0;
	/* A directory with its subtree, to another parent. */
	bad += mkdir(at("ren/dir"), 0700) < 0;
	bad += mkdir(at("ren/dir/sub"), 0755) < 0;
	bad += make_file(&(struct ent){ .path = "ren/dir/sub/inside",
					.mode = 0644,
					.size = 5555,
					.next = 1,
					.ext = { { 0, 5555, 543 } } }) < 0;
	bad += rename(at("ren/dir"), at("ren2/moved")) < 0;
	return bad;
}

static int write_truncates(void)
{
	struct ent tmp;
	int bad = 0;

	tmp = *find("trunc/down");
	tmp.ext[0].len = tmp.size = 20000;
	bad += make_file(&tmp) < 0;
	bad += truncate(at("trunc/down"), 7777) < 0;
	tmp = *find("trunc/up");
	tmp.size = 3000;
	bad += make_file(&tmp) < 0;
	bad += truncate(at("trunc/up"), 30000) < 0;
	tmp = (struct ent){ .path = "trunc/zero",
			    .mode = 0644,
			    .size = 9000,
			    .next = 1,
			    .ext = { { 0, 9000, 552 } } };
	bad += make_file(&tmp) < 0;
	bad += truncate(at("trunc/zero"), 0) < 0;
	/* Through the double indirect blocks of 1 KiB, then cut back. */
	tmp = *find("trunc/mid");
	tmp.next = 1;
	tmp.ext[0].len = tmp.size = 300 * 1024;
	bad += make_file(&tmp) < 0;
	bad += truncate(at("trunc/mid"), 13000) < 0;
	{
		int fd = open(at("trunc/mid"), O_WRONLY);

		bad += fd < 0 || put(fd, 100000, 500, 554) < 0;
		if (fd >= 0)
			close(fd);
	}
	return bad;
}

/* Make the tree; returns the number of calls that failed. */
static int write_tree(void)
{
	int i, bad = 0;
	struct ent *e;

	bad += mkdir(at("%s", ""), 0755) < 0;
	for (i = 0; i < nents; i++) {
		e = &ents[i];
		if (S_ISDIR(e->mode) && strncmp(e->path, "ren2/", 5)) {
			bad += mkdir(at("%s", e->path), e->mode & 07777) < 0;
			bad += chmod(at("%s", e->path), e->mode & 07777) < 0;
		} else if (S_ISFIFO(e->mode)) {
			bad += mknod(at("%s", e->path), e->mode, 0) < 0;
		} else if (S_ISREG(e->mode) && !strchr(e->path, '/') &&
			   strncmp(e->path, "mapped", 6)) {
			bad += make_file(e) < 0;
		} else if (S_ISREG(e->mode) &&
			   (!strncmp(e->path, "small/", 6) ||
			    !strncmp(e->path, "deep/", 5) ||
			    (!strncmp(e->path, "t/", 2) && !e->group))) {
			bad += make_file(e) < 0;
		}
	}
	/* A file that comes and goes leaves nothing. */
	e = &(struct ent){ .path = "gone",
			   .mode = 0644,
			   .size = 12345,
			   .next = 1,
			   .ext = { { 0, 12345, 560 } } };
	bad += make_file(e) < 0 || unlink(at("gone")) < 0;
	bad += write_extras() + write_renames() + write_truncates();
	return bad;
}

/* Every byte of [off, off + len) of fd against the plan of e. */
static int same_bytes(int fd, const struct ent *e, long long off, long len)
{
	int i;

	while (len > 0) {
		long n = len < (long)sizeof(buf) ? len : (long)sizeof(buf);

		if (pread(fd, buf, (size_t)n, off) != n)
			return 0;
		memset(want, 0, (size_t)n);
		for (i = 0; i < e->next; i++) {
			const struct extent *x = &e->ext[i];
			long long a = off > x->off ? off : x->off;
			long long b = off + n < x->off + x->len ?
					      off + n :
					      x->off + x->len;

			if (a < b)
				fill(x->id, a, want + (a - off), (long)(b - a));
		}
		if (memcmp(buf, want, (size_t)n))
			return 0;
		off += n;
		len -= n;
	}
	return 1;
}

/* Whole files, or a huge sparse one by its extents, their edges, the
 * end and sixteen samples of its holes. */
static int same_content(const struct ent *e)
{
	int fd = open(at("%s", e->path), O_RDONLY), okay = fd >= 0, i;
	long long a, b;

	if (okay && e->size <= 8 * MIB)
		okay = same_bytes(fd, e, 0, (long)e->size);
	for (i = 0; okay && e->size > 8 * MIB && i < e->next; i++) {
		a = e->ext[i].off >= 4096 ? e->ext[i].off - 4096 : 0;
		b = e->ext[i].off + e->ext[i].len + 4096;
		okay = same_bytes(fd, e, a,
				  (long)((b < e->size ? b : e->size) - a));
	}
	for (i = 0; okay && e->size > 8 * MIB && i < 16; i++)
		okay = same_bytes(fd, e, e->size / 16 * i, 4096);
	if (okay && e->size > 8 * MIB)
		okay = same_bytes(fd, e, e->size - 4096, 4096) &&
		       pread(fd, buf, 1, e->size) == 0;
	if (fd >= 0)
		close(fd);
	return okay;
}

static int subdirs(const struct ent *d)
{
	size_t len = strlen(d->path);
	int i, n = 0;

	for (i = 0; i < nents; i++)
		if (S_ISDIR(ents[i].mode) &&
		    (len ? !strncmp(ents[i].path, d->path, len) &&
				     ents[i].path[len] == '/' &&
				     !strchr(ents[i].path + len + 1, '/') :
			   !strchr(ents[i].path, '/')))
			n++;
	return n;
}

static int bad_entries, bad_content;

/* One entry found on the disk against its plan; a message if wrong. */
static const char *check_ent(struct ent *e, const struct stat *st)
{
	static char why[200];
	char target[300];
	ssize_t n;
	int i;

	if (e->seen++)
		return "seen twice";
	if (st->st_mode != e->mode) {
		snprintf(why, sizeof(why), "mode %o, want %o", st->st_mode,
			 e->mode);
		return why;
	}
	if ((int)st->st_nlink != (e->nlink ? e->nlink : 2 + subdirs(e))) {
		snprintf(why, sizeof(why), "%ld links", (long)st->st_nlink);
		return why;
	}
	e->ino = st->st_ino;
	for (i = 0; e->group && i < nents; i++)
		if (ents[i].group == e->group && ents[i].ino &&
		    ents[i].ino != e->ino)
			return "a hard link to another inode";
	if (S_ISDIR(e->mode) || S_ISFIFO(e->mode))
		return NULL;
	if (S_ISLNK(e->mode)) {
		n = readlink(at("%s", e->path), target, sizeof(target));
		if (n != (ssize_t)strlen(e->target) ||
		    memcmp(target, e->target, (size_t)n) || st->st_size != n)
			return "link target";
		return NULL;
	}
	if (st->st_size != e->size) {
		snprintf(why, sizeof(why), "size %lld, want %lld",
			 (long long)st->st_size, e->size);
		return why;
	}
	if (e->size > 8 * MIB && st->st_blocks * 512LL > 128 * 1024)
		return "holes filled";
	if (!same_content(e)) {
		bad_content++;
		return "content";
	}
	return NULL;
}

/* Walk dir (under the tree's root), checking what is found. */
static int walk(const char *rel)
{
	char path[512];
	DIR *d = opendir(at("%s", rel));
	struct dirent *de;
	struct stat st;
	struct ent *e;
	const char *why;
	int found = 0;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s%s%s", rel, *rel ? "/" : "",
			 de->d_name);
		e = find(path);
		if (!e) {
			diag("unexpected %s", path);
			bad_entries++;
			continue;
		}
		found++;
		if (lstat(at("%s", path), &st) < 0) {
			diag("%s: %s", path, strerror(errno));
			bad_entries++;
			continue;
		}
		why = check_ent(e, &st);
		if (why) {
			diag("%s: %s", path, why);
			bad_entries++;
		}
		if (S_ISDIR(st.st_mode) && S_ISDIR(e->mode) && walk(path) < 0) {
			diag("%s: cannot be read", path);
			bad_entries++;
		}
	}
	closedir(d);
	return found;
}

static void verify_tree(const char *dev)
{
	struct stat st, up;
	int i, missing = 0;

	for (i = 0; i < nents; i++)
		ents[i].seen = 0, ents[i].ino = 0;
	bad_entries = bad_content = 0;
	ok(stat(at("%s", ""), &st) == 0 && S_ISDIR(st.st_mode) &&
		   (int)st.st_nlink == 2 + subdirs(&(struct ent){ .path = "" }),
	   "%s: the tree's root, with its links", dev);
	walk("");
	for (i = 0; i < nents; i++)
		if (!ents[i].seen) {
			diag("missing %s", ents[i].path);
			missing++;
		}
	is(missing, 0, "%s: all %d entries there", dev, nents);
	is(bad_entries, 0, "%s: types, modes, sizes, links, targets as planned",
	   dev);
	is(bad_content, 0, "%s: every file's bytes as the seed makes them",
	   dev);
	ok(stat(at("ren2/moved/.."), &st) == 0 && stat(at("ren2"), &up) == 0 &&
		   st.st_ino == up.st_ino,
	   "%s: a moved directory's .. is its new parent", dev);
}

/* Remove what the self-check made (depth first). */
static void remove_tree(const char *path)
{
	char sub[512];
	struct dirent *de;
	DIR *d = opendir(path);

	while (d && (de = readdir(d))) {
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(sub);
		else
			unlink(sub);
	}
	if (d)
		closedir(d);
	rmdir(path);
}

static void write_part(const char *dev)
{
	if (!ok_sys(mount(dev, mnt, "ext2", 0, NULL), "%s: mount read-write",
		    dev))
		return;
	is(write_tree(), 0, "%s: the tree made (%d entries)", dev, nents);
	sync();
	ok_sys(umount(mnt), "%s: sync, umount", dev);
}

static void verify_part(const char *dev)
{
	if (!ok_sys(mount(dev, mnt, "ext2", MS_RDONLY, NULL),
		    "%s: mount read-only", dev))
		return;
	verify_tree(dev);
	ok_sys(umount(mnt), "%s: umount", dev);
}

static void self_check(const char *dev)
{
	struct stat st;

	write_part(dev);
	verify_part(dev);
	if (!ok_sys(mount(dev, mnt, "ext2", 0, NULL), "%s: mount again", dev))
		return;
	remove_tree(at("%s", ""));
	ok(stat(at("%s", ""), &st) < 0 && errno == ENOENT,
	   "%s: the tree removed", dev);
	ok_sys(umount(mnt), "%s: umount", dev);
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_RW_DEV");
	const char *mode = getenv("TEST_XCHECK");
	char dev[64], cwd[200];
	int part;

	if (!disk || access(disk, F_OK) < 0) {
		skip("writable ext2 disk", "no TEST_EXT2_RW_DEV");
		return done_testing();
	}
	seed = (uint32_t)env_long("TEST_XCHECK_SEED", 27);
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/tmp");
	snprintf(mnt, sizeof(mnt), "%s/ext2_crosscheck.mnt", cwd);
	mkdir(mnt, 0755);
	umask(0);
	plan();
	diag("seed %u, %s", seed, mode ? mode : "write and verify");
	for (part = 1; part <= 2; part++) {
		snprintf(dev, sizeof(dev), "%s%d", disk, part);
		if (mode && !strcmp(mode, "write"))
			write_part(dev);
		else if (mode && !strcmp(mode, "verify"))
			verify_part(dev);
		else
			self_check(dev);
	}
	rmdir(mnt);
	return done_testing();
}
