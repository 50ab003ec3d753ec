/*
 * fs/open.c - vfs_open: from a name and O_* flags to a struct file.
 *
 * O_CREAT walks to the parent and creates the last component if it is
 * missing (-EEXIST with O_EXCL if it is not).  A final symlink is followed
 * unless O_NOFOLLOW, which makes it -ELOOP; with O_CREAT a dangling one
 * makes the file it names.  O_DIRECTORY demands a
 * directory; a directory cannot be opened for writing (-EISDIR).  O_TRUNC
 * empties a regular file.  The struct file keeps the O_* flags that
 * matter later (access mode, O_APPEND, O_NONBLOCK ...).
 *
 * Permission is Linux's: creating needs write and search permission on
 * the directory, opening an existing file the read and/or write
 * permission its access mode asks for (write too for O_TRUNC); a file
 * this open created is not checked again.
 */
#include "fs/vfs.h"
#include "fs/fs_struct.h"
#include "kernel/errno.h"
#include "mm/phys/slab.h"

#define OPEN_ONLY_FLAGS (O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | O_CLOEXEC)

/*
 * One step of O_CREAT: the existing or new inode of name's last
 * component in *res, and in *dir the directory it is in (held: a symlink
 * found there is followed from it).
 */
static int create_step(struct path *base, const char *name, int flags,
		       umode_t mode, struct path *res, bool *created,
		       struct path *dir)
{
	struct nameidata nd;
	struct inode *inode;
	int err;

	*dir = (struct path){ NULL, NULL };
	err = path_walk(name, base, LOOKUP_PARENT, &nd);
	if (err)
		return err;
	*dir = nd.path;
	if (nd.last_type != LAST_NORM || nd.trailing_slash)
		return -EISDIR;
	err = lookup_one(&nd.path, &nd.last, res);
	if (err == -ENOENT) {
		struct inode *d = nd.path.inode;

		mode = S_IFREG | (mode & ~current_umask() & S_IALLUGO);
		if (mnt_is_readonly(nd.path.mnt))
			err = -EROFS;
		else
			err = may_create(d);
		if (!err)
			err = d->i_op->mknod ? d->i_op->mknod(d, &nd.last, mode, 0,
							      &inode)
					     : -EACCES;
		if (!err) {
			res->mnt = mntget(nd.path.mnt);
			res->inode = inode;
			*created = true;
		}
	} else if (!err && (flags & O_EXCL)) {
		path_put(res);
		err = -EEXIST;
	}
	return err;
}

/*
 * O_CREAT: the existing or new inode of the last component.  A symlink
 * there is followed (unless O_NOFOLLOW) from the link's directory, and
 * what it names is created if missing, as Linux does: a dangling link
 * makes its target.  In a loop, not by recursion, up to MAX_LINKS links;
 * a link that stands for an object (/proc/PID/fd/N) is only followed.
 */
static int open_create(struct path *base, const char *name, int flags,
		       umode_t mode, struct path *res, bool *created)
{
	struct path dir, prev = { NULL, NULL }, link;
	char *target = NULL;
	int links = 0, n, err;
	bool object;

	for (;;) {
		err = create_step(base, name, flags, mode, res, created, &dir);
		if (prev.inode)
			path_put(&prev);	/* the last walk's base */
		prev = dir;
		if (err || !S_ISLNK(res->inode->i_mode) ||
		    (flags & O_NOFOLLOW))
			break;
		link = *res;
		object = link.inode->i_op && link.inode->i_op->follow_link;
		if (++links > MAX_LINKS)
			err = -ELOOP;
		else if (!link.inode->i_op || !link.inode->i_op->readlink)
			err = -EINVAL;
		else if (object)
			err = link.inode->i_op->follow_link(link.inode, res);
		else if (!target && !(target = kmalloc(PATH_MAX, GFP_KERNEL)))
			err = -ENOMEM;
		else if ((n = link.inode->i_op->readlink(link.inode, target,
							 PATH_MAX - 1)) <= 0)
			err = n ? n : -ENOENT;
		else
			target[n] = '\0';
		path_put(&link);
		if (err || object)
			break;
		name = target;
		base = &prev;
	}
	if (prev.inode)
		path_put(&prev);
	kfree(target);
	return err;
}

static int open_lookup(struct path *base, const char *name, int flags,
		       struct path *res)
{
	struct nameidata nd;
	unsigned int lf = 0;
	int err;

