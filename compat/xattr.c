/*
 * compat/xattr.c - the extended attribute calls (Linux's compat/xattr.c), for
 * file systems that keep no extended attributes.
 *
 * No Mapback file system stores them, so each answers as Linux 6.1's
 * ramfs and procfs do (inodes without IOP_XATTR): after the same argument
 * checks, in the same order, every get, set and remove is -EOPNOTSUPP and
 * every list is empty.  The checks are what programs see first, in
 * Linux 6.1's order: the path (or fd), a read-only mount (-EROFS, for set
 * and remove), unknown set flags (-EINVAL), a name that is empty or 256
 * bytes long (-ERANGE), a value over 64 KiB (-E2BIG), and "user." names,
 * which exist only on regular files and directories (elsewhere get says
 * -ENODATA and set/remove -EPERM, before the file system is asked).  So
 * `ls -l`, which asks for "security.selinux" and the ACL attributes, sees
 * "none here" instead of -ENOSYS.
 */
#include "fs/namei.h"
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/uaccess.h"

#define XATTR_NAME_MAX 255
#define XATTR_SIZE_MAX 65536
#define XATTR_CREATE 0x1
#define XATTR_REPLACE 0x2
#define XATTR_USER_PREFIX "user."

enum xattr_op { XATTR_GET, XATTR_SET, XATTR_REMOVE };

/* The attribute name into kname[XATTR_NAME_MAX + 1]. */
static long get_xattr_name(const char *uname, char *kname)
{
	long n = strncpy_from_user(kname, uname, XATTR_NAME_MAX + 1);

	if (n < 0)
		return n;
	if (n == 0 || n > XATTR_NAME_MAX)
		return -ERANGE;
	return 0;
}

/* Linux's xattr_permission, less what a uid-less kernel cannot refuse. */
static long xattr_permission(struct inode *inode, const char *name,
			     enum xattr_op op)
{
	if (!strncmp(name, XATTR_USER_PREFIX, strlen(XATTR_USER_PREFIX)) &&
	    !S_ISREG(inode->i_mode) && !S_ISDIR(inode->i_mode))
		return op == XATTR_GET ? -ENODATA : -EPERM;
	return 0;
}

/* set and remove change the file: not on a read-only mount. */
static long want_write(struct path *p, enum xattr_op op)
{
	return op != XATTR_GET && (p->mnt->mnt_flags & MS_RDONLY) ? -EROFS : 0;
}

/* The answer for an inode: the permission check, then "not supported". */
static long vfs_xattr(struct path *p, const char *name, enum xattr_op op)
{
	long err = xattr_permission(p->inode, name, op);

	return err ? err : -EOPNOTSUPP;
}

/* Resolve the user path (following a final symlink or not). */
static long xattr_path(const char *upath, bool follow, struct path *p)
{
	char *name = getname(upath);
	long err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = kern_path(name, NULL, follow ? LOOKUP_FOLLOW : 0, p);
	putname(name);
	return err;
}

/* set reads its flags, name and value after the file is found. */
static long setxattr_copy(const char *uname, const void *value, size_t size,
			  int flags, char *kname)
{
	char probe;
	long err;

	if (flags & ~(XATTR_CREATE | XATTR_REPLACE))
		return -EINVAL;
	err = get_xattr_name(uname, kname);
	if (err)
		return err;
	if (size > XATTR_SIZE_MAX)
		return -E2BIG;
	/* Linux copies the value in; its first and last bytes will do. */
	if (size && (copy_from_user(&probe, value, 1) ||
		     copy_from_user(&probe, (const char *)value + size - 1, 1)))
		return -EFAULT;
	return 0;
}

/*
 * One call on a found file, Linux 6.1's order: the mount (set, remove),
 * then the name (and for set the flags and value), then the permission.
 */
static long do_xattr(struct path *p, const char *uname, enum xattr_op op,
		     const void *value, size_t size, int flags)
{
	char kname[XATTR_NAME_MAX + 1];
	long err = want_write(p, op);

	if (err)
		return err;
	err = op == XATTR_SET ? setxattr_copy(uname, value, size, flags, kname)
			      : get_xattr_name(uname, kname);
	return err ? err : vfs_xattr(p, kname, op);
}

static long path_xattr(const char *upath, bool follow, const char *uname,
		       enum xattr_op op, const void *value, size_t size,
		       int flags)
{
	struct path p;
	long err = xattr_path(upath, follow, &p);

	if (err)
		return err;
	err = do_xattr(&p, uname, op, value, size, flags);
	path_put(&p);
	return err;
}

static long fd_xattr(int fd, const char *uname, enum xattr_op op,
		     const void *value, size_t size, int flags)
{
	struct file *f = fget_current(fd);
	long err;

	if (!f)
		return -EBADF;
	err = do_xattr(&f->f_path, uname, op, value, size, flags);
	fput(f);
	return err;
}

long sys_setxattr(const char *path, const char *name, const void *value,
		  size_t size, int flags)
{
	return path_xattr(path, true, name, XATTR_SET, value, size, flags);
}

long sys_lsetxattr(const char *path, const char *name, const void *value,
		   size_t size, int flags)
{
	return path_xattr(path, false, name, XATTR_SET, value, size, flags);
}

long sys_fsetxattr(int fd, const char *name, const void *value, size_t size,
		   int flags)
{
	return fd_xattr(fd, name, XATTR_SET, value, size, flags);
}

/* value and size are not looked at: there is never a value to copy. */
long sys_getxattr(const char *path, const char *name, void *value,
		  size_t size)
{
	(void)value;
	(void)size;
	return path_xattr(path, true, name, XATTR_GET, NULL, 0, 0);
}

long sys_lgetxattr(const char *path, const char *name, void *value,
		   size_t size)
{
	(void)value;
	(void)size;
	return path_xattr(path, false, name, XATTR_GET, NULL, 0, 0);
}

long sys_fgetxattr(int fd, const char *name, void *value, size_t size)
{
	(void)value;
	(void)size;
	return fd_xattr(fd, name, XATTR_GET, NULL, 0, 0);
}

/* An empty list: 0 bytes, whatever the buffer. */
static long path_listxattr(const char *upath, bool follow)
{
	struct path p;
	long err = xattr_path(upath, follow, &p);

	if (!err)
		path_put(&p);
	return err;
}

long sys_listxattr(const char *path, char *list, size_t size)
{
	(void)list;
	(void)size;
	return path_listxattr(path, true);
}

long sys_llistxattr(const char *path, char *list, size_t size)
{
	(void)list;
	(void)size;
	return path_listxattr(path, false);
}

long sys_flistxattr(int fd, char *list, size_t size)
{
	struct file *f = fget_current(fd);

	(void)list;
	(void)size;
	if (!f)
		return -EBADF;
	fput(f);
	return 0;
}

long sys_removexattr(const char *path, const char *name)
{
	return path_xattr(path, true, name, XATTR_REMOVE, NULL, 0, 0);
}

long sys_lremovexattr(const char *path, const char *name)
{
	return path_xattr(path, false, name, XATTR_REMOVE, NULL, 0, 0);
}

long sys_fremovexattr(int fd, const char *name)
{
	return fd_xattr(fd, name, XATTR_REMOVE, NULL, 0, 0);
}
