/*
 * fs/ramfs/dir.c - ramfs directories: a list of named entries.
 *
 * The VFS (fs/vfs_namespace.c) has already checked names, types and
 * emptiness, and holds namespace_sem, so these only edit lists and link
 * counts.  A directory's i_nlink is 2 + its subdirectories, as in Linux.
 */
#include "fs/ramfs/ramfs.h"
#include "fs/file.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"

static struct ramfs_dir *rdir(struct inode *dir)
{
	return dir->i_private;
}

static struct ramfs_dirent *find_entry(struct inode *dir,
				       const struct qstr *name)
{
	struct ramfs_dirent *e;

	list_for_each_entry(e, &rdir(dir)->entries, list)
		if (e->len == name->len && !memcmp(e->name, name->name, e->len))
			return e;
	return NULL;
}

static int add_entry(struct inode *dir, const struct qstr *name,
		     struct inode *inode)
{
	struct ramfs_dir *d = rdir(dir);
	struct ramfs_dirent *e = kmalloc(sizeof(*e) + name->len, GFP_KERNEL);

	if (!e)
		return -ENOSPC;
	e->inode = inode;
	e->cookie = d->next_cookie++;
	e->len = name->len;
	memcpy(e->name, name->name, name->len);
	list_add_tail(&e->list, &d->entries);
	d->nr++;
	dir->i_size += BOGO_DIRENT_SIZE;
	inode_touch_mtime(dir);
	return 0;
}

static void del_entry(struct inode *dir, struct ramfs_dirent *e)
{
	list_del(&e->list);
	rdir(dir)->nr--;
	dir->i_size -= BOGO_DIRENT_SIZE;
	inode_touch_mtime(dir);
	kfree(e);
}

static int ramfs_lookup(struct inode *dir, const struct qstr *name,
			struct inode **res)
{
	struct ramfs_dirent *e;

	if (name->len == 2 && name->name[0] == '.' && name->name[1] == '.') {
		*res = igrab(rdir(dir)->parent);
		return 0;
	}
	e = find_entry(dir, name);
	if (!e)
		return -ENOENT;
	*res = igrab(e->inode);
	return 0;
}

static int ramfs_mknod(struct inode *dir, const struct qstr *name,
		       umode_t mode, dev_t rdev, struct inode **res)
{
	struct inode *inode = ramfs_get_inode(dir->i_sb, dir, mode, rdev);
	int err;

	if (!inode)
		return -ENOSPC;
	err = add_entry(dir, name, inode);
	if (err) {
		inode->i_nlink = 0;
		iput(inode);
		return err;
	}
	if (S_ISDIR(mode))
		dir->i_nlink++;
	else
		inode->i_dir_hint = dir;
	*res = inode;
	return 0;
}

static int ramfs_symlink(struct inode *dir, const struct qstr *name,
			 const char *target)
{
	size_t len = strlen(target);
	char *copy = kmalloc(len + 1, GFP_KERNEL);
	struct inode *inode;
	int err;

	if (!copy)
		return -ENOSPC;
	memcpy(copy, target, len + 1);
	err = ramfs_mknod(dir, name, S_IFLNK | 0777, 0, &inode);
	if (err) {
		kfree(copy);
		return err;
	}
	inode->i_private = copy;
	inode->i_size = len;
	iput(inode);
	return 0;
}

static int ramfs_readlink(struct inode *inode, char *buf, int len)
{
	int n = min((int)inode->i_size, len);

	memcpy(buf, inode->i_private, n);
	inode->i_atime = current_time();
	return n;
}

static int ramfs_link(struct inode *old, struct inode *dir,
		      const struct qstr *name)
{
	int err = add_entry(dir, name, old);

	if (err)
		return err;
	old->i_nlink++;
	if (!old->i_dir_hint)
		old->i_dir_hint = dir;
	old->i_ctime = current_time();
	return 0;
}

/* Drop one link of the entry's inode; frees it if that was the last use. */
static void drop_entry(struct inode *dir, struct ramfs_dirent *e)
{
	struct inode *inode = igrab(e->inode);

	del_entry(dir, e);
	if (S_ISDIR(inode->i_mode)) {
		inode->i_nlink = 0;
		dir->i_nlink--;
	} else {
		inode->i_nlink--;
		if (inode->i_dir_hint == dir)
			inode->i_dir_hint = NULL;	/* maybe linked elsewhere */
	}
	inode->i_ctime = current_time();
	iput(inode);
}

static int ramfs_unlink(struct inode *dir, const struct qstr *name)
{
	struct ramfs_dirent *e = find_entry(dir, name);

	if (!e)
		return -ENOENT;
	drop_entry(dir, e);
	return 0;
}

static int ramfs_rmdir(struct inode *dir, const struct qstr *name)
{
	struct ramfs_dirent *e = find_entry(dir, name);

	if (!e)
		return -ENOENT;
	if (rdir(e->inode)->nr)
		return -ENOTEMPTY;
	drop_entry(dir, e);
	return 0;
}

static int ramfs_rename(struct inode *odir, const struct qstr *oname,
			struct inode *ndir, const struct qstr *nname)
{
	struct ramfs_dirent *old = find_entry(odir, oname);
	struct ramfs_dirent *target = find_entry(ndir, nname);
	struct inode *inode;
	int err;

	if (!old)
		return -ENOENT;
	inode = old->inode;
	if (target == old)
		return 0;
	if (target && S_ISDIR(target->inode->i_mode) &&
	    rdir(target->inode)->nr)
		return -ENOTEMPTY;
	/* Make the new entry first: on failure nothing has changed. */
	err = add_entry(ndir, nname, inode);
	if (err)
		return err;
	if (target)
		drop_entry(ndir, target);
	del_entry(odir, old);
	if (S_ISDIR(inode->i_mode)) {
		rdir(inode)->parent = ndir;
		odir->i_nlink--;
		ndir->i_nlink++;
	} else if (inode->i_dir_hint == odir || !inode->i_dir_hint) {
		inode->i_dir_hint = ndir;
	}
	inode->i_ctime = current_time();
	return 0;
}

static int ramfs_readdir(struct file *file, struct dir_context *ctx)
{
	struct inode *dir = file->f_inode;
	struct ramfs_dir *d = rdir(dir);
	struct ramfs_dirent *e;

	if (ctx->pos == 0) {
		if (!ctx->actor(ctx, ".", 1, dir->i_ino, DT_DIR))
			return 0;
		ctx->pos = 1;
	}
	if (ctx->pos == 1) {
		if (!ctx->actor(ctx, "..", 2, d->parent->i_ino, DT_DIR))
			return 0;
		ctx->pos = 2;
	}
	list_for_each_entry(e, &d->entries, list) {
		if (e->cookie < ctx->pos)
			continue;
		if (!ctx->actor(ctx, e->name, e->len, e->inode->i_ino,
				mode_to_dtype(e->inode->i_mode)))
			return 0;
		ctx->pos = e->cookie + 1;
	}
	return 0;
}

const struct inode_operations ramfs_dir_inode_operations = {
	.lookup = ramfs_lookup,
	.mknod = ramfs_mknod,
	.symlink = ramfs_symlink,
	.link = ramfs_link,
	.unlink = ramfs_unlink,
	.rmdir = ramfs_rmdir,
	.rename = ramfs_rename,
};

const struct inode_operations ramfs_symlink_inode_operations = {
	.readlink = ramfs_readlink,
};

const struct file_operations ramfs_dir_operations = {
	.readdir = ramfs_readdir,
};
