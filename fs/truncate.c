/*
 * fs/truncate.c - throwing away the page cache past a file's end, or in
 * a hole punched into it (fallocate).
 *
 * Pages are found in batches with radix_tree_gang_lookup, each referenced
 * before the batch is worked on.  Each is locked, rechecked (it may have
 * left the mapping while we slept), unmapped again if a fault mapped it
 * after the caller's unmap_mapping_range, removed from the cache and
 * released; the lookup reference is dropped last, which frees the frame
 * unless someone else (reclaim) still holds it.
 *
 * A page is never removed while a PTE maps it: that PTE would keep a page
 * that belongs to no file, and the next unmap of it would find no object
 * to account it to.  The caller unmapped the range first, but a fault
 * that began before the new size was set may have slept (reading the
 * page back from swap or disk) and mapped the page since, as may one
 * into a punched hole at any time.
 */
#include "fs/truncate.h"
#include "mm/vm/filemap.h"
#include "mm/reclaim/shmem_swap.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "mm/vm/memory.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page.h"
#include "fs/buffer_head.h"
#include "mm/locking.h"
#include "mm/rmap/rmap.h"
#include "mm/writeback/writeback.h"

#define TRUNCATE_BATCH 16

/* Zero bytes [from, to) of the page at index, reading it back from swap
 * when it is there: the bytes must read as zeros from now on. */
static void zero_part(struct address_space *mapping, unsigned long index,
		      unsigned int from, unsigned int to)
{
	struct page *page = find_lock_page(mapping, index);

	if (!page && mapping_swapped(mapping, index) &&
	    !read_mapping_page(mapping, index, NULL, &page)) {
		lock_page(page);
		if (page->mapping != mapping) {
			unlock_page(page);
			put_page(page);
			page = NULL;
		}
	}
	if (!page)
		return;
	memzero_page(page, from, to - from);
	if (mapping->a_ops && mapping->a_ops->set_page_dirty)
		mapping->a_ops->set_page_dirty(page);
	unlock_page(page);
	put_page(page);
}

void truncate_inode_pages(struct address_space *mapping, loff_t lstart)
{
	truncate_inode_pages_range(mapping, lstart, -1);
}

#define UNMAP_TRIES 8

/* Take the locked page out of every PTE that maps it: where its index
 * says, and, if it is still mapped, in the nonlinear VMAs, which may hold
 * it anywhere.  Unmapping may sleep (i_shared_sem), and a fault may map
 * the page again meanwhile (faults do not take the page lock), so it
 * looks again; a page still mapped after many rounds is a PTE no walk of
 * the file can find: a kernel bug. */
static void unmap_page(struct address_space *mapping, struct page *page)
{
	int tries;

	for (tries = 0; page_mapped(page); tries++) {
		BUG_ON(tries == UNMAP_TRIES);
		unmap_mapping_range(mapping, (loff_t)page->index << PAGE_SHIFT,
				    PAGE_SIZE);
		if (tries && page_mapped(page))
			unmap_mapping_nonlinear(mapping);
	}
}

/* Remove and free the pages first..last, and their swap slots. */
static void remove_pages(struct address_space *mapping, unsigned long first,
			 unsigned long last)
{
	struct page *pages[TRUNCATE_BATCH];
	unsigned long next = first;
	unsigned int i, n;
	bool past = false;

	while (!past) {
		n = find_get_pages(mapping, next, TRUNCATE_BATCH, pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = pages[i];

			past = past || page->index > last;
			if (!past) {
				next = page->index + 1;
				lock_page(page);
				/* The disk write's end still needs the page
				 * in its mapping. */
				wait_on_page_writeback(page);
				if (page->mapping == mapping) {
					unmap_page(mapping, page);
					cancel_dirty_page(page);
					remove_from_page_cache(page);
					put_page(page);	/* the cache's */
				}
				unlock_page(page);
			}
			put_page(page);
		}
	}
	/* Last: while lock_page slept above, reclaim may have moved pages
	 * we had not reached yet to swap (ramfs_writepage). */
	truncate_swapped(mapping, first, last);
}

void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart,
				loff_t lend)
{
	unsigned long first = (lstart + PAGE_SIZE - 1) >> PAGE_SHIFT;
	unsigned long last = ~0UL;
	unsigned int off = lstart & (PAGE_SIZE - 1);

	if (lend >= 0) {
		unsigned int end = (lend + 1) & (PAGE_SIZE - 1);

		last = ((lend + 1) >> PAGE_SHIFT) - 1;
		/* Both ends in one page: only its middle goes. */
		if ((lstart >> PAGE_SHIFT) == (lend >> PAGE_SHIFT)) {
			if (off || end)
				zero_part(mapping, lstart >> PAGE_SHIFT, off,
					  end ? end : PAGE_SIZE);
			else
				remove_pages(mapping, first, first);
			return;
		}
		if (end)
			zero_part(mapping, lend >> PAGE_SHIFT, 0, end);
	}
	if (off)
		zero_part(mapping, lstart >> PAGE_SHIFT, off, PAGE_SIZE);
	if (first <= last)
		remove_pages(mapping, first, last);
}

/* The page, locked, leaves the cache if only its cache and the caller
 * hold it: not dirty, not being written, not mapped, no buffer in use. */
static bool invalidate_page(struct address_space *mapping, struct page *page)
{
	bool gone = false;
	u32 flags;

	if (page->mapping != mapping || PageDirty(page) ||
	    PageWriteback(page) || page_mapped(page))
		return false;
	if (page_has_buffers(page) && !try_to_free_buffers(page))
		return false;
	spin_lock_irqsave(&mapping->tree_lock, flags);
	if (page_count(page) == 2) {
		__remove_from_page_cache(page);
		gone = true;
	}
	spin_unlock_irqrestore(&mapping->tree_lock, flags);
	if (gone)
		put_page(page);	/* the cache's */
	return gone;
}

unsigned long invalidate_mapping_pages(struct address_space *mapping)
{
	struct page *pages[TRUNCATE_BATCH];
	unsigned long next = 0, gone = 0;
	unsigned int i, n;

	if (!mapping->a_ops || mapping->a_ops->memory_backed)
		return 0;
	for (;;) {
		n = find_get_pages(mapping, next, TRUNCATE_BATCH, pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			next = pages[i]->index + 1;
			if (trylock_page(pages[i])) {
				gone += invalidate_page(mapping, pages[i]);
				unlock_page(pages[i]);
			}
			put_page(pages[i]);
		}
		if (!next)
			break;
	}
	return gone;
}

int vmtruncate(struct inode *inode, loff_t size)
{
	struct address_space *mapping = inode->i_mapping;
	loff_t old = inode->i_size;

	if (size < 0)
		return -EINVAL;
	inode->i_size = size;
	if (size < old) {
		/* No process may keep a PTE to a page about to be freed. */
		unmap_mapping_range(mapping, ALIGN_UP(size, (loff_t)PAGE_SIZE),
				    0);
		truncate_inode_pages(mapping, size);
	}
	inode_touch_mtime(inode);
	return 0;
}
