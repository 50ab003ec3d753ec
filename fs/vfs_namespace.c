/*
 * fs/vfs_namespace.c - creating, removing and renaming directory entries.
 *
 * Each operation walks to the parent of the last component under
 * namespace_sem, applies Linux's checks in Linux's order (so the errno a
 * program sees is the one Linux gives), then calls the directory's inode
 * operation.  Adding a name needs write and search permission on the
 * directory (may_create); removing or replacing one needs that and, in a
 * sticky directory, to own the file or the directory (may_unlink).  Only
 * CAP_MKNOD (euid 0) makes device nodes.  "." and ".." as the last
 * component are refused the way Linux refuses them.  A file whose last link goes (unlink, or a rename
 * over it) while it is open or mapped keeps the name it had, for d_path.
 */
#include "fs/vfs.h"
#include "fs/fs_struct.h"
#include "fs/namei.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"

/* The parent of name and, if it exists, the last component in *child. */
static int walk_parent(struct path *base, const char *name,
		       struct nameidata *nd, struct path *child, int *exists)
{
	int err = path_walk(name, base, LOOKUP_PARENT, nd);

	if (err)
		return err;
	*exists = -ENOENT;
	if (nd->last_type == LAST_NORM)
		*exists = lookup_one(&nd->path, &nd->last, child);
	if (*exists && *exists != -ENOENT) {
		path_put(&nd->path);
		return *exists;
	}
	return 0;
}

/* The checks of Linux's vfs_mknod (vfs_mkdir, vfs_symlink), then the
 * directory's operation. */
static int make_node(struct inode *dir, const struct qstr *name, umode_t mode,
		     dev_t dev, const char *target)
{
	struct inode *inode;
	int err = may_create(dir);

	if (err)
		return err;
	if ((S_ISCHR(mode) || S_ISBLK(mode)) && !capable(CAP_MKNOD))
		return -EPERM;
	if (target)
		return dir->i_op->symlink ? dir->i_op->symlink(dir, name, target)
					  : -EPERM;
	if (!dir->i_op->mknod)
		return -EPERM;
	err = dir->i_op->mknod(dir, name, mode, dev, &inode);
	if (!err)
		iput(inode);
	return err;
}

/* Make name: a node of mode, or (target non-NULL) a symlink to target. */
static int create_node(struct path *base, const char *name, umode_t mode,
		       dev_t dev, const char *target)
{
	struct nameidata nd;
	struct path child;
	int err, exists;

	down(&namespace_sem);
	err = walk_parent(base, name, &nd, &child, &exists);
	if (err)
		goto out;
	if (nd.last_type != LAST_NORM || !exists) {
		if (!exists)
			path_put(&child);
		err = -EEXIST;
	} else if (mnt_is_readonly(nd.path.mnt)) {
		err = -EROFS;
	} else if (nd.trailing_slash && !S_ISDIR(mode)) {
		err = -ENOENT;
	} else {
		err = make_node(nd.path.inode, &nd.last, mode, dev, target);
	}
	path_put(&nd.path);
out:
	up(&namespace_sem);
	return err;
}

int vfs_mkdir(struct path *base, const char *name, umode_t mode)
{
	mode = S_IFDIR | (mode & ~current_umask() & S_IALLUGO);
	return create_node(base, name, mode, 0, NULL);
}

int vfs_mknod(struct path *base, const char *name, umode_t mode, dev_t dev)
{
	switch (mode & S_IFMT) {
	case 0:
		mode |= S_IFREG;
		break;
	case S_IFREG:
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		break;
	default:
		return -EINVAL;
	}
	mode = (mode & S_IFMT) | (mode & ~current_umask() & S_IALLUGO);
	return create_node(base, name, mode, dev, NULL);
}

int vfs_symlink(const char *target, struct path *base, const char *name)
{
	if (!*target)
		return -ENOENT;
	return create_node(base, name, S_IFLNK | 0777, 0, target);
}

/* The errno for a last component that is not a plain name. */
static int special_last(int last_type, bool isdir)
{
	if (!isdir)
		return -EISDIR;	/* unlink of ".", ".." or "/" */
	if (last_type == LAST_DOT)
		return -EINVAL;
	return last_type == LAST_DOTDOT ? -ENOTEMPTY : -EBUSY;
}

