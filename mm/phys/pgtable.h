/*
 * mm/phys/pgtable.h - i386 two-level page tables, in Linux's terms.
 *
 * A page directory (pgd_t[1024]) maps 4 MiB per entry to a page table
 * (pte_t[1024]) mapping 4 KiB per entry.  Linux's pmd level is folded away:
 * pte_offset_map() goes straight from a directory entry to the PTE.  The
 * bits are the hardware's own; the accessed and dirty bits are set by the
 * MMU.
 *
 * A user page table may be in high memory (the boot option highpte), with
 * no kernel address of its own, so a walk maps it for as long as it reads
 * or writes PTEs and unmaps it before it can sleep.  Each context maps
 * with its own kmap_atomic slot (mm/phys/highmem.h), so that two walks
 * on one CPU never share a slot:
 *
 *   pte_offset_map / pte_unmap          KM_PTE0  a process's walks (the
 *                                                fault path, fork's and
 *                                                mremap's destination,
 *                                                munmap, /proc, ...)
 *   pte_offset_map_nested /             KM_PTE1  the second table held at
 *   pte_unmap_nested                             once: fork's and mremap's
 *                                                source
 *   rmap_ptep_map / rmap_ptep_unmap     KM_PTE2  the reverse-map walks
 *                                                (reclaim, page_mkclean,
 *                                                the audits, the tracer),
 *                                                always under
 *                                                page_table_lock or the
 *                                                pte_chain lock, so with
 *                                                interrupts off
 *
 * A reclaim walk can therefore run while a process that kswapd preempted
 * holds KM_PTE0 or KM_PTE1 (a ktest, a kernel thread) without touching
 * its mapping.  Directories and the kernel's own page tables are always
 * in low memory: pte_offset_kernel reads them through the direct map.
 *
 * The reverse map keeps where a PTE is as a pte_addr_t, the PTE's
 * physical address, which stays valid while its table is not mapped
 * (ptep_to_paddr, rmap_ptep_map).
 *
 * The directory entries from USER_PTRS_PER_PGD up (0xC0000000 and above)
 * are the kernel's: swapper_pg_dir holds them and pgd_alloc() copies them
 * into every new directory.  They are fixed after mm_init (the direct map),
 * so the copies never go stale.
 *
 * A PTE that is not present but not zero holds a swap entry: bit 0 (P)
 * clear, bit 6 clear, swap type in bits 1-5, offset in bits 8-31; or, with
 * bit 6 (_PAGE_FILE) set, the file offset of a nonlinear page (the end of
 * this file).
 */
#ifndef MM_PHYS_PGTABLE_H
#define MM_PHYS_PGTABLE_H

#include "mm/phys/page.h"

#define _PAGE_PRESENT 0x001
#define _PAGE_RW 0x002
#define _PAGE_USER 0x004
#define _PAGE_PWT 0x008
#define _PAGE_PCD 0x010
#define _PAGE_ACCESSED 0x020
#define _PAGE_DIRTY 0x040
#define _PAGE_PSE 0x080		/* 4 MiB page, in a directory entry */
#define _PAGE_GLOBAL 0x100	/* only honoured with CR4.PGE */

#define PGDIR_SHIFT 22
#define PGDIR_SIZE (1u << PGDIR_SHIFT)
#define PTRS_PER_PGD 1024
#define PTRS_PER_PTE 1024
#define USER_PTRS_PER_PGD (PAGE_OFFSET >> PGDIR_SHIFT)

/* Directory entries pointing at page tables. */
#define _PAGE_TABLE (_PAGE_PRESENT | _PAGE_RW | _PAGE_USER | _PAGE_ACCESSED)
#define _KERNPG_TABLE (_PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY)

#define PAGE_NONE __pgprot(0)
#define PAGE_KERNEL \
	__pgprot(_PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY)
#define PAGE_KERNEL_RO __pgprot(_PAGE_PRESENT | _PAGE_ACCESSED)
#define PAGE_SHARED \
	__pgprot(_PAGE_PRESENT | _PAGE_RW | _PAGE_USER | _PAGE_ACCESSED)
#define PAGE_COPY __pgprot(_PAGE_PRESENT | _PAGE_USER | _PAGE_ACCESSED)
#define PAGE_READONLY PAGE_COPY

extern pgd_t swapper_pg_dir[PTRS_PER_PGD];

#define pgd_index(va) (((u32)(va) >> PGDIR_SHIFT) & (PTRS_PER_PGD - 1))
#define pte_index(va) (((u32)(va) >> PAGE_SHIFT) & (PTRS_PER_PTE - 1))

