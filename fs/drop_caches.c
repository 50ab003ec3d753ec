/*
 * fs/drop_caches.c - dropping clean caches on request (drop_caches).
 *
 * The page cache of a disk file system lives in two kinds of mapping:
 * each file's (the inodes in memory, which the file system lists:
 * s_op->iterate_inodes) and the device's (its metadata blocks, and with
 * blocks smaller than a page a copy of file data too).  Both are emptied
 * with invalidate_mapping_pages, which keeps whatever is not only a copy
 * of the disk.  The files go first, so that the device pages their
 * buffers pinned can go after them.  namespace_sem keeps each device's
 * file system mounted meanwhile, as sync does.  The inodes listed include
 * those kept unused in the inode cache (fs/inode.c), which drop_slab
 * evicts when they are clean, as Linux's 2 prunes its inode cache.
 */
#include "fs/block_dev.h"
#include "fs/drop_caches.h"
#include "fs/namei.h"
#include "fs/truncate.h"
#include "kernel/process/kstack.h"
#include "kernel/lib/radix_tree.h"
#include "mm/phys/slab.h"
#include "mm/rmap/pte_chain.h"

static void drop_inode_pages(struct inode *inode, void *unused)
{
	(void)unused;
	invalidate_mapping_pages(inode->i_mapping);
}

static void drop_bdev_pagecache(struct block_device *bdev, void *unused)
{
	struct super_block *sb = bdev->bd_super;

	(void)unused;
	if (sb && sb->s_op && sb->s_op->iterate_inodes)
		sb->s_op->iterate_inodes(sb, drop_inode_pages, NULL);
	invalidate_mapping_pages(bdev->bd_inode->i_mapping);
}

void drop_pagecache(void)
{
	down(&namespace_sem);
	iterate_bdevs(drop_bdev_pagecache, NULL);
	up(&namespace_sem);
}

/* Until a pass evicts nothing: an evicted inode lets go of its directory,
 * which joins the unused list behind the pass. */
void drop_slab(void)
{
	while (prune_icache(nr_unused_inodes()))
		;
	pte_chain_drop_spare();
	kstack_drop_cached();
	radix_tree_preload_drain();
	kmem_cache_shrink_all();
}
