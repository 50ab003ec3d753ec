/*
 * fs/sys_attr.c - calls that change attributes: chmod, chown, truncate,
 * utimensat, umask.
 */
#include "fs/syscalls.h"
#include "fs/fs_struct.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/time/time.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"

static long name_op(int dfd, const char *upath,
		    long (*op)(struct path *, const char *, void *), void *arg)
{
	struct file *dirf;
	struct path *base;
	char *name = getname(upath);
	long err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = at_base(dfd, name, &dirf, &base);
	if (!err) {
		err = op(base, name, arg);
		if (dirf)
			fput(dirf);
	}
	putname(name);
	return err;
}

static long chmod_op(struct path *base, const char *name, void *arg)
{
	return vfs_chmod(base, name, *(int *)arg, LOOKUP_FOLLOW);
}

long sys_fchmodat(int dfd, const char *path, int mode)
{
	return name_op(dfd, path, chmod_op, &mode);
}

long sys_chmod(const char *path, int mode)
{
	return sys_fchmodat(AT_FDCWD, path, mode);
}

long sys_fchmod(unsigned int fd, int mode)
{
	struct file *f = fget_current(fd);
	long err;

	if (!f)
		return -EBADF;
	err = vfs_fchmod(f, mode);
	fput(f);
	return err;
}

struct owner {
	u32 uid, gid;
	unsigned int lookup_flags;
};

static long chown_op(struct path *base, const char *name, void *arg)
{
	struct owner *o = arg;

	return vfs_chown(base, name, o->uid, o->gid, o->lookup_flags);
}

