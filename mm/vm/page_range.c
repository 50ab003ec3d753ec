/*
 * mm/vm/page_range.c - page tables of whole ranges: fork's copy with COW,
 * unmapping (munmap, exit, truncate, MADV_DONTNEED), mprotect's change and
 * mremap's move.
 *
 * Linux 2.6 keeps these walks in mm/memory.c, mm/mprotect.c and
 * mm/mremap.c; Mapback gathers them here so that mm/vm/memory.c is the
 * fault path alone.  Their declarations are in mm/vm/memory.h.
 *
 * mremap of shared anonymous memory with an old length of 0 copies PTEs
 * within one mm, so that two ranges map the same pages.
 *
 * fork's copy and unmapping walk one page table (4 MiB) at a time and
 * hold the mm's page_table_lock only while touching PTEs, never across an
 * allocation; mremap's move goes page by page.  Unmapping gathers the
 * pages it unmaps and flushes the TLBs once for many of them
 * (mm/vm/mmu_gather.h).
 */
#include "fs/address_space.h"
#include "kernel/errno.h"
#include "kernel/panic.h"
#include "mm/vm/memory.h"
#include "mm/vm/mmu_gather.h"
#include "mm/phys/page.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/pte_map.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/phys/tlb.h"

static unsigned long pgtable_end(unsigned long addr, unsigned long end)
{
	unsigned long next = ALIGN_DOWN(addr, PGDIR_SPAN) + PGDIR_SPAN;

	return (next && next < end) ? next : end;
}

/* A swapped-out page's PTE goes, then its slot loses a user: never a
 * moment when a PTE names a slot that no longer counts it. */
static void zap_swap_pte(pte_t *pte)
{
	swp_entry_t entry = pte_to_swp_entry(*pte);

	set_pte(pte, __pte(0));
	free_swap_and_cache(entry);
}

/*
 * Without the big kernel lock (exit's teardown, mm/vm/exit_zap.c) a zap
 * clears only what the page_table_lock, the chain lock and the
 * allocator's locks cover.  It passes over, for a pass under the lock:
 * a swap PTE and a page in the swap cache (the slot's count, the cache,
 * and an unlock_page that may wake a task on the BKL's run queue), and a
 * dirty PTE of a file page (the file's dirty count and the inode's place
 * on the dirty list are the BKL's).  Under page_table_lock, with no CPU
 * running the dying mm, nothing else changes these PTEs.
 */
static bool zap_needs_kernel_lock(pte_t pte)
{
	struct page *page;

	if (!pte_present(pte))
		return !pte_file(pte);
	page = pfn_to_page(pte_pfn(pte));
	return PageSwapCache(page) || (pte_dirty(pte) && page_mapping(page));
}

static void zap_left_add(struct zap_left *left, unsigned long addr)
{
	left->nr++;
	if (addr < left->start)
		left->start = addr;
	if (addr + PAGE_SIZE > left->end)
		left->end = addr + PAGE_SIZE;
}

/* Clear vma's PTEs in [start, end); without the BKL (left not NULL), all
 * but those zap_needs_kernel_lock keeps, which widen *left. */
static void zap_range(struct vm_area_struct *vma, unsigned long start,
		      unsigned long end, struct zap_left *left)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long addr, stop, flags;
	struct mmu_gather tlb;
	pte_t *table, *pte;

	BUG_ON(start < vma->vm_start || end > vma->vm_end);
	tlb_gather_mmu(&tlb, mm);
	for (addr = start; addr < end; addr = stop) {
		stop = pgtable_end(addr, end);
		spin_lock_irqsave(&mm->page_table_lock, flags);
		table = pte = pte_lookup_map(mm, addr);
		for (; pte && addr < stop; addr += PAGE_SIZE, pte++) {
			pte_t entry = *pte;

			if (pte_none(entry))
				continue;
			if (left && zap_needs_kernel_lock(entry))
				zap_left_add(left, addr);
			else if (pte_present(entry))
				vm_clear_pte_gather(&tlb, vma, addr, pte);
			else if (pte_file(entry))
				set_pte(pte, __pte(0));
			else
				zap_swap_pte(pte);
		}
		if (table)
			pte_unmap(table);
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
	}
	tlb_finish_mmu(&tlb);
}

void zap_page_range(struct vm_area_struct *vma, unsigned long start,
		    unsigned long end)
{
	zap_range(vma, start, end, NULL);
}

void zap_page_range_unlocked(struct vm_area_struct *vma, struct zap_left *left)
{
	zap_range(vma, vma->vm_start, vma->vm_end, left);
}

/*
 * Copy one page table's worth of vma's PTEs [addr, stop) from src.  The
 * two tables are mapped at once: dst's with pte_alloc_map, which may
 * sleep, so first, then src's nested.
 */
