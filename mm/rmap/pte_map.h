/*
 * mm/rmap/pte_map.h - the only functions that make or break the link between a
 * user PTE and a struct page.
 *
 * Every user PTE that maps a page goes in through vm_install_pte and out
 * through vm_clear_pte: the fault handler, COW, fork's page table copy,
 * exec's argument pages, mremap's move, remap_file_pages; munmap, exit and
 * truncate through vm_clear_pte_gather, its batched form.  That keeps rss, the page reference each PTE holds, the dirty
 * bit and the reverse mapping (page_add_rmap/page_remove_rmap) in one
 * place each.  try_to_unmap, which keeps the reverse map itself, uses only
 * the hardware half, vm_zap_pte.
 */
#ifndef MM_RMAP_PTE_MAP_H
#define MM_RMAP_PTE_MAP_H

#include "mm/vm/vma.h"

struct mmu_gather;

/*
 * Make *ptep (empty) map page with the PTE value entry.  The caller holds
 * the mm's page_table_lock and hands over one page reference, which the
 * PTE keeps until vm_clear_pte.  Returns 0, or -ENOMEM when the reverse
 * map had no memory for it: then *ptep stays empty and the reference
 * stays the caller's.
 */
int vm_install_pte(struct vm_area_struct *vma, unsigned long addr,
		   pte_t *ptep, struct page *page, pte_t entry);

/*
 * Clear the present PTE *ptep, flush its TLB entry, move its dirty bit to
 * the page, take it off the reverse map and drop the PTE's page reference.
 * The caller holds page_table_lock.  Returns the old PTE value.
 */
pte_t vm_clear_pte(struct vm_area_struct *vma, unsigned long addr,
		   pte_t *ptep);

/*
 * vm_clear_pte for a walk over a range (mm/vm/mmu_gather.h): everything
 * but the flush and the put_page, which wait for the gather's flush.
 */
void vm_clear_pte_gather(struct mmu_gather *tlb, struct vm_area_struct *vma,
			 unsigned long addr, pte_t *ptep);

/*
 * The hardware half of vm_clear_pte: clear, flush, move the dirty bit,
 * count rss.  The reverse map and the page reference are the caller's.
 */
pte_t vm_zap_pte(struct vm_area_struct *vma, unsigned long addr,
		 pte_t *ptep);

#endif
