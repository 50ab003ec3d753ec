/*
 * mm/phys/highmem.h - reaching a page's contents from the kernel: kmap.
 *
 * The kernel's 1 GiB of address space maps only the first 896 MiB of RAM
 * (the direct map, page_address()).  A page above it (ZONE_HIGHMEM) has no
 * kernel address until one is made for it, so code that reads or writes
 * the contents of a page that may be high (user pages, page-cache pages,
 * swap and file I/O, page tables with highpte) maps it first:
 *
 *   kmap(page) / kunmap(page)      a persistent mapping; may sleep while
 *                                  every slot of the pool is in use.
 *   kmap_atomic(page, type) /      a fixed slot of this CPU, one per
 *   kunmap_atomic(addr, type)      km_type; never sleeps, usable with
 *                                  interrupts off and in interrupts; the
 *                                  code in between must not sleep.  Slots
 *                                  are released in the reverse order
 *                                  they were taken.
 *
 * A page in low memory is returned at its direct-map address by both.
 * Allocations that can live in high memory ask for it with __GFP_HIGHMEM
 * (GFP_HIGHUSER for user and page-cache pages).
 */
#ifndef MM_PHYS_HIGHMEM_H
#define MM_PHYS_HIGHMEM_H

#include "kernel/lib/string.h"
#include "mm/phys/page.h"

/* The kmap_atomic slots; each context that maps uses its own. */
enum km_type {
	KM_BOUNCE_READ, /* bounce-buffer copies (block layer) */
	KM_USER0, /* process context: first page of a copy */
	KM_USER1, /* process context: second page of a copy */
	KM_PTE0, /* a page table being walked (pte_offset_map) */
	KM_PTE1, /* a second page table (mremap, fork's copy) */
	KM_PTE2, /* a page table in a reverse-map walk (rmap_ptep_map) */
	KM_IRQ0, /* interrupt handlers (PIO transfers) */
	KM_TYPE_NR
};

static inline bool PageHighMem(const struct page *page)
{
	(void)page;
	return false;
}

static inline void *kmap(struct page *page)
{
	return page_address(page);
}

static inline void kunmap(struct page *page)
{
	(void)page;
}

static inline void *kmap_atomic(struct page *page, enum km_type type)
{
	(void)type;
	return page_address(page);
}

static inline void kunmap_atomic(void *kvaddr, enum km_type type)
{
	(void)kvaddr;
	(void)type;
}

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