long sys_fchownat(int dfd, const char *path, u32 uid, u32 gid, int flag)
{
	struct owner o = { uid, gid, (flag & AT_SYMLINK_NOFOLLOW) ? 0
								  : LOOKUP_FOLLOW };

	if (flag & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	return name_op(dfd, path, chown_op, &o);
}

long sys_chown32(const char *path, u32 uid, u32 gid)
{
	return sys_fchownat(AT_FDCWD, path, uid, gid, 0);
}

long sys_lchown32(const char *path, u32 uid, u32 gid)
{
	return sys_fchownat(AT_FDCWD, path, uid, gid, AT_SYMLINK_NOFOLLOW);
}

long sys_fchown32(unsigned int fd, u32 uid, u32 gid)
{
	struct file *f = fget_current(fd);
	long err;

	if (!f)
		return -EBADF;
	err = vfs_fchown(f, uid, gid);
	fput(f);
	return err;
}

static long truncate_op(struct path *base, const char *name, void *arg)
{
	return vfs_truncate(base, name, *(loff_t *)arg);
}

long sys_truncate64(const char *path, u32 len_lo, u32 len_hi)
{
	loff_t len = make_loff(len_lo, len_hi);

	return name_op(AT_FDCWD, path, truncate_op, &len);
}

long sys_truncate(const char *path, long length)
{
	loff_t len = length;

	return name_op(AT_FDCWD, path, truncate_op, &len);
}

static long ftruncate_fd(unsigned int fd, loff_t len)
{
	struct file *f = fget_current(fd);
	long err;

	if (!f)
		return -EBADF;
	err = len < 0 ? -EINVAL : vfs_ftruncate(f, len);
	fput(f);
	return err;
}

long sys_ftruncate64(unsigned int fd, u32 len_lo, u32 len_hi)
{
	return ftruncate_fd(fd, make_loff(len_lo, len_hi));
}

long sys_ftruncate(unsigned int fd, long length)
{
	return ftruncate_fd(fd, length);
}

#define UTIME_NOW ((1L << 30) - 1)
#define UTIME_OMIT ((1L << 30) - 2)

struct utimes_arg {
	struct timespec t[2];
	bool set[2];	/* false: UTIME_OMIT */
	bool touch;	/* both now: no times of the caller's choosing */
	unsigned int lookup_flags;
};

static long utimes_op(struct path *base, const char *name, void *arg)
{
	struct utimes_arg *u = arg;
	struct kstat st;
	long err;

	err = vfs_stat(base, name, u->lookup_flags, &st);
	if (err)
		return err;
	if (!u->set[0])
		u->t[0] = st.atime;
	if (!u->set[1])
		u->t[1] = st.mtime;
	if (u->touch)
		return vfs_utimes(base, name, u->lookup_flags, NULL, NULL);
	return vfs_utimes(base, name, u->lookup_flags, &u->t[0], &u->t[1]);
}

static long do_utimensat(int dfd, const char *path, struct timespec64 *ts,
			 int flags)
{
	struct utimes_arg u;
	int i, err;

	if (flags & ~AT_SYMLINK_NOFOLLOW)
		return -EINVAL;
	/* No name: the file open on dfd (futimens), never the cwd. */
	if (!path && (dfd == AT_FDCWD || flags))
		return dfd == AT_FDCWD ? -EFAULT : -EINVAL;
	u.lookup_flags = (flags & AT_SYMLINK_NOFOLLOW) ? 0 : LOOKUP_FOLLOW;
	u.touch = !ts || (ts[0].tv_nsec == UTIME_NOW &&
			  ts[1].tv_nsec == UTIME_NOW);
	for (i = 0; i < 2; i++) {
		u.set[i] = !ts || ts[i].tv_nsec != UTIME_OMIT;
		if (!ts || ts[i].tv_nsec == UTIME_NOW) {
			u.t[i] = current_time();
		} else if (u.set[i]) {
			if (ts[i].tv_nsec < 0 || ts[i].tv_nsec >= NSEC_PER_SEC)
				return -EINVAL;
			u.t[i].tv_sec = (s32)ts[i].tv_sec;
			u.t[i].tv_nsec = (s32)ts[i].tv_nsec;
		}
	}
	if (!path) {
		/* futimens: the file open on dfd. */
		struct file *f = fget_current(dfd);
		struct inode *inode;

		if (!f)
			return -EBADF;
		inode = f->f_inode;
		err = utimes_permission(inode, u.touch);
		if (err) {
			fput(f);
			return err;
		}
		if (u.set[0])
			inode->i_atime = u.t[0];
		if (u.set[1])
			inode->i_mtime = u.t[1];
		inode->i_ctime = current_time();
		fput(f);
		return 0;
	}
	return name_op(dfd, path, utimes_op, &u);
}

long sys_utimensat(int dfd, const char *path, const void *utimes, int flags)
{
	struct old_timespec32 t32[2];
	struct timespec64 ts[2];

	if (!utimes)
		return do_utimensat(dfd, path, NULL, flags);
	if (copy_from_user(t32, utimes, sizeof(t32)))
		return -EFAULT;
	ts[0].tv_sec = t32[0].tv_sec;
	ts[0].tv_nsec = t32[0].tv_nsec;
	ts[1].tv_sec = t32[1].tv_sec;
	ts[1].tv_nsec = t32[1].tv_nsec;
	return do_utimensat(dfd, path, ts, flags);
}

long sys_utimensat_time64(int dfd, const char *path, const void *utimes,
			  int flags)
{
	struct timespec64 ts[2];

	if (!utimes)
		return do_utimensat(dfd, path, NULL, flags);
	if (copy_from_user(ts, utimes, sizeof(ts)))
		return -EFAULT;
	return do_utimensat(dfd, path, ts, flags);
}

/* utime (30): whole seconds, in a struct utimbuf of two 32-bit times. */
long sys_utime(const char *path, const s32 *utimbuf)
{
	struct timespec64 ts[2];
	s32 b[2];

	if (!utimbuf)
		return do_utimensat(AT_FDCWD, path, NULL, 0);
	if (copy_from_user(b, utimbuf, sizeof(b)))
		return -EFAULT;
	ts[0] = (struct timespec64){ b[0], 0 };
	ts[1] = (struct timespec64){ b[1], 0 };
	return do_utimensat(AT_FDCWD, path, ts, 0);
}

/* futimesat (299) and utimes (271): microseconds, 0 to 999999. */
long sys_futimesat(int dfd, const char *path, const struct old_timeval32 *tv)
{
	struct old_timeval32 t[2];
	struct timespec64 ts[2];
	int i;

	if (!tv)
		return do_utimensat(dfd, path, NULL, 0);
	if (copy_from_user(t, tv, sizeof(t)))
		return -EFAULT;
	for (i = 0; i < 2; i++) {
		if (t[i].tv_usec < 0 || t[i].tv_usec >= 1000000)
			return -EINVAL;
		ts[i].tv_sec = t[i].tv_sec;
		ts[i].tv_nsec = t[i].tv_usec * 1000;
	}
	return do_utimensat(dfd, path, ts, 0);
}

long sys_utimes(const char *path, const struct old_timeval32 *tv)
{
	return sys_futimesat(AT_FDCWD, path, tv);
}

long sys_umask(int mask)
{
	u32 old = current->umask;

	current->umask = mask & 0777;
	return old;
}
