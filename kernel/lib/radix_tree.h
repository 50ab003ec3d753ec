/*
 * kernel/lib/radix_tree.h - a radix tree from unsigned long keys to pointers.
 *
 * This is the page index of an address_space: key = page offset in the
 * file, value = struct page *.  Each node has 64 slots and resolves 6 bits
 * of the key, so a lookup touches at most 6 nodes for any 32-bit key
 * (O(log n)); the tree only grows as tall as its largest key needs.  The
 * caller serialises modifications (tree_lock, mm/locking.h).
 */
#ifndef KERNEL_LIB_RADIX_TREE_H
#define KERNEL_LIB_RADIX_TREE_H

#include "kernel/types.h"

#define RADIX_TREE_MAP_SHIFT 6
#define RADIX_TREE_MAP_SIZE (1UL << RADIX_TREE_MAP_SHIFT)
#define RADIX_TREE_MAP_MASK (RADIX_TREE_MAP_SIZE - 1)

struct radix_tree_node {
	unsigned int count;	/* non-NULL slots */
	void *slots[RADIX_TREE_MAP_SIZE];
};

struct radix_tree_root {
	unsigned int height;	/* 0: empty tree; rnode is NULL */
	struct radix_tree_node *rnode;
};

#define RADIX_TREE_INIT { 0, NULL }

static inline void INIT_RADIX_TREE(struct radix_tree_root *root)
{
	root->height = 0;
	root->rnode = NULL;
}

void radix_tree_init(void);
/*
 * Insertion may need up to RADIX_TREE_MAX_PATH new nodes but runs under
 * tree_lock, where it must not sleep.  radix_tree_preload() allocates them
 * beforehand with gfp (which may sleep); insert takes nodes from that
 * reserve.  Returns 0 or -ENOMEM.  Leftover nodes stay for the next insert.
 */
#define RADIX_TREE_MAX_PATH 6
int radix_tree_preload(unsigned int gfp);
/* Free the reserve (drop_caches: a leak check sees only what is used). */
void radix_tree_preload_drain(void);
/* 0, -EEXIST if index is taken, -ENOMEM.  item must not be NULL. */
int radix_tree_insert(struct radix_tree_root *root, unsigned long index,
		      void *item);
void *radix_tree_lookup(struct radix_tree_root *root, unsigned long index);
/* Removes and returns the item at index (NULL if none); frees empty nodes. */
void *radix_tree_delete(struct radix_tree_root *root, unsigned long index);
/*
 * Up to max items with keys >= first, in key order, into results.  Returns
 * how many were found.  The truncate and teardown loops walk with it.
 */
unsigned int radix_tree_gang_lookup(struct radix_tree_root *root,
				    void **results, unsigned long first,
				    unsigned int max);
/* The item with the smallest key >= *index, and that key in *index; NULL
 * when there is none. */
void *radix_tree_next(struct radix_tree_root *root, unsigned long *index);
/* Nodes allocated now, for tests that check nothing leaks. */
unsigned long radix_tree_nr_nodes(void);

#endif
