/*
 * fs/ramfs/ramfs.h - ramfs: a file system that is nothing but the page cache.
 *
 * A regular file's bytes are its page cache pages and nothing else.  A
 * directory is a list of (name, inode) entries in memory; an entry
 * accounts for one of the inode's i_nlink, not for an i_count reference.
 * Symlink targets are kept as a string.  ramfs is also mounted as "tmpfs"
 * and, with its device nodes made by the kernel, as "devtmpfs" (one shared
 * instance, as Linux's).
 */
#ifndef FS_RAMFS_RAMFS_H
#define FS_RAMFS_RAMFS_H

#include "fs/inode.h"
#include "kernel/list.h"

struct ramfs_dirent {
	struct list_head list;	/* in ramfs_dir.entries, in cookie order */
	struct inode *inode;
	u32 cookie;	/* readdir position; never reused in this dir */
	unsigned int len;
	char name[];
};

struct ramfs_dir {
	struct list_head entries;
	struct inode *parent;	/* ".."; the root is its own parent */
	u32 next_cookie;
	unsigned int nr;	/* entries, for rmdir's emptiness test */
};

#define BOGO_DIRENT_SIZE 20	/* bytes a directory's size grows per entry */

void ramfs_init(void);
/* The devtmpfs instance (created at boot, shared by every mount). */
struct super_block *devtmpfs_sb(void);

extern const struct inode_operations ramfs_dir_inode_operations;
extern const struct file_operations ramfs_dir_operations;
extern const struct inode_operations ramfs_file_inode_operations;
extern const struct file_operations ramfs_file_operations;
extern const struct inode_operations ramfs_symlink_inode_operations;

struct inode *ramfs_get_inode(struct super_block *sb, struct inode *dir,
			      umode_t mode, dev_t rdev);

#endif
