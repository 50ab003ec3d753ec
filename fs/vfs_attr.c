/*
 * fs/vfs_attr.c - looking at and changing an inode's attributes: stat,
 * access, readlink, chmod, chown, truncate, times.
 *
 * The checks are Linux's (setattr_prepare, notify_change): only the
 * owner (or CAP_FOWNER) changes the mode or sets explicit times; setting
 * both times to now is also open to whoever may write the file.  chown
 * needs CAP_CHOWN, except that the owner may give the file to a group he
 * is in; a regular file losing or changing owners loses its set-user-ID
 * bit (and set-group-ID with group execute).  access(2) checks with the
 * real ids, as if they were the fs ids.
 */
#include "fs/namei.h"
#include "fs/vfs.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/signal/signal.h"

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
	       unsigned int lookup_flags, bool effective)
{
	struct cred *c = current_cred();
	u32 fsuid = c->fsuid, fsgid = c->fsgid;
	struct path p;
	int err;

	if (mode & ~(R_OK | W_OK | X_OK))
		return -EINVAL;
	/* As Linux's override_creds: the real ids stand in for the fs ids
	 * for this one check, and are put back before the call returns. */
	if (!effective) {
		c->fsuid = c->uid;
		c->fsgid = c->gid;
	}
	err = lookup(base, name, lookup_flags, &p);
	if (!err) {
		err = inode_permission(p.inode, mode);
		path_put(&p);
	}
	c->fsuid = fsuid;
	c->fsgid = fsgid;
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
	if (!inode_owner_or_capable(inode))
		return -EPERM;
	mode &= S_IALLUGO;
	if (!in_group_p(inode->i_gid) && !capable(CAP_FSETID))
		mode &= ~S_ISGID;
	inode->i_mode = (inode->i_mode & S_IFMT) | mode;
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

/* Linux's chown_ok and chgrp_ok. */
static bool may_chown(struct inode *inode, u32 uid, u32 gid)
{
	bool owner = current_cred()->fsuid == inode->i_uid;

	if (capable(CAP_CHOWN))
		return true;
	if (uid != INVALID_ID && !(owner && uid == inode->i_uid))
		return false;
	return gid == INVALID_ID ||
	       (owner && (gid == inode->i_gid || in_group_p(gid)));
}

static int chown_inode(struct inode *inode, u32 uid, u32 gid)
{
	umode_t mode = inode->i_mode;

	if (!may_chown(inode, uid, gid))
		return -EPERM;
	if (!S_ISDIR(mode)) {
		mode &= ~S_ISUID;
		if ((mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP))
			mode &= ~S_ISGID;
		inode->i_mode = mode;
	}
	if (uid != INVALID_ID)
		inode->i_uid = uid;
	if (gid != INVALID_ID)
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

/*
 * May inode grow to size?  Past the caller's RLIMIT_FSIZE it is -EFBIG
 * and SIGXFSZ, as Linux's inode_newsize_ok; shrinking is always allowed.
 */
int inode_newsize_ok(struct inode *inode, loff_t size)
{
	unsigned long limit = rlimit(RLIMIT_FSIZE);

	if (size <= inode->i_size || limit == RLIM_INFINITY ||
	    size <= (loff_t)limit)
		return 0;
	send_sig(SIGXFSZ, current);
	return -EFBIG;
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
	err = inode_newsize_ok(inode, len);
	if (!err)
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
	/* Linux: EISDIR and EINVAL for the type come before EROFS, and
	 * EROFS before the permission check. */
	if (S_ISDIR(p.inode->i_mode))
		err = -EISDIR;
	else if (!S_ISREG(p.inode->i_mode))
		err = -EINVAL;
	else if (mnt_is_readonly(p.mnt))
		err = -EROFS;
	else
		err = inode_permission(p.inode, MAY_WRITE);
	if (!err)
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

int utimes_permission(struct inode *inode, bool touch)
{
	if (inode_owner_or_capable(inode))
		return 0;
	return touch ? inode_permission(inode, MAY_WRITE) : -EPERM;
}

int vfs_utimes(struct path *base, const char *name, unsigned int lookup_flags,
	       const struct timespec *atime, const struct timespec *mtime)
{
	struct timespec now = current_time();
	struct path p;
	int err = lookup(base, name, lookup_flags, &p);

	if (err)
		return err;
	if (mnt_is_readonly(p.mnt))
		err = -EROFS;
	else
		err = utimes_permission(p.inode, !atime && !mtime);
	if (!err) {
		p.inode->i_atime = atime ? *atime : now;
		p.inode->i_mtime = mtime ? *mtime : now;
		p.inode->i_ctime = now;
	}
	path_put(&p);
	return err;
}
