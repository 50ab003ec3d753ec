/*
 * fs/initramfs/cpio.c - the newc cpio unpacker behind the initramfs.
 *
 * The archive is checked as it is read: every header must have the magic
 * and hex digits, every name must be NUL-terminated inside its field, and
 * no member may run past the end of the buffer.  The first problem stops
 * the unpack with -EINVAL and a message; what came before stays.  Each
 * member keeps the archive's owner, group, mode and mtime, as Linux's
 * initramfs.
 */
#include "fs/initramfs/cpio.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/list.h"
#include "mm/phys/page.h"
#include "mm/phys/slab.h"

#define CPIO_HDR_LEN 110
#define CPIO_FIELDS 13

enum { F_INO, F_MODE, F_UID, F_GID, F_NLINK, F_MTIME, F_FILESIZE,
       F_MAJ, F_MIN, F_RMAJ, F_RMIN, F_NAMESIZE, F_CHECK };

struct member {
	u32 f[CPIO_FIELDS];
	const char *name;
	const char *data;
};

/* A file seen with nlink > 1: later members with its (dev, ino) link to it. */
struct link_seen {
	struct list_head list;
	u32 ino, maj, min;
	char name[];
};

/* A directory made: its mtime is set once the unpack is over, when no
 * entry will be added to it any more (Linux's dir_add and dir_utime). */
struct dir_seen {
	struct list_head list;
	s32 mtime;
	char name[];
};

struct unpack {
	const char *buf;
	size_t len, pos;
	struct list_head links;
	struct list_head dirs;
	struct cpio_stats *stats;
	const char *msg;
	void (*passed)(size_t done);	/* NULL: nobody frees the archive */
};

static bool parse_hex(const char *s, u32 *v)
{
	int i;

	*v = 0;
	for (i = 0; i < 8; i++) {
		char c = s[i];
		u32 d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return false;
		*v = (*v << 4) | d;
	}
	return true;
}

static int bad(struct unpack *u, const char *msg)
{
	u->msg = msg;
	return -EINVAL;
}

/* Parse the member at u->pos; 1 when it is the trailer. */
static int next_member(struct unpack *u, struct member *m)
{
	const char *h = u->buf + u->pos;
	size_t name_end, data_start, data_end;
	int i;

	if (u->len - u->pos < CPIO_HDR_LEN)
		return bad(u, "truncated header");
	if (memcmp(h, "070701", 6) && memcmp(h, "070702", 6))
		return bad(u, "bad magic (not a newc cpio archive)");
	for (i = 0; i < CPIO_FIELDS; i++)
		if (!parse_hex(h + 6 + 8 * i, &m->f[i]))
			return bad(u, "bad hex digit in header");
	if (m->f[F_NAMESIZE] == 0 || m->f[F_NAMESIZE] > PATH_MAX)
		return bad(u, "bad name size");
	name_end = u->pos + CPIO_HDR_LEN + m->f[F_NAMESIZE];
	if (name_end > u->len)
		return bad(u, "name runs past the end");
	m->name = h + CPIO_HDR_LEN;
	if (m->name[m->f[F_NAMESIZE] - 1] != '\0')
		return bad(u, "name not NUL-terminated");
	data_start = ALIGN_UP(name_end, 4);
	if (m->f[F_FILESIZE] > u->len || data_start > u->len - m->f[F_FILESIZE])
		return bad(u, "data runs past the end");
	data_end = data_start + m->f[F_FILESIZE];
	m->data = u->buf + data_start;
	u->pos = min(ALIGN_UP(data_end, 4), u->len);
	return !strcmp(m->name, "TRAILER!!!");
}

static struct link_seen *find_link(struct unpack *u, struct member *m)
{
	struct link_seen *l;

	list_for_each_entry(l, &u->links, list)
		if (l->ino == m->f[F_INO] && l->maj == m->f[F_MAJ] &&
		    l->min == m->f[F_MIN])
			return l;
	return NULL;
}

