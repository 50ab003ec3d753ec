/*
 * fs/file.c - allocating and releasing struct file (the last fput also
 * drops the open's OFD locks, compat/locks.h).
 */
#include "fs/file.h"
#include "compat/eventpoll.h"
#include "fs/fcntl.h"
#include "compat/locks.h"
#include "fs/inode.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/slab.h"

static struct kmem_cache *file_cachep;

void file_cache_init(void)
{
	file_cachep = kmem_cache_create("filp", sizeof(struct file), 0, NULL);
	BUG_ON(!file_cachep);
}

struct file *alloc_file(struct path *path, unsigned int flags,
			const struct file_operations *fop)
{
	struct file *f = kmem_cache_alloc(file_cachep, GFP_KERNEL);

	if (!f)
		return NULL;
	memset(f, 0, sizeof(*f));
	f->f_count = 1;
	f->f_flags = flags;
	f->f_mode = flags & O_PATH ? FMODE_PATH
				   : ((flags & O_ACCMODE) + 1) &
					     (FMODE_READ | FMODE_WRITE);
	f->f_path = *path;
	path_get(&f->f_path);
	f->f_inode = path->inode;
	f->f_mapping = path->inode->i_mapping;
	f->f_op = fop;
	if (f->f_inode->i_sb)
		f->f_sb_err = errseq_sample(&f->f_inode->i_sb->s_wb_err);
	INIT_LIST_HEAD(&f->f_ep_links);
	if ((f->f_mode & FMODE_WRITE) && counts_as_writer(f->f_inode))
		f->f_path.mnt->mnt_writers++;
	return f;
}

struct file *get_file(struct file *file)
{
	file->f_count++;
	return file;
}

void fput(struct file *file)
{
	BUG_ON(file->f_count == 0);
	if (--file->f_count)
		return;
	eventpoll_release(file);
	locks_remove_file(file);
	if (file->f_op && file->f_op->release)
		file->f_op->release(file->f_inode, file);
	if ((file->f_mode & FMODE_WRITE) && counts_as_writer(file->f_inode))
		file->f_path.mnt->mnt_writers--;
	path_put(&file->f_path);
	kmem_cache_free(file_cachep, file);
}
