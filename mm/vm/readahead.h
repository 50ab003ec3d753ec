/*
 * mm/vm/readahead.h - reading a disk file's pages before they are asked
 * for.
 *
 * Each open file keeps a readahead window (struct file_ra_state, in
 * struct file): the pages [start, start + size) were last read ahead,
 * and the page at start + size - async_size carries PG_readahead, the
 * marker that starts the next window when a reader reaches it, before the
 * window runs out.  Reads that follow each other make the window grow
 * (4, 8, 16, 32 pages); a read that jumps reads only what it asked for.
 *
 *	 start                  marker (PG_readahead)
 *	   |                        |
 *	   v                        v
 *	---+------------------------+-----------------+---
 *	   |   size - async_size    |   async_size    |     the window
 *	---+------------------------+-----------------+---
 *	  a reader here ------------> reaching the marker reads the next
 *	                              window, twice as big, while the
 *	                              reader uses this one
 *
 * Only mappings with a_ops->readpages read ahead (a disk file system);
 * ramfs pages are never on a disk.  The window's pages are added to the
 * cache locked and not up to date, and readpages starts their reads
 * without waiting: whoever wants one waits on its lock.
 */
#ifndef MM_VM_READAHEAD_H
#define MM_VM_READAHEAD_H

#include "kernel/types.h"

struct address_space;
struct file;
struct page;

/* The largest window: 32 pages, 128 KiB, as Linux's default read_ahead_kb. */
#define VM_MAX_READAHEAD 32

struct file_ra_state {
	unsigned long start;		/* first page of the last window */
	unsigned int size;		/* its pages; 0: none yet */
	unsigned int async_size;	/* the marker's distance from its end */
	unsigned long prev_index;	/* the page the last read ended in */
};

/* A read of req pages from index missed the cache at index. */
void page_cache_sync_readahead(struct address_space *mapping,
			       struct file_ra_state *ra, struct file *file,
			       unsigned long index, unsigned long req);
/* A read found page (at index) with PG_readahead set: read the next
 * window now.  Clears the marker. */
void page_cache_async_readahead(struct address_space *mapping,
				struct file_ra_state *ra, struct file *file,
				struct page *page, unsigned long index,
				unsigned long req);
/* A fault on a mapping missed the cache at index: read around it. */
void page_cache_mmap_readahead(struct address_space *mapping,
			       struct file_ra_state *ra, struct file *file,
			       unsigned long index);
/* Read nr pages from index into the cache, at most VM_MAX_READAHEAD at a
 * time; readahead(2) and fadvise(WILLNEED). */
void force_page_cache_readahead(struct address_space *mapping,
				struct file *file, unsigned long index,
				unsigned long nr);

#endif