static int remember_link(struct unpack *u, struct member *m)
{
	size_t n = strlen(m->name) + 1;
	struct link_seen *l = kmalloc(sizeof(*l) + n, GFP_KERNEL);

	if (!l)
		return -ENOMEM;
	l->ino = m->f[F_INO];
	l->maj = m->f[F_MAJ];
	l->min = m->f[F_MIN];
	memcpy(l->name, m->name, n);
	list_add(&l->list, &u->links);
	return 0;
}

static int write_all(struct file *f, const char *data, size_t n, loff_t *pos)
{
	while (n) {
		ssize_t w = vfs_write(f, data, n, pos);

		if (w < 0)
			return w;
		data += w;
		n -= w;
	}
	return 0;
}

/*
 * A member's data, a page at a time, saying after each page how far the
 * archive has been read: a large file's archive pages can then go while
 * the rest is copied, where an 8 MiB machine has no room for a large
 * member twice.  The caller keeps its own copy of the member's name.
 */
static int write_data(struct unpack *u, struct file *f, struct member *m)
{
	size_t len = m->f[F_FILESIZE], done = 0, n;
	loff_t pos = 0;
	int err = 0;

	while (done < len && !err) {
		n = min(len - done, (size_t)PAGE_SIZE);
		err = write_all(f, m->data + done, n, &pos);
		done += n;
		if (u->passed)
			u->passed((size_t)(m->data - u->buf) + done);
	}
	return err;
}

/*
 * A hard link's data may come with any of its members: GNU cpio's newc
 * writes it with the last one and empty earlier ones.  So, as Linux's
 * initramfs, a member that links to an earlier one still writes its data,
 * if it has some, into the shared inode.
 */
static int make_file(struct unpack *u, struct member *m)
{
	int flags = O_WRONLY | O_CREAT | O_TRUNC;
	struct link_seen *l = NULL;
	struct file *f;
	int err;

	if (m->f[F_NLINK] > 1) {
		l = find_link(u, m);
		if (l) {
			u->stats->links++;
			err = vfs_link(NULL, l->name, NULL, m->name, 0);
			if (err || m->f[F_FILESIZE] == 0)
				return err;
			flags = O_WRONLY;
		} else {
			err = remember_link(u, m);
			if (err)
				return err;
		}
	}
	err = vfs_open(NULL, m->name, flags, m->f[F_MODE] & S_IALLUGO, &f);
	if (err)
		return err;
	err = write_data(u, f, m);
	fput(f);
	if (!l)
		u->stats->files++;
	return err;
}

static int make_symlink(struct unpack *u, struct member *m)
{
	char *target = kmalloc(m->f[F_FILESIZE] + 1, GFP_KERNEL);
	int err;

	if (!target)
		return -ENOMEM;
	if (m->f[F_FILESIZE] >= PATH_MAX) {
		kfree(target);
		return bad(u, "symlink target too long");
	}
	memcpy(target, m->data, m->f[F_FILESIZE]);
	target[m->f[F_FILESIZE]] = '\0';
	err = vfs_symlink(target, NULL, m->name);
	kfree(target);
	u->stats->symlinks++;
	return err;
}

static int dir_add(struct unpack *u, struct member *m)
{
	size_t len = strlen(m->name) + 1;
	struct dir_seen *d = kmalloc(sizeof(*d) + len, GFP_KERNEL);

	if (!d)
		return -ENOMEM;
	d->mtime = (s32)m->f[F_MTIME];
	memcpy(d->name, m->name, len);
	list_add_tail(&d->list, &u->dirs);
	return 0;
}

