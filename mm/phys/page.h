/*
 * mm/phys/page.h - struct page, one for every physical frame, and the address
 * conversions of the direct map.
 *
 * mem_map[pfn] describes frame pfn.  The page allocator owns a frame while
 * it is free (PG_buddy on the first page of a free block, order in
 * `private`); afterwards `_count` holds the references, `mapping`/`index`
 * say which file page it caches.  An anonymous page (PG_anon) has a NULL
 * mapping, except in rmap=anon_vma, where mapping is its anon_vma tagged
 * with PAGE_MAPPING_ANON and index its linear page index
 * (mm/rmap/anon_vma.h); page_mapping() gives the file's mapping or NULL.
 * `lru` links the page on the reclaim lists, and the `pte` union is the
 * reverse map: a pte_chain, a single direct PTE (PG_direct), or for pages
 * found through an object only a count of the PTEs mapping them.
 *
 * Low memory (the frames below max_low_pfn, at most 896 MiB) is mapped at
 * PAGE_OFFSET after mm_init(), so __va/__pa are plain additions.  Frames
 * from max_low_pfn to max_pfn are high memory (ZONE_HIGHMEM): they have a
 * struct page but no kernel address until kmap gives them one
 * (mm/phys/highmem.h).  page_address() of a high page and __va() of an
 * address the direct map does not reach are kernel bugs and stop with
 * BUG, so a missed kmap shows itself at once.  pte_t and pgd_t live here
 * as in Linux's asm/page.h because struct page needs pte_t.
 */
#ifndef MM_PHYS_PAGE_H
#define MM_PHYS_PAGE_H

#include "kernel/cpu/atomic.h"
#include "kernel/cpu/bitops.h"
#include "kernel/list.h"
#include "kernel/panic.h"
#include "kernel/types.h"

#define PAGE_SHIFT 12
#define PAGE_SIZE (1u << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))
#define PAGE_OFFSET 0xC0000000u
#define PAGE_ALIGN(x) ALIGN_UP((u32)(x), PAGE_SIZE)
/* A number of pages in KiB, as /proc and the boot messages print it. */
#define K(pages) ((pages) << (PAGE_SHIFT - 10))

/* The direct map covers physical memory below this (Linux's 896 MiB). */
#define MAXMEM (0x38000000u)
#define MAXMEM_PFN (MAXMEM >> PAGE_SHIFT)

/*
 * The direct map covers physical frames below direct_map_end_pfn: low
 * memory, and Multiboot modules above it (mm/init.c).  Before mm_init it
 * is MAXMEM_PFN, the most there can be.
 */
extern u32 direct_map_end_pfn;

#define __pa(va) ((u32)(va) - PAGE_OFFSET)

static inline void *__va(u32 pa)
{
	BUG_ON(pa >= direct_map_end_pfn << PAGE_SHIFT);
	return (void *)(pa + PAGE_OFFSET);
}

typedef struct { u32 pte; } pte_t;
typedef struct { u32 pgd; } pgd_t;
typedef struct { u32 pgprot; } pgprot_t;
/* Where a PTE is when its table need not be mapped: its physical address
 * (mm/phys/pgtable.h, ptep_to_paddr); 0 is no PTE. */
typedef u32 pte_addr_t;

#define pte_val(x) ((x).pte)
#define pgd_val(x) ((x).pgd)
#define pgprot_val(x) ((x).pgprot)
#define __pte(x) ((pte_t){ (x) })
#define __pgd(x) ((pgd_t){ (x) })
#define __pgprot(x) ((pgprot_t){ (x) })

struct address_space;
struct pte_chain;

struct page {
	u32 flags;			/* PG_* bit numbers below */
	atomic_t _count;		/* references; 0 while free */
	struct address_space *mapping;	/* the file's, or see above */
	u32 index;			/* offset in mapping, in pages */
	u32 private;			/* buddy order when free; owner's data */
	struct list_head lru;		/* buddy free list or LRU list */
	union {
		struct pte_chain *chain;	/* PTEs mapping it (!PG_direct) */
		pte_addr_t direct;		/* the one PTE (PG_direct) */
		atomic_t mapcount;		/* minus the PTEs of an object-mapped
						 * page (mm/rmap/rmap.h) */
	} pte;
};

