/*
 * fs/namei.c - path walking.
 *
 * link_path_walk consumes a name one component at a time, keeping the
 * directory reached so far in nd->path (always referenced).  A symlink is
 * followed by walking its target from the directory that contains it,
 * recursively: the recursion depth is the nesting limit.  A link with
 * follow_link (/proc/PID/fd/N) is not walked: the walk jumps to the
 * object it stands for, as Linux's nd_jump_link.
 */
#include "fs/namei.h"
#include "fs/file.h"
#include "fs/fs_struct.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"

DECLARE_MUTEX(namespace_sem);

static int link_path_walk(const char *name, struct nameidata *nd,
			  unsigned int flags);

/* The mode bits that apply to the caller: owner, group or others. */
static umode_t class_bits(const struct inode *inode)
{
	umode_t mode = inode->i_mode;

	if (current_cred()->fsuid == inode->i_uid)
		return (mode >> 6) & 7;
	if (in_group_p(inode->i_gid))
		return (mode >> 3) & 7;
	return mode & 7;
}

int inode_permission(struct inode *inode, int mask)
{
	mask &= MAY_READ | MAY_WRITE | MAY_EXEC;
	if (!(mask & ~class_bits(inode)))
		return 0;
	if (S_ISDIR(inode->i_mode)) {
		if (!(mask & MAY_WRITE) && capable(CAP_DAC_READ_SEARCH))
			return 0;
		return capable(CAP_DAC_OVERRIDE) ? 0 : -EACCES;
	}
	if (mask == MAY_READ && capable(CAP_DAC_READ_SEARCH))
		return 0;
	if ((!(mask & MAY_EXEC) || (inode->i_mode & S_IXUGO)) &&
	    capable(CAP_DAC_OVERRIDE))
		return 0;
	return -EACCES;
}

bool inode_owner_or_capable(const struct inode *inode)
{
	return current_cred()->fsuid == inode->i_uid || capable(CAP_FOWNER);
}