/* Checks on the found child, in Linux's order. */
static int may_delete(struct nameidata *nd, struct path *child, bool isdir)
{
	struct inode *inode = child->inode;
	int err;

	if (!isdir && nd->trailing_slash)
		return S_ISDIR(inode->i_mode) ? -EISDIR : -ENOTDIR;
	err = may_unlink(nd->path.inode, inode);
	if (err)
		return err;
	if (isdir && !S_ISDIR(inode->i_mode))
		return -ENOTDIR;
	if (!isdir && S_ISDIR(inode->i_mode))
		return -EISDIR;
	if (child->mnt != nd->path.mnt || is_mountpoint(inode))
		return -EBUSY;
	return 0;
}

/*
 * victim's last link is about to go: if the file is still in use (open or
 * mapped: a reference besides the caller's), its name, for
 * keep_deleted_name; else NULL.  Only then, since naming a file scans each
 * directory on the way up.  namespace_sem is held.
 */
static char *name_before_last_unlink(struct path *victim)
{
	struct inode *inode = victim->inode;
	char *buf, *name = NULL;
	int n;

	if (S_ISDIR(inode->i_mode) || inode->i_nlink != 1 || inode->i_count < 2)
		return NULL;
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!buf)
		return NULL;
	n = d_path(victim, buf, PATH_MAX);
	if (n > 0 && (name = kmalloc(n, GFP_KERNEL)))
		memcpy(name, buf, n);
	kfree(buf);
	return name;
}

/* After the unlink or rename (err): inode keeps name if it is unlinked. */
static void keep_deleted_name(struct inode *inode, char *name, int err)
{
	if (!name)
		return;
	if (err || inode->i_nlink) {
		kfree(name);
		return;
	}
	kfree(inode->i_deleted_name);
	inode->i_deleted_name = name;
}

/* rmdir (isdir) or unlink of name. */
static int do_remove(struct path *base, const char *name, bool isdir)
{
	struct nameidata nd;
	struct path child;
	struct inode *dir;
	int err, exists;

	down(&namespace_sem);
	err = walk_parent(base, name, &nd, &child, &exists);
	if (err)
		goto out;
	dir = nd.path.inode;
	if (nd.last_type != LAST_NORM) {
		err = special_last(nd.last_type, isdir);
	} else if (mnt_is_readonly(nd.path.mnt)) {
		err = -EROFS;
		if (!exists)
			path_put(&child);
	} else if (exists) {
		err = exists;
	} else {
		err = may_delete(&nd, &child, isdir);
		if (!err && isdir)
			err = dir->i_op->rmdir ? dir->i_op->rmdir(dir, &nd.last)
					       : -EPERM;
		else if (!err) {
			char *name = name_before_last_unlink(&child);

			err = dir->i_op->unlink ? dir->i_op->unlink(dir, &nd.last)
						: -EPERM;
			keep_deleted_name(child.inode, name, err);
		}
		path_put(&child);
	}
	path_put(&nd.path);
out:
	up(&namespace_sem);
	return err;
}

int vfs_rmdir(struct path *base, const char *name)
{
	return do_remove(base, name, true);
}

int vfs_unlink(struct path *base, const char *name)
{
	return do_remove(base, name, false);
}

int vfs_link(struct path *obase, const char *oldname, struct path *nbase,
	     const char *newname, int flags)
{
	struct nameidata ond, nd;
	struct path child;
	struct inode *dir;
	int err, exists;

	down(&namespace_sem);
	err = path_walk(oldname, obase,
			(flags & AT_SYMLINK_FOLLOW) ? LOOKUP_FOLLOW : 0, &ond);
	if (err)
		goto out;
	err = walk_parent(nbase, newname, &nd, &child, &exists);
	if (err)
		goto put_old;
	dir = nd.path.inode;
	if (nd.last_type != LAST_NORM || !exists) {
		if (!exists)
			path_put(&child);
		err = -EEXIST;
	} else if (mnt_is_readonly(nd.path.mnt)) {
		err = -EROFS;
	} else if (ond.path.mnt != nd.path.mnt) {
		err = -EXDEV;
	} else {
		err = may_create(dir);
		if (!err && (S_ISDIR(ond.path.inode->i_mode) || !dir->i_op->link))
			err = -EPERM;
		if (!err)
			err = dir->i_op->link(ond.path.inode, dir, &nd.last);
	}
	path_put(&nd.path);
put_old:
	path_put(&ond.path);
out:
	up(&namespace_sem);
	return err;
}

