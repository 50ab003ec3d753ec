/*
 * mm/vm/fremap.c - remap_file_pages(2): nonlinear file mappings.
 *
 * remap_file_pages rearranges which file page appears at which address
 * inside one MAP_SHARED file VMA.  The VMA becomes VM_NONLINEAR: a page's
 * address no longer follows from its file offset, so the object-based rmap
 * walk (vm_start + (index - vm_pgoff) pages) cannot find these PTEs.  So
 * pages installed into a VM_NONLINEAR VMA are flagged PageAnon and tracked
 * by pte_chains instead.
 *
 * A page that already had linear mappings elsewhere (counted in
 * pte.mapcount) is moved onto a pte_chain first by page_convert_anon, and
 * when reclaim unmaps a nonlinear page its PTE keeps the file offset (a
 * file PTE, mm/phys/pgtable.h) for the next fault.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/fremap.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/pte_map.h"
#include "mm/rmap/rmap.h"

int install_page(struct vm_area_struct *vma, unsigned long addr,
		 struct page *page, pgprot_t prot)
{
	struct mm_struct *mm = vma->vm_mm;
	pte_t *pte = pte_alloc_map(mm, addr);
	unsigned long flags;
	int err;

	if (pte)
		pte_unmap(pte);	/* page_convert_anon may sleep */
	if (!pte || ((vma->vm_flags & VM_NONLINEAR) && page_convert_anon(page))) {
		put_page(page);
		return -ENOMEM;
	}
	pte = pte_offset_map_lock(mm, addr, &flags);
	/* The table allocation and the conversion may sleep, and a truncate
	 * meanwhile may have taken the page out of its file (remap_file_pages
	 * then fails, as a fault would find the page gone).  From here to the
	 * PTE nothing sleeps. */
	if (!page->mapping) {
		pte_unmap_unlock(mm, pte, flags);
		put_page(page);
		return -EINVAL;
	}
	if (pte_present(*pte))
		vm_clear_pte(vma, addr, pte);
	err = vm_install_pte(vma, addr, pte, page,
			     pte_mkyoung(mk_pte(page, prot)));
	pte_unmap_unlock(mm, pte, flags);
	if (err)
		put_page(page);
	return err;
}

/*
 * Linux 2.6's rules: prot must be 0 (the VMA's protection is used), the
 * range must lie inside one shared file VMA whose vm_ops can populate.
 */
long sys_remap_file_pages(unsigned long start, unsigned long size,
			  unsigned long prot, unsigned long pgoff,
			  unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long end;
	long err = -EINVAL;

	if (prot)
		return -EINVAL;
	start &= PAGE_MASK;
	size &= PAGE_MASK;
	end = start + size;
	if (end <= start)
		return -EINVAL;
	if (pgoff + (size >> PAGE_SHIFT) < pgoff)
		return -EINVAL;
	down(&mm->mmap_sem);
	vma = find_vma(mm, start);
	if (vma && (vma->vm_flags & VM_SHARED) && vma->vm_ops &&
	    vma->vm_ops->populate && start >= vma->vm_start &&
	    end <= vma->vm_end) {
		unsigned long linear = vma->vm_pgoff +
				       ((start - vma->vm_start) >> PAGE_SHIFT);

		if (pgoff != linear)
			vma->vm_flags |= VM_NONLINEAR;
		err = vma->vm_ops->populate(vma, start, size,
					    vma->vm_page_prot, pgoff,
					    flags & MAP_NONBLOCK);
	}
	up(&mm->mmap_sem);
	return err;
}
