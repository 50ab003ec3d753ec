/*
 * fs/vfs.h - the operations the system call layer (and kernel code such as
 * exec and the ktests) performs on files, by name or by struct file.
 *
 * Names are kernel strings.  `base` is the directory a relative name
 * starts from (an *at() call's dirfd); NULL means the current directory.
 * Buffers are kernel memory.  Every function returns 0 (or a count) or a
 * negative Linux errno.  Namespace operations take namespace_sem; data
 * operations take only the inode's i_sem where they change the size.
 */
#ifndef FS_VFS_H
#define FS_VFS_H

#include "fs/fcntl.h"
#include "fs/file.h"
#include "fs/namei.h"

int vfs_open(struct path *base, const char *name, int flags, umode_t mode,
	     struct file **res);
/* Open an inode already found (used by vfs_open, pipes, /proc fds). */
int vfs_open_path(struct path *path, int flags, struct file **res);
ssize_t vfs_read(struct file *file, char *buf, size_t n, loff_t *pos);
ssize_t vfs_write(struct file *file, const char *buf, size_t n, loff_t *pos);
loff_t vfs_llseek(struct file *file, loff_t off, int whence);
loff_t default_llseek(struct file *file, loff_t off, int whence);
loff_t no_llseek(struct file *file, loff_t off, int whence);
/* Linux's noop_llseek: the position means nothing and stays (lseek
 * succeeds, as on the random devices and eventfd). */
loff_t noop_llseek(struct file *file, loff_t off, int whence);
/* Read the whole of [pos, pos+n) unless EOF: what exec's loader wants. */
ssize_t kernel_read(struct file *file, loff_t pos, char *buf, size_t n);
int vfs_readdir(struct file *file, struct dir_context *ctx);
int vfs_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

/* lookup_flags: LOOKUP_FOLLOW to stat the target of a final symlink. */
int vfs_stat(struct path *base, const char *name, unsigned int lookup_flags,
	     struct kstat *st);
int vfs_fstat(struct file *file, struct kstat *st);
/* effective: check with the fs ids (AT_EACCESS), not the real ones. */
int vfs_access(struct path *base, const char *name, int mode,
	       unsigned int lookup_flags, bool effective);
int vfs_readlink(struct path *base, const char *name, char *buf, int len);
int vfs_chmod(struct path *base, const char *name, umode_t mode,
	      unsigned int lookup_flags);
int vfs_fchmod(struct file *file, umode_t mode);
/* uid or gid (u32)-1 leaves that one unchanged. */
int vfs_chown(struct path *base, const char *name, u32 uid, u32 gid,
	      unsigned int lookup_flags);
int vfs_fchown(struct file *file, u32 uid, u32 gid);
int vfs_truncate(struct path *base, const char *name, loff_t len);
int vfs_ftruncate(struct file *file, loff_t len);
int do_truncate(struct inode *inode, loff_t len);
int inode_newsize_ok(struct inode *inode, loff_t size);
/* Set the times; a NULL time means now.  Also the ctime to now.  Both
 * NULL is a touch, allowed to whoever may write the file. */
int vfs_utimes(struct path *base, const char *name, unsigned int lookup_flags,
	       const struct timespec *atime, const struct timespec *mtime);

/* May the caller set inode's times?  touch: both to now. */
int utimes_permission(struct inode *inode, bool touch);

int vfs_mkdir(struct path *base, const char *name, umode_t mode);
int vfs_mknod(struct path *base, const char *name, umode_t mode, dev_t dev);
int vfs_rmdir(struct path *base, const char *name);
int vfs_unlink(struct path *base, const char *name);
int vfs_rename(struct path *obase, const char *oldname, struct path *nbase,
	       const char *newname);
/* flags: AT_SYMLINK_FOLLOW to link the target of a symlink oldname. */
int vfs_link(struct path *obase, const char *oldname, struct path *nbase,
	     const char *newname, int flags);
int vfs_symlink(const char *target, struct path *base, const char *name);

/* data: the file system's options (NULL: none). */
int vfs_mount(const char *dev_name, const char *dir, const char *type,
	      unsigned long flags, const char *data);
int vfs_umount(const char *dir, int flags);
int vfs_chdir(const char *name);
int vfs_chroot(const char *name);

#endif
