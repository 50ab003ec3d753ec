/*
 * fs/readdir.c - reading a directory into user memory: getdents64 and the
 * buffer it shares with the older getdents (fs/readdir.h).
 */
#include "fs/readdir.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"

static void set_prev_off(struct getdents_buf *g, loff_t pos)
{
	if (!g->prev_off)
		return;
	if (g->wide_off)
		*(s64 *)g->prev_off = pos;
	else
		*(u32 *)g->prev_off = (u32)pos;
}

void *getdents_reserve(struct getdents_buf *g, unsigned int reclen)
{
	void *rec;

	if (g->used + reclen > g->size) {
		g->error = -EINVAL;
		return NULL;
	}
	set_prev_off(g, g->ctx.pos);
	rec = g->buf + g->used;
	memset(rec, 0, reclen);
	g->used += reclen;
	return rec;
}

long getdents_into(unsigned int fd, void *dirent, unsigned int count,
		   filldir_t fill, bool wide_off)
{
	struct file *f = fget_current(fd);
	struct getdents_buf g = { { fill, 0 }, NULL, 0, 0, NULL, wide_off, 0 };
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
	if (!err)
		set_prev_off(&g, f->f_pos);
	if (!err && !g.used)
		err = g.error; /* 0 at the end, else why nothing was taken */
	if (!err && copy_to_user(dirent, g.buf, g.used)) {
		f->f_pos = start; /* nothing was delivered */
		err = -EFAULT;
	}
	kfree(g.buf);
	fput(f);
	return err ? err : (long)g.used;
}

struct linux_dirent64 {
	u64 d_ino;
	s64 d_off;
	u16 d_reclen;
	u8 d_type;
	char d_name[];
} __packed;

static bool filldir64(struct dir_context *ctx, const char *name, int len,
		      u64 ino, unsigned int d_type)
{
	struct getdents_buf *g = container_of(ctx, struct getdents_buf, ctx);
	unsigned int reclen =
		ALIGN_UP(offsetof(struct linux_dirent64, d_name) + len + 1, 8u);
	struct linux_dirent64 *d = getdents_reserve(g, reclen);

	if (!d)
		return false;
	d->d_ino = ino;
	d->d_reclen = reclen;
	d->d_type = d_type;
	memcpy(d->d_name, name, len);
	g->prev_off = &d->d_off;
	return true;
}

long sys_getdents64(unsigned int fd, void *dirent, unsigned int count)
{
	return getdents_into(fd, dirent, count, filldir64, true);
}
