/*
 * mm/rmap/rmap_chain.c - reverse mapping through pte_chains (anonymous pages,
 * nonlinear file pages, and every page in rmap=pte_chain mode).
 *
 * The chain holds PTE locations (physical addresses, mapped for each
 * visit with rmap_ptep_map).  A PTE location leads to its page table
 * page, which remembers its mm and base address (pgtable_add_rmap), and
 * find_vma gives the VMA; so the walk visits exactly the PTEs that map the
 * page, paid for by the memory of the chain.
 *
 * Locks: the chain is walked under pte_chain_lock; each PTE's mm is only
 * trylocked (page_table_lock), as in the object walk.
 */
#include "kernel/errno.h"
#include "mm/vm/mm_struct.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/phys/tlb.h"
#include "mm/vm/vma.h"

/* Map the PTE at paddr for pte_one, and unmap it again. */
static int visit_pte(pte_addr_t paddr, struct page *page, rmap_pte_fn pte_one,
		     void *arg)
{
	pte_t *ptep = rmap_ptep_map(paddr);
	int ret = pte_one(ptep, paddr, page, arg);

	rmap_ptep_unmap(ptep);
	return ret;
}

int rmap_walk_chain(struct page *page, rmap_pte_fn pte_one, void *arg)
{
	struct pte_chain *pc;
	int i, ret = 0;
	u32 flags = pte_chain_lock(page);

	if (PageDirect(page)) {
		ret = visit_pte(page->pte.direct, page, pte_one, arg);
	} else {
		for (pc = page->pte.chain; pc && !ret; pc = pc->next)
			for (i = 0; i < (int)NRPTE && !ret; i++)
				if (pc->ptes[i])
					ret = visit_pte(pc->ptes[i], page,
							pte_one, arg);
	}
	pte_chain_unlock(page, flags);
	return ret;
}

/* Clear the accessed bit of one PTE, counting it if it was set. */
static int pte_young_clear(pte_t *ptep, pte_addr_t paddr, struct page *page,
			   void *referenced)
{
	(void)page;
	stat_inc(&rmap_stats.ptes_visited);
	if (ptep_test_and_clear_young(ptep)) {
		flush_tlb_page(ptep_to_mm(paddr), ptep_to_address(paddr));
		(*(int *)referenced)++;
	}
	return 0;
}

int page_referenced_chain(struct page *page)
{
	int referenced = 0;
	u32 flags;

	rmap_walk_chain(page, pte_young_clear, &referenced);
	/* Under memory pressure only: give back a lone node. */
	flags = pte_chain_lock(page);
	pte_chain_collapse(page);
	pte_chain_unlock(page, flags);
	return referenced;
}

/* Unmap the page from the PTE at paddr: SWAP_SUCCESS, _AGAIN or _FAIL. */
static int try_to_unmap_chain_one(struct page *page, pte_addr_t paddr)
{
	struct mm_struct *mm = ptep_to_mm(paddr);
	unsigned long addr = ptep_to_address(paddr);
	struct vm_area_struct *vma;
	unsigned long flags;
	pte_t *ptep;
	int ret;

	stat_inc(&rmap_stats.ptes_visited);
	if (!spin_trylock_irqsave(&mm->page_table_lock, flags)) {
		trylock_failed(TRYLOCK_PTL_UNMAP_CHAIN);
		return SWAP_AGAIN;
	}
	vma = find_vma(mm, addr);
	BUG_ON(!vma || addr < vma->vm_start);
	ptep = rmap_ptep_map(paddr);
	BUG_ON(pte_pfn(*ptep) != page_to_pfn(page));
	ret = unmap_one_pte(vma, addr, ptep, page);
	rmap_ptep_unmap(ptep);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return ret;
}

/*
 * Walk the chain; an entry whose PTE was cleared is dropped on the spot by
 * moving the head's first entry into its slot.  That entry was visited
 * already (the walk starts at the head's first entry), so nothing is
 * skipped and nothing is seen twice.
 */
static int unmap_chain_entries(struct page *page)
{
	struct pte_chain *pc, *next;
	int i, ret = SWAP_SUCCESS;

	for (pc = page->pte.chain; pc; pc = next) {
		next = pc->next;
		for (i = pte_chain_first(pc); i < (int)NRPTE; i++) {
			switch (try_to_unmap_chain_one(page, pc->ptes[i])) {
			case SWAP_SUCCESS:
				pte_chain_drop_slot(page, pc, i);
				if (!page->pte.chain)
					stat_dec(&rmap_stats.nr_mapped);
				put_page(page);
				break;
			case SWAP_AGAIN:
				ret = SWAP_AGAIN;
				break;
			case SWAP_FAIL:
				return SWAP_FAIL;
			}
			if (!page->pte.chain)
				return ret;
		}
	}
	return ret;
}

int try_to_unmap_chain(struct page *page)
{
	u32 flags = pte_chain_lock(page);
	int ret;

	if (PageDirect(page)) {
		ret = try_to_unmap_chain_one(page, page->pte.direct);
		if (ret == SWAP_SUCCESS) {
			page->pte.direct = 0;
			ClearPageDirect(page);
			stat_dec(&rmap_stats.nr_mapped);
			put_page(page);
		}
	} else {
		ret = unmap_chain_entries(page);
	}
	pte_chain_unlock(page, flags);
	return ret;
}
