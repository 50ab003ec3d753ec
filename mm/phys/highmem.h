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
 *   kunmap_atomic(addr, type)      km_type and CPU; never sleeps, usable
 *                                  with interrupts off and in interrupts;
 *                                  the code in between must not sleep (and
 *                                  is not preempted, so it stays on this
 *                                  CPU).  Slots are released in the
 *                                  reverse order they were taken.
 *
 * A low page has an address already, so kmap returns it, and so does
 * kmap_atomic, without a slot (Linux's fast path): it only counts the page
 * as held on this CPU, so that sleeping or being preempted in between
 * still stops with BUG on every machine.  For a high page kmap_atomic takes
 * this CPU's slot of that type, checked: taking a slot this CPU already
 * holds, a kunmap_atomic whose type is not the last one taken or whose
 * address is not that slot's all stop with BUG.  kunmap_atomic knows which
 * of the two it undoes by the address (kmap_atomic_is_direct).
 * Allocations that can live in high memory ask for it with __GFP_HIGHMEM
 * (GFP_HIGHUSER for user and page-cache pages).
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

/* What one CPU holds: its slots, in the order taken, and low pages. */
struct kmap_atomic_stack {
	int depth; /* slots */
	int direct; /* low pages, returned at their direct-map address */
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
/* kmap_atomic mappings this CPU holds now, slots and low pages: the
 * scheduler refuses to switch away (BUG on a sleep, no preemption) while
 * it is not 0. */
int kmap_atomic_depth(void);
/* The address of CPU cpu's slot of type type. */
u32 kmap_atomic_vaddr(int cpu, enum km_type type);

/* Whether a kmap_atomic address is a low page's own (the direct map,
 * below the kstack, PKMAP and fixmap areas) rather than a slot. */
static inline bool kmap_atomic_is_direct(const void *kvaddr)
{
	return (u32)kvaddr - PAGE_OFFSET < MAXMEM;
}

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
