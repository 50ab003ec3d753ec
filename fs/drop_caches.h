/*
 * fs/drop_caches.h - what /proc/sys/vm/drop_caches gives back (Linux's
 * fs/drop_caches.c): 1 the page cache, 2 the slab caches, 3 both.
 */
#ifndef FS_DROP_CACHES_H
#define FS_DROP_CACHES_H

/*
 * Every clean, unmapped, unused page of a disk's cache goes: the pages
 * of each file in memory of every mounted disk file system, then the
 * device's own (metadata, with the buffers nobody holds).  Dirty pages,
 * pages being written, mapped pages and the pages of memory file systems
 * (ramfs, tmpfs: their only copy) stay.
 */
void drop_pagecache(void);

/* Every clean unused inode of the inode cache evicted with its pages
 * (prune_icache), then every slab cache's empty slabs back to the page
 * allocator, with the spare objects kept aside for the fault path and
 * the radix tree, and the dead tasks' stacks kept for the next forks. */
void drop_slab(void);

#endif
