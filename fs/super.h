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

void register_filesystem(struct file_system_type *type);
struct file_system_type *get_fs_type(const char *name);
/* Calls fn for each type, in registration order. */
void for_each_filesystem(void (*fn)(struct file_system_type *, void *),
			 void *arg);

#endif
