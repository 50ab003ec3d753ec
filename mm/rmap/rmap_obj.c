/*
 * mm/rmap/rmap_obj.c - object-based reverse mapping for file pages.
 *
 * A page cache page does not know its PTEs; it knows its file
 * (page->mapping) and offset (page->index).  for_each_mapping_vma
 * (mm/rmap/i_mmap.h) gives the VMAs of the file that cover that offset, so
 * for each we compute where the page is (vma_address), walk that mm's real
 * page tables there, and look whether the PTE maps this very frame.  No
 * memory is spent per mapping; the cost is time: one probe per VMA that
 * covers the page, plus the search, which with i_mmap=list is a look at
 * every VMA of the file (the worst case: many VMAs of one file)
 * and with the interval tree O(log n).
 *
 * Locks (mm/locking.h): reclaim must never wait for a lock whose holder
 * may be waiting for memory, so it only tries: down_trylock(i_shared_sem),
 * spin_trylock(page_table_lock) (the page tracer, which is no reclaimer,
 * asks rmap_walk_file to wait for i_shared_sem instead).  A busy
 * lock makes page_referenced answer "referenced" and try_to_unmap answer
 * SWAP_AGAIN.  Pages that remap_file_pages placed in a VM_NONLINEAR VMA
 * are PageAnon and found through pte_chains instead; but a nonlinear VMA
 * may still map object pages where the linear arithmetic puts them (pages
 * faulted in before it became nonlinear), so it is probed like any other.
 */
#include "fs/address_space.h"
#include "kernel/errno.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/phys/tlb.h"
#include "mm/vm/vma.h"

/* The PTE mapping page in vma, mapped until rmap_ptep_unmap, or NULL;
 * the caller holds page_table_lock. */
static pte_t *find_obj_pte(struct vm_area_struct *vma, unsigned long addr,
			   struct page *page)
{
	pte_addr_t paddr = pte_lookup_paddr(vma->vm_mm, addr);
	pte_t *ptep;

	stat_inc(&rmap_stats.ptes_visited);
	if (!paddr)
		return NULL;
	ptep = rmap_ptep_map(paddr);
	if (!pte_present(*ptep) || pte_pfn(*ptep) != page_to_pfn(page)) {
		rmap_ptep_unmap(ptep);
		return NULL;
	}
	return ptep;
}

int page_referenced_one(struct vm_area_struct *vma, struct page *page)
{
	/* LAB 4 BEGIN: did vma's PTE for page have its accessed bit? Clear it; stub: (void)vma; (void)page; return 0; */
	unsigned long addr = vma_address(page, vma);
	unsigned long flags;
	int referenced = 0;
	pte_t *ptep;

	if (addr == (unsigned long)-EFAULT)
		return 0;
	if (!spin_trylock_irqsave(&vma->vm_mm->page_table_lock, flags)) {
		trylock_failed(PageAnon(page) ? TRYLOCK_PTL_REFERENCED_ANON
					      : TRYLOCK_PTL_REFERENCED_FILE);
		return 1;
	}
	ptep = find_obj_pte(vma, addr, page);
	if (ptep) {
		if (ptep_test_and_clear_young(ptep)) {
			flush_tlb_page(vma->vm_mm, addr);
			referenced = 1;
		}
		rmap_ptep_unmap(ptep);
	}
	spin_unlock_irqrestore(&vma->vm_mm->page_table_lock, flags);
	return referenced;
	/* LAB 4 END */
}

int rmap_walk_file(struct page *page, struct rmap_walk_control *rwc)
{
	/* LAB 4 BEGIN: visit every VMA of the file that covers page; stub: (void)page; (void)rwc; return RMAP_WALK_BUSY; */
	struct address_space *mapping = page->mapping;
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;
	int ret = 0;

	if (rwc->wait) {
		down(&mapping->i_shared_sem);
	} else if (down_trylock(&mapping->i_shared_sem)) {
		trylock_failed(rwc->busy);
		return RMAP_WALK_BUSY;
	}
	for_each_mapping_vma(vma, &it, mapping, page->index, page->index) {
		ret = rwc->rmap_one(vma, page, rwc->arg);
		if (ret)
			break;
	}
	stat_add(&rmap_stats.vmas_scanned, it.visited);
	if (rwc->done)
		ret = rwc->done(page, ret, rwc->arg);
	up(&mapping->i_shared_sem);
	return ret;
	/* LAB 4 END */
}

int page_referenced_visit(struct vm_area_struct *vma, struct page *page,
			  void *referenced)
{
	*(int *)referenced += page_referenced_one(vma, page);
	return 0;
}

/* A busy lock counts as a reference: the page is kept for now. */
int page_referenced_obj(struct page *page)
{
	int referenced = 0;
	struct rmap_walk_control rwc = {
		.rmap_one = page_referenced_visit, .arg = &referenced,
		.busy = TRYLOCK_I_SHARED_SEM_REFERENCED,
	};

	if (rmap_walk_file(page, &rwc) == RMAP_WALK_BUSY)
		return 1;
	return referenced;
}

int try_to_unmap_one(struct vm_area_struct *vma, struct page *page)
{
	unsigned long addr = vma_address(page, vma);
	unsigned long flags;
	int ret = SWAP_SUCCESS;
	pte_t *ptep;

	if (addr == (unsigned long)-EFAULT)
		return SWAP_SUCCESS;
	if (!spin_trylock_irqsave(&vma->vm_mm->page_table_lock, flags)) {
		trylock_failed(PageAnon(page) ? TRYLOCK_PTL_UNMAP_ANON
					      : TRYLOCK_PTL_UNMAP_FILE);
		return SWAP_AGAIN;
	}
	ptep = find_obj_pte(vma, addr, page);
	if (ptep) {
		ret = unmap_one_pte(vma, addr, ptep, page);
		if (ret == SWAP_SUCCESS) {
			BUG_ON(obj_mapcount(page) <= 0);
			if (obj_map_remove(page))
				stat_dec(&rmap_stats.nr_mapped);
			put_page(page);
		}
		rmap_ptep_unmap(ptep);
	}
	spin_unlock_irqrestore(&vma->vm_mm->page_table_lock, flags);
	return ret;
}

/* SWAP_SUCCESS (0) goes on to the next VMA; the others end the walk. */
int try_to_unmap_visit(struct vm_area_struct *vma, struct page *page,
		       void *unused)
{
	(void)unused;
	return try_to_unmap_one(vma, page);
}

/* Every linear PTE is gone; the rest can only be in nonlinear VMAs. */
static int unmap_nonlinear(struct page *page, int ret, void *unused)
{
	(void)unused;
	if (ret == SWAP_SUCCESS && obj_mapcount(page) != 0) {
		/* Only remap_file_pages can put a file page out of reach of
		 * the arithmetic, and only rmap=anon_vma leaves it a file
		 * page there (the other modes chain it). */
		BUG_ON(rmap_mode != RMAP_ANON_VMA);
		ret = try_to_unmap_cluster(page);
	}
	return ret;
}

int try_to_unmap_obj(struct page *page)
{
	struct rmap_walk_control rwc = {
		.rmap_one = try_to_unmap_visit, .done = unmap_nonlinear,
		.busy = TRYLOCK_I_SHARED_SEM_UNMAP,
	};
	int ret = rmap_walk_file(page, &rwc);

	return ret == RMAP_WALK_BUSY ? SWAP_AGAIN : ret;
}
