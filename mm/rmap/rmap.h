/*
 * mm/rmap/rmap.h - reverse mapping: from a struct page to the PTEs that map it.
 *
 * Two ways to get there (docs/rmap.md tells where each design comes from):
 *
 *  - file pages (!PageAnon): by the object.  page->mapping is the file's
 *    address_space; every VMA on its i_mmap and i_mmap_shared lists that
 *    covers page->index maps the page at
 *        vm_start + ((page->index - vm_pgoff) << PAGE_SHIFT)
 *    and the real page tables say whether it is there.  The page itself
 *    only counts its PTEs in page->pte.mapcount (obj_mapcount below).
 *
 *  - anonymous pages (PageAnon, which includes the pages of nonlinear
 *    remap_file_pages VMAs): by a pte_chain, the list of PTE addresses
 *    kept on the page (mm/rmap/pte_chain.h).
 *
 * The boot option rmap=pte_chain tracks every page by pte_chain, and
 * rmap=anon_vma finds anonymous pages through an object too
 * (mm/rmap/anon_vma.h), with no pte_chain at all; so one kernel can
 * measure the three designs.
 *
 * Every user PTE that maps a page is entered with page_add_rmap, called
 * only by vm_install_pte (mm/rmap/pte_map.c), under the mm's
 * page_table_lock.  It leaves through page_remove_rmap, from vm_clear_pte
 * and from rmap=anon_vma's cluster scan for the neighbouring pages it
 * unmaps (mm/rmap/rmap_cluster.c), or through reclaim's own unmap
 * (unmap_one_pte), whose callers drop the mapcount or the chain slot they
 * are walking themselves.  page_referenced and try_to_unmap are reclaim's
 * questions: "was it used lately?" and "unmap it everywhere".
 */
#ifndef MM_RMAP_RMAP_H
#define MM_RMAP_RMAP_H

#include "kernel/types.h"
#include "mm/phys/page.h"

struct mm_struct;
struct vm_area_struct;

enum rmap_mode { RMAP_OBJRMAP, RMAP_PTE_CHAIN, RMAP_ANON_VMA };
extern enum rmap_mode rmap_mode;

/* try_to_unmap results, Linux's names. */
#define SWAP_SUCCESS 0	/* no PTE maps the page any more */
#define SWAP_AGAIN 1	/* a lock was busy: some PTEs are left, try later */
#define SWAP_FAIL 2	/* cannot be unmapped now (VM_LOCKED, no swap slot) */

/* Counters for /proc/rmap, /proc/vmstat and the benchmarks. */
struct rmap_stats {
	u32 nr_mapped;		/* pages with at least one PTE */
	u32 pte_chains;		/* pte_chain nodes in use now */
	u32 pte_chains_peak;	/* ... and at most since boot */
	u32 ptes_visited;	/* PTEs looked at by rmap walks */
	u32 vmas_scanned;	/* VMAs looked at by object walks */
	u32 pages_unmapped;	/* PTEs cleared by try_to_unmap */
	u32 referenced_calls, unmap_calls;
	u32 unmap_success, unmap_again, unmap_fail;
	u32 trylock_failed;	/* sum of mm/trylock_stat.h but the page lock */
	u32 anon_vmas;		/* anon_vma objects now (rmap=anon_vma) */
	u32 cluster_scans;	/* nonlinear VMAs scanned (rmap=anon_vma) */
	u64 walk_ticks;		/* TSC ticks inside page_referenced and
				 * try_to_unmap walks (guest instructions
				 * under qemu -icount), when there is a TSC */
};
extern struct rmap_stats rmap_stats;

void rmap_init(void);
const char *rmap_mode_name(void);

/* True if the page is tracked by pte_chain (else by its object). */
static inline bool page_uses_chain(const struct page *page)
{
	if (rmap_mode == RMAP_ANON_VMA)
		return false;
	return PageAnon(page) || rmap_mode == RMAP_PTE_CHAIN;
}

