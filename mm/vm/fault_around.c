/*
 * mm/vm/fault_around.c - a file read fault also maps the neighbouring
 * pages that are already in the page cache.
 *
 * A process that reads a file mapping usually reads on: Linux (3.15's
 * do_fault_around, up to 16 pages) maps the cached neighbours of the page a
 * read fault asked for in the same fault, so it pays one fault, not
 * sixteen.  Only pages that cost nothing are taken: cached, uptodate, not
 * locked (a locked page is being read, truncated or written out), inside
 * the VMA and the file.  Like Linux, the window is the aligned block of
 * FAULT_AROUND_PAGES around the address (so it never leaves the page
 * table), and the extra PTEs are old (reclaim has not seen them used) and
 * read-only (a write still faults, so a shared page is dirtied the usual
 * way and a private one copied).
 *
 * Object-based rmap modes only: under rmap=pte_chain each extra PTE would
 * cost a chain entry, and that mode stays the baseline that pays for
 * every PTE.
 */
#include "fs/file.h"
#include "fs/inode.h"
#include "mm/phys/pt_walk.h"
#include "mm/rmap/pte_map.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/filemap.h"
#include "mm/vm/memory.h"

#define FAULT_AROUND_PAGES 16

static bool fault_around_wanted(struct vm_area_struct *vma)
{
	return rmap_mode != RMAP_PTE_CHAIN &&
	       vma->vm_ops->nopage == filemap_nopage &&
	       !(vma->vm_flags & VM_NONLINEAR);
}

/* The page cache page at index, locked and with a reference, if it is
 * there and ready; else NULL. */
static struct page *ready_page(struct address_space *mapping,
			       unsigned long index, u64 size_pages)
{
	struct page *page;

	if (index >= size_pages)
		return NULL;
	page = find_get_page(mapping, index);
	if (!page)
		return NULL;
	if (!trylock_page(page)) {
		put_page(page);
		return NULL;
	}
	if (page->mapping != mapping || !PageUptodate(page)) {
		unlock_page(page);
		put_page(page);
		return NULL;
	}
	return page;
}

/* Map page at the empty *pte; the PTE takes the caller's reference. */
static void map_one(struct vm_area_struct *vma, unsigned long addr,
		    pte_t *pte, struct page *page)
{
	struct mm_struct *mm = vma->vm_mm;
	pte_t entry = pte_mkold(pte_wrprotect(mk_pte(page,
						     vma->vm_page_prot)));
	unsigned long flags;
	bool mapped = false;

	spin_lock_irqsave(&mm->page_table_lock, flags);
	if (pte_none(*pte))
		mapped = !vm_install_pte(vma, addr, pte, page, entry);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	unlock_page(page);
	if (!mapped)
		put_page(page);
}

void do_fault_around(struct vm_area_struct *vma, unsigned long addr)
{
	unsigned long span = FAULT_AROUND_PAGES << PAGE_SHIFT;
	unsigned long base = ALIGN_DOWN(addr, span);
	unsigned long start = max(base, vma->vm_start);
	unsigned long end = min(base + span, vma->vm_end);
	struct address_space *mapping;
	u64 size_pages;
	unsigned long a;
	struct page *page;
	pte_t *pte;

	if (!fault_around_wanted(vma))
		return;
	mapping = vma->vm_file->f_mapping;
	size_pages = ((u64)vma->vm_file->f_inode->i_size + PAGE_SIZE - 1) >>
		     PAGE_SHIFT;
	pte = pte_lookup(vma->vm_mm, start);
	if (!pte)
		return;
	for (a = start; a < end; a += PAGE_SIZE, pte++) {
		if (a == addr || !pte_none(*pte))
			continue;
		page = ready_page(mapping,
				  vma->vm_pgoff + ((a - vma->vm_start) >>
						   PAGE_SHIFT),
				  size_pages);
		if (page)
			map_one(vma, a, pte, page);
	}
}
