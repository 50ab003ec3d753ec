/*
 * fs/fs_struct.h - a process's root and current directory.
 *
 * fork() copies it (copy_fs_struct: the child gets its own cwd, starting
 * where the parent's was).  Kernel code running before the first process,
 * and the ktests, resolve paths against init_fs, whose root and cwd are
 * the root mount.
 */
#ifndef FS_FS_STRUCT_H
#define FS_FS_STRUCT_H

#include "fs/mount.h"

struct fs_struct {
	unsigned int count;
	struct path root, pwd;
};

extern struct fs_struct init_fs;

/* current->fs, or init_fs when there is no process context yet. */
struct fs_struct *current_fs(void);
/* A new fs_struct like init_fs (for the first process). */
struct fs_struct *fs_struct_alloc_init(void);
struct fs_struct *copy_fs_struct(struct fs_struct *old);
void put_fs_struct(struct fs_struct *fs);
void set_fs_pwd(struct fs_struct *fs, struct path *path);
void set_fs_root(struct fs_struct *fs, struct path *path);
/* The current process's umask (0022 without a process). */
unsigned int current_umask(void);

#endif
