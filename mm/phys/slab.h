/*
 * mm/phys/slab.h - kernel object caches and kmalloc.
 *
 * A kmem_cache hands out objects of one size from slabs: blocks of
 * 2^order pages from the page allocator, each holding a struct slab header,
 * a free-index array (kmem_bufctl_t, as in Linux 2.4/2.6) and the objects.
 * Keeping the free list outside the objects means a constructor runs once
 * per object when its slab is created, and a freed object keeps its
 * constructed state.  kmalloc is a set of caches for sizes 8..4096 bytes;
 * larger requests go to the page allocator.
 *
 * The counters are those of /proc/slabinfo: active_objs num_objs objsize
 * objperslab pagesperslab : slabdata active_slabs num_slabs.  cache_chain
 * lists every cache for procfs.
 */
#ifndef MM_PHYS_SLAB_H
#define MM_PHYS_SLAB_H

#include "kernel/list.h"
#include "kernel/sched/spinlock.h"
#include "kernel/types.h"
#include "mm/phys/gfp.h"

#define KMEM_CACHE_NAME_LEN 24

struct kmem_cache {
	char name[KMEM_CACHE_NAME_LEN];
	u32 object_size;	/* as asked for */
	u32 size;		/* object stride: object_size rounded to align */
	u32 align;
	u32 order;		/* a slab is 2^order pages */
	u32 num;		/* objects per slab */
	u32 obj_offset;		/* offset of the first object in a slab */
	void (*ctor)(void *obj);
	spinlock_t spinlock;	/* the slab lists and the counters below */
	struct list_head slabs_full, slabs_partial, slabs_free;
	u32 active_objs, num_objs;	/* objects in use / in all slabs */
	u32 active_slabs, num_slabs;	/* slabs with objects in use / all */
	struct list_head next;		/* on cache_chain */
};

extern struct list_head cache_chain;
extern spinlock_t cache_chain_lock;	/* the list of caches */

/* align: power of two, 0 for the default (4 bytes).  NULL if out of memory
 * or if the arguments make no sense (size 0 or above 4096 bytes). */
struct kmem_cache *kmem_cache_create(const char *name, u32 size, u32 align,
				     void (*ctor)(void *));
/* Returns 0, or 1 (and leaves the cache) if objects are still in use. */
int kmem_cache_destroy(struct kmem_cache *cache);
void *kmem_cache_alloc(struct kmem_cache *cache, gfp_t gfp);
void kmem_cache_free(struct kmem_cache *cache, void *obj);
/* Give the cache's empty slabs back to the page allocator; returns pages. */
u32 kmem_cache_shrink(struct kmem_cache *cache);
/* Shrink every cache (tests that count free pages settle them first). */
u32 kmem_cache_shrink_all(void);

void *kmalloc(u32 size, gfp_t gfp);
void *kzalloc(u32 size, gfp_t gfp);
void kfree(const void *obj);
/* The usable size of a kmalloc'ed object. */
u32 ksize(const void *obj);

/* Set up cache_cache and the kmalloc caches (mm_init). */
void kmem_cache_init(void);

/* Between slab.c and kmalloc.c. */
void kmalloc_init(void);
/* The cache a slab object belongs to, or NULL if obj is not in a slab. */
struct kmem_cache *virt_to_cache(const void *obj);

#endif
