/*
 * mm/vm/fault_around.c - a file read fault also maps the neighbouring
 * pages that are already in the page cache.
 *
 * A process that reads a file mapping usually reads on: Linux (3.15's
 * do_fault_around, up to 16 pages) maps the cached neighbours of the page a
 * read fault asked for in the same fault, so it pays one fault, not
 * sixteen.  Only pages that cost nothing are taken: cached, uptodate, not
 * locked (a locked page is being read, truncated or written out), inside
 * the VMA and the file.  Linux trylocks each page to keep it so while its
 * PTE goes in; here the whole window is mapped under page_table_lock, with
 * interrupts off on the one CPU, so a page found unlocked stays unlocked,
 * in the file and up to date until every PTE is in place, and nothing
 * that locks it afterwards (truncate, reclaim) can miss them.  Like Linux, the window is the aligned block of
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
#include "mm/locking.h"
#include "mm/vm/pt_walk.h"
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

/*
 * The cached pages of mapping at indexes [first, first + nr), each with a
 * reference, in index order: one walk of the page tree, as Linux's
 * filemap_map_pages walks it, not a lookup per page.
 */
static unsigned int cached_pages(struct address_space *mapping,
				 unsigned long first, unsigned int nr,
				 struct page **pages)
{
	unsigned int n, i;
	u32 flags;

	spin_lock_irqsave(&mapping->tree_lock, flags);
	n = radix_tree_gang_lookup(&mapping->page_tree, (void **)pages, first,
				   nr);
	for (i = 0; i < n && pages[i]->index < first + nr; i++)
		get_page(pages[i]);
	spin_unlock_irqrestore(&mapping->tree_lock, flags);
	return i;
}

/* page costs nothing to map: not being read, truncated or written out
 * (the lock is free), still in the file and up to date.  Called under
 * page_table_lock, which keeps it so (see the top of the file). */
static bool page_ready(struct page *page, struct address_space *mapping,
		       u64 size_pages)
{
	return page->index < size_pages && !PageLocked(page) &&
	       page->mapping == mapping && PageUptodate(page);
}

void do_fault_around(struct vm_area_struct *vma, unsigned long addr)
{
	unsigned long span = FAULT_AROUND_PAGES << PAGE_SHIFT;
	unsigned long base = ALIGN_DOWN(addr, span);
	unsigned long start = max(base, vma->vm_start);
	unsigned long end = min(base + span, vma->vm_end);
	unsigned long first =
		vma->vm_pgoff + ((start - vma->vm_start) >> PAGE_SHIFT);
	struct mm_struct *mm = vma->vm_mm;
	struct page *pages[FAULT_AROUND_PAGES];
	struct address_space *mapping;
	unsigned int i, n;
	unsigned long a, flags;
	u64 size_pages;
	pte_t *pte;

	if (!fault_around_wanted(vma))
		return;
	mapping = vma->vm_file->f_mapping;
	size_pages = ((u64)mapping->host->i_size + PAGE_SIZE - 1) >>
		     PAGE_SHIFT;
	n = cached_pages(mapping, first, (end - start) >> PAGE_SHIFT, pages);
	/*
	 * One hold of page_table_lock and one map of the page table (the
	 * fault at addr made it) for the whole window.  The extra PTEs are
	 * old and read-only; each takes the reference cached_pages got.
	 */
	pte = pte_offset_map_lock(mm, start, &flags);
	for (i = 0; i < n; i++) {
		struct page *page = pages[i];
		unsigned long off = page->index - first;

		a = start + (off << PAGE_SHIFT);
		if (a == addr || !pte_none(pte[off]) ||
		    !page_ready(page, mapping, size_pages)) {
			put_page(page);
			continue;
		}
		if (vm_install_pte(vma, a, &pte[off], page,
				   pte_mkold(pte_wrprotect(
					   mk_pte(page, vma->vm_page_prot)))))
			put_page(page);
	}
	pte_unmap_unlock(mm, pte, flags);
}
