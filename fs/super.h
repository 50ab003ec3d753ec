/*
 * fs/super.h - the registered file system types.
 *
 * Each file system (ramfs, tmpfs, devtmpfs, proc) registers a
 * file_system_type at boot; mount(2) finds it by name and asks it for a
 * superblock.  /proc/filesystems lists them in registration order.
 */
#ifndef FS_SUPER_H
#define FS_SUPER_H

#include "fs/inode.h"

/* super_block.s_magic: Linux's numbers (include/uapi/linux/magic.h), which
 * statfs(2) reports as f_type and programs such as df compare against. */
#define RAMFS_MAGIC 0x858458f6
#define TMPFS_MAGIC 0x01021994
#define PROC_SUPER_MAGIC 0x9fa0

void register_filesystem(struct file_system_type *type);
struct file_system_type *get_fs_type(const char *name);
/* Calls fn for each type, in registration order. */
void for_each_filesystem(void (*fn)(struct file_system_type *, void *),
			 void *arg);

#endif
