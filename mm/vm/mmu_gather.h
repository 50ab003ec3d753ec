/*
 * mm/vm/mmu_gather.h - unmapping many pages with one TLB flush.
 *
 * A page whose PTE is cleared may still be in the TLB of any CPU running
 * the mm, so it must not be freed before every such CPU has flushed
 * (mm/phys/tlb.c).  Flushing after each PTE costs an IPI round per page
 * when threads of the mm run on other CPUs, and on a 386 (no invlpg) a CR3
 * reload per page even on one.  munmap, exit and truncate clear whole
 * ranges, so they gather instead, as Linux's mmu_gather does: each page
 * whose PTE is cleared joins the gather with the PTE's reference, and one
 * flush of the range covers them all before the references go.
 *
 *   clear PTE 1, 2, ... n        (page_table_lock held per page table)
 *   pages[] = { 1, 2, ... n }    references kept
 *   flush [start, end) on every CPU of the mm, wait for them
 *   put_page(1 ... n)            now a page may be freed and reused
 *
 * The gather flushes by itself when pages[] is full.
 */
#ifndef MM_VM_MMU_GATHER_H
#define MM_VM_MMU_GATHER_H

#include "mm/vm/mm_struct.h"

/* Pages held between flushes: the gather lives on a kernel stack. */
#define MMU_GATHER_PAGES 32

struct page;

struct mmu_gather {
	struct mm_struct *mm;
	unsigned long start, end; /* the addresses cleared since the last flush */
	unsigned int nr;
	struct page *pages[MMU_GATHER_PAGES];
};

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm);
/* The PTE at addr that mapped page is cleared: the gather holds the PTE's
 * reference until its flush. */
void tlb_remove_page(struct mmu_gather *tlb, unsigned long addr,
		     struct page *page);
/* At the end of the walk: flush what is left, then drop its references. */
void tlb_finish_mmu(struct mmu_gather *tlb);

#endif
