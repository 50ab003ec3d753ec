/*
 * fs/inode.c - allocating, referencing and destroying inodes.
 *
 * Inodes come from one slab cache.  i_count counts references; when the
 * last goes, the superblock's drop_inode decides whether the inode dies
 * (unlinked ramfs file, transient procfs inode) or stays (a ramfs file
 * still linked in its directory).  Destroying an inode first empties its
 * page cache, so a file's pages are freed when its last link and its last
 * reference are both gone.
 */
#include "fs/fs_writeback.h"
#include "fs/inode.h"
#include "fs/pipe.h"
#include "fs/truncate.h"
#include "kernel/process/cred.h"
#include "kernel/time/time.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/page.h"
#include "mm/phys/slab.h"

static struct kmem_cache *inode_cachep;
static unsigned long inodes_in_use;

void inode_cache_init(void)
{
	inode_cachep = kmem_cache_create("inode_cache", sizeof(struct inode),
					 0, NULL);
	BUG_ON(!inode_cachep);
}

/* File times are CLOCK_REALTIME (kernel/time/time.c), so settimeofday moves them. */
struct timespec current_time(void)
{
	struct timespec64 now;
	struct timespec t;

	clock_read(CLOCK_REALTIME, &now);
	t.tv_sec = (s32)now.tv_sec;
	t.tv_nsec = (s32)now.tv_nsec;
	return t;
}

void inode_touch_mtime(struct inode *inode)
{
	inode->i_mtime = inode->i_ctime = current_time();
}

struct inode *new_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = kmem_cache_alloc(inode_cachep, GFP_KERNEL);

	if (!inode)
		return NULL;
	memset(inode, 0, sizeof(*inode));
	inode->i_ino = ++sb->s_next_ino;
	inode->i_mode = mode;
	inode->i_nlink = 1;
	inode->i_count = 1;
	inode->i_sb = sb;
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time();
	address_space_init(&inode->i_data, inode, NULL);
	inode->i_mapping = &inode->i_data;
	INIT_LIST_HEAD(&inode->i_wb_list);
	sema_init(&inode->i_sem, 1);
	inodes_in_use++;
	return inode;
}

void inode_init_owner(struct inode *inode, const struct inode *dir,
		      umode_t mode)
{
	const struct cred *c = current_cred();

	inode->i_uid = c->fsuid;
	if (dir && (dir->i_mode & S_ISGID)) {
		inode->i_gid = dir->i_gid;
		if (S_ISDIR(mode))
			mode |= S_ISGID;
		else if ((mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP) &&
			 !in_group_p(dir->i_gid) && !capable(CAP_FSETID))
			mode &= ~S_ISGID;
	} else {
		inode->i_gid = c->fsgid;
	}
	inode->i_mode = mode;
}

struct inode *igrab(struct inode *inode)
{
	inode->i_count++;
	return inode;
}

bool generic_drop_inode(struct inode *inode)
{
	return inode->i_nlink == 0;
}

static void destroy_inode(struct inode *inode)
{
	inode_wb_list_del(inode);
	truncate_inode_pages(inode->i_mapping, 0);
	if (inode->i_pipe)
		free_pipe_info(inode);
	BUG_ON(inode->i_mapping->nrpages);
	if (inode->i_sb->s_op->destroy_inode)
		inode->i_sb->s_op->destroy_inode(inode);
	kfree(inode->i_deleted_name);
	inodes_in_use--;
	kmem_cache_free(inode_cachep, inode);
}

void iput(struct inode *inode)
{
	if (!inode)
		return;
	BUG_ON(inode->i_count == 0);
	if (--inode->i_count)
		return;
	if (!inode->i_sb->s_op->drop_inode(inode))
		return;
	/* Still linked: what it has not written yet is its data. */
	if (inode->i_nlink && (inode->i_state & I_DIRTY)) {
		inode->i_count++;
		write_inode_now(inode, true);
		if (--inode->i_count)
			return;
	}
	destroy_inode(inode);
}

void inode_getattr(struct inode *inode, struct kstat *st)
{
	st->dev = new_encode_dev(inode->i_sb->s_dev);
	st->ino = inode->i_ino;
	st->mode = inode->i_mode;
	st->nlink = inode->i_nlink;
	st->uid = inode->i_uid;
	st->gid = inode->i_gid;
	st->rdev = new_encode_dev(inode->i_rdev);
	st->size = inode->i_size;
	if (inode->i_blkbits) {
		st->blksize = 1u << inode->i_blkbits;
		st->blocks = inode->i_blocks;
	} else {
		st->blksize = PAGE_SIZE;
		st->blocks = (u64)inode->i_mapping->nrpages * (PAGE_SIZE / 512);
	}
	st->atime = inode->i_atime;
	st->mtime = inode->i_mtime;
	st->ctime = inode->i_ctime;
}

unsigned long nr_inodes(void)
{
	return inodes_in_use;
}
