/*
 * mm/rmap/rmap_cluster.c - rmap=anon_vma: unmapping file pages that
 * remap_file_pages put where the address arithmetic cannot find them.
 *
 * In the other modes such a page is made PageAnon and chained.  In
 * rmap=anon_vma there are no chains, so, as Linux 2.6 does
 * (try_to_unmap_cluster), when the object walk has unmapped every PTE it
 * can compute and the page is still mapped, reclaim scans the mapping's
 * nonlinear VMAs a cluster of CLUSTER_PAGES at a time, unmapping every old
 * PTE of this file it meets (the page it was asked about and its
 * neighbours alike) and giving young ones another chance, until the page
 * is free.  Each PTE that leaves an out-of-place page keeps its file
 * offset (a file PTE), so a fault brings the right page back.  A VMA's
 * cursor (vm_private_data) remembers where its next scan starts, so the
 * work spreads over the VMA instead of always hitting its first pages.
 *
 * Called from try_to_unmap_obj with the page locked and the mapping's
 * i_shared_sem held; each mm's page_table_lock is only trylocked.
 */
#include "fs/address_space.h"
#include "mm/vm/pt_walk.h"
#include "mm/phys/tlb.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

#define CLUSTER_PAGES 32

/* Unmap one PTE found by the scan; page is not necessarily target. */
static void unmap_scanned(struct vm_area_struct *vma, unsigned long addr,
			  pte_t *pte, struct page *page, struct page *target)
{
	if (unmap_one_pte(vma, addr, pte, page) != SWAP_SUCCESS)
		return;
	if (page != target)
		page_remove_rmap(page, pte);
	else if (obj_map_remove(page))
		stat_dec(&rmap_stats.nr_mapped);
	put_page(page);	/* a page cache page: the cache still holds it */
}

/* One PTE of the scan (mapped), under page_table_lock. */
static void scan_pte(struct vm_area_struct *vma, unsigned long addr,
		     pte_t *pte, struct page *target)
{
	struct page *page;

	if (!pte_present(*pte))
		return;
	stat_inc(&rmap_stats.ptes_visited);
	page = pte_page(*pte);
	if (PageReserved(page) || page->mapping != target->mapping)
		return;
	if (ptep_test_and_clear_young(pte)) {
		flush_tlb_page(vma->vm_mm, addr);
		return;
	}
	unmap_scanned(vma, addr, pte, page, target);
}

/* Scan [start, end) of vma; false if its page_table_lock was busy. */
static bool scan_cluster(struct vm_area_struct *vma, unsigned long start,
			 unsigned long end, struct page *target)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long addr, flags;
	pte_addr_t paddr;
	pte_t *pte;

	if (!spin_trylock_irqsave(&mm->page_table_lock, flags)) {
		trylock_failed(TRYLOCK_PTL_UNMAP_CLUSTER);
		return false;
	}
	for (addr = start; addr < end; addr += PAGE_SIZE) {
		paddr = pte_lookup_paddr(mm, addr);
		if (!paddr)
			continue;
		pte = rmap_ptep_map(paddr);
		scan_pte(vma, addr, pte, target);
		rmap_ptep_unmap(pte);
	}
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return true;
}

/* Scan vma from its cursor on, cluster by cluster, until page is free. */
static bool scan_vma(struct vm_area_struct *vma, struct page *page)
{
	unsigned long size = vma->vm_end - vma->vm_start;
	unsigned long span = CLUSTER_PAGES << PAGE_SHIFT;
	unsigned long cursor = (unsigned long)vma->vm_private_data;
	unsigned long done, start;

	if (cursor >= size)
		cursor = 0;
	stat_inc(&rmap_stats.cluster_scans);
	for (done = 0; done < size && obj_mapcount(page) > 0; done += span) {
		start = vma->vm_start + cursor;
		if (!scan_cluster(vma, start, min(start + span, vma->vm_end),
				  page))
			return false;
		cursor += span;
		if (cursor >= size)
			cursor = 0;
	}
	vma->vm_private_data = (void *)cursor;
	return true;
}

int try_to_unmap_cluster(struct page *page)
{
	struct address_space *mapping = page->mapping;
	struct vm_area_struct *vma;
	bool any = false;

	list_for_each_entry(vma, &mapping->i_mmap_shared, shared) {
		if (!(vma->vm_flags & VM_NONLINEAR) ||
		    (vma->vm_flags & VM_LOCKED))
			continue;
		any = true;
		if (!scan_vma(vma, page))
			return SWAP_AGAIN;
		if (!obj_mapcount(page))
			return SWAP_SUCCESS;
	}
	return any ? SWAP_AGAIN : SWAP_FAIL;
}
