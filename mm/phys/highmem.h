/*
 * mm/phys/highmem.h - reaching a page's contents from the kernel: kmap.
 *
 * The kernel's 1 GiB of address space maps only low memory (the direct
 * map, page_address(), at most 896 MiB).  A page above it (ZONE_HIGHMEM,
 * PageHighMem) has no kernel address until one is made for it, so code
 * that reads or writes the contents of a page that may be high (user
 * pages, page-cache pages, swap and file I/O, page tables with highpte)
 * maps it first:
 *
 *   kmap(page) / kunmap(page)      a persistent mapping in the PKMAP area
 *                                  (mm/phys/fixmap.h); may sleep while
 *                                  every one of the LAST_PKMAP entries is
 *                                  in use.  Process context only.  A page
 *                                  kmapped twice shares one entry (counted).
 *   kmap_atomic(page, type) /      a fixmap slot of this CPU, one per
 *   kunmap_atomic(addr, type)      km_type; never sleeps, usable with
 *                                  interrupts off and in interrupts; the
 *                                  code in between must not sleep (and is
 *                                  not preempted).  Slots are released in
 *                                  the reverse order they were taken.
 *
 * kmap_atomic is checked on every page, low or high: taking a slot this
 * CPU already holds, a kunmap_atomic whose type is not the last one taken
 * or whose address is not that slot's, and sleeping while a slot is held
 * all stop with BUG.  A low page is returned at its direct-map address by
 * both and costs no mapping.  Allocations that can live in high memory
 * ask for it with __GFP_HIGHMEM (GFP_HIGHUSER for user and page-cache
 * pages).
 */
#ifndef MM_PHYS_HIGHMEM_H
#define MM_PHYS_HIGHMEM_H

#include "kernel/lib/string.h"
#include "mm/phys/kmap_types.h"
#include "mm/phys/page.h"

void *kmap_high(struct page *page);
void kunmap_high(struct page *page);

static inline void *kmap(struct page *page)
{
	if (!PageHighMem(page))
		return page_address(page);
	return kmap_high(page);
}

static inline void kunmap(struct page *page)
{
	if (PageHighMem(page))
		kunmap_high(page);
}

void *kmap_atomic(struct page *page, enum km_type type);
void kunmap_atomic(void *kvaddr, enum km_type type);
/* The page a kmap_atomic or kmap address (or a direct-map one) maps. */
struct page *kmap_atomic_to_page(const void *kvaddr);

/* The kmap_atomic slots one CPU holds, in the order taken. */
struct kmap_atomic_stack {
	int depth;
	enum km_type type[KM_TYPE_NR];
	u32 vaddr[KM_TYPE_NR]; /* page-aligned */
};

/*
 * The checker's decisions: NULL when the operation is allowed, else why
 * not.  kmap_atomic and kunmap_atomic BUG with the reason; the ktests call
 * these on stacks of their own.
 */
const char *kmap_atomic_take_error(const struct kmap_atomic_stack *s,
				   enum km_type type);
const char *kmap_atomic_release_error(const struct kmap_atomic_stack *s,
				      u32 vaddr, enum km_type type);
/* kmap_atomic slots this CPU holds now: the scheduler refuses to switch
 * away (BUG on a sleep, no preemption) while it is not 0. */
int kmap_atomic_depth(void);

/* Persistent kmap entries in use (pkmap_count above 1), for tests. */
u32 kmap_pool_in_use(void);

static inline void clear_highpage(struct page *page)
{
	void *kaddr = kmap_atomic(page, KM_USER0);

	memset(kaddr, 0, PAGE_SIZE);
	kunmap_atomic(kaddr, KM_USER0);
}

static inline void copy_highpage(struct page *to, struct page *from)
{
	void *vfrom = kmap_atomic(from, KM_USER0);
	void *vto = kmap_atomic(to, KM_USER1);

	memcpy(vto, vfrom, PAGE_SIZE);
	kunmap_atomic(vto, KM_USER1);
	kunmap_atomic(vfrom, KM_USER0);
}

/*
 * Bytes [offset, offset + len) of a page, which must lie inside it, to or
 * from kernel memory (never user memory: a fault there would sleep with
 * the slot held), or zeroed.  Process context; as Linux's.
 */
static inline void memcpy_from_page(void *to, struct page *page,
				    unsigned int offset, unsigned int len)
{
	char *from = kmap_atomic(page, KM_USER0);

	memcpy(to, from + offset, len);
	kunmap_atomic(from, KM_USER0);
}

static inline void memcpy_to_page(struct page *page, unsigned int offset,
				  const void *from, unsigned int len)
{
	char *to = kmap_atomic(page, KM_USER0);

	memcpy(to + offset, from, len);
	kunmap_atomic(to, KM_USER0);
}

static inline void memzero_page(struct page *page, unsigned int offset,
				unsigned int len)
{
	char *addr = kmap_atomic(page, KM_USER0);

	memset(addr + offset, 0, len);
	kunmap_atomic(addr, KM_USER0);
}

#endif
