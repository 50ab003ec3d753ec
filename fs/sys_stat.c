/*
 * fs/sys_stat.c - stat64 and friends, statx, access, readlink.
 */
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

void kstat_to_stat64(const struct kstat *k, struct stat64 *s)
{
	memset(s, 0, sizeof(*s));
	s->st_dev = k->dev;
	s->__st_ino = (u32)k->ino;
	s->st_mode = k->mode;
	s->st_nlink = k->nlink;
	s->st_uid = k->uid;
	s->st_gid = k->gid;
	s->st_rdev = k->rdev;
	s->st_size = k->size;
	s->st_blksize = k->blksize;
	s->st_blocks = k->blocks;
	s->st_atime = k->atime.tv_sec;
	s->st_atime_nsec = k->atime.tv_nsec;
	s->st_mtime = k->mtime.tv_sec;
	s->st_mtime_nsec = k->mtime.tv_nsec;
	s->st_ctime = k->ctime.tv_sec;
	s->st_ctime_nsec = k->ctime.tv_nsec;
	s->st_ino = k->ino;
}

static long put_stat(const struct kstat *k, struct stat64 *ust)
{
	struct stat64 s;

	kstat_to_stat64(k, &s);
	return copy_to_user(ust, &s, sizeof(s)) ? -EFAULT : 0;
}

#define STATX_BASIC_STATS 0x7ff
#define STATX__RESERVED 0x80000000u
#define AT_STATX_SYNC_TYPE 0x6000	/* FORCE_SYNC | DONT_SYNC */

long vfs_fstat_fd(int fd, struct kstat *k)
{
	struct file *f = fget_current_raw(fd);
	long err;

	if (!f)
		return -EBADF;
	err = vfs_fstat(f, k);
	fput(f);
	return err;
}

long vfs_fstatat(int dfd, const char *upath, struct kstat *k, int flag)
{
	struct file *dirf;
	struct path *base;
	char *name;
	long err;

	if (flag & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH | 0x800 |
		     AT_STATX_SYNC_TYPE))
		return -EINVAL;	/* 0x800 AT_NO_AUTOMOUNT */
	name = getname(upath);
	if (IS_ERR(name))
		return PTR_ERR(name);
	if (!name[0] && (flag & AT_EMPTY_PATH)) {
		err = vfs_fstat_fd(dfd, k);
		goto out;
	}
	err = at_base(dfd, name, &dirf, &base);
	if (!err) {
		err = vfs_stat(base, name, (flag & AT_SYMLINK_NOFOLLOW) ? 0
						: LOOKUP_FOLLOW, k);
		if (dirf)
			fput(dirf);
	}
out:
	putname(name);
	return err;
}

long sys_fstatat64(int dfd, const char *path, struct stat64 *st, int flag)
{
	struct kstat k;
	long err = vfs_fstatat(dfd, path, &k, flag);

	return err ? err : put_stat(&k, st);
}

long sys_stat64(const char *path, struct stat64 *st)
{
	return sys_fstatat64(AT_FDCWD, path, st, 0);
}

long sys_lstat64(const char *path, struct stat64 *st)
{
	return sys_fstatat64(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

long sys_fstat64(unsigned int fd, struct stat64 *st)
{
	struct kstat k;
	long err = vfs_fstat_fd(fd, &k);

	return err ? err : put_stat(&k, st);
}

/* include/uapi/linux/stat.h */
struct statx_timestamp {
	s64 tv_sec;
	u32 tv_nsec;
	s32 __reserved;
};

struct statx {
	u32 stx_mask, stx_blksize;
	u64 stx_attributes;
	u32 stx_nlink, stx_uid, stx_gid;
	u16 stx_mode, __spare0;
	u64 stx_ino, stx_size, stx_blocks, stx_attributes_mask;
	struct statx_timestamp stx_atime, stx_btime, stx_ctime, stx_mtime;
	u32 stx_rdev_major, stx_rdev_minor, stx_dev_major, stx_dev_minor;
	u64 __spare2[14];
};

_Static_assert(sizeof(struct statx) == 256, "struct statx is 256 bytes");


static void set_ts(struct statx_timestamp *t, const struct timespec *ts)
{
	t->tv_sec = ts->tv_sec;
	t->tv_nsec = ts->tv_nsec;
}

long sys_statx(int dfd, const char *path, int flags, unsigned int mask,
	       void *ubuf)
{
	struct statx sx;
	struct kstat k;
	long err;
	dev_t rdev, dev;

	/* Linux's first checks: the mask's reserved bit, and both
	 * AT_STATX_FORCE_SYNC and AT_STATX_DONT_SYNC at once. */
	if ((mask & STATX__RESERVED) ||
	    (flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE)
		return -EINVAL;
	err = vfs_fstatat(dfd, path, &k, flags);
	if (err)
		return err;
	rdev = new_decode_dev(k.rdev);
	dev = new_decode_dev(k.dev);
	memset(&sx, 0, sizeof(sx));
	sx.stx_mask = STATX_BASIC_STATS;
	sx.stx_blksize = k.blksize;
	sx.stx_nlink = k.nlink;
	sx.stx_uid = k.uid;
	sx.stx_gid = k.gid;
	sx.stx_mode = k.mode;
	sx.stx_ino = k.ino;
	sx.stx_size = k.size;
	sx.stx_blocks = k.blocks;
	set_ts(&sx.stx_atime, &k.atime);
	set_ts(&sx.stx_ctime, &k.ctime);
	set_ts(&sx.stx_mtime, &k.mtime);
	sx.stx_rdev_major = MAJOR(rdev);
	sx.stx_rdev_minor = MINOR(rdev);
	sx.stx_dev_major = MAJOR(dev);
	sx.stx_dev_minor = MINOR(dev);
	return copy_to_user(ubuf, &sx, sizeof(sx)) ? -EFAULT : 0;
}

long sys_faccessat2(int dfd, const char *upath, int mode, int flags)
{
	struct file *dirf;
	struct path *base;
	char *name;
	long err;

	if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW))
		return -EINVAL;
	name = getname(upath);
	if (IS_ERR(name))
		return PTR_ERR(name);
	err = at_base(dfd, name, &dirf, &base);
	if (!err) {
		err = vfs_access(base, name, mode,
				 (flags & AT_SYMLINK_NOFOLLOW) ? 0
							       : LOOKUP_FOLLOW,
				 flags & AT_EACCESS);
		if (dirf)
			fput(dirf);
	}
	putname(name);
	return err;
}

long sys_faccessat(int dfd, const char *path, int mode)
{
	return sys_faccessat2(dfd, path, mode, 0);
}

long sys_access(const char *path, int mode)
{
	return sys_faccessat2(AT_FDCWD, path, mode, 0);
}

long sys_readlinkat(int dfd, const char *upath, char *ubuf, int size)
{
	struct file *dirf;
	struct path *base;
	char *name, *kbuf;
	long err;

	if (size <= 0)
		return -EINVAL;
	name = getname(upath);
	if (IS_ERR(name))
		return PTR_ERR(name);
	kbuf = kmalloc(PATH_MAX, GFP_KERNEL);
	err = kbuf ? at_base(dfd, name, &dirf, &base) : -ENOMEM;
	if (!err) {
		err = vfs_readlink(base, name, kbuf, min(size, PATH_MAX));
		if (err > 0 && copy_to_user(ubuf, kbuf, err))
			err = -EFAULT;
		if (dirf)
			fput(dirf);
	}
	kfree(kbuf);
	putname(name);
	return err;
}

long sys_readlink(const char *path, char *buf, int size)
{
	return sys_readlinkat(AT_FDCWD, path, buf, size);
}
