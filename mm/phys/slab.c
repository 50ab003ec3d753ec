/*
 * mm/phys/slab.c - object caches (Bonwick's slab allocator, Linux's shape).
 *
 * Slab layout, at the start of its first page:
 *
 *	struct slab | bufctl[num] | pad to align | obj 0 | obj 1 | ... | waste
 *
 * bufctl[i] is the index of the next free object after object i, and
 * slab->free the first; BUFCTL_END ends the list.  An object handed out
 * has BUFCTL_ACTIVE there (as Linux's debugging slab marks it), so a
 * double free is caught without walking the free list.  Every page of a slab has
 * PG_slab and page->private pointing at its struct slab, so kfree finds
 * the cache from any object.  A cache keeps its slabs on three lists by
 * fill state; allocation prefers partial slabs so that empty ones can be
 * given back.  One empty slab is kept per cache (so an alloc/free pair at
 * a boundary does not hit the page allocator each time), the others go
 * back at once; kmem_cache_shrink returns that one too.
 *
 * A cache's lists and counters change under its spinlock (interrupts off),
 * the list of caches under cache_chain_lock; a slab's pages are allocated
 * with neither held (the allocator may sleep to reclaim for __GFP_WAIT),
 * and an empty slab is freed with the cache's lock held.
 */
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/fault_inject.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/vmstat.h"
#include "mm/locking.h"

typedef u16 kmem_bufctl_t;
#define BUFCTL_END 0xFFFFu
#define BUFCTL_ACTIVE 0xFFFEu
#define DEFAULT_ALIGN 4u
#define MAX_SLAB_ORDER 3

struct slab {
	struct list_head list;		/* on one of the cache's three lists */
	struct kmem_cache *cache;
	char *s_mem;			/* object 0 */
	u32 inuse;			/* objects handed out */
	kmem_bufctl_t free;		/* first free object, or BUFCTL_END */
};

LIST_HEAD(cache_chain);
DEFINE_SPINLOCK(cache_chain_lock);
static struct kmem_cache cache_cache;	/* the caches' own cache */

static kmem_bufctl_t *slab_bufctl(struct slab *s)
{
	return (kmem_bufctl_t *)(s + 1);
}

/* Objects of stride `size` that fit a slab of `bytes`; *offset of obj 0. */
static u32 objs_fit(u32 bytes, u32 size, u32 align, u32 *offset)
{
	u32 hdr = sizeof(struct slab);
	u32 num = (bytes - hdr) / (size + sizeof(kmem_bufctl_t));

	while (num && ALIGN_UP(hdr + num * sizeof(kmem_bufctl_t), align) +
			      num * size > bytes)
		num--;
	*offset = ALIGN_UP(hdr + num * sizeof(kmem_bufctl_t), align);
	return num;
}

/* Smallest slab order wasting at most 1/8 of the slab (or the largest). */
static void choose_order(struct kmem_cache *c)
{
	for (c->order = 0;; c->order++) {
		u32 bytes = PAGE_SIZE << c->order;
		u32 waste;

		c->num = objs_fit(bytes, c->size, c->align, &c->obj_offset);
		waste = bytes - c->obj_offset - c->num * c->size;
		if (c->num && (waste * 8 <= bytes || c->order == MAX_SLAB_ORDER))
			return;
	}
}

static bool cache_args_ok(u32 size, u32 align)
{
	return size && size <= PAGE_SIZE && align <= PAGE_SIZE &&
	       !(align & (align - 1));
}

static void cache_setup(struct kmem_cache *cachep, const char *name,
			u32 size, u32 align, void (*ctor)(void *))
{
	u32 flags;

	memset(cachep, 0, sizeof(*cachep));
	strlcpy(cachep->name, name, sizeof(cachep->name));
	cachep->object_size = size;
	cachep->align = max(align, DEFAULT_ALIGN);
	cachep->size = ALIGN_UP(size, cachep->align);
	cachep->ctor = ctor;
	choose_order(cachep);
	spin_lock_init(&cachep->spinlock);
	INIT_LIST_HEAD(&cachep->slabs_full);
	INIT_LIST_HEAD(&cachep->slabs_partial);
	INIT_LIST_HEAD(&cachep->slabs_free);
	spin_lock_irqsave(&cache_chain_lock, flags);
	list_add_tail(&cachep->next, &cache_chain);
	spin_unlock_irqrestore(&cache_chain_lock, flags);
}

struct kmem_cache *kmem_cache_create(const char *name, u32 size, u32 align,
				     void (*ctor)(void *))
{
	struct kmem_cache *c;

	if (!cache_args_ok(size, align))
		return NULL;
	c = kmem_cache_alloc(&cache_cache, GFP_KERNEL);
	if (c)
		cache_setup(c, name, size, align, ctor);
	return c;
}

static void *slab_obj(struct kmem_cache *c, struct slab *s, u32 i)
{
	return s->s_mem + i * c->size;
}

