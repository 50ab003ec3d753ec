/*
 * fs/ramfs_inode.c - ramfs superblocks, inodes and regular files.
 */
#include "fs/ramfs.h"
#include "fs/ramfs_swap.h"
#include "fs/chrdev.h"
#include "fs/file.h"
#include "fs/generic_file.h"
#include "fs/super.h"
#include "fs/truncate.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/slab.h"

static const struct address_space_operations ramfs_aops = {
	.readpage = ramfs_readpage,
	.writepage = ramfs_writepage,
	.set_page_dirty = simple_set_page_dirty,
};

static int ramfs_truncate(struct inode *inode, loff_t size)
{
	return vmtruncate(inode, size);
}

const struct inode_operations ramfs_file_inode_operations = {
	.truncate = ramfs_truncate,
};

const struct file_operations ramfs_file_operations = {
	.read = generic_file_read,
	.write = generic_file_write,
};

static void ramfs_destroy_inode(struct inode *inode)
{
	/* Directories are empty by now; symlinks own their target. */
	kfree(inode->i_private);
}

static const struct super_operations ramfs_sops = {
	.drop_inode = generic_drop_inode,
	.destroy_inode = ramfs_destroy_inode,
};

struct inode *ramfs_get_inode(struct super_block *sb, struct inode *dir,
			      umode_t mode, dev_t rdev)
{
	struct inode *inode = new_inode(sb, mode);
	struct ramfs_dir *d;

	if (!inode)
		return NULL;
	inode_init_owner(inode, dir, mode);
	switch (mode & S_IFMT) {
	case S_IFREG:
		inode->i_op = &ramfs_file_inode_operations;
		inode->i_fop = &ramfs_file_operations;
		inode->i_mapping->a_ops = &ramfs_aops;
		break;
	case S_IFDIR:
		d = kzalloc(sizeof(*d), GFP_KERNEL);
		if (!d) {
			inode->i_nlink = 0;
			iput(inode);
			return NULL;
		}
		INIT_LIST_HEAD(&d->entries);
		d->parent = dir ? dir : inode;
		d->next_cookie = 2;	/* 0 and 1 are "." and ".." */
		inode->i_private = d;
		inode->i_nlink = 2;
		inode->i_op = &ramfs_dir_inode_operations;
		inode->i_fop = &ramfs_dir_operations;
		break;
	case S_IFLNK:
		inode->i_op = &ramfs_symlink_inode_operations;
		break;
	default:
		init_special_inode(inode, mode, rdev);
		break;
	}
	return inode;
}

static struct super_block *ramfs_fill_super(struct file_system_type *type,
					    int *err)
{
	struct super_block *sb = sget_nodev(type, &ramfs_sops);

	if (!sb) {
		*err = -ENOMEM;
		return NULL;
	}
	/* Linux's tmpfs and devtmpfs are shmem, which says TMPFS_MAGIC. */
	sb->s_magic = strcmp(type->name, "ramfs") ? TMPFS_MAGIC : RAMFS_MAGIC;
	sb->s_root = ramfs_get_inode(sb, NULL, S_IFDIR | 0755, 0);
	if (!sb->s_root) {
		kill_anon_super(sb);
		*err = -ENOMEM;
		return NULL;
	}
	return sb;
}

static struct super_block *ramfs_get_sb(struct file_system_type *type,
					const char *dev_name, int *err)
{
	(void)dev_name;
	return ramfs_fill_super(type, err);
}

/*
 * The last mount went: drop the whole tree.  Unlinking bottom-up would
 * need the namespace code; instead every inode reachable from the root is
 * unlinked here, which frees it once no open file holds it.
 */
static void ramfs_kill_tree(struct inode *dir)
{
	struct ramfs_dir *d = dir->i_private;
	struct ramfs_dirent *e, *n;

	list_for_each_entry_safe(e, n, &d->entries, list) {
		struct inode *inode = igrab(e->inode);

		if (S_ISDIR(inode->i_mode)) {
			ramfs_kill_tree(inode);
			inode->i_nlink = 0;
		} else {
			inode->i_nlink--;
		}
		list_del(&e->list);
		kfree(e);
		iput(inode);
	}
	d->nr = 0;
}

static void ramfs_kill_sb(struct super_block *sb)
{
	ramfs_kill_tree(sb->s_root);
	sb->s_root->i_nlink = 0;
	iput(sb->s_root);
	kill_anon_super(sb);
}

static struct file_system_type ramfs_fs_type = {
	.name = "ramfs", .get_sb = ramfs_get_sb, .kill_sb = ramfs_kill_sb,
	.nodev = true,
};

static struct file_system_type tmpfs_fs_type = {
	.name = "tmpfs", .get_sb = ramfs_get_sb, .kill_sb = ramfs_kill_sb,
	.nodev = true,
};

static struct super_block *devtmpfs;

struct super_block *devtmpfs_sb(void)
{
	return devtmpfs;
}

static struct super_block *devtmpfs_get_sb(struct file_system_type *type,
					   const char *dev_name, int *err)
{
	(void)type;
	(void)dev_name;
	if (!devtmpfs)
		*err = -ENODEV;
	return devtmpfs;
}

/* The shared instance outlives its mounts. */
static void devtmpfs_kill_sb(struct super_block *sb)
{
	(void)sb;
}

static struct file_system_type devtmpfs_fs_type = {
	.name = "devtmpfs", .get_sb = devtmpfs_get_sb,
	.kill_sb = devtmpfs_kill_sb, .nodev = true,
};

void ramfs_init(void)
{
	int err = 0;

	register_filesystem(&ramfs_fs_type);
	register_filesystem(&tmpfs_fs_type);
	register_filesystem(&devtmpfs_fs_type);
	devtmpfs = ramfs_fill_super(&devtmpfs_fs_type, &err);
	BUG_ON(!devtmpfs);
}
