/*
 * fs/inode.c - allocating, referencing and destroying inodes.
 *
 * Inodes come from one slab cache.  i_count counts references; when the
 * last goes, the superblock's drop_inode decides whether the inode dies
 * (unlinked ramfs file, transient procfs inode) or stays (a ramfs file
 * still linked in its directory).  Destroying an inode first empties its
 * page cache, so a file's pages are freed when its last link and its last
 * reference are both gone.
 *
 * The inode cache (Linux 2.6's inode_hashtable and inode_unused): a disk
 * file system hashes each inode it reads by (sb, ino) and finds it there
 * again (ilookup).  A hashed inode that drop_inode keeps at its last iput
 * (it still has links) goes to the tail of inode_unused with its pages,
 * clean or dirty; the flusher writes the dirty ones (fs/fs_writeback.c
 * takes a reference meanwhile, which takes it off the list).  It leaves
 * the list when it is used again (igrab), or is evicted: by prune_icache
 * (reclaim, drop_caches), oldest first and only clean, or by evict_inodes
 * at unmount.  The kernel is not preemptive and no interrupt touches these
 * lists, so a change that does not sleep needs no lock.
 */
#include "fs/fs_writeback.h"
#include "fs/inode.h"
#include "fs/pipe.h"
#include "fs/truncate.h"
#include "kernel/printk.h"
#include "kernel/process/cred.h"
#include "kernel/time/time.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/page.h"
#include "mm/phys/slab.h"

#define I_HASHBITS 8
#define I_HASHSIZE (1u << I_HASHBITS)

static struct kmem_cache *inode_cachep;
static unsigned long inodes_in_use, inodes_unused;
static struct list_head inode_hashtable[I_HASHSIZE];
static LIST_HEAD(inode_unused);

void inode_cache_init(void)
{
	unsigned int i;

	inode_cachep = kmem_cache_create("inode_cache", sizeof(struct inode),
					 0, NULL);
	BUG_ON(!inode_cachep);
	for (i = 0; i < I_HASHSIZE; i++)
		INIT_LIST_HEAD(&inode_hashtable[i]);
}

static struct list_head *inode_hash(struct super_block *sb, unsigned long ino)
{
	unsigned long h = ino ^ ((unsigned long)sb / sizeof(*sb));

	return &inode_hashtable[(h ^ (h >> I_HASHBITS)) & (I_HASHSIZE - 1)];
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
	INIT_LIST_HEAD(&inode->i_hash);
	INIT_LIST_HEAD(&inode->i_lru);
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
	if (!list_empty(&inode->i_lru)) {
		list_del_init(&inode->i_lru);
		inodes_unused--;
	}
	inode->i_count++;
	return inode;
}

struct inode *ilookup(struct super_block *sb, unsigned long ino)
{
	struct inode *inode;

	list_for_each_entry(inode, inode_hash(sb, ino), i_hash)
		if (inode->i_sb == sb && inode->i_ino == ino)
			return igrab(inode);
	return NULL;
}

void insert_inode_hash(struct inode *inode)
{
	list_add(&inode->i_hash, inode_hash(inode->i_sb, inode->i_ino));
}

bool generic_drop_inode(struct inode *inode)
{
	return inode->i_nlink == 0;
}

static void destroy_inode(struct inode *inode)
{
	list_del_init(&inode->i_hash); /* first: nobody may find it now */
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
	if (!inode->i_sb->s_op->drop_inode(inode)) {
		/* Kept: a hashed one waits on the unused list, unless it was
		 * found again while drop_inode slept. */
		if (!list_empty(&inode->i_hash) && !inode->i_count &&
		    list_empty(&inode->i_lru)) {
			list_add_tail(&inode->i_lru, &inode_unused);
			inodes_unused++;
		}
		return;
	}
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

/* An unused inode leaves the cache: unfindable first, then destroyed. */
static void evict(struct inode *inode)
{
	list_del_init(&inode->i_lru);
	inodes_unused--;
	destroy_inode(inode);
}

static bool can_unuse(struct inode *inode)
{
	const struct super_operations *sop = inode->i_sb->s_op;

	return !(inode->i_state & I_DIRTY) && !inode->i_mapping->nrdirty &&
	       (!sop->can_prune || sop->can_prune(inode->i_sb));
}

/*
 * Each round takes the oldest unused inode: one that is dirty, or keeps
 * a page (dirty, being written, locked, held), goes to the tail; as many
 * rounds as inodes were unused at the start.  evict may sleep (the iput
 * of a directory the inode held), so each round starts at the head.
 */
unsigned long prune_icache(unsigned long nr)
{
	unsigned long scan = inodes_unused, freed = 0;
	struct inode *inode;

	while (freed < nr && scan-- > 0 && !list_empty(&inode_unused)) {
		inode = list_first_entry(&inode_unused, struct inode, i_lru);
		if (can_unuse(inode))
			invalidate_mapping_pages(inode->i_mapping);
		if (!can_unuse(inode) || inode->i_mapping->nrpages) {
			list_move_tail(&inode->i_lru, &inode_unused);
			continue;
		}
		evict(inode);
		freed++;
	}
	return freed;
}

/* The file system has written everything back it could: what is still
 * dirty failed to be written and is lost with the inode. */
void evict_inodes(struct super_block *sb)
{
	struct inode *inode;
	bool again = true;

	while (again) {
		again = false;
		list_for_each_entry(inode, &inode_unused, i_lru) {
			if (inode->i_sb != sb)
				continue;
			if (inode->i_mapping->nrdirty)
				printk(KERN_ERR "VFS (%s): inode #%lu: dirty "
						"data lost at unmount, its "
						"write failed\n",
				       sb->s_id, inode->i_ino);
			evict(inode); /* may sleep: the list changes */
			again = true;
			break;
		}
	}
}

unsigned long nr_inodes(void)
{
	return inodes_in_use;
}

unsigned long nr_unused_inodes(void)
{
	return inodes_unused;
}