int may_create(struct inode *dir)
{
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

int may_unlink(struct inode *dir, struct inode *victim)
{
	u32 fsuid = current_cred()->fsuid;
	int err = inode_permission(dir, MAY_WRITE | MAY_EXEC);

	if (err)
		return err;
	if ((dir->i_mode & S_ISVTX) && fsuid != victim->i_uid &&
	    fsuid != dir->i_uid && !capable(CAP_FOWNER))
		return -EPERM;
	return 0;
}

static bool path_equal(const struct path *a, const struct path *b)
{
	return a->mnt == b->mnt && a->inode == b->inode;
}

static void path_set(struct nameidata *nd, struct path *next)
{
	path_put(&nd->path);
	nd->path = *next;
}

int lookup_one(struct path *dir, const struct qstr *name, struct path *res)
{
	struct vfsmount *mnt = dir->mnt, *m;
	struct inode *inode;
	int err;

	if (!dir->inode->i_op || !dir->inode->i_op->lookup)
		return -ENOTDIR;
	err = dir->inode->i_op->lookup(dir->inode, name, &inode);
	if (err)
		return err;
	while ((m = lookup_mnt(mnt, inode)) != NULL) {
		iput(inode);
		mnt = m;
		inode = igrab(m->mnt_root);
	}
	res->mnt = mntget(mnt);
	res->inode = inode;
	return 0;
}

/* "..": never above the process root; out of a mount at its root. */
static int follow_dotdot(struct nameidata *nd)
{
	struct path *root = &current_fs()->root;
	struct qstr dotdot = { "..", 2 };
	struct inode *parent;
	struct path up;
	int err;

	for (;;) {
		struct vfsmount *mnt = nd->path.mnt;

		if (path_equal(&nd->path, root))
			return 0;
		if (nd->path.inode != mnt->mnt_root)
			break;
		if (mnt->mnt_parent == mnt)
			return 0;
		up.mnt = mntget(mnt->mnt_parent);
		up.inode = igrab(mnt->mnt_mountpoint);
		path_set(nd, &up);
	}
	err = nd->path.inode->i_op->lookup(nd->path.inode, &dotdot, &parent);
	if (err)
		return err;
	up.mnt = mntget(nd->path.mnt);
	up.inode = parent;
	path_set(nd, &up);
	return 0;
}

static int follow_link(struct path *link, struct nameidata *nd)
{
	struct inode *inode = link->inode;
	char *buf;
	int n, err;

	if (nd->depth >= MAX_NESTED_LINKS || nd->total_links >= MAX_LINKS)
		return -ELOOP;
	if (!inode->i_op || !inode->i_op->readlink)
		return -EINVAL;
	if (inode->i_op->follow_link) {
		struct path to;

		err = inode->i_op->follow_link(inode, &to);
		if (err)
			return err;
		nd->total_links++;
		path_set(nd, &to);
		return 0;
	}
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	n = inode->i_op->readlink(inode, buf, PATH_MAX - 1);
	if (n < 0) {
		kfree(buf);
		return n;
	}
	buf[n] = '\0';
	nd->depth++;
	nd->total_links++;
	err = n ? link_path_walk(buf, nd, LOOKUP_FOLLOW) : -ENOENT;
	nd->depth--;
	kfree(buf);
	return err;
}

static int last_type(const char *s, unsigned int len)
{
	if (len == 1 && s[0] == '.')
		return LAST_DOT;
	if (len == 2 && s[0] == '.' && s[1] == '.')
		return LAST_DOTDOT;
	return LAST_NORM;
}

/* Step from nd->path into the component q. */
static int walk_one(struct nameidata *nd, struct qstr *q, bool follow)
{
	struct path next;
	int err;

	switch (last_type(q->name, q->len)) {
	case LAST_DOT:
		return 0;
	case LAST_DOTDOT:
		return follow_dotdot(nd);
	}
	err = lookup_one(&nd->path, q, &next);
	if (err)
		return err;
	if (S_ISLNK(next.inode->i_mode) && follow) {
		err = follow_link(&next, nd);
		path_put(&next);
		return err;
	}
	path_set(nd, &next);
	return 0;
}

static int link_path_walk(const char *name, struct nameidata *nd,
			  unsigned int flags)
{
	struct path *root = &current_fs()->root;

	if (*name == '/') {
		path_put(&nd->path);
		nd->path = *root;
		path_get(&nd->path);
		while (*name == '/')
			name++;
		if (!*name) {
			nd->last_type = LAST_ROOT;
			return 0;
		}
	}
	for (;;) {
		struct qstr q = { name, 0 };
		bool slash, last;
		int err;

		while (name[q.len] && name[q.len] != '/')
			q.len++;
		if (q.len > NAME_MAX)
			return -ENAMETOOLONG;
		name += q.len;
		slash = *name == '/';
		while (*name == '/')
			name++;
		last = !*name;
		if (!S_ISDIR(nd->path.inode->i_mode))
			return -ENOTDIR;
		err = inode_permission(nd->path.inode, MAY_EXEC);
		if (err)
			return err;
		if (last && (flags & LOOKUP_PARENT)) {
			nd->last = q;
			nd->last_type = last_type(q.name, q.len);
			nd->trailing_slash = slash;
			return 0;
		}
		err = walk_one(nd, &q, !last || slash || (flags & LOOKUP_FOLLOW));
		if (err)
			return err;
		if (last) {
			if ((slash || (flags & LOOKUP_DIRECTORY)) &&
			    !S_ISDIR(nd->path.inode->i_mode))
				return -ENOTDIR;
			nd->last_type = LAST_NORM;
			return 0;
		}
	}
}

int path_walk(const char *name, struct path *base, unsigned int flags,
	      struct nameidata *nd)
{
	int err;

	memset(nd, 0, sizeof(*nd));
	nd->flags = flags;
	if (!*name)
		return -ENOENT;
	nd->path = base ? *base : current_fs()->pwd;
	path_get(&nd->path);
	err = link_path_walk(name, nd, flags);
	if (err)
		path_put(&nd->path);
	return err;
}

int kern_path(const char *name, struct path *base, unsigned int flags,
	      struct path *res)
{
	struct nameidata nd;
	int err;

	down(&namespace_sem);
	err = path_walk(name, base, flags & ~LOOKUP_PARENT, &nd);
	up(&namespace_sem);
	if (!err)
		*res = nd.path;
	return err;
}