/* The directory entry for va in a directory (mm->pgd, or swapper's). */
static inline pgd_t *pgd_offset(pgd_t *pgdir, u32 va)
{
	return pgdir + pgd_index(va);
}
#define pgd_offset_k(va) pgd_offset(swapper_pg_dir, va)

static inline bool pgd_none(pgd_t pgd) { return !pgd_val(pgd); }
static inline bool pgd_present(pgd_t pgd)
{
	return pgd_val(pgd) & _PAGE_PRESENT;
}
static inline void set_pgd(pgd_t *pgdp, pgd_t pgd) { *pgdp = pgd; }
static inline void pgd_clear(pgd_t *pgdp) { pgdp->pgd = 0; }
/*
 * The OR of eight consecutive entries of a table or directory (each one
 * u32): zero when all eight are none.  A user directory, and a page table
 * about to be freed, are mostly or wholly empty, so their scans test eight
 * entries at a time.
 */
static inline u32 entries_or8(const void *entries)
{
	const u32 *e = entries;

	return e[0] | e[1] | e[2] | e[3] | e[4] | e[5] | e[6] | e[7];
}

/* The struct page of the page table a directory entry points at. */
static inline struct page *pgd_page(pgd_t pgd)
{
	return pfn_to_page(pgd_val(pgd) >> PAGE_SHIFT);
}
/* Hook a page table into a directory entry (user half: US set). */
static inline void pgd_populate(pgd_t *pgdp, struct page *pte_page)
{
	set_pgd(pgdp, __pgd(page_to_phys(pte_page) | _PAGE_TABLE));
}

/* The PTE for va in a kernel page table (always in low memory). */
static inline pte_t *pte_offset_kernel(pgd_t *pgdp, u32 va)
{
	return (pte_t *)__va(pgd_val(*pgdp) & PAGE_MASK) + pte_index(va);
}

/*
 * Mapping a user page table (see the top of this file for the slots);
 * mm/vm/pt_walk.c has them, with the counters of page-table maps done by
 * walks and of those of a table in high memory (the cost of highpte, in
 * /proc/vmstat).
 */
extern u32 pgtable_maps, pgtable_maps_high;
/* The PTE for va in the user page table *pgdp points at, mapped until
 * pte_unmap. */
pte_t *pte_offset_map(pgd_t *pgdp, u32 va);
void pte_unmap(pte_t *ptep);
/* The same with the second slot, for a second table held at once. */
pte_t *pte_offset_map_nested(pgd_t *pgdp, u32 va);
void pte_unmap_nested(pte_t *ptep);

/* The physical address of a PTE mapped by one of the calls above. */
pte_addr_t ptep_to_paddr(pte_t *ptep);

/* The page table page a stored PTE location is in. */
static inline struct page *pte_addr_page(pte_addr_t paddr)
{
	return pfn_to_page(paddr >> PAGE_SHIFT);
}

/* Map a stored PTE location for a reverse-map walk, until
 * rmap_ptep_unmap. */
pte_t *rmap_ptep_map(pte_addr_t paddr);
void rmap_ptep_unmap(pte_t *ptep);

static inline pte_t pfn_pte(u32 pfn, pgprot_t prot)
{
	return __pte(pfn << PAGE_SHIFT | pgprot_val(prot));
}
static inline pte_t mk_pte(struct page *page, pgprot_t prot)
{
	return pfn_pte(page_to_pfn(page), prot);
}
static inline u32 pte_pfn(pte_t pte) { return pte_val(pte) >> PAGE_SHIFT; }
static inline struct page *pte_page(pte_t pte)
{
	return pfn_to_page(pte_pfn(pte));
}

static inline void set_pte(pte_t *ptep, pte_t pte) { *ptep = pte; }
static inline void pte_clear(pte_t *ptep) { ptep->pte = 0; }

static inline bool pte_none(pte_t pte) { return !pte_val(pte); }
static inline bool pte_present(pte_t pte)
{
	return pte_val(pte) & _PAGE_PRESENT;
}
static inline bool pte_young(pte_t pte)
{
	return pte_val(pte) & _PAGE_ACCESSED;
}
static inline bool pte_dirty(pte_t pte) { return pte_val(pte) & _PAGE_DIRTY; }
static inline bool pte_write(pte_t pte) { return pte_val(pte) & _PAGE_RW; }
static inline bool pte_user(pte_t pte) { return pte_val(pte) & _PAGE_USER; }