static int copy_pte_range(struct mm_struct *dst, struct mm_struct *src,
			  struct vm_area_struct *dvma,
			  struct vm_area_struct *svma,
			  unsigned long addr, unsigned long stop)
{
	bool cow = (svma->vm_flags & (VM_SHARED | VM_MAYWRITE)) == VM_MAYWRITE;
	pte_t *dtable, *stable, *spte, *dpte;
	unsigned long flags;
	int err = 0;

	if (!pte_lookup_paddr(src, addr))
		return 0;	/* no page table: nothing to copy */
	dtable = dpte = pte_alloc_map(dst, addr);
	if (!dpte)
		return -ENOMEM;
	/* dst is not yet visible to anyone: only src's lock is needed. */
	spin_lock_irqsave(&src->page_table_lock, flags);
	stable = spte = pte_lookup_map_nested(src, addr);
	for (; addr < stop; addr += PAGE_SIZE, spte++, dpte++) {
		pte_t entry = *spte;
		struct page *page;

		if (pte_none(entry))
			continue;
		if (pte_file(entry)) {
			/* A nonlinear offset reclaim left behind: no page. */
			set_pte(dpte, entry);
			continue;
		}
		if (!pte_present(entry)) {
			/* Swapped out: both now refer to the slot. */
			if (!swap_duplicate(pte_to_swp_entry(entry)))
				set_pte(dpte, entry);
			continue;
		}
		if (cow && pte_write(entry)) {
			entry = pte_wrprotect(entry);
			set_pte(spte, entry);
		}
		page = pfn_to_page(pte_pfn(entry));
		get_page(page);
		if (vm_install_pte(dvma, addr, dpte, page, pte_mkold(entry))) {
			put_page(page);
			err = -ENOMEM;
			break;
		}
	}
	pte_unmap_nested(stable);
	spin_unlock_irqrestore(&src->page_table_lock, flags);
	pte_unmap(dtable);
	return err;
}

/*
 * What Linux 2.6 learned: the PTEs of a file VMA that never held an
 * anonymous page map page cache pages only, and a fault in the child
 * maps them again, so fork need not copy them (nor pay for their reverse
 * map).  Not for nonlinear VMAs, whose PTEs hold offsets no fault could
 * guess, and not in rmap=pte_chain, the baseline
 * that pays for every PTE.
 */
static bool fault_refills(struct vm_area_struct *vma)
{
	if (rmap_mode == RMAP_PTE_CHAIN || !vma->vm_file || vma->vm_has_anon)
		return false;
	return !(vma->vm_flags & (VM_NONLINEAR | VM_IO | VM_RESERVED));
}

/*
 * Give dst the same PTEs as src over vma, unless faults can refill them.
 * Private writable mappings are write-protected on both sides so the
 * first write breaks the sharing (do_wp_page, mm/vm/memory.c); the
 * parent's TLB is flushed by dup_mm at the end.
 */
int copy_page_range(struct mm_struct *dst, struct mm_struct *src,
		    struct vm_area_struct *vma)
{
	struct vm_area_struct *dvma = find_vma(dst, vma->vm_start);
	unsigned long addr, stop;
	int err;

	BUG_ON(!dvma || dvma->vm_start != vma->vm_start);
	if (fault_refills(vma))
		return 0;
	for (addr = vma->vm_start; addr < vma->vm_end; addr = stop) {
		stop = pgtable_end(addr, vma->vm_end);
		err = copy_pte_range(dst, src, dvma, vma, addr, stop);
		if (err)
			return err;
	}
	return 0;
}

/* Zap the part of vma that maps file pages [first, last] (page indexes). */
static void unmap_vma_pages(struct vm_area_struct *vma, unsigned long first,
			    unsigned long last)
{
	unsigned long vfirst = vma->vm_pgoff;
	unsigned long vlast = vma->vm_pgoff + vma_pages(vma) - 1;
	unsigned long start, end;

	if (vma->vm_flags & VM_NONLINEAR) {
		/* Any page may sit anywhere in it: clear the whole VMA. */
		zap_page_range(vma, vma->vm_start, vma->vm_end);
		return;
	}
	if (last < vfirst || first > vlast)
		return;
	if (first < vfirst)
		first = vfirst;
	if (last > vlast)
		last = vlast;
	start = vma->vm_start + ((first - vfirst) << PAGE_SHIFT);
	end = vma->vm_start + ((last - vfirst + 1) << PAGE_SHIFT);
	zap_page_range(vma, start, end);
}

