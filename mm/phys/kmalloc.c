/*
 * mm/phys/kmalloc.c - kmalloc/kfree by power-of-two size classes.
 *
 * Requests up to 4096 bytes come from the caches size-8 ... size-4096
 * (8-byte aligned).  Larger ones get whole pages: the first page is marked
 * PG_compound with the block's order in `private`, so kfree can tell the
 * two kinds apart and give back the right number of pages.
 */
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/panic.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"

#define KMALLOC_MIN_SHIFT 3
#define KMALLOC_MAX_SHIFT 12
#define NR_KMALLOC_CACHES (KMALLOC_MAX_SHIFT - KMALLOC_MIN_SHIFT + 1)

static struct kmem_cache *malloc_sizes[NR_KMALLOC_CACHES];

void kmalloc_init(void)
{
	static char names[NR_KMALLOC_CACHES][12];
	int i;

	for (i = 0; i < NR_KMALLOC_CACHES; i++) {
		u32 size = 1u << (i + KMALLOC_MIN_SHIFT);

		snprintf(names[i], sizeof(names[i]), "size-%u", size);
		malloc_sizes[i] = kmem_cache_create(names[i], size, 8, NULL);
		if (!malloc_sizes[i])
			panic("kmalloc: cannot create cache %s", names[i]);
	}
}

static void *kmalloc_large(u32 size, gfp_t gfp)
{
	unsigned int order = get_order(size);
	struct page *page = alloc_pages(gfp, order);

	if (!page)
		return NULL;
	SetPageCompound(page);
	page->private = order;
	return page_address(page);
}

void *kmalloc(u32 size, gfp_t gfp)
{
	int i;

	for (i = 0; i < NR_KMALLOC_CACHES; i++)
		if (size <= (1u << (i + KMALLOC_MIN_SHIFT)))
			return kmem_cache_alloc(malloc_sizes[i], gfp);
	return kmalloc_large(size, gfp);
}

void *kzalloc(u32 size, gfp_t gfp)
{
	return kmalloc(size, gfp | __GFP_ZERO);
}

void kfree(const void *obj)
{
	struct kmem_cache *c;
	struct page *page;
	unsigned int order;

	if (!obj)
		return;
	c = virt_to_cache(obj);
	if (c) {
		kmem_cache_free(c, (void *)obj);
		return;
	}
	page = virt_to_page(obj);
	if (!virt_addr_valid(obj) || ((u32)obj & ~PAGE_MASK) ||
	    !PageCompound(page))
		panic("kfree: %p was not returned by kmalloc", obj);
	ClearPageCompound(page);
	order = page->private;
	page->private = 0;
	__free_pages(page, order);
}

u32 ksize(const void *obj)
{
	struct kmem_cache *c = virt_to_cache(obj);

	if (c)
		return c->object_size;
	return PAGE_SIZE << virt_to_page(obj)->private;
}
