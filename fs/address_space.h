/*
 * fs/address_space.h - the pages of one file, and the mappings of it.
 *
 * Every inode has one address_space (inode->i_data, reached through
 * inode->i_mapping).  It indexes the file's page cache pages by page
 * offset in a radix tree; each such page has page->mapping pointing back
 * here and page->index set to its offset.  That back pointer is where
 * object-based rmap starts: from a page, its mapping's i_mmap and
 * i_mmap_shared lists (and the interval tree beside each, mm/rmap/i_mmap.h)
 * give every VMA that can map it, and the address inside each is
 * vm_start + ((index - vm_pgoff) << PAGE_SHIFT).
 *
 * Locks: tree_lock (mm/locking.h, interrupts off) guards page_tree and
 * nrpages; i_shared_sem guards the VMA lists and trees (rmap walkers only
 * down_trylock it).
 *
 * gfp_mask is what the mapping's pages are allocated with (Linux's
 * mapping_gfp_mask).  It is GFP_KERNEL, low memory, unless the file
 * system says the pages may be high (GFP_HIGHUSER): then every reader and
 * writer of their contents goes through kmap (mm/phys/highmem.h).  ramfs
 * files' and ext2 regular files' pages may be high; a block device's
 * pages, whose buffer heads point into them, stay low.
 */
#ifndef FS_ADDRESS_SPACE_H
#define FS_ADDRESS_SPACE_H

#include "kernel/lib/radix_tree.h"
#include "kernel/list.h"
#include "kernel/sched/semaphore.h"
#include "kernel/sched/spinlock.h"
#include "kernel/types.h"
#include "mm/phys/gfp.h"

struct page;
struct file;
struct inode;
struct address_space;
struct vm_area_struct;
struct writeback_control;

struct address_space_operations {
	/* Fill a locked, new page from the backing store; unlocks it. */
	int (*readpage)(struct file *file, struct page *page);
	/*
	 * Readahead (mm/vm/readahead.c): start filling nr pages, each new in
	 * this mapping's cache, locked and not up to date, without waiting;
	 * each is unlocked when its read ends (up to date, or PG_error).
	 */
	void (*readpages)(struct file *file, struct address_space *mapping,
			  struct page **pages, unsigned int nr);
	/* Write a locked dirty page out (ramfs's moves it to swap). */
	int (*writepage)(struct page *page);
	/*
	 * Write the dirty pages a writeback_control asks for (NULL:
	 * writepage on each; mm/writeback/writeback.h's do_writepages).
	 * Writeback, fsync and sync call it; reclaim calls writepage.
	 */
	int (*writepages)(struct address_space *mapping,
			  struct writeback_control *wbc);
	/*
	 * A disk file system's write(2) (generic_file_write), around the
	 * copy into bytes from..to of the locked page: prepare_write maps
	 * or allocates the blocks under them (-ENOSPC, -EFBIG end the write
	 * there); commit_write, once the page is dirty and i_size covers
	 * the bytes, records the inode's change.  NULL: nothing to do (the
	 * memory file systems).
	 */
	int (*prepare_write)(struct file *file, struct page *page,
			     unsigned int from, unsigned int to);
	int (*commit_write)(struct file *file, struct page *page,
			    unsigned int from, unsigned int to);
	/* Mark the page dirty the way this mapping wants; returns old state. */
	int (*set_page_dirty)(struct page *page);
	/*
	 * The pages are the file (ramfs): a page not in the cache is a hole
	 * or on swap, never on a disk, and a clean page is not a copy of
	 * anything.  Else (ext2, block devices) readpage reads the disk and
	 * a clean page may be dropped: it can be read again.
	 */
	bool memory_backed;
};

struct address_space {
	struct inode *host;
	spinlock_t tree_lock;		/* page_tree, nrpages */
	struct radix_tree_root page_tree;	/* page offset -> struct page */
	unsigned long nrpages;
	struct list_head i_mmap;	/* private VMAs, via vma->shared */
	struct list_head i_mmap_shared;	/* MAP_SHARED VMAs, via vma->shared */
	/* The same VMAs in interval trees, unless i_mmap=list. */
	struct vm_area_struct *i_mmap_root;
	struct vm_area_struct *i_mmap_shared_root;
	struct semaphore i_shared_sem;	/* guards the lists and trees */
	const struct address_space_operations *a_ops;
	/* AS_EIO, AS_ENOSPC: a write-back error not yet reported by fsync
	 * (mm/writeback/writeback.h). */
	u32 flags;
	/* Its dirty pages, for a mapping that counts them (nr_file_dirty). */
	unsigned long nrdirty;
	gfp_t gfp_mask;	/* its pages' allocations: low or high */

	/*
	 * ramfs pages that reclaim moved to swap (mm/reclaim/shmem_swap.c): offset ->
	 * swap entry, for the pages that have no other copy.  A mapping with
	 * any is on swapped_mappings, where swapoff finds it.
	 */
	struct radix_tree_root swap_tree;
	unsigned long nrswapped;
	struct list_head swapped;
};

void address_space_init(struct address_space *mapping, struct inode *host,
			const struct address_space_operations *a_ops);

static inline gfp_t mapping_gfp_mask(const struct address_space *mapping)
{
	return mapping->gfp_mask;
}

static inline void mapping_set_gfp_mask(struct address_space *mapping,
					gfp_t mask)
{
	mapping->gfp_mask = mask;
}

#endif