static inline pte_t pte_mkyoung(pte_t p) { return __pte(pte_val(p) | _PAGE_ACCESSED); }
static inline pte_t pte_mkold(pte_t p) { return __pte(pte_val(p) & ~_PAGE_ACCESSED); }
static inline pte_t pte_mkdirty(pte_t p) { return __pte(pte_val(p) | _PAGE_DIRTY); }
static inline pte_t pte_mkclean(pte_t p) { return __pte(pte_val(p) & ~_PAGE_DIRTY); }
static inline pte_t pte_mkwrite(pte_t p) { return __pte(pte_val(p) | _PAGE_RW); }
static inline pte_t pte_wrprotect(pte_t p) { return __pte(pte_val(p) & ~_PAGE_RW); }
static inline pte_t pte_modify(pte_t p, pgprot_t prot)
{
	return __pte((pte_val(p) & (PAGE_MASK | _PAGE_ACCESSED | _PAGE_DIRTY)) |
		     pgprot_val(prot));
}

/*
 * The MMU sets A and D behind our back, so clearing one must not lose the
 * other: each helper is a single btr or xchg instruction, and on a
 * uniprocessor nothing can come between its read and its write.
 */
static inline bool ptep_test_and_clear_young(pte_t *ptep)
{
	return test_and_clear_bit(5, &ptep->pte);
}
static inline bool ptep_test_and_clear_dirty(pte_t *ptep)
{
	return test_and_clear_bit(6, &ptep->pte);
}
static inline void ptep_set_wrprotect(pte_t *ptep)
{
	clear_bit(1, &ptep->pte);
}
static inline pte_t ptep_get_and_clear(pte_t *ptep)
{
	u32 old = 0;

	asm volatile("xchgl %0, %1" : "+r"(old), "+m"(ptep->pte) : : "memory");
	return __pte(old);
}

/* Swap entries in not-present PTEs (see the top of this file). */
typedef struct { u32 val; } swp_entry_t;
#define SWP_TYPE_BITS 5
#define MAX_SWAPFILES (1 << SWP_TYPE_BITS)
static inline swp_entry_t swp_entry(u32 type, u32 offset)
{
	return (swp_entry_t){ (type & (MAX_SWAPFILES - 1)) << 1 | offset << 8 };
}
static inline u32 swp_type(swp_entry_t e) { return (e.val >> 1) & (MAX_SWAPFILES - 1); }
static inline u32 swp_offset(swp_entry_t e) { return e.val >> 8; }
static inline swp_entry_t pte_to_swp_entry(pte_t pte) { return (swp_entry_t){ pte_val(pte) }; }
static inline pte_t swp_entry_to_pte(swp_entry_t e) { return __pte(e.val); }

/*
 * Nonlinear file PTEs: when reclaim unmaps a page of a VM_NONLINEAR VMA
 * that does not sit at its linear offset, the PTE keeps the file offset
 * (bit 0 clear, bit 6 set, offset from bit 8) so that the next fault
 * brings back the right page.  Swap entries never have bit 6 set.
 */
#define _PAGE_FILE 0x040
static inline bool pte_file(pte_t pte)
{
	return (pte_val(pte) & (_PAGE_PRESENT | _PAGE_FILE)) == _PAGE_FILE;
}
static inline pte_t pgoff_to_pte(u32 pgoff) { return __pte(pgoff << 8 | _PAGE_FILE); }
static inline u32 pte_to_pgoff(pte_t pte) { return pte_val(pte) >> 8; }

/* A new page directory: user half empty, kernel half from swapper_pg_dir. */
pgd_t *pgd_alloc(void);
/* Free a directory and any page tables still hooked into its user half;
 * the caller has already unmapped (zapped) the pages they mapped. */
void pgd_free(pgd_t *pgd);
/* The index of the first entry of pgd in [i, end) that is not none, or
 * end (end at most USER_PTRS_PER_PGD). */
u32 pgd_next_used(const pgd_t *pgd, u32 i, u32 end);
/* A zeroed page for a user page table, counted in nr_page_table_pages;
 * in high memory when booted with highpte. */
struct page *pte_alloc_one(void);
void pte_free(struct page *pte_page);

/* Build swapper_pg_dir with the direct map of [0, end_pfn) and switch to
 * it; the boot identity mapping at 0 is gone afterwards (mm/phys/paging.c). */
void paging_init(u32 end_pfn);

#endif