/* Is dir inside (or equal to) the directory anc?  Same file system. */
static int is_subdir(struct inode *dir, struct inode *anc, bool *inside)
{
	struct qstr dotdot = { "..", 2 };
	struct inode *cur = igrab(dir), *up;
	int err = 0;

	*inside = false;
	for (;;) {
		if (cur == anc) {
			*inside = true;
			break;
		}
		if (cur == cur->i_sb->s_root)
			break;
		err = cur->i_op->lookup(cur, &dotdot, &up);
		if (err)
			break;
		iput(cur);
		cur = up;
	}
	iput(cur);
	return err;
}

/* Linux's permission checks of a rename: old's name goes (may_unlink),
 * new's is added or replaced; a directory moving to another parent must
 * be writable, its ".." changes. */
static int rename_permission(struct nameidata *ond, struct path *old,
			     struct nameidata *nnd, struct path *new,
			     bool nexists)
{
	struct inode *ndir = nnd->path.inode;
	int err = may_unlink(ond->path.inode, old->inode);

	if (!err)
		err = nexists ? may_unlink(ndir, new->inode) : may_create(ndir);
	if (!err && S_ISDIR(old->inode->i_mode) && ndir != ond->path.inode)
		err = inode_permission(old->inode, MAY_WRITE);
	return err;
}

static int rename_checks(struct nameidata *ond, struct path *old,
			 struct nameidata *nnd, struct path *new, bool nexists)
{
	struct inode *oi = old->inode;
	bool inside;
	int err;

	if (old->mnt != nnd->path.mnt)
		return -EXDEV;
	if (S_ISDIR(oi->i_mode)) {
		err = is_subdir(nnd->path.inode, oi, &inside);
		if (err)
			return err;
		if (inside)
			return -EINVAL;
	} else if (ond->trailing_slash || nnd->trailing_slash) {
		return -ENOTDIR;
	}
	err = rename_permission(ond, old, nnd, new, nexists);
	if (err)
		return err;
	if (nexists && S_ISDIR(oi->i_mode) && !S_ISDIR(new->inode->i_mode))
		return -ENOTDIR;
	if (nexists && !S_ISDIR(oi->i_mode) && S_ISDIR(new->inode->i_mode))
		return -EISDIR;
	if (old->mnt != ond->path.mnt || is_mountpoint(oi))
		return -EBUSY;
	if (nexists && (new->mnt != nnd->path.mnt ||
			is_mountpoint(new->inode)))
		return -EBUSY;
	return 0;
}

int vfs_rename(struct path *obase, const char *oldname, struct path *nbase,
	       const char *newname)
{
	struct nameidata ond, nnd;
	struct path old, new;
	int err, oexists, nexists;

	down(&namespace_sem);
	err = walk_parent(obase, oldname, &ond, &old, &oexists);
	if (err)
		goto out;
	err = walk_parent(nbase, newname, &nnd, &new, &nexists);
	if (err)
		goto put_old;	/* the old name's reference too */
	if (ond.last_type != LAST_NORM || nnd.last_type != LAST_NORM)
		err = -EBUSY;
	else if (mnt_is_readonly(ond.path.mnt))
		err = -EROFS;
	else if (oexists)
		err = oexists;
	else if (!nexists && new.inode == old.inode)
		err = 0;	/* two links to one file: nothing to do */
	else if (!ond.path.inode->i_op->rename)
		err = -EPERM;
	else
		err = rename_checks(&ond, &old, &nnd, &new, !nexists);
	if (!err && !(!nexists && new.inode == old.inode)) {
		char *name = nexists ? NULL : name_before_last_unlink(&new);

		err = ond.path.inode->i_op->rename(ond.path.inode, &ond.last,
						   nnd.path.inode, &nnd.last);
		if (!nexists)
			keep_deleted_name(new.inode, name, err);
	}
	if (!nexists)
		path_put(&new);
	path_put(&nnd.path);
put_old:
	if (!oexists)
		path_put(&old);
	path_put(&ond.path);
out:
	up(&namespace_sem);
	return err;
}
