/*
 * fs/sys_util.h - helpers shared by the file system calls (fs/sys_*.c).
 *
 * getname copies a user path into a kmalloc'd PATH_MAX buffer (putname
 * frees it): -EFAULT for a bad pointer, -ENAMETOOLONG without a NUL in
 * PATH_MAX bytes.  at_base turns an *at() dirfd into the directory to walk
 * from: NULL for AT_FDCWD or an absolute name, else the open directory
 * (whose file the caller fputs).
 */
#ifndef FS_SYS_UTIL_H
#define FS_SYS_UTIL_H

#include "fs/fdtable.h"
#include "fs/vfs.h"

char *getname(const char *upath);
void putname(char *name);
struct kstat;
/* The kstat of the current task's fd (O_PATH files too); -EBADF. */
long vfs_fstat_fd(int fd, struct kstat *k);
/* The kstat of the user's dfd/path (AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH
 * with "" for the dfd itself); -EINVAL for other flags. */
long vfs_fstatat(int dfd, const char *upath, struct kstat *k, int flag);
int at_base(int dfd, const char *name, struct file **dirf,
	    struct path **base);
/* fget on the current task's table; NULL for an O_PATH file, which only
 * the calls that use fget_current_raw take (Linux's fdget_raw: fstat,
 * fstatfs, fchdir, dup, fcntl, a dirfd). */
struct file *fget_current(int fd);
struct file *fget_current_raw(int fd);

static inline loff_t make_loff(u32 lo, u32 hi)
{
	return (loff_t)(((u64)hi << 32) | lo);
}

#endif