/* The file a page caches, or NULL: an anonymous page's mapping field may
 * hold its tagged anon_vma instead (rmap=anon_vma). */
static inline struct address_space *page_mapping(const struct page *page)
{
	if ((unsigned long)page->mapping & 1UL)
		return NULL;
	return page->mapping;
}

/* Is any PTE mapping the page?  (The union word is zero when not.) */
static inline bool page_mapped(const struct page *page)
{
	return page->pte.direct != 0;
}

/*
 * An object-found page counts its PTEs in pte.mapcount as minus their
 * number.  A 386 has no xadd to say what a counter was before a locked
 * add, but its flags say it when the count is negated: a new PTE adds -1,
 * which carries out of every value but 0, so no carry means the first
 * PTE; a PTE going adds 1, which gives 0 only from -1, the last PTE.  The
 * first and the last PTE decide nr_mapped, and PTEs of one page come and
 * go under the page_table_locks of different mms, on different CPUs: the
 * one instruction that changes the count also says which it was.
 */
static inline int obj_mapcount(const struct page *page)
{
	return -atomic_read(&page->pte.mapcount);
}

/* One PTE more; true if it is the page's first. */
static inline bool obj_map_add(struct page *page)
{
	return atomic_dec_was_zero(&page->pte.mapcount);
}

/* One PTE fewer; true if it was the page's last. */
static inline bool obj_map_remove(struct page *page)
{
	return atomic_inc_and_test(&page->pte.mapcount);
}

/* How many PTEs map page (Linux's page_mapcount), whichever way the mode
 * keeps them: a chained page's chain length, else the count an
 * object-found page keeps.  Any page_table_lock may be held. */
int page_mapcount(struct page *page);

/* vma and addr say where ptep is: rmap=anon_vma tags an anonymous page
 * by them when it is first mapped.  ptep is mapped (pte_offset_map and
 * its kind); a chain stores its physical address (ptep_to_paddr). */
int page_add_rmap(struct page *page, struct vm_area_struct *vma,
		  unsigned long addr, pte_t *ptep);
void page_remove_rmap(struct page *page, pte_t *ptep);
/* Number of young PTEs found (and made old), plus PG_referenced. */
int page_referenced(struct page *page);
/* The page must be locked; returns SWAP_SUCCESS, SWAP_AGAIN or SWAP_FAIL. */
int try_to_unmap(struct page *page);

/*
 * Writeback's question (mm/rmap/rmap_mkclean.c): make every PTE that maps
 * the locked file page in a shared VMA read-only and clean, so the next
 * store faults and dirties the page again.  Returns the number of PTEs
 * that were dirty or writable (Linux's count; a PTE it could not reach
 * counts too), so non-zero means "the page may hold stores not yet in
 * PG_dirty".  0 for an unmapped or anonymous page.  May sleep for
 * i_shared_sem unless called by reclaim.
 */
int page_mkclean(struct page *page);

/*
 * Make a page PageAnon before it goes into a VM_NONLINEAR VMA, moving any
 * PTEs that already map it linearly from pte.mapcount onto a pte_chain:
 * once the page is PageAnon, reclaim looks only at its chain, and a linear
 * PTE left off it could never be unmapped.  Call without page_table_lock;
 * 0 or -ENOMEM.
 */
int page_convert_anon(struct page *page);

/*
 * A page table page remembers its mm and the address it starts at, so a
 * PTE location on a pte_chain leads back to (mm, address): they are kept
 * in the page table page's private and index.
 */
void pgtable_add_rmap(struct page *pt, struct mm_struct *mm,
		      unsigned long addr);
struct mm_struct *ptep_to_mm(pte_addr_t ptep);
unsigned long ptep_to_address(pte_addr_t ptep);

/* Where the object walk expects page in vma, or -EFAULT if outside it. */
unsigned long vma_address(struct page *page, struct vm_area_struct *vma);

/* The checker (mm/rmap/rmap_audit.c): 0, the number of violations found,
 * or -1 when it had no memory for its counts. */
int rmap_audit(void);

#endif
