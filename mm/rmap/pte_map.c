/*
 * mm/rmap/pte_map.c - installing and clearing user PTEs (see
 * mm/rmap/pte_map.h).
 *
 * The fault, fork and unmap paths keep the reverse map only here:
 * page_add_rmap just before set_pte in vm_install_pte (so a failure to get
 * a chain node leaves no PTE behind), page_remove_rmap
 * right after the PTE is cleared in vm_clear_pte (or vm_clear_pte_gather,
 * whose flush and page reference wait for the gather's), both under
 * page_table_lock; vm_install_pte is page_add_rmap's only caller.  The
 * other place an entry goes is reclaim's own unmap, unmap_one_pte in
 * mm/rmap/rmap.c, which try_to_unmap_one (mm/rmap/rmap_obj.c: file pages,
 * and anonymous pages in rmap=anon_vma), the chain walk of
 * mm/rmap/rmap_chain.c and the cluster scan of mm/rmap/rmap_cluster.c
 * call.  It clears the PTE with vm_zap_pte, the hardware half below, and
 * the walker drops the mapcount or the chain slot of the page it unmaps
 * itself (and nr_mapped with the last): page_remove_rmap would take the
 * chain lock the chain walk holds.  The cluster scan
 * calls page_remove_rmap only for the other pages of the file it unmaps
 * on the way.
 */
#include "kernel/errno.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/panic.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/page.h"
#include "mm/rmap/pte_map.h"
#include "mm/writeback/writeback.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/phys/tlb.h"
#include "mm/vm/mmu_gather.h"
#include "mm/rmap/pagetrace_events.h"

int vm_install_pte(struct vm_area_struct *vma, unsigned long addr,
		   pte_t *ptep, struct page *page, pte_t entry)
{
	BUG_ON(pte_present(*ptep));	/* empty, or a file or swap PTE */
	BUG_ON(pte_pfn(entry) != page_to_pfn(page));
	BUG_ON(addr < vma->vm_start || addr >= vma->vm_end);
	if (page_add_rmap(page, vma, addr, ptep))
		return -ENOMEM;
	set_pte(ptep, entry);
	pagetrace_event(PTE_MAPPED, page, vma, addr);
	vma->vm_mm->rss++;
	if (PageAnon(page))
		vma->vm_has_anon = true;
	return 0;
}

/* Clear the present PTE, move its dirty bit to the page, count rss: all
 * of vm_zap_pte but the flush.  A CPU that cached the entry writes to the
 * page through it without touching the PTE only if the entry was dirty,
 * and then the dirty bit was in the PTE we cleared. */
static pte_t zap_pte_unflushed(struct vm_area_struct *vma, pte_t *ptep)
{
	pte_t old = ptep_get_and_clear(ptep);

	BUG_ON(!pte_present(old));
	if (pte_dirty(old))
		set_page_dirty(pfn_to_page(pte_pfn(old)));
	BUG_ON(vma->vm_mm->rss == 0);
	vma->vm_mm->rss--;
	return old;
}

pte_t vm_zap_pte(struct vm_area_struct *vma, unsigned long addr,
		 pte_t *ptep)
{
	pte_t old = zap_pte_unflushed(vma, ptep);

	flush_tlb_page(vma->vm_mm, addr);
	return old;
}

/* The page old mapped at ptep leaves the reverse map (and the swap cache,
 * when nothing else uses the slot); the PTE's reference is still held.
 * Exit's zap without the big kernel lock passes over swap cache pages
 * (mm/vm/page_range.c); one that reclaim put there since is left to
 * reclaim, which frees an unmapped swap cache page anyway. */
static struct page *unmap_page(pte_t old, pte_t *ptep)
{
	struct page *page = pfn_to_page(pte_pfn(old));

	page_remove_rmap(page, ptep);
	if (PageSwapCache(page) && kernel_locked())
		free_swap_cache(page);
	return page;
}

pte_t vm_clear_pte(struct vm_area_struct *vma, unsigned long addr,
		   pte_t *ptep)
{
	pte_t old = vm_zap_pte(vma, addr, ptep);

	put_page(unmap_page(old, ptep));
	return old;
}

void vm_clear_pte_gather(struct mmu_gather *tlb, struct vm_area_struct *vma,
			 unsigned long addr, pte_t *ptep)
{
	pte_t old = zap_pte_unflushed(vma, ptep);

	tlb_remove_page(tlb, addr, unmap_page(old, ptep));
}