/* Bit numbers in page->flags; Linux's numbers where it has the flag. */
#define PG_locked 0		/* I/O in progress or being set up */
#define PG_error 1
#define PG_referenced 2
#define PG_uptodate 3
#define PG_dirty 4
#define PG_lru 5		/* on an LRU list */
#define PG_active 6		/* on the active list */
#define PG_slab 7		/* owned by a kmem cache */
#define PG_reserved 11		/* never handed out: kernel, BIOS, boot data */
#define PG_writeback 12		/* its write to swap is in flight (page_io.c) */
#define PG_private 13		/* `private` holds buffer heads (fs/buffer.c) */
#define PG_chainlock 15	/* pte_chain being changed (mm/rmap/pte_chain.h) */
#define PG_direct 16		/* pte.direct, not pte.chain, is valid */
#define PG_compound 19		/* head of a multi-page kmalloc block */
#define PG_anon 20		/* anonymous: rmap via pte_chain, not object */
#define PG_swapcache 21		/* in the swap cache, `private` is the entry */
#define PG_buddy 22		/* head of a free block in the buddy lists */
#define PG_readahead 23		/* read by swapin_readahead, no fault used it yet */

/* PageFoo, SetPageFoo, ClearPageFoo, TestSetPageFoo, TestClearPageFoo. */
#define PAGEFLAG(name, bit)                                                \
	static inline bool Page##name(const struct page *p)                \
	{ return test_bit(bit, &p->flags); }                               \
	static inline void SetPage##name(struct page *p)                   \
	{ set_bit(bit, &p->flags); }                                       \
	static inline void ClearPage##name(struct page *p)                 \
	{ clear_bit(bit, &p->flags); }                                     \
	static inline bool TestSetPage##name(struct page *p)               \
	{ return test_and_set_bit(bit, &p->flags); }                       \
	static inline bool TestClearPage##name(struct page *p)             \
	{ return test_and_clear_bit(bit, &p->flags); }

PAGEFLAG(Locked, PG_locked)
PAGEFLAG(Error, PG_error)
PAGEFLAG(Referenced, PG_referenced)
PAGEFLAG(Uptodate, PG_uptodate)
PAGEFLAG(Dirty, PG_dirty)
PAGEFLAG(LRU, PG_lru)
PAGEFLAG(Active, PG_active)
PAGEFLAG(Slab, PG_slab)
PAGEFLAG(Reserved, PG_reserved)
PAGEFLAG(Direct, PG_direct)
PAGEFLAG(Compound, PG_compound)
PAGEFLAG(Anon, PG_anon)
PAGEFLAG(SwapCache, PG_swapcache)
PAGEFLAG(Buddy, PG_buddy)
PAGEFLAG(Readahead, PG_readahead)
PAGEFLAG(Writeback, PG_writeback)
PAGEFLAG(Private, PG_private)

extern struct page *mem_map;
extern u32 max_pfn;		/* frames described by mem_map */
extern u32 max_low_pfn;		/* frames below it are low memory */

#define pfn_valid(pfn) ((u32)(pfn) < max_pfn)
#define pfn_to_page(pfn) (mem_map + (pfn))
#define page_to_pfn(page) ((u32)((page) - mem_map))
#define page_to_phys(page) (page_to_pfn(page) << PAGE_SHIFT)
#define virt_to_page(va) pfn_to_page(__pa(va) >> PAGE_SHIFT)
/* A direct-map address of low memory (not a kmap or fixmap address). */
#define virt_addr_valid(va) \
	((u32)(va) >= PAGE_OFFSET && __pa(va) >> PAGE_SHIFT < max_low_pfn)

/* Above the direct map: reach its contents with kmap (mm/phys/highmem.h). */
static inline bool PageHighMem(const struct page *page)
{
	return page_to_pfn(page) >= max_low_pfn;
}

/* The direct-map address of a low page; a high page has none (BUG). */
static inline void *page_address(const struct page *page)
{
	BUG_ON(PageHighMem(page));
	return __va(page_to_phys(page));
}

static inline int page_count(const struct page *page)
{
	return atomic_read(&page->_count);
}

static inline void set_page_count(struct page *page, int v)
{
	atomic_set(&page->_count, v);
}

/* A locked increment: a file page is shared by every CPU whose process
 * maps it, and a fault on one may take a reference while another drops
 * one (kernel/cpu/atomic.h). */
static inline void get_page(struct page *page)
{
	atomic_inc(&page->_count);
}

/* Drop a reference; the last one frees the page (mm/phys/page_alloc.c).
 * Reserved pages are never freed this way (as in Linux 2.6). */
void put_page(struct page *page);

#endif
