/*
 * compat/old_readdir.c - reading a directory the old ways: getdents
 * (141, struct linux_dirent with 32-bit numbers and the type in the
 * record's last byte) and readdir (89, one entry per call).
 *
 * musl and glibc use getdents64 (fs/sys_stat.c); these are for binaries
 * of older C libraries, on the same filldir interface.  An inode number
 * wider than 32 bits is EOVERFLOW, as Linux.
 */
#include "fs/file.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

struct linux_dirent {
	u32 d_ino;
	u32 d_off;
	u16 d_reclen;
	char d_name[]; /* then a 0, padding, and d_type in the last byte */
} __packed;

struct old_linux_dirent {
	u32 d_ino;
	u32 d_offset;
	u16 d_namlen;
	char d_name[1];
} __packed;

struct getdents_ctx {
	struct dir_context ctx;
	char *buf;
	unsigned int size, used;
	struct linux_dirent *prev;
	int error; /* -EINVAL: an entry did not fit; -EOVERFLOW: its number */
};

static bool filldir(struct dir_context *ctx, const char *name, int len, u64 ino,
		    unsigned int d_type)
{
	struct getdents_ctx *g = container_of(ctx, struct getdents_ctx, ctx);
	unsigned int reclen =
		ALIGN_UP(offsetof(struct linux_dirent, d_name) + len + 2, 4u);
	struct linux_dirent *d;

	if (ino > 0xffffffffULL) {
		g->error = -EOVERFLOW;
		return false;
	}
	if (g->used + reclen > g->size) {
		g->error = -EINVAL;
		return false;
	}
	/* The previous entry's d_off is where the next one starts. */
	if (g->prev)
		g->prev->d_off = (u32)ctx->pos;
	d = (struct linux_dirent *)(g->buf + g->used);
	memset(d, 0, reclen);
	d->d_ino = (u32)ino;
	d->d_reclen = reclen;
	memcpy(d->d_name, name, len);
	((char *)d)[reclen - 1] = (char)d_type;
	g->prev = d;
	g->used += reclen;
	return true;
}

long sys_getdents(unsigned int fd, void *dirent, unsigned int count)
{
	struct file *f = fget_current(fd);
	struct getdents_ctx g = { { filldir, 0 }, NULL, 0, 0, NULL, 0 };
	loff_t start;
	long err;

	if (!f)
		return -EBADF;
	if (!access_ok(dirent, count)) {
		fput(f);
		return -EFAULT;
	}
	start = f->f_pos;
	g.size = min(count, 64u * 1024);
	g.buf = kmalloc(g.size ? g.size : 1, GFP_KERNEL);
	if (!g.buf) {
		fput(f);
		return -ENOMEM;
	}
	err = vfs_readdir(f, &g.ctx);
	if (!err && g.prev)
		g.prev->d_off = (u32)f->f_pos;
	if (!err && !g.used)
		err = g.error; /* at the end, 0; else why nothing fit */
	if (!err && copy_to_user(dirent, g.buf, g.used)) {
		f->f_pos = start; /* nothing was delivered */
		err = -EFAULT;
	}
	kfree(g.buf);
	fput(f);
	return err ? err : (long)g.used;
}

struct readdir_ctx {
	struct dir_context ctx;
	struct old_linux_dirent *ud;
	int result; /* 1 once an entry is out, or -errno */
};

static bool fillonedir(struct dir_context *ctx, const char *name, int len,
		       u64 ino, unsigned int d_type)
{
	struct readdir_ctx *r = container_of(ctx, struct readdir_ctx, ctx);
	struct old_linux_dirent d;

	(void)d_type;
	if (r->result)
		return false;
	if (ino > 0xffffffffULL) {
		r->result = -EOVERFLOW;
		return false;
	}
	d.d_ino = (u32)ino;
	d.d_offset = (u32)ctx->pos;
	d.d_namlen = len;
	if (copy_to_user(r->ud, &d,
			 offsetof(struct old_linux_dirent, d_name)) ||
	    copy_to_user(r->ud->d_name, name, len) ||
	    copy_to_user(r->ud->d_name + len, "", 1)) {
		r->result = -EFAULT;
		return false;
	}
	r->result = 1;
	return true;
}

/* One entry into *dirent (count is ignored, as Linux): 1, or 0 at the
 * end. */
long sys_old_readdir(unsigned int fd, struct old_linux_dirent *dirent,
		     unsigned int count)
{
	struct file *f = fget_current(fd);
	struct readdir_ctx r = { { fillonedir, 0 }, dirent, 0 };
	long err;

	(void)count;
	if (!f)
		return -EBADF;
	err = vfs_readdir(f, &r.ctx);
	fput(f);
	return err ? err : r.result;
}