static int make_member(struct unpack *u, struct member *m)
{
	umode_t mode = m->f[F_MODE];
	struct timespec mtime = { (s32)m->f[F_MTIME], 0 };
	char *name = NULL;
	int err;

	if (!S_ISDIR(mode))
		vfs_unlink(NULL, m->name);	/* a later member replaces */
	switch (mode & S_IFMT) {
	case S_IFDIR:
		err = vfs_mkdir(NULL, m->name, mode);
		if (err == -EEXIST)
			err = 0;	/* the root, or made before */
		if (!err)
			err = dir_add(u, m);
		u->stats->dirs++;
		break;
	case S_IFREG:
		/* make_file lets the archive's pages go as it copies, the
		 * member's name among them: the rest works on a copy. */
		name = kmalloc(strlen(m->name) + 1, GFP_KERNEL);
		if (!name)
			return -ENOMEM;
		memcpy(name, m->name, strlen(m->name) + 1);
		m->name = name;
		err = make_file(u, m);
		break;
	case S_IFLNK:
		err = make_symlink(u, m);	/* symlinks keep mode 0777 */
		return err ? err : vfs_chown(NULL, m->name, m->f[F_UID],
					     m->f[F_GID], 0);
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		err = vfs_mknod(NULL, m->name, mode,
				MKDEV(m->f[F_RMAJ], m->f[F_RMIN]));
		u->stats->nodes++;
		break;
	default:
		return bad(u, "unknown file type in mode");
	}
	/* chown first: it would clear a set-user-ID bit chmod had set. */
	if (!err)
		err = vfs_chown(NULL, m->name, m->f[F_UID], m->f[F_GID], 0);
	if (!err)
		err = vfs_chmod(NULL, m->name, mode & S_IALLUGO, 0);
	if (!err && !S_ISDIR(mode))
		err = vfs_utimes(NULL, m->name, 0, &mtime, &mtime);
	kfree(name);
	return err;
}

/* Give each directory made its archive mtime, and forget them. */
static void dir_utime(struct unpack *u)
{
	struct dir_seen *d, *n;

	list_for_each_entry_safe(d, n, &u->dirs, list) {
		struct timespec mtime = { d->mtime, 0 };

		vfs_utimes(NULL, d->name, 0, &mtime, &mtime);
		list_del(&d->list);
		kfree(d);
	}
}

int cpio_unpack(const void *buf, size_t len, struct cpio_stats *stats,
		const char **err_msg)
{
	return cpio_unpack_passing(buf, len, stats, err_msg, NULL);
}

/* Member names and data are copied (link_seen keeps its own name), so
 * nothing before u.pos is looked at once a member is made, and nothing
 * of a regular file's data once write_data has passed it on. */
int cpio_unpack_passing(const void *buf, size_t len, struct cpio_stats *stats,
			const char **err_msg, void (*passed)(size_t done))
{
	struct cpio_stats dummy;
	struct unpack u = { buf, len, 0, LIST_HEAD_INIT(u.links),
			    LIST_HEAD_INIT(u.dirs), stats ? stats : &dummy, NULL,
			    passed };
	struct link_seen *l, *n;
	struct member m;
	bool trailer = false;
	int err;

	memset(u.stats, 0, sizeof(*u.stats));
	for (;;) {
		/* Archives are padded with zeros and may be concatenated. */
		while (u.pos < len && u.buf[u.pos] == '\0')
			u.pos++;
		if (u.pos >= len) {
			err = trailer ? 0 : bad(&u, "no TRAILER!!! member");
			break;
		}
		err = next_member(&u, &m);
		if (err == 1) {
			trailer = true;
			if (passed)
				passed(u.pos);
			continue;
		}
		if (err)
			break;
		trailer = false;
		err = make_member(&u, &m);
		if (err) {
			if (!u.msg)
				u.msg = "could not create a member";
			break;
		}
		if (passed)
			passed(u.pos);
	}
	list_for_each_entry_safe(l, n, &u.links, list)
		kfree(l);
	dir_utime(&u);
	if (err_msg)
		*err_msg = u.msg;
	return err;
}
