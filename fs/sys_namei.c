/*
 * fs/sys_namei.c - calls that create, remove and rename names.
 */
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"

/* Run op on (base, name) for dfd/upath. */
#define WITH_NAME_AT(dfd, upath, call)                               \
	({                                                           \
		struct file *dirf;                                   \
		struct path *base;                                   \
		char *name = getname(upath);                         \
		long err;                                            \
		if (IS_ERR(name)) {                                  \
			err = PTR_ERR(name);                         \
		} else {                                             \
			err = at_base(dfd, name, &dirf, &base);      \
			if (!err) {                                  \
				err = (call);                        \
				if (dirf)                            \
					fput(dirf);                  \
			}                                            \
			putname(name);                               \
		}                                                    \
		err;                                                 \
	})

long sys_mkdirat(int dfd, const char *path, int mode)
{
	return WITH_NAME_AT(dfd, path, vfs_mkdir(base, name, mode));
}

long sys_mkdir(const char *path, int mode)
{
	return sys_mkdirat(AT_FDCWD, path, mode);
}

long sys_mknodat(int dfd, const char *path, int mode, unsigned int dev)
{
	if (S_ISDIR(mode))
		return -EPERM;	/* mkdir's job */
	return WITH_NAME_AT(dfd, path,
			    vfs_mknod(base, name, mode, new_decode_dev(dev)));
}

long sys_mknod(const char *path, int mode, unsigned int dev)
{
	return sys_mknodat(AT_FDCWD, path, mode, dev);
}

long sys_unlinkat(int dfd, const char *path, int flag)
{
	if (flag & ~AT_REMOVEDIR)
		return -EINVAL;
	if (flag & AT_REMOVEDIR)
		return WITH_NAME_AT(dfd, path, vfs_rmdir(base, name));
	return WITH_NAME_AT(dfd, path, vfs_unlink(base, name));
}

long sys_unlink(const char *path)
{
	return sys_unlinkat(AT_FDCWD, path, 0);
}

long sys_rmdir(const char *path)
{
	return sys_unlinkat(AT_FDCWD, path, AT_REMOVEDIR);
}

long sys_symlinkat(const char *utarget, int newdfd, const char *linkpath)
{
	char *target = getname(utarget);
	long err;

	if (IS_ERR(target))
		return PTR_ERR(target);
	err = WITH_NAME_AT(newdfd, linkpath, vfs_symlink(target, base, name));
	putname(target);
	return err;
}

long sys_symlink(const char *target, const char *linkpath)
{
	return sys_symlinkat(target, AT_FDCWD, linkpath);
}

/* Two names, each with its dirfd: op(obase, oname, nbase, nname). */
static long two_names(int odfd, const char *uold, int ndfd, const char *unew,
		      int which, int flags)
{
	struct file *odirf = NULL, *ndirf = NULL;
	struct path *obase, *nbase;
	char *oname = getname(uold), *nname;
	long err;

	if (IS_ERR(oname))
		return PTR_ERR(oname);
	nname = getname(unew);
	if (IS_ERR(nname)) {
		putname(oname);
		return PTR_ERR(nname);
	}
	err = at_base(odfd, oname, &odirf, &obase);
	if (!err)
		err = at_base(ndfd, nname, &ndirf, &nbase);
	if (!err)
		err = which ? vfs_link(obase, oname, nbase, nname, flags)
			    : vfs_rename(obase, oname, nbase, nname);
	if (odirf)
		fput(odirf);
	if (ndirf)
		fput(ndirf);
	putname(nname);
	putname(oname);
	return err;
}

long sys_renameat2(int olddfd, const char *oldpath, int newdfd,
		   const char *newpath, unsigned int flags)
{
	if (flags)
		return -EINVAL;	/* RENAME_NOREPLACE and friends: not yet */
	return two_names(olddfd, oldpath, newdfd, newpath, 0, 0);
}

long sys_renameat(int olddfd, const char *oldpath, int newdfd,
		  const char *newpath)
{
	return two_names(olddfd, oldpath, newdfd, newpath, 0, 0);
}

long sys_rename(const char *oldpath, const char *newpath)
{
	return two_names(AT_FDCWD, oldpath, AT_FDCWD, newpath, 0, 0);
}

long sys_linkat(int olddfd, const char *oldpath, int newdfd,
		const char *newpath, int flags)
{
	if (flags & ~AT_SYMLINK_FOLLOW)
		return -EINVAL;
	return two_names(olddfd, oldpath, newdfd, newpath, 1, flags);
}

long sys_link(const char *oldpath, const char *newpath)
{
	return two_names(AT_FDCWD, oldpath, AT_FDCWD, newpath, 1, 0);
}
