/*
 * fs/vfs_mount.c - mount, umount, chdir, chroot and the name of a
 * directory (getcwd).  mount and umount need CAP_SYS_ADMIN, chroot
 * CAP_SYS_CHROOT (euid 0, kernel/process/cred.h); chdir and chroot need search
 * permission on the directory.
 */
#include "fs/vfs.h"
#include "fs/fs_struct.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"

int vfs_mount(const char *dev_name, const char *dir, const char *type,
	      unsigned long flags, const char *data)
{
	struct nameidata nd;
	int err;

	down(&namespace_sem);
	err = path_walk(dir, NULL, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &nd);
	if (err)
		goto out;
	if (!capable(CAP_SYS_ADMIN))
		err = -EPERM;
	else if (flags & MS_REMOUNT)
		err = do_remount(&nd.path, flags, data);
	else if (flags & MS_BIND)
		err = -EINVAL;
	else if (!type)
		err = -EINVAL;
	else
		err = do_new_mount(dev_name, &nd.path, type, flags, data, NULL);
	path_put(&nd.path);
out:
	up(&namespace_sem);
	return err;
}

int vfs_umount(const char *dir, int flags)
{
	struct nameidata nd;
	struct vfsmount *mnt;
	int err;

	down(&namespace_sem);
	err = path_walk(dir, NULL, LOOKUP_FOLLOW, &nd);
	if (err)
		goto out;
	mnt = nd.path.mnt;
	if (!capable(CAP_SYS_ADMIN) || nd.path.inode != mnt->mnt_root) {
		path_put(&nd.path);
		err = capable(CAP_SYS_ADMIN) ? -EINVAL : -EPERM;
		goto out;
	}
	path_put(&nd.path);	/* our own reference must not count as busy */
	err = do_umount(mnt, flags);
out:
	up(&namespace_sem);
	return err;
}

static int set_dir(const char *name, bool root)
{
	struct path p;
	int err = kern_path(name, NULL, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &p);

	if (err)
		return err;
	err = inode_permission(p.inode, MAY_EXEC);
	if (!err && root && !capable(CAP_SYS_CHROOT))
		err = -EPERM;
	if (!err && root)
		set_fs_root(current_fs(), &p);
	else if (!err)
		set_fs_pwd(current_fs(), &p);
	path_put(&p);
	return err;
}

int vfs_chdir(const char *name)
{
	return set_dir(name, false);
}

int vfs_chroot(const char *name)
{
	return set_dir(name, true);
}