	if (!(flags & O_NOFOLLOW))
		lf |= LOOKUP_FOLLOW;
	if (flags & O_DIRECTORY)
		lf |= LOOKUP_DIRECTORY;
	err = path_walk(name, base, lf, &nd);
	if (!err)
		*res = nd.path;
	return err;
}

/* Linux's may_open: what the access mode and O_TRUNC ask of the file. */
static int may_open(struct path *path, int flags)
{
	struct inode *inode = path->inode;
	int acc = flags & O_ACCMODE, mask = 0, err;

	if (acc != O_WRONLY)
		mask |= MAY_READ;
	if (acc != O_RDONLY || (flags & O_TRUNC))
		mask |= MAY_WRITE;
	if ((S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode)) &&
	    (path->mnt->mnt_flags & MS_NODEV))
		return -EACCES;
	err = inode_permission(inode, mask);
	if (!err && (flags & O_NOATIME) && !inode_owner_or_capable(inode))
		err = -EPERM;
	return err;
}

int vfs_open_path(struct path *path, int flags, struct file **res)
{
	struct inode *inode = path->inode;
	struct file *file;
	int err;

	/* The driver's open still sees O_EXCL (a block device's exclusive
	 * open), as Linux's do_dentry_open keeps it until then. */
	file = alloc_file(path, flags & ~(OPEN_ONLY_FLAGS & ~O_EXCL),
			  inode->i_fop);
	if (!file)
		return -ENOMEM;
	if (file->f_op && file->f_op->open) {
		err = file->f_op->open(inode, file);
		if (err) {
			/* The driver's open failed: no release for it. */
			file->f_op = NULL;
			fput(file);
			return err;
		}
	}
	file->f_flags &= ~OPEN_ONLY_FLAGS;
	*res = file;
	return 0;
}

/*
 * O_PATH: the file is only a name's handle (FMODE_PATH).  Every other
 * flag but O_DIRECTORY, O_NOFOLLOW and O_CLOEXEC is dropped, nothing is
 * created or truncated, no access is checked and the driver is not
 * opened; with O_NOFOLLOW a final symlink is the file.
 */
static int open_path_only(struct path *base, const char *name, int flags,
			  struct file **res)
{
	struct path path;
	struct file *file;
	int err;

	flags &= O_DIRECTORY | O_NOFOLLOW | O_PATH | O_CLOEXEC;
	down(&namespace_sem);
	err = open_lookup(base, name, flags, &path);
	up(&namespace_sem);
	if (err)
		return err;
	if ((flags & O_DIRECTORY) && !S_ISDIR(path.inode->i_mode)) {
		path_put(&path);
		return -ENOTDIR;
	}
	file = alloc_file(&path, flags & ~O_CLOEXEC, NULL);
	path_put(&path);
	if (!file)
		return -ENOMEM;
	*res = file;
	return 0;
}

int vfs_open(struct path *base, const char *name, int flags, umode_t mode,
	     struct file **res)
{
	struct path path;
	struct inode *inode;
	bool created = false;
	int acc = flags & O_ACCMODE;
	int err;

	if (flags & O_PATH)
		return open_path_only(base, name, flags, res);
	down(&namespace_sem);
	if (flags & O_CREAT)
		err = open_create(base, name, flags, mode, &path, &created);
	else
		err = open_lookup(base, name, flags, &path);
	up(&namespace_sem);
	if (err)
		return err;
	inode = path.inode;
	if (S_ISLNK(inode->i_mode))
		err = -ELOOP;	/* O_NOFOLLOW met a symlink */
	else if ((flags & O_DIRECTORY) && !S_ISDIR(inode->i_mode))
		err = -ENOTDIR;
	else if (S_ISDIR(inode->i_mode) &&
		 (acc != O_RDONLY || (flags & (O_TRUNC | O_CREAT))))
		err = -EISDIR;
	else if ((acc != O_RDONLY || (flags & O_TRUNC)) &&
		 counts_as_writer(inode) && mnt_is_readonly(path.mnt))
		err = -EROFS;
	else if (!created)
		err = may_open(&path, flags);
	if (!err && (flags & O_TRUNC) && !created && S_ISREG(inode->i_mode))
		err = do_truncate(inode, 0);
	if (!err)
		err = vfs_open_path(&path, flags, res);
	path_put(&path);
	return err;
}
