/*
 * mm/vm/filemap.c - the page cache: struct page <-> (mapping, index), and
 * the file pages the fault handler maps.
 *
 * Each radix tree change runs under the mapping's tree_lock (mm/locking.h),
 * so a tree is never seen half-updated.  Node
 * allocation happens before that, in radix_tree_preload, where sleeping
 * is allowed.  The page lock (PG_locked) sleeps on one shared wait queue;
 * unlock_page wakes everyone waiting and each rechecks its own page.
 *
 * A file VMA's nopage (the end of this file) finds the page for the
 * faulting address in the page cache, reading it in through
 * a_ops->readpage if needed: file offset = vm_pgoff + (address -
 * vm_start) / PAGE_SIZE.  A page wholly beyond the end of the file is
 * SIGBUS, as in Linux.  populate (remap_file_pages, mm/vm/fremap.c)
 * installs given file pages at given addresses of a VM_NONLINEAR VMA
 * directly.
 */
#include "mm/vm/filemap.h"
#include "fs/address_space.h"
#include "fs/file.h"
#include "fs/inode.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/sched/wait.h"
#include "mm/phys/gfp.h"
#include "mm/phys/page.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/swap.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/fremap.h"
#include "mm/vm/readahead.h"
#include "mm/locking.h"

static wait_queue_head_t page_wait;
static unsigned long nr_pagecache;

void pagecache_init(void)
{
	init_waitqueue_head(&page_wait);
	radix_tree_init();
}

void address_space_init(struct address_space *mapping, struct inode *host,
			const struct address_space_operations *a_ops)
{
	mapping->host = host;
	spin_lock_init(&mapping->tree_lock);
	INIT_RADIX_TREE(&mapping->page_tree);
	mapping->nrpages = 0;
	INIT_LIST_HEAD(&mapping->i_mmap);
	INIT_LIST_HEAD(&mapping->i_mmap_shared);
	mapping->i_mmap_root = NULL;
	mapping->i_mmap_shared_root = NULL;
	sema_init(&mapping->i_shared_sem, 1);
	mapping->a_ops = a_ops;
	mapping->flags = 0;
	mapping->nrdirty = 0;
	mapping->gfp_mask = GFP_KERNEL;
	INIT_RADIX_TREE(&mapping->swap_tree);
	mapping->nrswapped = 0;
	INIT_LIST_HEAD(&mapping->swapped);
}

/*
 * The page lock's classes for the validator: a block device's pages (file
 * system metadata, read under the file system's own locks) apart from
 * every other page, which a file system locks before those locks.
 */
static struct lockdep_map page_lock_map =
	STATIC_LOCKDEP_MAP_INIT_NESTS("PG_locked");
static struct lockdep_map bdev_page_lock_map =
	STATIC_LOCKDEP_MAP_INIT_NESTS("PG_locked(bdev)");

static struct lockdep_map *page_lock_class(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (mapping && mapping->host && S_ISBLK(mapping->host->i_mode))
		return &bdev_page_lock_map;
	return &page_lock_map;
}

/* One locked bts: two CPUs testing the bit and then setting it would
 * both own the page. */
static bool __trylock_page(struct page *page)
{
	return !TestSetPageLocked(page);
}

bool trylock_page(struct page *page)
{
	if (!__trylock_page(page))
		return false;
	if (unlikely(debug_locks))
		__lock_acquire(page_lock_class(page), page, 0, true, _RET_IP_);
	return true;
}

void lock_page(struct page *page)
{
	if (unlikely(debug_locks))
		__lock_acquire(page_lock_class(page), page, 0, false, _RET_IP_);
	while (!__trylock_page(page))
		wait_event(page_wait, !PageLocked(page));
}

void unlock_page(struct page *page)
{
	BUG_ON(!PageLocked(page));
	lock_release_obj(&page_lock_map, page, _RET_IP_);
	ClearPageLocked(page);
	/* The bit is clear before the queue is looked at, so a waiter that
	 * queued itself too late to be seen here sees the page unlocked. */
	if (waitqueue_active(&page_wait))
		wake_up(&page_wait);
}

int add_to_page_cache(struct page *page, struct address_space *mapping,
		      unsigned long index, unsigned int gfp)
{
	u32 flags;
	int err;

	BUG_ON(page->mapping);
	/* gfp may be the page's own; the tree's nodes are slab: low. */
	err = radix_tree_preload(gfp & ~__GFP_HIGHMEM);
	if (err)
		return err;
	if (!__trylock_page(page))
		BUG();	/* a page not yet in any cache has no other user */
	spin_lock_irqsave(&mapping->tree_lock, flags);
	err = radix_tree_insert(&mapping->page_tree, index, page);
	if (!err) {
		page->mapping = mapping;
		page->index = index;
		get_page(page);
		mapping->nrpages++;
		nr_pagecache++;
	}
	spin_unlock_irqrestore(&mapping->tree_lock, flags);
	if (!err)
		lru_cache_add(page);
	if (err)
		unlock_page(page);
	return err;
}

void __remove_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;

	BUG_ON(!PageLocked(page));
	BUG_ON(!mapping);
	if (radix_tree_delete(&mapping->page_tree, page->index) != page)
		BUG();
	page->mapping = NULL;
	mapping->nrpages--;
	nr_pagecache--;
}

