/*
 * fs/truncate.h - shrinking a file's page cache.
 */
#ifndef FS_TRUNCATE_H
#define FS_TRUNCATE_H

#include "fs/inode.h"

/*
 * Remove and free every page at or past byte lstart; the page holding
 * lstart itself keeps its head and has its tail zeroed, so that a later
 * extension reads zeros there.
 */
void truncate_inode_pages(struct address_space *mapping, loff_t lstart);
/*
 * The bytes lstart..lend (inclusive; lend -1: to the end) read as zeros
 * from now on: whole pages and their swap slots are freed, the partial
 * pages at the ends zeroed in place.  The caller has unmapped the whole
 * pages (unmap_mapping_range) and holds inode->i_sem.
 */
void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart,
				loff_t lend);
/*
 * Set i_size: shrinking first unmaps the pages past the new end from
 * every process (unmap_mapping_range), then frees them; growing leaves a
 * hole that reads as zeros.  Caller holds inode->i_sem.
 */
int vmtruncate(struct inode *inode, loff_t size);

/*
 * Drop the pages of a disk-backed mapping that are only a copy of the
 * disk: clean, not being written, not mapped, unused (drop_caches).  A
 * memory file system's pages are its data: nothing goes.  Returns the
 * number dropped.
 */
unsigned long invalidate_mapping_pages(struct address_space *mapping);

#endif
