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
 * spin_trylock(page_table_lock).  A busy
 * lock makes page_referenced answer "referenced" and try_to_unmap answer
 * SWAP_AGAIN.  Pages that remap_file_pages placed in a VM_NONLINEAR VMA
 * are PageAnon and found through pte_chains instead; but a nonlinear VMA
 * may still map object pages where the linear arithmetic puts them (pages
 * faulted in before it became nonlinear), so it is probed like any other.
 */
#include "fs/address_space.h"
#include "kernel/errno.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/pt_walk.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/phys/tlb.h"
#include "mm/vm/vma.h"

/* The PTE mapping page in vma, or NULL; the caller holds page_table_lock. */
static pte_t *find_obj_pte(struct vm_area_struct *vma, unsigned long addr,
			   struct page *page)
{
	pte_t *ptep = pte_lookup(vma->vm_mm, addr);

	rmap_stats.ptes_visited++;
	if (!ptep || !pte_present(*ptep) ||
	    pte_pfn(*ptep) != page_to_pfn(page))
		return NULL;
	return ptep;
}

int page_referenced_one(struct vm_area_struct *vma, struct page *page)
{
	unsigned long addr = vma_address(page, vma);
	unsigned long flags;
	int referenced = 0;
	pte_t *ptep;

	if (addr == (unsigned long)-EFAULT)
		return 0;
	if (!spin_trylock_irqsave(&vma->vm_mm->page_table_lock, flags)) {
		rmap_stats.trylock_failed++;
		return 1;
	}
	ptep = find_obj_pte(vma, addr, page);
	if (ptep && ptep_test_and_clear_young(ptep)) {
		flush_tlb_page(vma->vm_mm, addr);
		referenced = 1;
	}
	spin_unlock_irqrestore(&vma->vm_mm->page_table_lock, flags);
	return referenced;
}

int page_referenced_obj(struct page *page)
{
	/* LAB 4 BEGIN: count the VMAs whose PTE for page was young; stub: (void)page; return 0; */
	struct address_space *mapping = page->mapping;
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;
	int referenced = 0;

	if (down_trylock(&mapping->i_shared_sem)) {
		rmap_stats.trylock_failed++;
		return 1;
	}
	for_each_mapping_vma(vma, &it, mapping, page->index, page->index)
		referenced += page_referenced_one(vma, page);
	rmap_stats.vmas_scanned += it.visited;
	up(&mapping->i_shared_sem);
	return referenced;
	/* LAB 4 END */
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
		rmap_stats.trylock_failed++;
		return SWAP_AGAIN;
	}
	ptep = find_obj_pte(vma, addr, page);
	if (ptep) {
		ret = unmap_one_pte(vma, addr, ptep, page);
		if (ret == SWAP_SUCCESS) {
			BUG_ON(page->pte.mapcount <= 0);
			page->pte.mapcount--;
			put_page(page);
		}
	}
	spin_unlock_irqrestore(&vma->vm_mm->page_table_lock, flags);
	return ret;
}

/* Stops at the first VMA that does not give way. */
int try_to_unmap_obj(struct page *page)
{
	/* LAB 4 BEGIN: unmap page from every VMA of its file; stub: (void)page; return SWAP_FAIL; */
	struct address_space *mapping = page->mapping;
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;
	int ret = SWAP_SUCCESS;

	if (down_trylock(&mapping->i_shared_sem)) {
		rmap_stats.trylock_failed++;
		return SWAP_AGAIN;
	}
	for_each_mapping_vma(vma, &it, mapping, page->index, page->index) {
		ret = try_to_unmap_one(vma, page);
		if (ret != SWAP_SUCCESS)
			break;
	}
	rmap_stats.vmas_scanned += it.visited;
	if (ret == SWAP_SUCCESS && page->pte.mapcount != 0) {
		/* Only remap_file_pages can put a file page out of reach of
		 * the arithmetic, and only rmap=anon_vma leaves it a file
		 * page there (the other modes chain it). */
		BUG_ON(rmap_mode != RMAP_ANON_VMA);
		ret = try_to_unmap_cluster(page);
	}
	up(&mapping->i_shared_sem);
	return ret;
	/* LAB 4 END */
}
