/*
 * mm/vm/mmu_gather.c - unmapping many pages with one TLB flush
 * (mm/vm/mmu_gather.h).
 */
#include "mm/phys/page.h"
#include "mm/phys/tlb.h"
#include "mm/vm/mmu_gather.h"

static void reset_range(struct mmu_gather *tlb)
{
	tlb->start = ~0UL;
	tlb->end = 0;
}

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm)
{
	tlb->mm = mm;
	tlb->nr = 0;
	reset_range(tlb);
}

/* One flush for every page gathered, then their references go. */
static void tlb_flush_mmu(struct mmu_gather *tlb)
{
	unsigned int i;

	if (!tlb->nr)
		return;
	flush_tlb_range(tlb->mm, tlb->start, tlb->end);
	for (i = 0; i < tlb->nr; i++)
		put_page(tlb->pages[i]);
	tlb->nr = 0;
	reset_range(tlb);
}

void tlb_remove_page(struct mmu_gather *tlb, unsigned long addr,
		     struct page *page)
{
	if (addr < tlb->start)
		tlb->start = addr;
	if (addr + PAGE_SIZE > tlb->end)
		tlb->end = addr + PAGE_SIZE;
	tlb->pages[tlb->nr++] = page;
	if (tlb->nr == MMU_GATHER_PAGES)
		tlb_flush_mmu(tlb);
}

void tlb_finish_mmu(struct mmu_gather *tlb)
{
	tlb_flush_mmu(tlb);
}