void unmap_mapping_range(struct address_space *mapping, loff_t holebegin,
			 loff_t holelen)
{
	u64 first = (u64)holebegin >> PAGE_SHIFT;
	u64 last = ~0UL;
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;

	if (holebegin < 0 || holelen < 0 || first > ~0UL)
		return;
	if (holelen) {
		u64 n = ((u64)holelen + PAGE_SIZE - 1) >> PAGE_SHIFT;

		if (first + n - 1 < last)
			last = first + n - 1;
	}
	down(&mapping->i_shared_sem);
	for_each_mapping_vma(vma, &it, mapping, first, last)
		unmap_vma_pages(vma, first, last);
	up(&mapping->i_shared_sem);
}

void unmap_mapping_nonlinear(struct address_space *mapping)
{
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;

	down(&mapping->i_shared_sem);
	for_each_mapping_vma(vma, &it, mapping, 0, ~0UL)
		if (vma->vm_flags & VM_NONLINEAR)
			zap_page_range(vma, vma->vm_start, vma->vm_end);
	up(&mapping->i_shared_sem);
}

/*
 * Rewrite the protection of vma's present PTEs in [start, end) to its
 * vm_page_prot (mprotect).  Accessed and dirty bits are kept; a private
 * page that loses RW here gets it back through the COW path on the next
 * write, which reuses it if it is anonymous and ours alone.
 */
void change_protection(struct vm_area_struct *vma, unsigned long start,
		       unsigned long end)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long addr, stop, flags;
	pte_t *table, *pte;

	for (addr = start; addr < end; addr = stop) {
		stop = pgtable_end(addr, end);
		spin_lock_irqsave(&mm->page_table_lock, flags);
		table = pte = pte_lookup_map(mm, addr);
		for (; pte && addr < stop; addr += PAGE_SIZE, pte++)
			if (pte_present(*pte))
				set_pte(pte, pte_modify(*pte,
							vma->vm_page_prot));
		if (table)
			pte_unmap(table);
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
	}
	flush_tlb_range(mm, start, end);
}

/* Move or copy the PTE src to the empty dst (both mapped, under
 * page_table_lock); 0 or -ENOMEM. */
static int transfer_pte(struct vm_area_struct *vma, unsigned long old_addr,
			pte_t *src, struct vm_area_struct *new_vma,
			unsigned long new_addr, pte_t *dst, bool keep)
{
	pte_t entry = *src;
	struct page *page;

	if (!pte_present(entry)) {
		/* a file or swap PTE: no page behind it */
		if (!keep || pte_file(entry) ||
		    !swap_duplicate(pte_to_swp_entry(entry)))
			set_pte(dst, entry);
		if (!keep)
			set_pte(src, __pte(0));
		return 0;
	}
	page = pte_page(entry);
	/* Map the new place first: if the reverse map has no memory, the
	 * old PTE still holds the data. */
	get_page(page);
	if (vm_install_pte(new_vma, new_addr, dst, page, entry)) {
		put_page(page);
		return -ENOMEM;
	}
	if (!keep)
		vm_clear_pte(vma, old_addr, src);
	return 0;
}

/*
 * mremap: give the pages of [old_addr, old_addr + len) in vma to new_vma
 * at new_addr.  Moving, each page keeps its reference and the PTE goes
 * through the clear/install pair so rss and the rmap stay exact.  Copying
 * (keep), each new PTE takes the page, or a hold on its swap slot, once
 * more and the old one stays.  The new PTE's table is made (which may
 * sleep) and mapped first, then the old one's nested.
 */
static int transfer_page_tables(struct vm_area_struct *vma,
				unsigned long old_addr,
				struct vm_area_struct *new_vma,
				unsigned long new_addr, unsigned long len,
				bool keep)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long off, flags;
	pte_t *src, *dst, entry;
	int err;

	for (off = 0; off < len; off += PAGE_SIZE) {
		if (!pte_read(mm, old_addr + off, &entry) || pte_none(entry))
			continue;
		dst = pte_alloc_map(mm, new_addr + off);
		if (!dst)
			return -ENOMEM;
		spin_lock_irqsave(&mm->page_table_lock, flags);
		src = pte_lookup_map_nested(mm, old_addr + off);
		err = transfer_pte(vma, old_addr + off, src, new_vma,
				   new_addr + off, dst, keep);
		pte_unmap_nested(src);
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
		pte_unmap(dst);
		if (err)
			return err;
	}
	return 0;
}

int move_page_tables(struct vm_area_struct *vma, unsigned long old_addr,
		     struct vm_area_struct *new_vma, unsigned long new_addr,
		     unsigned long len)
{
	return transfer_page_tables(vma, old_addr, new_vma, new_addr, len,
				    false);
}

/* mremap of shared anonymous memory with an old length of 0: a second
 * mapping of the same pages, as fork's copy of a shared mapping. */
int copy_page_tables(struct vm_area_struct *vma, unsigned long old_addr,
		     struct vm_area_struct *new_vma, unsigned long new_addr,
		     unsigned long len)
{
	return transfer_page_tables(vma, old_addr, new_vma, new_addr, len,
				    true);
}

