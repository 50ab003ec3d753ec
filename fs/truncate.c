/*
 * fs/truncate.c - throwing away the page cache past a file's end.
 *
 * Pages are found in batches with radix_tree_gang_lookup, each referenced
 * before the batch is worked on.  Each is locked, rechecked (it may have
 * left the mapping while we slept), removed from the cache and released;
 * the lookup reference is dropped last, which frees the frame unless
 * someone else (a mapping process, reclaim) still holds it.
 */
#include "fs/truncate.h"
#include "mm/vm/filemap.h"
#include "fs/ramfs_swap.h"
#include "kernel/errno.h"
#include "kernel/io.h"
#include "kernel/lib/string.h"
#include "mm/vm/memory.h"
#include "mm/phys/page.h"
#include "mm/locking.h"

#define TRUNCATE_BATCH 16

static void zero_tail(struct address_space *mapping, loff_t lstart)
{
	unsigned int offset = lstart & (PAGE_SIZE - 1);
	struct page *page;

	if (!offset)
		return;
	page = find_lock_page(mapping, lstart >> PAGE_SHIFT);
	if (!page)
		return;
	memset((char *)page_address(page) + offset, 0, PAGE_SIZE - offset);
	unlock_page(page);
	put_page(page);
}

void truncate_inode_pages(struct address_space *mapping, loff_t lstart)
{
	struct page *pages[TRUNCATE_BATCH];
	unsigned long next = (lstart + PAGE_SIZE - 1) >> PAGE_SHIFT;
	unsigned int i, n;

	zero_tail(mapping, lstart);
	for (;;) {
		u32 flags = tree_lock_irqsave();

		n = radix_tree_gang_lookup(&mapping->page_tree, (void **)pages,
					   next, TRUNCATE_BATCH);
		for (i = 0; i < n; i++)
			get_page(pages[i]);
		tree_unlock_irqrestore(flags);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = pages[i];

			next = page->index + 1;
			lock_page(page);
			if (page->mapping == mapping) {
				ClearPageDirty(page);
				remove_from_page_cache(page);
				put_page(page);	/* the cache's reference */
			}
			unlock_page(page);
			put_page(page);
		}
	}
	/* Last: while lock_page slept above, reclaim may have moved pages
	 * we had not reached yet to swap (ramfs_writepage). */
	truncate_swapped(mapping, (lstart + PAGE_SIZE - 1) >> PAGE_SHIFT);
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
