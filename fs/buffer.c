/*
 * fs/buffer.c - buffer heads: a file system's blocks inside the pages of
 * its device's page cache (fs/buffer_head.h).
 *
 * __bread finds or reads the page that holds the block (a whole page of
 * the device at once: the neighbouring blocks, often the rest of an inode
 * table or a directory, come with it), gives the page its ring of buffers
 * if it has none yet, and raises the wanted buffer's b_count:
 *
 *   page->private (PG_private)
 *      |
 *      v        b_this_page       b_this_page       b_this_page
 *   +--------+ ----------> +--------+ -----> +--------+ -----> +--------+
 *   | blk 12 |             | blk 13 |        | blk 14 |        | blk 15 |
 *   +--------+ <------------------------------------------------+--------+
 *      | b_data                | b_data     (1 KiB blocks: four a page)
 *      v                       v
 *   page 3 of bd_inode: [ block 12 | block 13 | block 14 | block 15 ]
 *
 * The page is up to date as a whole, so each of its buffers is.
 */
#include "fs/buffer_head.h"
#include "fs/inode.h"
#include "fs/jbd/jbd.h"
#include "kernel/process/task.h"
#include "mm/locking.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "mm/phys/highmem.h"
#include "mm/phys/slab.h"
#include "mm/vm/filemap.h"
#include "mm/writeback/writeback.h"

static struct kmem_cache *bh_cachep;
static unsigned long nr_bh;

void buffer_init(void)
{
	bh_cachep = kmem_cache_create("buffer_head", sizeof(struct buffer_head),
				      0, NULL);
	BUG_ON(!bh_cachep);
}

unsigned long nr_buffer_heads(void)
{
	return nr_bh;
}

static struct buffer_head *page_buffers(struct page *page)
{
	return (struct buffer_head *)page->private;
}

static void free_ring(struct buffer_head *head)
{
	struct buffer_head *bh = head, *next;

	do {
		next = bh->b_this_page;
		kmem_cache_free(bh_cachep, bh);
		nr_bh--;
		bh = next;
	} while (bh && bh != head);
}

/* Give the locked, up-to-date page its ring of size-byte buffers. */
static bool create_buffers(struct page *page, struct block_device *bdev,
			   u32 size)
{
	unsigned int i, n = PAGE_SIZE / size;
	struct buffer_head *head = NULL, *tail = NULL, *bh;
	u32 flags;

	/* b_data is a kernel address: buffers live in low memory only. */
	BUG_ON(PageHighMem(page));
	for (i = 0; i < n; i++) {
		bh = kmem_cache_alloc(bh_cachep, GFP_KERNEL);
		if (!bh) {
			if (head)
				free_ring(head);
			return false;
		}
		nr_bh++;
		memset(bh, 0, sizeof(*bh));
		bh->b_state = (1ul << BH_Uptodate) | (1ul << BH_Mapped);
		bh->b_page = page;
		bh->b_blocknr = (sector_t)page->index * n + i;
		bh->b_size = size;
		bh->b_data = (char *)page_address(page) + i * size;
		bh->b_bdev = bdev;
		if (tail)
			tail->b_this_page = bh;
		else
			head = bh;
		tail = bh;
	}
	tail->b_this_page = head;
	get_page(page); /* the ring's */
	flags = atomic_begin();
	page->private = (u32)head;
	SetPagePrivate(page);
	atomic_end(flags);
	return true;
}

bool try_to_free_buffers(struct page *page)
{
	struct buffer_head *head, *bh;
	u32 flags;

	BUG_ON(!PageLocked(page));
	flags = atomic_begin();
	if (!page_has_buffers(page)) {
		atomic_end(flags);
		return true;
	}
	head = bh = page_buffers(page);
	if (PageDirty(page)) { /* its buffers tell which blocks changed */
		atomic_end(flags);
		return false;
	}
	do {
		if (bh->b_count) {
			atomic_end(flags);
			return false;
		}
		bh = bh->b_this_page;
	} while (bh != head);
	page->private = 0;
	ClearPagePrivate(page);
	atomic_end(flags);
	free_ring(head);
	put_page(page); /* the ring's */
	return true;
}

