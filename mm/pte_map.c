/*
 * mm/pte_map.c - installing and clearing user PTEs (see mm/pte_map.h).
 *
 * The reverse-mapping issue hooks in here and nowhere else:
 * page_add_rmap(page, ptep) right after set_pte in vm_install_pte, and
 * page_remove_rmap(page, ptep) right after the PTE is cleared in
 * vm_clear_pte, both under page_table_lock, as in Linux 2.5.62.
 */
#include "kernel/panic.h"
#include "mm/mm_struct.h"
#include "mm/page.h"
#include "mm/pte_map.h"
#include "mm/tlb.h"

void vm_install_pte(struct vm_area_struct *vma, unsigned long addr,
		    pte_t *ptep, struct page *page, pte_t entry)
{
	BUG_ON(!pte_none(*ptep));
	BUG_ON(pte_pfn(entry) != page_to_pfn(page));
	BUG_ON(addr < vma->vm_start || addr >= vma->vm_end);
	set_pte(ptep, entry);
	vma->vm_mm->rss++;
}

pte_t vm_clear_pte(struct vm_area_struct *vma, unsigned long addr,
		   pte_t *ptep)
{
	pte_t old = ptep_get_and_clear(ptep);
	struct page *page;

	BUG_ON(!pte_present(old));
	flush_tlb_page(vma->vm_mm, addr);
	page = pfn_to_page(pte_pfn(old));
	if (pte_dirty(old))
		SetPageDirty(page);
	BUG_ON(vma->vm_mm->rss == 0);
	vma->vm_mm->rss--;
	put_page(page);
	return old;
}
