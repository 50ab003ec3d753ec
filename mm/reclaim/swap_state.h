/*
 * mm/reclaim/swap_state.h - the swap cache: pages that have a swap slot.
 *
 * An anonymous page chosen for eviction first gets a slot (add_to_swap)
 * and enters the swap cache: PG_swapcache set, page->private = the slot's
 * swp_entry_t, indexed by entry in swapper_space's radix tree, one page
 * reference and one slot reference held by the cache.  try_to_unmap then
 * replaces its PTEs by the entry; once written, the page can leave the
 * cache and memory.  A fault on such a PTE looks the entry up here first:
 * a page still in the cache (written or not) comes back without I/O, so
 * processes sharing the slot after fork share the page again.
 * page->mapping stays NULL for anonymous pages: rmap tells them from file
 * pages by that.
 */
#ifndef MM_RECLAIM_SWAP_STATE_H
#define MM_RECLAIM_SWAP_STATE_H

#include "fs/address_space.h"
#include "mm/phys/page.h"
#include "mm/phys/pgtable.h"

extern struct address_space swapper_space;

void swap_cache_init(void);

static inline swp_entry_t page_swp_entry(struct page *page)
{
	return (swp_entry_t){ page->private };
}

/* Give a locked anonymous page a slot and put it in the swap cache.  0,
 * -ENOSPC when swap is full or absent, or -ENOMEM. */
int add_to_swap(struct page *page);
/* Insert page as entry's page (the caller holds a slot reference for the
 * cache); 0, -EEXIST or -ENOMEM. */
int add_to_swap_cache(struct page *page, swp_entry_t entry);
/* Take a locked page out of the swap cache, dropping the cache's page and
 * slot references. */
void delete_from_swap_cache(struct page *page);
/* The same with swapper_space.tree_lock held, leaving the cache's
 * reference to the caller to drop. */
void __delete_from_swap_cache(struct page *page);
/*
 * Move a locked page cache page (ramfs's) into the swap cache under entry,
 * in one step nobody can see halfway: the page cache's page reference
 * becomes the swap cache's, and the caller has taken the slot reference
 * the swap cache holds.  0, or -ENOMEM with the page where it was.
 */
int move_to_swap_cache(struct page *page, swp_entry_t entry);
/* entry's page with a reference, or NULL. */
struct page *lookup_swap_cache(swp_entry_t entry);
/*
 * entry's page with a reference: from the cache, or read from the swap
 * device into a new page added to the cache.  NULL and *err = -ENOMEM or
 * -EIO (the read failed: the data is lost for whoever needed it).
 */
struct page *read_swap_cache(swp_entry_t entry, int *err);
/*
 * Read the in-use, uncached slots of the aligned window of 2^page_cluster
 * slots that holds entry (entry itself excepted: the caller has it) into
 * the swap cache, as PG_readahead pages on the inactive list; counted in
 * vm_events.swap_ra.  Stops at the first that cannot be had; never fails.
 */
void swapin_readahead(swp_entry_t entry);
/* /proc/sys/vm/page-cluster: log2 of the readahead window, 0 turns it
 * off; at most PAGE_CLUSTER_MAX. */
extern unsigned int page_cluster;
#define PAGE_CLUSTER_DEFAULT 3
#define PAGE_CLUSTER_MAX 5

/* A PTE holding entry goes away (munmap, exit): drop its slot reference,
 * and the cached page too if nothing else wants it. */
void free_swap_and_cache(swp_entry_t entry);
/* The last PTE of a swap cache page went and the caller holds the only
 * other reference: free its slot, as Linux's free_swap_cache does. */
void free_swap_cache(struct page *page);
/*
 * On a write fault to a swap cache page that only this PTE uses: take it
 * out of the swap cache (freeing the slot) so it can be written in place.
 */
bool reuse_swap_page(struct page *page);

#endif
