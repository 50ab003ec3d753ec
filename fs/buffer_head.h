/*
 * fs/buffer_head.h - block-sized windows on a block device's page cache.
 *
 * A file system reads its metadata (superblock, group descriptors, inode
 * tables, directory and indirect blocks) by block number, not by file
 * offset.  The blocks live in the page cache of the device's own inode
 * (fs/block_dev.c): page `index` of it holds blocks index * (PAGE_SIZE /
 * size) onwards.  A buffer_head names one block inside such a page; the
 * buffers of one page form a ring through b_this_page, and page->private
 * (with PG_private) points at the first.  The ring holds one reference
 * on the page.
 *
 * Buffers live only in low memory: the device's cache never takes high
 * pages (fs/block_dev.c), so b_data is a plain kernel address that the
 * file systems and the journal use without kmap, as in Linux, whose block
 * devices' caches are low too.  A file's own pages, which may be high,
 * never carry buffers: with blocks of a page they go to the disk in bios
 * of page and offset (fs/mpage.c), with smaller blocks their bytes are
 * copied (kmap) to and from these buffers (fs/ext2/inode.c).
 *
 *	bh = sb_bread(sb, block);	the block, read and up to date,
 *					with b_count raised; NULL on an
 *					I/O error or a block past the device
 *	... use bh->b_data (b_size bytes) ...
 *	brelse(bh);			b_count back down
 *
 * While any buffer of a page has b_count > 0 the page keeps its buffers
 * and stays in the cache; when none has, reclaim (try_to_free_buffers)
 * may take the buffers away and free the page like any clean page cache
 * page.
 *
 * Writing: change b_data, then mark_buffer_dirty(bh): the buffer is
 * BH_Dirty and its device page dirty in the device's mapping, to be
 * written with the whole page by the device's writepage (writeback, a
 * sync, an unmount).  sync_dirty_buffer(bh) writes the page now and waits
 * (-EIO on failure): for what must reach the disk before the caller goes
 * on.  A dirty page keeps its buffers (try_to_free_buffers refuses it).
 *
 * Locking: buffers are attached and detached with the page locked; the
 * b_count changes and the ring walks run with interrupts off, the
 * uniprocessor's form of Linux's private_lock.
 */
#ifndef FS_BUFFER_HEAD_H
#define FS_BUFFER_HEAD_H

#include "kernel/block/blkdev.h"
#include "kernel/types.h"
#include "mm/phys/page.h"

struct super_block;

/* b_state bits, Linux's names. */
#define BH_Uptodate 0 /* b_data holds the block as it is on disk */
#define BH_Mapped 1 /* b_bdev and b_blocknr are set */
#define BH_Dirty 2 /* b_data differs from the disk; its page is dirty */

struct buffer_head {
	unsigned long b_state;
	struct buffer_head *b_this_page; /* the next in the page's ring */
	struct page *b_page;
	sector_t b_blocknr; /* in units of b_size */
	u32 b_size; /* the file system's block size */
	char *b_data; /* b_size bytes inside b_page */
	struct block_device *b_bdev;
	unsigned int b_count; /* users between bread and brelse */
};

static inline bool buffer_uptodate(const struct buffer_head *bh)
{
	return bh->b_state & (1ul << BH_Uptodate);
}

/* Changed since its page was last written: BH_Dirty, and the page still
 * dirty (the device's writeback writes whole pages and leaves BH_Dirty). */
static inline bool buffer_dirty(const struct buffer_head *bh)
{
	return (bh->b_state & (1ul << BH_Dirty)) && PageDirty(bh->b_page);
}

void buffer_init(void);
/* Block `block` of size bytes (512..PAGE_SIZE, a power of two) of bdev. */
struct buffer_head *__bread(struct block_device *bdev, sector_t block,
			    u32 size);
/* The same for the file system's device and block size (sb->s_blocksize). */
struct buffer_head *sb_bread(struct super_block *sb, sector_t block);
/* The block's buffer, held, only if it is in the cache already with its
 * buffers: no allocation, no I/O (Linux's __find_get_block), for reclaim,
 * which may do neither.  NULL otherwise. */
struct buffer_head *sb_find_get_block(struct super_block *sb, sector_t block);
void brelse(struct buffer_head *bh);
/* The caller changed b_data (holding bh): write it back some time. */
void mark_buffer_dirty(struct buffer_head *bh);
/* Write bh's page now if it is dirty, and wait: 0 or -EIO. */
int sync_dirty_buffer(struct buffer_head *bh);

/* Free the buffers of a locked clean page if none is in use; true if the page
 * has none left (its reference dropped with them). */
bool try_to_free_buffers(struct page *page);
/* Buffer heads in existence (the ktests count them). */
unsigned long nr_buffer_heads(void);

static inline bool page_has_buffers(struct page *page)
{
	return PagePrivate(page);
}

#endif
