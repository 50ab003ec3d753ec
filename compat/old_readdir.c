/*
 * compat/old_readdir.c - reading a directory the old ways: getdents
 * (141, struct linux_dirent with 32-bit numbers and the type in the
 * record's last byte) and readdir (89, one entry per call).
 *
 * musl and glibc use getdents64 (fs/readdir.c); these are for binaries
 * of older C libraries: getdents fills the same buffer (fs/readdir.h)
 * with its own records.  An inode number
 * wider than 32 bits is EOVERFLOW, as Linux.
 */
#include "fs/file.h"
#include "fs/readdir.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/uaccess.h"

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

static bool filldir(struct dir_context *ctx, const char *name, int len, u64 ino,
		    unsigned int d_type)
{
	struct getdents_buf *g = container_of(ctx, struct getdents_buf, ctx);
	unsigned int reclen =
		ALIGN_UP(offsetof(struct linux_dirent, d_name) + len + 2, 4u);
	struct linux_dirent *d;

	if (ino > 0xffffffffULL) {
		g->error = -EOVERFLOW;
		return false;
	}
	d = getdents_reserve(g, reclen);
	if (!d)
		return false;
	d->d_ino = (u32)ino;
	d->d_reclen = reclen;
	memcpy(d->d_name, name, len);
	((char *)d)[reclen - 1] = (char)d_type;
	g->prev_off = &d->d_off;
	return true;
}

long sys_getdents(unsigned int fd, void *dirent, unsigned int count)
{
	return getdents_into(fd, dirent, count, filldir, false);
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
