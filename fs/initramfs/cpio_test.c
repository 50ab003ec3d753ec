/*
 * fs/initramfs/cpio_test.c - ktests for the newc unpacker, on archives the test
 * writes itself.
 */
#include "fs/initramfs/cpio.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "mm/phys/slab.h"

struct archive {
	char *buf;
	size_t len, size;
};

static void pad4(struct archive *a)
{
	while (a->len & 3)
		a->buf[a->len++] = '\0';
}

/* Append one member: header, name, data, each padded as newc wants.  Its
 * owner is uid ino * 1000, its group that uid + 1. */
static void add(struct archive *a, const char *name, u32 mode, u32 ino,
		u32 nlink, const char *data, u32 size, u32 rmaj, u32 rmin)
{
	u32 namesize = strlen(name) + 1;

	if (a->len + 110 + namesize + size + 8 > a->size)
		return;
	snprintf(a->buf + a->len, 111,
		 "070701%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x",
		 ino, mode, ino * 1000, ino * 1000 + 1, nlink, 1700000000,
		 size, 0, 1, rmaj, rmin,
		 namesize, 0);
	a->len += 110;
	memcpy(a->buf + a->len, name, namesize);
	a->len += namesize;
	pad4(a);
	memcpy(a->buf + a->len, data, size);
	a->len += size;
	pad4(a);
}

static void trailer(struct archive *a)
{
	add(a, "TRAILER!!!", 0, 0, 1, "", 0, 0, 0);
}

static int read_all(const char *name, char *buf, int n)
{
	struct file *f;
	int r;

	if (vfs_open(NULL, name, O_RDONLY, 0, &f))
		return -1;
	r = kernel_read(f, 0, buf, n);
	fput(f);
	return r;
}

KTEST(cpio_unpacks_dirs_files_symlinks_links_nodes)
{
	struct archive a = { kmalloc(4096, GFP_KERNEL), 0, 4096 };
	struct cpio_stats st;
	struct kstat k1, k2;
	const char *msg = NULL;
	char buf[32];

	KASSERT_TRUE(a.buf != NULL);
	add(&a, "kt_cpio", S_IFDIR | 0750, 1, 2, "", 0, 0, 0);
	add(&a, "kt_cpio/sub", S_IFDIR | 0700, 2, 2, "", 0, 0, 0);
	add(&a, "kt_cpio/hello", S_IFREG | 0741, 3, 2, "hello, world\n", 13,
	    0, 0);
	add(&a, "kt_cpio/sub/again", S_IFREG | 0741, 3, 2, "", 0, 0, 0);
	add(&a, "kt_cpio/link", S_IFLNK | 0777, 4, 1, "hello", 5, 0, 0);
	add(&a, "kt_cpio/null", S_IFCHR | 0666, 5, 1, "", 0, 1, 3);
	/* GNU cpio's order: empty first link, the data with the last. */
	add(&a, "kt_cpio/first", S_IFREG | 0755, 6, 2, "", 0, 0, 0);
	add(&a, "kt_cpio/last", S_IFREG | 0755, 6, 2, "data", 4, 0, 0);
	trailer(&a);
	KEXPECT_EQ(cpio_unpack(a.buf, a.len, &st, &msg), 0);
	KEXPECT_TRUE(msg == NULL);
	KEXPECT_EQ(st.dirs, 2);
	KEXPECT_EQ(st.files, 2);
	KEXPECT_EQ(st.links, 2);
	KEXPECT_EQ(st.symlinks, 1);
	KEXPECT_EQ(st.nodes, 1);

	KEXPECT_EQ(vfs_stat(NULL, "/kt_cpio", 0, &k1), 0);
	KEXPECT_EQ(k1.mode, S_IFDIR | 0750);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_cpio/sub", 0, &k1), 0);
	KEXPECT_EQ(k1.mode, S_IFDIR | 0700);
	KEXPECT_EQ(read_all("/kt_cpio/hello", buf, sizeof(buf)), 13);
	KEXPECT_EQ(memcmp(buf, "hello, world\n", 13), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_cpio/hello", 0, &k1), 0);
	KEXPECT_EQ(k1.mode, S_IFREG | 0741);
	KEXPECT_EQ(k1.uid, 3000);	/* the archive's owner and group */
	KEXPECT_EQ(k1.gid, 3001);
	KEXPECT_EQ(k1.mtime.tv_sec, 1700000000);
	/* The second member with ino 3 is a hard link to the first. */
	KEXPECT_EQ(vfs_stat(NULL, "/kt_cpio/sub/again", 0, &k2), 0);
	KEXPECT_EQ(k2.ino, k1.ino);
	KEXPECT_EQ(k2.nlink, 2);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_cpio/link", 0, &k1), 0);
	KEXPECT_EQ(k1.uid, 4000);
	KEXPECT_EQ(vfs_readlink(NULL, "/kt_cpio/link", buf, sizeof(buf)), 5);
	KEXPECT_EQ(memcmp(buf, "hello", 5), 0);
	KEXPECT_EQ(read_all("/kt_cpio/link", buf, sizeof(buf)), 13);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_cpio/null", 0, &k1), 0);
	KEXPECT_TRUE(S_ISCHR(k1.mode));
	KEXPECT_EQ(k1.rdev, new_encode_dev(MKDEV(1, 3)));

	KEXPECT_EQ(read_all("/kt_cpio/first", buf, sizeof(buf)), 4);
	KEXPECT_EQ(memcmp(buf, "data", 4), 0);
	KEXPECT_EQ(read_all("/kt_cpio/last", buf, sizeof(buf)), 4);

	vfs_unlink(NULL, "/kt_cpio/first");
	vfs_unlink(NULL, "/kt_cpio/last");
	vfs_unlink(NULL, "/kt_cpio/null");
	vfs_unlink(NULL, "/kt_cpio/link");
	vfs_unlink(NULL, "/kt_cpio/sub/again");
	vfs_unlink(NULL, "/kt_cpio/hello");
	vfs_rmdir(NULL, "/kt_cpio/sub");
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_cpio"), 0);
	kfree(a.buf);
}

KTEST(cpio_corrupt_archive_stops_with_error_and_keeps_earlier_members)
{
	struct archive a = { kmalloc(4096, GFP_KERNEL), 0, 4096 };
	struct cpio_stats st;
	struct kstat k;
	const char *msg = NULL;
	size_t good;

	KASSERT_TRUE(a.buf != NULL);
	add(&a, "kt_bad", S_IFDIR | 0755, 1, 2, "", 0, 0, 0);
	good = a.len;
	add(&a, "kt_bad/f", S_IFREG | 0644, 2, 1, "data", 4, 0, 0);
	trailer(&a);

	/* A bad magic in the second member. */
	a.buf[good] = 'X';
	KEXPECT_EQ(cpio_unpack(a.buf, a.len, &st, &msg), -EINVAL);
	KEXPECT_TRUE(msg != NULL);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_bad", 0, &k), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_bad/f", 0, &k), -ENOENT);
	a.buf[good] = '0';

	/* A non-hex digit in a size field. */
	a.buf[good + 6 + 8 * 6 + 3] = 'g';
	KEXPECT_EQ(cpio_unpack(a.buf, a.len, &st, &msg), -EINVAL);
	a.buf[good + 6 + 8 * 6 + 3] = '0';

	/* Cut in the middle of the second member's data: no overrun. */
	msg = NULL;
	KEXPECT_EQ(cpio_unpack(a.buf, good + 110 + 10, &st, &msg), -EINVAL);
	KEXPECT_TRUE(msg != NULL);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_bad/f", 0, &k), -ENOENT);

	/* No trailer at all. */
	KEXPECT_EQ(cpio_unpack(a.buf, good, &st, &msg), -EINVAL);
	/* Garbage. */
	KEXPECT_EQ(cpio_unpack("not an archive", 14, &st, &msg), -EINVAL);
	/* The intact archive still unpacks. */
	KEXPECT_EQ(cpio_unpack(a.buf, a.len, &st, &msg), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_bad/f", 0, &k), 0);
	KEXPECT_EQ(k.size, 4);
	vfs_unlink(NULL, "/kt_bad/f");
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_bad"), 0);
	kfree(a.buf);
}