/* Page index of the device's cache, locked and read. */
static struct page *read_device_page(struct block_device *bdev,
				     unsigned long index)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	struct page *page;

	for (;;) {
		page = find_or_create_page(mapping, index, GFP_KERNEL);
		if (!page || PageUptodate(page))
			return page;
		if (mapping->a_ops->readpage(NULL, page)) { /* unlocks */
			put_page(page);
			return NULL;
		}
		lock_page(page);
		if (page->mapping == mapping && PageUptodate(page))
			return page;
		unlock_page(page); /* dropped meanwhile: again */
		put_page(page);
	}
}

struct buffer_head *__bread(struct block_device *bdev, sector_t block, u32 size)
{
	unsigned int bits = __builtin_ctz(size), i;
	struct buffer_head *bh = NULL;
	struct page *page;
	u32 flags;

	BUG_ON(size < SECTOR_SIZE || size > PAGE_SIZE || (size & (size - 1)));
	BUG_ON(!bdev->bd_inode);
	if (block >= (bdev->nr_sectors << SECTOR_SHIFT) >> bits)
		return NULL;
	page = read_device_page(bdev, block >> (PAGE_SHIFT - bits));
	if (!page)
		return NULL;
	/* Someone read this page with another block size: start again. */
	if (page_has_buffers(page) && page_buffers(page)->b_size != size &&
	    !try_to_free_buffers(page)) {
		printk(KERN_ERR "%s: block %llu wanted in %u bytes while "
				"buffers of another size are in use\n",
		       bdev->name, block, size);
		goto out;
	}
	if (!page_has_buffers(page) && !create_buffers(page, bdev, size))
		goto out;
	flags = atomic_begin();
	bh = page_buffers(page);
	for (i = 0; i < (block & ((PAGE_SIZE >> bits) - 1)); i++)
		bh = bh->b_this_page;
	bh->b_count++;
	atomic_end(flags);
out:
	unlock_page(page);
	put_page(page);
	return bh;
}

struct buffer_head *sb_find_get_block(struct super_block *sb, sector_t block)
{
	struct block_device *bdev = sb->s_bdev;
	unsigned int bits = sb->s_blocksize_bits, i;
	struct buffer_head *bh = NULL;
	struct page *page;
	u32 flags;

	page = find_get_page(bdev->bd_inode->i_mapping,
			     block >> (PAGE_SHIFT - bits));
	if (!page)
		return NULL;
	flags = atomic_begin();
	if (PageUptodate(page) && page_has_buffers(page) &&
	    page_buffers(page)->b_size == sb->s_blocksize) {
		bh = page_buffers(page);
		for (i = 0; i < (block & ((PAGE_SIZE >> bits) - 1)); i++)
			bh = bh->b_this_page;
		bh->b_count++;
	}
	atomic_end(flags);
	put_page(page);
	return bh;
}

struct buffer_head *sb_bread(struct super_block *sb, sector_t block)
{
	return __bread(sb->s_bdev, block, sb->s_blocksize);
}

void brelse(struct buffer_head *bh)
{
	u32 flags;

	if (!bh)
		return;
	flags = atomic_begin();
	BUG_ON(!bh->b_count);
	bh->b_count--;
	atomic_end(flags);
}

void mark_buffer_dirty(struct buffer_head *bh)
{
	u32 flags;

	BUG_ON(!bh->b_count);
	/* Under a journal handle the change joins its transaction. */
	if (current->journal_info && jbd_dirty_hook(bh))
		return;
	flags = atomic_begin();
	bh->b_state |= 1ul << BH_Dirty;
	atomic_end(flags);
	set_page_dirty(bh->b_page);
}

/* The page was written whole: none of its buffers differs from the disk. */
static void clear_buffers_dirty(struct page *page)
{
	struct buffer_head *head, *bh;
	u32 flags = atomic_begin();

	if (page_has_buffers(page)) {
		head = bh = page_buffers(page);
		do {
			bh->b_state &= ~(1ul << BH_Dirty);
			bh = bh->b_this_page;
		} while (bh != head);
	}
	atomic_end(flags);
}

/* The whole page is written: each of its buffers is clean from here on
 * (one changed meanwhile dirties the page again). */
int sync_dirty_buffer(struct buffer_head *bh)
{
	struct page *page = bh->b_page;
	int err;

	BUG_ON(!bh->b_count);
	lock_page(page);
	if (PageDirty(page)) {
		clear_buffers_dirty(page);
		err = write_one_page(page, true); /* unlocks */
	} else {
		unlock_page(page);
		wait_on_page_writeback(page);
		err = PageError(page) ? -EIO : 0;
	}
	return err ? -EIO : 0;
}
