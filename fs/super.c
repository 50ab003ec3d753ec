/*
 * fs/super.c - file system types and superblocks without a device.
 *
 * Every Mapback file system lives in memory, so each superblock gets an
 * anonymous device number (major 0, as Linux's "unnamed" devices) that
 * stat() reports as st_dev.
 */
#include "fs/super.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/slab.h"

static struct file_system_type *file_systems;
static unsigned int next_anon_minor = 1;

void register_filesystem(struct file_system_type *type)
{
	struct file_system_type **p = &file_systems;

	while (*p)
		p = &(*p)->next;
	type->next = NULL;
	*p = type;
}

struct file_system_type *get_fs_type(const char *name)
{
	struct file_system_type *t;

	for (t = file_systems; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

void for_each_filesystem(void (*fn)(struct file_system_type *, void *),
			 void *arg)
{
	struct file_system_type *t;

	for (t = file_systems; t; t = t->next)
		fn(t, arg);
}

struct super_block *sget_nodev(struct file_system_type *type,
			       const struct super_operations *ops)
{
	struct super_block *sb = kzalloc(sizeof(*sb), GFP_KERNEL);

	if (!sb)
		return NULL;
	sb->s_dev = MKDEV(0, next_anon_minor++);
	sb->s_type = type;
	sb->s_op = ops;
	return sb;
}

void kill_anon_super(struct super_block *sb)
{
	kfree(sb);
}