/* What cpio_unpack_passing has handed back is scribbled over at once, so
 * the unpacker would fail or make garbage if it looked at it again. */
static char *scribble_buf;
static size_t scribbled;

static void scribble(size_t done)
{
	KEXPECT_TRUE(done >= scribbled);
	memset(scribble_buf + scribbled, 'X', done - scribbled);
	scribbled = done;
}

KTEST(cpio_passed_bytes_are_not_read_again)
{
	struct archive a = { kmalloc(4096, GFP_KERNEL), 0, 4096 };
	struct cpio_stats st;
	struct kstat k1, k2;
	const char *msg = NULL;
	char buf[32];

	KASSERT_TRUE(a.buf != NULL);
	add(&a, "kt_pass", S_IFDIR | 0755, 11, 2, "", 0, 0, 0);
	add(&a, "kt_pass/one", S_IFREG | 0644, 12, 2, "first\n", 6, 0, 0);
	add(&a, "kt_pass/two", S_IFREG | 0644, 12, 2, "", 0, 0, 0);
	add(&a, "kt_pass/ln", S_IFLNK | 0777, 13, 1, "one", 3, 0, 0);
	trailer(&a);
	scribble_buf = a.buf;
	scribbled = 0;
	KEXPECT_EQ(cpio_unpack_passing(a.buf, a.len, &st, &msg, scribble), 0);
	KEXPECT_EQ(scribbled, a.len);
	KEXPECT_EQ(st.files, 1);
	KEXPECT_EQ(st.links, 1);
	KEXPECT_EQ(read_all("/kt_pass/one", buf, sizeof(buf)), 6);
	KEXPECT_EQ(memcmp(buf, "first\n", 6), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_pass/one", 0, &k1), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_pass/two", 0, &k2), 0);
	KEXPECT_EQ(k2.ino, k1.ino);
	KEXPECT_EQ(vfs_readlink(NULL, "/kt_pass/ln", buf, sizeof(buf)), 3);
	vfs_unlink(NULL, "/kt_pass/ln");
	vfs_unlink(NULL, "/kt_pass/two");
	vfs_unlink(NULL, "/kt_pass/one");
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_pass"), 0);
	kfree(a.buf);
}
