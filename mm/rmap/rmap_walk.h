/*
 * mm/rmap/rmap_walk.h - the halves of page_referenced and try_to_unmap,
 * shared by mm/rmap/rmap.c (which chooses) and the files that walk:
 * mm/rmap/rmap_obj.c (through page->mapping's VMAs), mm/rmap/rmap_anon.c
 * (through the page's anon_vma), mm/rmap/rmap_cluster.c (nonlinear VMAs in
 * rmap=anon_vma) and mm/rmap/rmap_chain.c (through the page's pte_chain).
 */
#ifndef MM_RMAP_RMAP_WALK_H
#define MM_RMAP_RMAP_WALK_H

#include "mm/phys/page.h"

struct vm_area_struct;

int page_referenced_obj(struct page *page);
int try_to_unmap_obj(struct page *page);
int page_referenced_anon(struct page *page);
int try_to_unmap_anon(struct page *page);
/* rmap=anon_vma: unmap page (and its neighbours) from nonlinear VMAs. */
int try_to_unmap_cluster(struct page *page);

/* One VMA of an object walk (file or anon_vma): the page's PTE there. */
int page_referenced_one(struct vm_area_struct *vma, struct page *page);
int try_to_unmap_one(struct vm_area_struct *vma, struct page *page);
int page_referenced_chain(struct page *page);
int try_to_unmap_chain(struct page *page);

/* Clear one PTE for try_to_unmap: returns SWAP_SUCCESS or SWAP_FAIL. */
int unmap_one_pte(struct vm_area_struct *vma, unsigned long addr,
		  pte_t *ptep, struct page *page);

#endif