/* A new empty slab on slabs_free, or false if no pages. */
static bool cache_grow(struct kmem_cache *c, gfp_t gfp)
{
	struct page *page = alloc_pages(gfp & ~__GFP_ZERO, c->order);
	struct slab *s;
	u32 i, flags;

	if (!page)
		return false;
	s = page_address(page);
	for (i = 0; i < (1u << c->order); i++) {
		SetPageSlab(page + i);
		page[i].private = (u32)s;
	}
	s->cache = c;
	s->s_mem = (char *)s + c->obj_offset;
	s->inuse = 0;
	s->free = 0;
	for (i = 0; i < c->num; i++) {
		slab_bufctl(s)[i] = i + 1 < c->num ? i + 1 : BUFCTL_END;
		if (c->ctor)
			c->ctor(slab_obj(c, s, i));
	}
	spin_lock_irqsave(&c->spinlock, flags);
	list_add(&s->list, &c->slabs_free);
	c->num_slabs++;
	c->num_objs += c->num;
	stat_add(&page_state.nr_slab, 1u << c->order);
	spin_unlock_irqrestore(&c->spinlock, flags);
	return true;
}

/* Unlink an empty slab and give its pages back; c's lock is held. */
static void slab_destroy(struct kmem_cache *c, struct slab *s)
{
	struct page *page = virt_to_page(s);
	u32 i;

	list_del(&s->list);
	c->num_slabs--;
	c->num_objs -= c->num;
	stat_sub(&page_state.nr_slab, 1u << c->order);
	for (i = 0; i < (1u << c->order); i++) {
		ClearPageSlab(page + i);
		page[i].private = 0;
	}
	__free_pages(page, c->order);
}

static struct slab *first_slab(struct list_head *list)
{
	return list_empty(list) ? NULL : list_first_entry(list, struct slab, list);
}

void *kmem_cache_alloc(struct kmem_cache *c, gfp_t gfp)
{
	struct slab *s;
	void *obj;
	u32 flags, idx;

	if (should_fail(&failslab))
		return NULL;
	for (;;) {
		spin_lock_irqsave(&c->spinlock, flags);
		s = first_slab(&c->slabs_partial);
		if (!s)
			s = first_slab(&c->slabs_free);
		if (s)
			break;
		spin_unlock_irqrestore(&c->spinlock, flags);
		if (!cache_grow(c, gfp))
			return NULL;
	}
	idx = s->free;
	obj = slab_obj(c, s, idx);
	s->free = slab_bufctl(s)[idx];
	slab_bufctl(s)[idx] = BUFCTL_ACTIVE;
	if (s->inuse++ == 0)
		c->active_slabs++;
	c->active_objs++;
	list_move(&s->list, s->inuse == c->num ? &c->slabs_full
					       : &c->slabs_partial);
	spin_unlock_irqrestore(&c->spinlock, flags);
	if (gfp & __GFP_ZERO)
		memset(obj, 0, c->object_size);
	return obj;
}

struct kmem_cache *virt_to_cache(const void *obj)
{
	struct page *page = virt_to_page(obj);

	if (!virt_addr_valid(obj) || !PageSlab(page))
		return NULL;
	return ((struct slab *)page->private)->cache;
}

static bool obj_is_free(struct slab *s, u32 idx)
{
	return slab_bufctl(s)[idx] != BUFCTL_ACTIVE;
}

void kmem_cache_free(struct kmem_cache *c, void *obj)
{
	struct slab *s;
	u32 idx, flags;

	if (virt_to_cache(obj) != c)
		panic("kmem_cache_free: %p is not an object of cache %s", obj,
		      c->name);
	s = (struct slab *)virt_to_page(obj)->private;
	idx = (u32)((char *)obj - s->s_mem) / c->size;
	if ((char *)obj < s->s_mem || idx >= c->num ||
	    slab_obj(c, s, idx) != obj)
		panic("kmem_cache_free: %p is not an object start in %s", obj,
		      c->name);
	spin_lock_irqsave(&c->spinlock, flags);
	if (obj_is_free(s, idx))
		panic("kmem_cache_free: double free of %p in %s", obj, c->name);
	slab_bufctl(s)[idx] = s->free;
	s->free = idx;
	c->active_objs--;
	if (--s->inuse) {
		list_move(&s->list, &c->slabs_partial);
	} else {
		c->active_slabs--;
		if (list_empty(&c->slabs_free))
			list_move(&s->list, &c->slabs_free);
		else
			slab_destroy(c, s);
	}
	spin_unlock_irqrestore(&c->spinlock, flags);
}

u32 kmem_cache_shrink(struct kmem_cache *c)
{
	u32 pages = 0, flags;
	struct slab *s;

	spin_lock_irqsave(&c->spinlock, flags);
	while ((s = first_slab(&c->slabs_free))) {
		slab_destroy(c, s);
		pages += 1u << c->order;
	}
	spin_unlock_irqrestore(&c->spinlock, flags);
	return pages;
}

u32 kmem_cache_shrink_all(void)
{
	struct kmem_cache *c;
	u32 pages = 0, flags;

	spin_lock_irqsave(&cache_chain_lock, flags);
	list_for_each_entry(c, &cache_chain, next)
		pages += kmem_cache_shrink(c);
	spin_unlock_irqrestore(&cache_chain_lock, flags);
	return pages;
}

int kmem_cache_destroy(struct kmem_cache *c)
{
	u32 flags;

	kmem_cache_shrink(c);
	if (c->num_slabs) {
		printk("kmem_cache_destroy: %s still has %u objects in use\n",
		       c->name, c->active_objs);
		return 1;
	}
	spin_lock_irqsave(&cache_chain_lock, flags);
	list_del(&c->next);
	spin_unlock_irqrestore(&cache_chain_lock, flags);
	kmem_cache_free(&cache_cache, c);
	return 0;
}

void kmem_cache_init(void)
{
	cache_setup(&cache_cache, "kmem_cache", sizeof(struct kmem_cache), 0,
		    NULL);
	kmalloc_init();
}