void remove_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;
	u32 flags;

	BUG_ON(!mapping);
	spin_lock_irqsave(&mapping->tree_lock, flags);
	__remove_from_page_cache(page);
	spin_unlock_irqrestore(&mapping->tree_lock, flags);
}

struct page *find_get_page(struct address_space *mapping, unsigned long index)
{
	struct page *page;
	u32 flags;

	spin_lock_irqsave(&mapping->tree_lock, flags);
	page = radix_tree_lookup(&mapping->page_tree, index);
	if (page)
		get_page(page);
	spin_unlock_irqrestore(&mapping->tree_lock, flags);
	return page;
}

struct page *find_lock_page(struct address_space *mapping, unsigned long index)
{
	struct page *page;

	for (;;) {
		page = find_get_page(mapping, index);
		if (!page)
			return NULL;
		lock_page(page);
		if (page->mapping == mapping && page->index == index)
			return page;
		/* Truncated or moved while we slept: look again. */
		unlock_page(page);
		put_page(page);
	}
}

unsigned int find_get_pages(struct address_space *mapping, unsigned long start,
			    unsigned int nr, struct page **pages)
{
	unsigned int i, n;
	u32 flags;

	spin_lock_irqsave(&mapping->tree_lock, flags);
	n = radix_tree_gang_lookup(&mapping->page_tree, (void **)pages, start,
				   nr);
	for (i = 0; i < n; i++)
		get_page(pages[i]);
	spin_unlock_irqrestore(&mapping->tree_lock, flags);
	return n;
}

struct page *find_or_create_page(struct address_space *mapping,
				 unsigned long index, unsigned int gfp)
{
	struct page *page;
	int err;

	for (;;) {
		page = find_lock_page(mapping, index);
		if (page)
			return page;
		page = alloc_page(gfp);
		if (!page)
			return NULL;
		err = add_to_page_cache(page, mapping, index, gfp);
		if (!err)
			return page;	/* the allocation's ref is the caller's */
		put_page(page);
		if (err != -EEXIST)
			return NULL;
	}
}

int read_mapping_page(struct address_space *mapping, unsigned long index,
		      struct file *file, struct page **pagep)
{
	struct page *page;
	int err;

	page = find_or_create_page(mapping, index, mapping_gfp_mask(mapping));
	if (!page)
		return -ENOMEM;
	if (PageUptodate(page)) {
		unlock_page(page);
		*pagep = page;
		return 0;
	}
	err = mapping->a_ops->readpage(file, page);	/* unlocks */
	if (!err && !PageUptodate(page))
		err = -EIO;
	if (err) {
		put_page(page);
		return err;
	}
	*pagep = page;
	return 0;
}

unsigned long pagecache_nr_pages(void)
{
	return nr_pagecache;
}

bool file_mappable(struct file *file)
{
	struct address_space *mapping = file->f_mapping;

	return mapping && mapping->a_ops && mapping->a_ops->readpage &&
	       (S_ISREG(file->f_inode->i_mode) ||
		S_ISBLK(file->f_inode->i_mode));
}

/* The page cache page at pgoff with a reference, or NOPAGE_*.  The size
 * is the mapping's host's: a block device node's own inode has none. */
static struct page *file_page(struct file *file, unsigned long pgoff)
{
	struct inode *inode = file->f_mapping->host;
	struct page *page;
	unsigned long long size_pages =
		((unsigned long long)inode->i_size + PAGE_SIZE - 1) >> PAGE_SHIFT;
	int err;

	if (pgoff >= size_pages)
		return NOPAGE_SIGBUS;
	page = find_get_page(file->f_mapping, pgoff);
	if (!page)
		page_cache_mmap_readahead(file->f_mapping, &file->f_ra, file,
					  pgoff);
	else if (PageReadahead(page))
		page_cache_async_readahead(file->f_mapping, &file->f_ra, file,
					   page, pgoff, 1);
	if (page && PageUptodate(page))
		return page;
	if (page)
		put_page(page);
	err = read_mapping_page(file->f_mapping, pgoff, file, &page);
	if (err == -ENOMEM)
		return NOPAGE_OOM;
	if (err)
		return NOPAGE_SIGBUS;
	return page;
}

struct page *filemap_nopage(struct vm_area_struct *vma, unsigned long address)
{
	unsigned long pgoff = ((address - vma->vm_start) >> PAGE_SHIFT) +
			      vma->vm_pgoff;

	return file_page(vma->vm_file, pgoff);
}

int filemap_populate(struct vm_area_struct *vma, unsigned long addr,
		     unsigned long len, pgprot_t prot, unsigned long pgoff,
		     bool nonblock)
{
	unsigned long end = addr + len;
	int err;

	(void)nonblock;
	for (; addr < end; addr += PAGE_SIZE, pgoff++) {
		struct page *page = file_page(vma->vm_file, pgoff);

		if (page == NOPAGE_OOM)
			return -ENOMEM;
		if (page == NOPAGE_SIGBUS)
			return -EINVAL;
		err = install_page(vma, addr, page, prot);
		if (err)
			return err;
	}
	return 0;
}

const struct vm_operations_struct generic_file_vm_ops = {
	.nopage = filemap_nopage,
	.populate = filemap_populate,
};
