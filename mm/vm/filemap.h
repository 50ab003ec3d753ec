/*
 * mm/vm/filemap.h - finding, adding and removing page cache pages, the
 * page lock, and the vm_operations of a file VMA.
 *
 * References: a page in the cache holds one reference for the cache itself
 * (taken by add_to_page_cache, dropped by whoever calls
 * remove_from_page_cache).  find_get_page and friends return an extra
 * reference the caller drops with put_page().
 *
 * PG_locked is held while a page is being filled, written out, truncated or
 * moved; lock_page sleeps until it is free.  A page that was locked while
 * the caller slept may have been truncated: find_lock_page rechecks
 * page->mapping after taking the lock.
 */
#ifndef MM_VM_FILEMAP_H
#define MM_VM_FILEMAP_H

#include "fs/address_space.h"
#include "kernel/types.h"
#include "mm/vm/vma.h"

struct page;

void pagecache_init(void);

void lock_page(struct page *page);
/* Returns true and locks the page if it was unlocked (never sleeps). */
bool trylock_page(struct page *page);
void unlock_page(struct page *page);

/*
 * Insert page at index: sets page->mapping and page->index, takes the
 * cache's reference and returns with the page locked.  0, -EEXIST if the
 * index is taken, -ENOMEM.  gfp is for the tree's nodes (__GFP_HIGHMEM
 * is ignored): the page's own allocation's will do.
 */
int add_to_page_cache(struct page *page, struct address_space *mapping,
		      unsigned long index, unsigned int gfp);
/* Caller holds the page lock; drops nothing: put_page() the cache's ref. */
void remove_from_page_cache(struct page *page);
/* The same with mapping->tree_lock held. */
void __remove_from_page_cache(struct page *page);

/* The page at index with a reference, or NULL. */
struct page *find_get_page(struct address_space *mapping, unsigned long index);
/* The same, locked and still in this mapping, or NULL. */
struct page *find_lock_page(struct address_space *mapping, unsigned long index);
/* Up to nr pages from index start on, in index order, each with a
 * reference, into pages[]; how many (0: none left).  Linux's name. */
unsigned int find_get_pages(struct address_space *mapping, unsigned long start,
			    unsigned int nr, struct page **pages);
/* find_lock_page, or a new page (not uptodate) added there, allocated
 * with gfp (mapping_gfp_mask(mapping) for a file's pages); NULL: no
 * memory. */
struct page *find_or_create_page(struct address_space *mapping,
				 unsigned long index, unsigned int gfp);
/*
 * The uptodate page at index, read through a_ops->readpage when it is not
 * cached; returns it referenced and unlocked in *pagep.  0 or -errno.  The
 * fault path's nopage, madvise(MADV_WILLNEED), the generic read and write
 * paths and swapoff's read-back of ramfs pages use it.
 */
int read_mapping_page(struct address_space *mapping, unsigned long index,
		      struct file *file, struct page **pagep);

/* Pages currently in all page caches (Cached in /proc/meminfo). */
unsigned long pagecache_nr_pages(void);

/* The vm_operations of a file VMA (nopage, populate), and the two
 * functions, for a file whose VMAs need open and close too (ipc/shm.c). */
extern const struct vm_operations_struct generic_file_vm_ops;
struct page *filemap_nopage(struct vm_area_struct *vma, unsigned long address);
int filemap_populate(struct vm_area_struct *vma, unsigned long addr,
		     unsigned long len, pgprot_t prot, unsigned long pgoff,
		     bool nonblock);

/* Can this open file be mmapped (it has a page cache with readpage)? */
bool file_mappable(struct file *file);

#endif
