/*
 * compat/old_stat.c - the stat calls before stat64: stat, lstat, fstat
 * (106-108, struct stat) and the first ones, oldstat, oldlstat, oldfstat
 * (18, 84, 28, struct __old_kernel_stat with 16-bit fields).
 *
 * musl and glibc use stat64/statx (fs/sys_stat.c); a binary built for an
 * older C library calls these.  A value that does not fit the old
 * structure is EOVERFLOW, as Linux: a size past 2 GiB - 1, an inode
 * number or link count too wide; an id too wide reads as 65534, and the
 * oldest calls give device numbers as major * 256 + minor.
 */
#include "fs/fcntl.h"
#include "fs/stat.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/process/cred.h"
#include "kernel/cpu/uaccess.h"

#define MAX_NON_LFS 0x7fffffffLL

/* arch/x86/include/uapi/asm/stat.h, i386. */
struct stat {
	u32 st_dev;
	u32 st_ino;
	u16 st_mode;
	u16 st_nlink;
	u16 st_uid;
	u16 st_gid;
	u32 st_rdev;
	u32 st_size;
	u32 st_blksize;
	u32 st_blocks;
	u32 st_atime, st_atime_nsec;
	u32 st_mtime, st_mtime_nsec;
	u32 st_ctime, st_ctime_nsec;
	u32 __unused4, __unused5;
};

struct __old_kernel_stat {
	u16 st_dev;
	u16 st_ino;
	u16 st_mode;
	u16 st_nlink;
	u16 st_uid;
	u16 st_gid;
	u16 st_rdev;
	u32 st_size;
	u32 st_atime;
	u32 st_mtime;
	u32 st_ctime;
};

static u16 high2low(u32 id)
{
	return id > 0xffff ? OVERFLOWUID : id;
}

/* A user-encoded device number as major * 256 + minor. */
static u16 old_encode_dev(u32 dev)
{
	dev_t d = new_decode_dev(dev);

	return (u16)((MAJOR(d) << 8) | MINOR(d));
}

static long put_new_stat(const struct kstat *k, struct stat *us)
{
	struct stat s;

	if (k->size > MAX_NON_LFS || k->ino > 0xffffffffULL ||
	    k->nlink > 0xffff)
		return -EOVERFLOW;
	memset(&s, 0, sizeof(s));
	s.st_dev = k->dev;
	s.st_ino = (u32)k->ino;
	s.st_mode = k->mode;
	s.st_nlink = k->nlink;
	s.st_uid = high2low(k->uid);
	s.st_gid = high2low(k->gid);
	s.st_rdev = k->rdev;
	s.st_size = (u32)k->size;
	s.st_blksize = k->blksize;
	s.st_blocks = (u32)k->blocks;
	s.st_atime = k->atime.tv_sec;
	s.st_atime_nsec = k->atime.tv_nsec;
	s.st_mtime = k->mtime.tv_sec;
	s.st_mtime_nsec = k->mtime.tv_nsec;
	s.st_ctime = k->ctime.tv_sec;
	s.st_ctime_nsec = k->ctime.tv_nsec;
	return copy_to_user(us, &s, sizeof(s)) ? -EFAULT : 0;
}

static long put_old_stat(const struct kstat *k, struct __old_kernel_stat *us)
{
	struct __old_kernel_stat s;

	if (k->ino > 0xffff || k->nlink > 0xffff || k->size > MAX_NON_LFS)
		return -EOVERFLOW;
	memset(&s, 0, sizeof(s));
	s.st_dev = old_encode_dev(k->dev);
	s.st_ino = (u16)k->ino;
	s.st_mode = k->mode;
	s.st_nlink = k->nlink;
	s.st_uid = high2low(k->uid);
	s.st_gid = high2low(k->gid);
	s.st_rdev = old_encode_dev(k->rdev);
	s.st_size = (u32)k->size;
	s.st_atime = k->atime.tv_sec;
	s.st_mtime = k->mtime.tv_sec;
	s.st_ctime = k->ctime.tv_sec;
	return copy_to_user(us, &s, sizeof(s)) ? -EFAULT : 0;
}

/* The kstat of fd, as fstat64 finds it. */
long sys_newstat(const char *path, struct stat *us)
{
	struct kstat k;
	long err = vfs_fstatat(AT_FDCWD, path, &k, 0);

	return err ? err : put_new_stat(&k, us);
}

long sys_newlstat(const char *path, struct stat *us)
{
	struct kstat k;
	long err = vfs_fstatat(AT_FDCWD, path, &k, AT_SYMLINK_NOFOLLOW);

	return err ? err : put_new_stat(&k, us);
}

long sys_newfstat(unsigned int fd, struct stat *us)
{
	struct kstat k;
	long err = vfs_fstat_fd(fd, &k);

	return err ? err : put_new_stat(&k, us);
}

long sys_stat(const char *path, struct __old_kernel_stat *us)
{
	struct kstat k;
	long err = vfs_fstatat(AT_FDCWD, path, &k, 0);

	return err ? err : put_old_stat(&k, us);
}

long sys_lstat(const char *path, struct __old_kernel_stat *us)
{
	struct kstat k;
	long err = vfs_fstatat(AT_FDCWD, path, &k, AT_SYMLINK_NOFOLLOW);

	return err ? err : put_old_stat(&k, us);
}

long sys_fstat(unsigned int fd, struct __old_kernel_stat *us)
{
	struct kstat k;
	long err = vfs_fstat_fd(fd, &k);

	return err ? err : put_old_stat(&k, us);
}
