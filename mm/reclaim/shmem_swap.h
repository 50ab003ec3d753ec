/*
 * mm/reclaim/shmem_swap.h - ramfs pages on swap, as Linux's tmpfs (shmem) does it.
 *
 * A ramfs page has no copy anywhere but memory, so its writepage moves it
 * to swap: reclaim has already unmapped it from every process (the object
 * walk), ramfs_writepage records a swap slot in the file's swap_tree and
 * moves the page from the page cache into the swap cache, where its write
 * runs without waiting and reclaim frees it afterwards.  The next read,
 * write or fault at that offset finds no page, calls readpage, and
 * ramfs_readpage copies the swap cache's page if it is still there, or
 * reads the slot (and its neighbours, swapin_readahead) back.
 */
#ifndef MM_RECLAIM_SHMEM_SWAP_H
#define MM_RECLAIM_SHMEM_SWAP_H

#include "fs/address_space.h"
#include "kernel/types.h"
#include "mm/phys/pgtable.h"

struct file;
struct page;

/* Locked, unmapped page of a ramfs file: to swap.  0, or an errno and
 * the page stays where it was. */
int ramfs_writepage(struct page *page);
/* Fill the locked new page at page->index: from swap if it went there,
 * else zeros (a hole).  Unlocks it. */
int ramfs_readpage(struct file *file, struct page *page);
/* Is the page at index on swap? */
bool mapping_swapped(struct address_space *mapping, unsigned long index);
/* The first index >= *index that is on swap, in *index; false: none. */
bool next_swapped(struct address_space *mapping, unsigned long *index);
/* Free the swap slots of offsets first..last (truncate, unlink, a hole). */
void truncate_swapped(struct address_space *mapping, unsigned long first,
		      unsigned long last);
/* Call fn for every slot the swap trees hold (the swap audit); the caller
 * has interrupts off. */
void ramfs_for_each_swapped(void (*fn)(swp_entry_t entry, void *arg),
			    void *arg);
/* swapoff: read every page of area type back; 0 or -errno. */
int ramfs_unuse(unsigned int type);

#endif
