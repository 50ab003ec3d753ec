/*
 * fs/fs_struct.c - root and current directory of a process.
 */
#include "fs/fs_struct.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/phys/slab.h"

struct fs_struct init_fs = { .count = 1 };

struct fs_struct *current_fs(void)
{
	if (current && current->fs)
		return current->fs;
	return &init_fs;
}

unsigned int current_umask(void)
{
	return current ? current->umask : 0022;
}

struct fs_struct *copy_fs_struct(struct fs_struct *old)
{
	struct fs_struct *fs = kmalloc(sizeof(*fs), GFP_KERNEL);

	if (!fs)
		return NULL;
	fs->count = 1;
	fs->root = old->root;
	fs->pwd = old->pwd;
	path_get(&fs->root);
	path_get(&fs->pwd);
	return fs;
}

struct fs_struct *fs_struct_alloc_init(void)
{
	return copy_fs_struct(&init_fs);
}

void put_fs_struct(struct fs_struct *fs)
{
	if (--fs->count)
		return;
	path_put(&fs->root);
	path_put(&fs->pwd);
	kfree(fs);
}

void set_fs_pwd(struct fs_struct *fs, struct path *path)
{
	struct path old = fs->pwd;

	path_get(path);
	fs->pwd = *path;
	path_put(&old);
}

void set_fs_root(struct fs_struct *fs, struct path *path)
{
	struct path old = fs->root;

	path_get(path);
	fs->root = *path;
	path_put(&old);
}
