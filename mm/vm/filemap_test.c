/*
 * mm/vm/filemap_test.c - ktests for the radix tree and the page cache.
 */
#include "mm/vm/filemap.h"
#include "fs/inode.h"
#include "kernel/lib/radix_tree.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"

#define KEXPECT_PTR(a, b) KEXPECT_EQ((uintptr_t)(a), (uintptr_t)(b))

/* Fake items: any non-NULL pointer will do; the tree never looks inside. */
#define ITEM(i) ((void *)(0x1000 + (i) * 4))

static const unsigned long sparse[] = {
	0, 1, 63, 64, 65, 4095, 4096, 262143, 262144, 16777215, 16777216,
	0x7fffffff, 0xfffffffe, 0xffffffff,
};

KTEST(radix_tree_sparse_insert_lookup_delete)
{
	struct radix_tree_root root = RADIX_TREE_INIT;
	unsigned long nodes = radix_tree_nr_nodes();
	void *found[4];
	unsigned int i;

	KASSERT_EQ(radix_tree_preload(GFP_KERNEL), 0);
	nodes = radix_tree_nr_nodes();
	for (i = 0; i < ARRAY_SIZE(sparse); i++)
		KEXPECT_PTR(radix_tree_insert(&root, sparse[i], ITEM(i)), 0);
	KEXPECT_PTR(radix_tree_insert(&root, 4096, ITEM(99)), -EEXIST);
	for (i = 0; i < ARRAY_SIZE(sparse); i++)
		KEXPECT_PTR(radix_tree_lookup(&root, sparse[i]), ITEM(i));
	KEXPECT_PTR(radix_tree_lookup(&root, 2), NULL);
	KEXPECT_PTR(radix_tree_lookup(&root, 4097), NULL);
	KEXPECT_PTR(radix_tree_lookup(&root, 0xfffffffd), NULL);
	/* The height covers 32 bits: at most 6 levels. */
	KEXPECT_EQ(root.height, 6);
	/* Gang lookup walks in key order from any start. */
	KEXPECT_EQ(radix_tree_gang_lookup(&root, found, 65, 4), 4);
	KEXPECT_PTR(found[0], ITEM(4));
	KEXPECT_PTR(found[3], ITEM(7));
	KEXPECT_EQ(radix_tree_gang_lookup(&root, found, 0xffffffff, 4), 1);
	KEXPECT_PTR(found[0], ITEM(13));
	for (i = 0; i < ARRAY_SIZE(sparse); i++)
		KEXPECT_PTR(radix_tree_delete(&root, sparse[i]), ITEM(i));
	KEXPECT_PTR(radix_tree_delete(&root, 64), NULL);
	KEXPECT_PTR(root.rnode, NULL);
	KEXPECT_EQ(root.height, 0);
	/* Nodes used came from the preload reserve; every one is free again. */
	KEXPECT_LE(radix_tree_nr_nodes(), nodes);
}

KTEST(radix_tree_dense_range)
{
	struct radix_tree_root root = RADIX_TREE_INIT;
	unsigned long before = radix_tree_nr_nodes();
	void *found[64];
	unsigned int i, n, total = 0;
	unsigned long next = 0;

	for (i = 0; i < 1000; i++) {
		KASSERT_EQ(radix_tree_preload(GFP_KERNEL), 0);
		KASSERT_EQ(radix_tree_insert(&root, 5000 + i, ITEM(i)), 0);
	}
	KEXPECT_EQ(root.height, 3);	/* 5999 < 64^3 */
	for (i = 0; i < 1000; i++)
		KEXPECT_PTR(radix_tree_lookup(&root, 5000 + i), ITEM(i));
	KEXPECT_PTR(radix_tree_lookup(&root, 4999), NULL);
	KEXPECT_PTR(radix_tree_lookup(&root, 6000), NULL);
	while ((n = radix_tree_gang_lookup(&root, found, next, 64)) > 0) {
		for (i = 0; i < n; i++)
			KEXPECT_PTR(found[i], ITEM(total + i));
		total += n;
		next = 5000 + total;
	}
	KEXPECT_EQ(total, 1000);
	/* Remove the odd half, then the even half. */
	for (i = 1; i < 1000; i += 2)
		KEXPECT_PTR(radix_tree_delete(&root, 5000 + i), ITEM(i));
	for (i = 0; i < 1000; i += 2)
		KEXPECT_PTR(radix_tree_lookup(&root, 5000 + i), ITEM(i));
	for (i = 0; i < 1000; i += 2)
		KEXPECT_PTR(radix_tree_delete(&root, 5000 + i), ITEM(i));
	KEXPECT_PTR(root.rnode, NULL);
	KEXPECT_LE(radix_tree_nr_nodes(), before + RADIX_TREE_MAX_PATH);
}

