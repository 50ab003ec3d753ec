/*
 * mm/rmap/rmap_mkclean.c - page_mkclean: before writeback writes a file
 * page, write-protect and clean every PTE that maps it in a shared
 * mapping, so that the next store faults and dirties the page again.
 *
 * Writeback clears PG_dirty and writes the page (clear_page_dirty_for_io
 * calls this first, Linux 2.6.19's order); a store through a PTE still
 * writable after that would change the page with nothing saying it must
 * be written again.  So each PTE that is dirty or writable is made clean
 * and read-only here, and its dirty bit, the hardware's record of a
 * store, becomes the return value.  The write fault that follows
 * (do_wp_page, mm/vm/memory.c) calls page_mkwrite and set_page_dirty
 * before it makes the PTE writable again.
 *
 * The PTEs are found as reclaim finds them (mm/rmap/rmap_walk.h): through
 * the file's VMAs that cover page->index, or along the page's pte_chain
 * (rmap=pte_chain, and nonlinear pages made PageAnon).  The locks are the
 * same; i_shared_sem is waited for except in reclaim (PF_MEMALLOC), and
 * each page_table_lock is only tried.  A lock that cannot be had, or a
 * PTE the object walk cannot reach (a nonlinear VMA in rmap=anon_vma),
 * leaves its PTE as it was and makes the answer "dirty": the page is
 * then written, and that PTE's dirty bit still reaches the page when it
 * is unmapped, so no store is lost.
 */
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "mm/phys/tlb.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/pt_walk.h"
#include "mm/vm/vma.h"

struct mkclean_walk {
	int cleaned; /* PTEs that were dirty or writable, or missed */
	int found; /* PTEs of the object walk that map the page */
};

/* Make one PTE read-only and clean; the caller holds page_table_lock. */
static void mkclean_pte(struct mm_struct *mm, unsigned long addr, pte_t *ptep,
			struct mkclean_walk *w)
{
	pte_t entry = *ptep;

	if (!pte_dirty(entry) && !pte_write(entry))
		return;
	entry = ptep_get_and_clear(ptep);
	flush_tlb_page(mm, addr);
	set_pte(ptep, pte_mkclean(pte_wrprotect(entry)));
	w->cleaned++;
}

/* One VMA of the file walk: its PTE for page, if it maps it. */
static int mkclean_one(struct vm_area_struct *vma, struct page *page, void *arg)
{
	struct mkclean_walk *w = arg;
	struct mm_struct *mm = vma->vm_mm;
	unsigned long addr = vma_address(page, vma);
	unsigned long flags;
	pte_addr_t paddr;
	pte_t *ptep;

	if (addr == (unsigned long)-EFAULT)
		return 0;
	if (!spin_trylock_irqsave(&mm->page_table_lock, flags)) {
		trylock_failed(TRYLOCK_PTL_MKCLEAN_FILE);
		w->cleaned++;
		w->found = -1; /* a PTE may be missed: no count check */
		return 0;
	}
	stat_inc(&rmap_stats.ptes_visited);
	paddr = pte_lookup_paddr(mm, addr);
	ptep = paddr ? rmap_ptep_map(paddr) : NULL;
	if (ptep && pte_present(*ptep) && pte_pfn(*ptep) == page_to_pfn(page)) {
		if (w->found >= 0)
			w->found++;
		if (vma->vm_flags & VM_SHARED)
			mkclean_pte(mm, addr, ptep, w);
	}
	if (ptep)
		rmap_ptep_unmap(ptep);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return 0;
}

/* One PTE of the page's chain, under pte_chain_lock. */
static int mkclean_chain_one(pte_t *ptep, pte_addr_t paddr, struct page *page,
			     void *arg)
{
	struct mm_struct *mm = ptep_to_mm(paddr);
	unsigned long addr = ptep_to_address(paddr);
	struct vm_area_struct *vma;
	unsigned long flags;

	stat_inc(&rmap_stats.ptes_visited);
	if (!spin_trylock_irqsave(&mm->page_table_lock, flags)) {
		trylock_failed(TRYLOCK_PTL_MKCLEAN_CHAIN);
		((struct mkclean_walk *)arg)->cleaned++;
		return 0;
	}
	vma = find_vma(mm, addr);
	BUG_ON(!vma || addr < vma->vm_start);
	BUG_ON(pte_pfn(*ptep) != page_to_pfn(page));
	if (vma->vm_flags & VM_SHARED)
		mkclean_pte(mm, addr, ptep, arg);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return 0;
}

static int mkclean_file(struct page *page)
{
	struct mkclean_walk w = { 0, 0 };
	struct rmap_walk_control rwc = {
		.rmap_one = mkclean_one,
		.arg = &w,
		.wait = !(current && (current->flags & PF_MEMALLOC)),
		.busy = TRYLOCK_I_SHARED_SEM_MKCLEAN,
	};

	if (rmap_walk_file(page, &rwc) == RMAP_WALK_BUSY)
		return 1;
	/* rmap=anon_vma: PTEs in nonlinear VMAs, out of the walk's reach */
	if (w.found >= 0 && w.found < obj_mapcount(page))
		w.cleaned++;
	return w.cleaned;
}

int page_mkclean(struct page *page)
{
	struct mkclean_walk w = { 0, 0 };

	BUG_ON(!PageLocked(page));
	if (!page_mapped(page) || !page_mapping(page))
		return 0;
	if (!page_uses_chain(page))
		return mkclean_file(page);
	rmap_walk_chain(page, mkclean_chain_one, &w);
	return w.cleaned;
}
