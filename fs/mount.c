/*
 * fs/mount.c - mounting and unmounting.
 *
 * The caller holds namespace_sem.  A mount holds a reference on its
 * mountpoint inode (so the covered directory cannot vanish), on its root
 * inode, and on its parent mount; superblocks count their mounts in
 * s_active and are killed with the last one.
 */
#include "fs/mount.h"
#include "fs/super.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/slab.h"

LIST_HEAD(mount_list);
static int last_mnt_id;	/* mnt_id: counts up, never reused */

void path_get(struct path *path)
{
	mntget(path->mnt);
	igrab(path->inode);
}

void path_put(struct path *path)
{
	iput(path->inode);
	mntput(path->mnt);
}

struct vfsmount *lookup_mnt(struct vfsmount *parent, struct inode *dir)
{
	struct vfsmount *m;

	/* Newest first: a later mount on the same place hides older ones. */
	for (m = list_last_entry(&mount_list, struct vfsmount, mnt_list);
	     &m->mnt_list != &mount_list;
	     m = list_entry(m->mnt_list.prev, struct vfsmount, mnt_list))
		if (m->mnt_parent == parent && m->mnt_mountpoint == dir &&
		    m != parent)
			return m;
	return NULL;
}

bool is_mountpoint(struct inode *inode)
{
	struct vfsmount *m;

	list_for_each_entry(m, &mount_list, mnt_list)
		if (m->mnt_mountpoint == inode && m->mnt_parent != m)
			return true;
	return false;
}

int do_mount(const char *dev_name, struct path *where, const char *fstype,
	     unsigned long flags, struct vfsmount **res)
{
	return do_new_mount(dev_name, where, fstype, flags, NULL, res);
}

/* A superblock that a mount uses already keeps its read-only state (as
 * Linux: "Can't mount, would change RO state"); a new one takes the
 * mount's. */
static int setup_sb(struct super_block *sb, unsigned long flags,
		    const char *data)
{
	if (!sb->s_op->remount_fs)
		return (sb->s_flags & MS_RDONLY) && !(flags & MS_RDONLY) ?
			       -EROFS :
			       0;
	if (sb->s_active)
		return (sb->s_flags ^ flags) & MS_RDONLY ? -EBUSY : 0;
	return sb->s_op->remount_fs(sb, flags, data);
}

int do_new_mount(const char *dev_name, struct path *where, const char *fstype,
		 unsigned long flags, const char *data, struct vfsmount **res)
{
	struct file_system_type *type = get_fs_type(fstype);
	struct super_block *sb;
	struct vfsmount *mnt;
	int err = 0;

	if (!type)
		return -ENODEV;
	if (where && !S_ISDIR(where->inode->i_mode))
		return -ENOTDIR;
	mnt = kzalloc(sizeof(*mnt), GFP_KERNEL);
	if (!mnt)
		return -ENOMEM;
	sb = type->get_sb(type, dev_name, &err);
	if (!sb) {
		kfree(mnt);
		return err;
	}
	err = setup_sb(sb, flags, data);
	if (err) {
		if (!sb->s_active)
			type->kill_sb(sb);
		kfree(mnt);
		return err;
	}
	/* The same file system again on its own root: Linux refuses. */
	if (where && where->mnt->mnt_sb == sb &&
	    where->inode == where->mnt->mnt_root) {
		kfree(mnt);
		return -EBUSY;
	}
	sb->s_active++;
	mnt->mnt_sb = sb;
	mnt->mnt_root = igrab(sb->s_root);
	mnt->mnt_count = 1;
	mnt->mnt_flags = flags;
	mnt->mnt_id = ++last_mnt_id;
	strlcpy(mnt->mnt_devname, dev_name ? dev_name : "none",
		sizeof(mnt->mnt_devname));
	if (where) {
		mnt->mnt_parent = mntget(where->mnt);
		mnt->mnt_mountpoint = igrab(where->inode);
	} else {
		mnt->mnt_parent = mnt;
	}
	list_add_tail(&mnt->mnt_list, &mount_list);
	if (res)
		*res = mnt;
	return 0;
}

#define MS_REMOUNT_MASK (MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC)

int do_remount(struct path *path, unsigned long flags, const char *data)
{
	struct vfsmount *mnt = path->mnt;
	struct super_block *sb = mnt->mnt_sb;
	int err;

	if (path->inode != mnt->mnt_root)
		return -EINVAL;
	if (!(flags & MS_RDONLY) && (sb->s_flags & MS_RDONLY) &&
	    !sb->s_op->remount_fs)
		return -EROFS;
	if ((flags & MS_RDONLY) && !mnt_is_readonly(mnt) && mnt->mnt_writers)
		return -EBUSY;
	if (sb->s_op->remount_fs) {
		err = sb->s_op->remount_fs(sb, flags, data);
		if (err)
			return err;
	}
	mnt->mnt_flags = (mnt->mnt_flags & ~MS_REMOUNT_MASK) |
			 (flags & MS_REMOUNT_MASK);
	return 0;
}

static bool has_children(struct vfsmount *mnt)
{
	struct vfsmount *m;

	list_for_each_entry(m, &mount_list, mnt_list)
		if (m->mnt_parent == mnt && m != mnt)
			return true;
	return false;
}

int do_umount(struct vfsmount *mnt, int flags)
{
	struct super_block *sb = mnt->mnt_sb;

	(void)flags;
	if (mnt->mnt_parent == mnt)
		return -EBUSY;	/* the root stays */
	if (mnt->mnt_count > 1 || has_children(mnt))
		return -EBUSY;
	list_del(&mnt->mnt_list);
	iput(mnt->mnt_mountpoint);
	mntput(mnt->mnt_parent);
	iput(mnt->mnt_root);
	if (--sb->s_active == 0)
		sb->s_type->kill_sb(sb);
	kfree(mnt);
	return 0;
}

void kern_mount(struct vfsmount *mnt, const char *fstype, const char *dev_name)
{
	struct file_system_type *type = get_fs_type(fstype);
	int err = 0;

	BUG_ON(!type);
	mnt->mnt_sb = type->get_sb(type, dev_name, &err);
	BUG_ON(!mnt->mnt_sb);
	mnt->mnt_root = mnt->mnt_sb->s_root;
	mnt->mnt_parent = mnt;
	mnt->mnt_count = 1;
	INIT_LIST_HEAD(&mnt->mnt_list);
}
