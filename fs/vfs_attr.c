/*
 * fs/vfs_attr.c - looking at and changing an inode's attributes: stat,
 * access, readlink, chmod, chown, truncate, times.
 *
 * Mapback runs everything as root, so permission checks reduce to what
 * root is refused: executing a file with no execute bit at all.
 */
#include "fs/namei.h"
#include "fs/vfs.h"
#include "kernel/errno.h"

static int lookup(struct path *base, const char *name, unsigned int flags,
		  struct path *res)
{
	return kern_path(name, base, flags, res);
}

int vfs_stat(struct path *base, const char *name, unsigned int lookup_flags,
	     struct kstat *st)
{
	struct path p;
	int err = lookup(base, name, lookup_flags, &p);

	if (err)
		return err;
	inode_getattr(p.inode, st);
	path_put(&p);
	return 0;
}

int vfs_fstat(struct file *file, struct kstat *st)
{
	inode_getattr(file->f_inode, st);
	return 0;
}

int vfs_access(struct path *base, const char *name, int mode,
	       unsigned int lookup_flags)
{
	struct path p;
	int err;

	if (mode & ~(R_OK | W_OK | X_OK))
		return -EINVAL;
	err = lookup(base, name, lookup_flags, &p);
	if (err)
		return err;
	if ((mode & X_OK) && !S_ISDIR(p.inode->i_mode) &&
	    !(p.inode->i_mode & 0111))
		err = -EACCES;
	path_put(&p);
	return err;
}

int vfs_readlink(struct path *base, const char *name, char *buf, int len)
{
	struct nameidata nd;
	struct path p;
	int err;

	if (len <= 0)
		return -EINVAL;
	/* Held across ->readlink, as during a walk (fs/inode.h). */
	down(&namespace_sem);
	err = path_walk(name, base, 0, &nd);
	if (!err) {
		p = nd.path;
		if (!S_ISLNK(p.inode->i_mode) || !p.inode->i_op->readlink)
			err = -EINVAL;
		else
			err = p.inode->i_op->readlink(p.inode, buf, len);
		path_put(&p);
	}
	up(&namespace_sem);
	return err;
}

static int chmod_inode(struct inode *inode, umode_t mode)
{
	inode->i_mode = (inode->i_mode & S_IFMT) | (mode & S_IALLUGO);
	inode->i_ctime = current_time();
	return 0;
}

int vfs_chmod(struct path *base, const char *name, umode_t mode,
	      unsigned int lookup_flags)
{
	struct path p;
	int err = lookup(base, name, lookup_flags, &p);

	if (err)
		return err;
	err = mnt_is_readonly(p.mnt) ? -EROFS : chmod_inode(p.inode, mode);
	path_put(&p);
	return err;
}

int vfs_fchmod(struct file *file, umode_t mode)
{
	if (mnt_is_readonly(file->f_path.mnt))
		return -EROFS;
	return chmod_inode(file->f_inode, mode);
}

static int chown_inode(struct inode *inode, u32 uid, u32 gid)
{
	if (uid != (u32)-1)
		inode->i_uid = uid;
	if (gid != (u32)-1)
		inode->i_gid = gid;
	inode->i_ctime = current_time();
	return 0;
}

int vfs_chown(struct path *base, const char *name, u32 uid, u32 gid,
	      unsigned int lookup_flags)
{
	struct path p;
	int err = lookup(base, name, lookup_flags, &p);

	if (err)
		return err;
	err = mnt_is_readonly(p.mnt) ? -EROFS : chown_inode(p.inode, uid, gid);
	path_put(&p);
	return err;
}

int vfs_fchown(struct file *file, u32 uid, u32 gid)
{
	if (mnt_is_readonly(file->f_path.mnt))
		return -EROFS;
	return chown_inode(file->f_inode, uid, gid);
}

int do_truncate(struct inode *inode, loff_t len)
{
	int err;

	if (len < 0)
		return -EINVAL;
	if (S_ISDIR(inode->i_mode))
		return -EISDIR;
	if (!S_ISREG(inode->i_mode))
		return -EINVAL;
	/* A file whose size is not its own to keep (procfs) takes the new
	 * size as a no-op, as Linux's /proc/sys does: `echo 1 > file`
	 * opens with O_TRUNC. */
	if (!inode->i_op || !inode->i_op->truncate)
		return 0;
	down(&inode->i_sem);
	err = inode->i_op->truncate(inode, len);
	up(&inode->i_sem);
	return err;
}

int vfs_truncate(struct path *base, const char *name, loff_t len)
{
	struct path p;
	int err = lookup(base, name, LOOKUP_FOLLOW, &p);

	if (err)
		return err;
	/* Linux: EISDIR and EINVAL for the type come before EROFS. */
	if (S_ISREG(p.inode->i_mode) && mnt_is_readonly(p.mnt))
		err = -EROFS;
	else
		err = do_truncate(p.inode, len);
	path_put(&p);
	return err;
}

int vfs_ftruncate(struct file *file, loff_t len)
{
	/* Linux: EINVAL, not EBADF or EISDIR, for all of these. */
	if (!(file->f_mode & FMODE_WRITE) || !S_ISREG(file->f_inode->i_mode))
		return -EINVAL;
	return do_truncate(file->f_inode, len);
}

int vfs_utimes(struct path *base, const char *name, unsigned int lookup_flags,
	       const struct timespec *atime, const struct timespec *mtime)
{
	struct timespec now = current_time();
	struct path p;
	int err = lookup(base, name, lookup_flags, &p);

	if (err)
		return err;
	if (mnt_is_readonly(p.mnt)) {
		path_put(&p);
		return -EROFS;
	}
	p.inode->i_atime = atime ? *atime : now;
	p.inode->i_mtime = mtime ? *mtime : now;
	p.inode->i_ctime = now;
	path_put(&p);
	return 0;
}
