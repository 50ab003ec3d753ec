/*
 * fs/sys_dir.c - chdir, fchdir, chroot, getcwd, mount, umount.
 */
#include "fs/syscalls.h"
#include "fs/fs_struct.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

long sys_chdir(const char *upath)
{
	char *name = getname(upath);
	long err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = vfs_chdir(name);
	putname(name);
	return err;
}

long sys_fchdir(unsigned int fd)
{
	struct file *f = fget_current_raw(fd);
	long err = 0;

	if (!f)
		return -EBADF;
	if (!S_ISDIR(f->f_inode->i_mode))
		err = -ENOTDIR;
	else
		err = inode_permission(f->f_inode, MAY_EXEC);
	if (!err)
		set_fs_pwd(current_fs(), &f->f_path);
	fput(f);
	return err;
}

long sys_chroot(const char *upath)
{
	char *name = getname(upath);
	long err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = vfs_chroot(name);
	putname(name);
	return err;
}

long sys_getcwd(char *ubuf, unsigned long size)
{
	char *kbuf = kmalloc(PATH_MAX, GFP_KERNEL);
	struct path pwd;
	long n;

	if (!kbuf)
		return -ENOMEM;
	down(&namespace_sem);
	pwd = current_fs()->pwd;
	path_get(&pwd);
	n = d_path(&pwd, kbuf, PATH_MAX);
	path_put(&pwd);
	up(&namespace_sem);
	if (n > 0 && (unsigned long)n > size)
		n = -ERANGE;
	if (n > 0 && copy_to_user(ubuf, kbuf, n))
		n = -EFAULT;
	kfree(kbuf);
	return n;
}

/* A short string argument (file system type), or NULL if uptr is NULL. */
static char *get_short(const char *uptr, char *buf, int len, long *err)
{
	long n;

	*err = 0;
	if (!uptr)
		return NULL;
	n = strncpy_from_user(buf, uptr, len);
	if (n < 0)
		*err = n;
	else if (n >= len)
		*err = -ENODEV;
	return buf;
}

long sys_mount(const char *udev, const char *udir, const char *utype,
	       unsigned long flags, const void *data)
{
	char devbuf[64], typebuf[32], *dev, *type, *dir, *opts = NULL;
	long err;

	dev = get_short(udev, devbuf, sizeof(devbuf), &err);
	if (err == -ENODEV)
		err = -EINVAL;
	if (err)
		return err;
	type = get_short(utype, typebuf, sizeof(typebuf), &err);
	if (err)
		return err;
	dir = getname(udir);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	/* The options: a string for every file system here (ext2's). */
	if (data)
		opts = getname(data);
	if (IS_ERR(opts))
		err = PTR_ERR(opts);
	else
		err = vfs_mount(dev, dir, type, flags, opts);
	if (opts && !IS_ERR(opts))
		putname(opts);
	putname(dir);
	return err;
}

long sys_umount2(const char *udir, int flags)
{
	char *dir;
	long err;

	if (flags & ~(MNT_FORCE | MNT_DETACH | 4 | 8))
		return -EINVAL;	/* 4 MNT_EXPIRE, 8 UMOUNT_NOFOLLOW */
	dir = getname(udir);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	err = vfs_umount(dir, flags);
	putname(dir);
	return err;
}

long sys_umount(const char *dir)
{
	return sys_umount2(dir, 0);
}