static const struct address_space_operations no_aops;

/*
 * Add and remove pages at idx once, so that the radix tree's node slab has
 * grown as far as this test needs before free pages are counted.
 */
static void warm_up(struct address_space *mapping, const unsigned long *idx,
		    unsigned int n)
{
	struct page *pages[8];
	unsigned int i;

	for (i = 0; i < n; i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		if (pages[i] && add_to_page_cache(pages[i], mapping, idx[i],
						  GFP_KERNEL) == 0)
			unlock_page(pages[i]);
	}
	for (i = 0; i < n; i++) {
		if (!pages[i])
			continue;
		if (pages[i]->mapping) {
			lock_page(pages[i]);
			remove_from_page_cache(pages[i]);
			unlock_page(pages[i]);
			put_page(pages[i]);
		}
		put_page(pages[i]);
	}
}

KTEST(pagecache_add_find_remove)
{
	struct address_space mapping;
	static const unsigned long idx[] = { 0, 1, 2, 100, 70000 };
	struct page *pages[ARRAY_SIZE(idx)], *p;
	unsigned long cached = pagecache_nr_pages();
	u32 free_before;
	unsigned int i;

	address_space_init(&mapping, NULL, &no_aops);
	warm_up(&mapping, idx, ARRAY_SIZE(idx));
	KASSERT_EQ(mapping.nrpages, 0);
	/* The radix-tree reserve and the slabs kept for later may change
	 * inside: count without them. */
	radix_tree_preload_drain();
	kmem_cache_shrink_all();
	free_before = nr_free_pages();
	for (i = 0; i < ARRAY_SIZE(idx); i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		KASSERT_TRUE(pages[i] != NULL);
		KASSERT_EQ(add_to_page_cache(pages[i], &mapping, idx[i],
					     GFP_KERNEL), 0);
		/* Locked on return, with mapping and index set. */
		KEXPECT_TRUE(PageLocked(pages[i]));
		KEXPECT_PTR(pages[i]->mapping, &mapping);
		KEXPECT_PTR(pages[i]->index, idx[i]);
		KEXPECT_EQ(page_count(pages[i]), 2);
		unlock_page(pages[i]);
	}
	KEXPECT_EQ(mapping.nrpages, ARRAY_SIZE(idx));
	KEXPECT_EQ(pagecache_nr_pages(), cached + ARRAY_SIZE(idx));
	p = alloc_page(GFP_KERNEL);
	KEXPECT_EQ(add_to_page_cache(p, &mapping, 100, GFP_KERNEL), -EEXIST);
	KEXPECT_PTR(p->mapping, NULL);
	KEXPECT_FALSE(PageLocked(p));
	put_page(p);

	KEXPECT_PTR(find_get_page(&mapping, 3), NULL);
	p = find_get_page(&mapping, 70000);
	KEXPECT_PTR(p, pages[4]);
	KEXPECT_EQ(page_count(p), 3);
	put_page(p);
	p = find_lock_page(&mapping, 2);
	KEXPECT_PTR(p, pages[2]);
	KEXPECT_TRUE(PageLocked(p));
	KEXPECT_FALSE(trylock_page(p));
	remove_from_page_cache(p);
	unlock_page(p);
	KEXPECT_PTR(p->mapping, NULL);
	KEXPECT_PTR(find_get_page(&mapping, 2), NULL);
	put_page(p);	/* find's */
	put_page(p);	/* the cache's */
	for (i = 0; i < ARRAY_SIZE(idx); i++) {
		if (i == 2)
			continue;
		lock_page(pages[i]);
		remove_from_page_cache(pages[i]);
		unlock_page(pages[i]);
		put_page(pages[i]);
	}
	KEXPECT_EQ(mapping.nrpages, 0);
	KEXPECT_EQ(pagecache_nr_pages(), cached);
	for (i = 0; i < ARRAY_SIZE(idx); i++) {
		KEXPECT_EQ(page_count(pages[i]), 1);	/* alloc_page's */
		put_page(pages[i]);
	}
	radix_tree_preload_drain();
	kmem_cache_shrink_all();
	KEXPECT_EQ(nr_free_pages(), free_before);
}
