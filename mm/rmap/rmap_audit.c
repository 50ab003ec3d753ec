/*
 * mm/rmap/rmap_audit.c - the proof that the reverse map is right.
 *
 * Walk every address space's real page tables and count, for each frame,
 * the PTEs that map it.  Then check every frame against its struct page:
 *   - a chain page's pte_chain holds exactly the PTEs found;
 *   - an object page's pte.mapcount equals the PTEs found, and each of
 *     them is reachable through for_each_mapping_vma by the address
 *     arithmetic (which is all try_to_unmap_obj will ever have);
 *   - every file VMA is on its mapping's list and in its interval tree
 *     exactly once, keyed by its range, and each tree is well formed;
 *   - rmap=anon_vma: an anonymous page's mapcount equals the PTEs found,
 *     and each of them is reached through its anon_vma (a VMA on the list
 *     that maps it by its index); a file page in a nonlinear VMA of its
 *     file is reached by the cluster scan; no pte_chain exists;
 *   - page_count >= the PTEs found; no PTE maps a free or reserved frame;
 *   - an unmapped page has an empty reverse map; each mm's rss is right;
 *   - nr_mapped (/proc/meminfo's Mapped) counts the frames with a PTE;
 *   - every present PTE lies inside a VMA of its mm.
 * The first violations are printed.  Runs with interrupts off, so nothing
 * changes underneath it; it is a test tool, not a hot path.
 */
#include "fs/address_space.h"
#include "kernel/cpu/io.h"
#include "kernel/printk.h"
#include "fs/file.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/vma.h"
#include "mm/locking.h"
#include "mm/vm/exit_zap.h"

#define AUDIT_REPORT_MAX 8

struct audit {
	u16 *ptes;		/* PTEs found per pfn */
	int errors;
};

static void __printf(2, 3) violation(struct audit *a, const char *fmt, ...)
{
	va_list ap;

	if (a->errors++ >= AUDIT_REPORT_MAX)
		return;
	printk("rmap_audit: ");
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n");
}

/* Is (mm, addr) where the object walk would look for page? */
static bool obj_reaches(struct page *page, struct mm_struct *mm,
			unsigned long addr)
{
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;

	for_each_mapping_vma(vma, &it, page->mapping, page->index, page->index)
		if (vma->vm_mm == mm && vma_address(page, vma) == addr)
			return true;
	return false;
}

/* rmap=anon_vma: does page's anon_vma list a VMA of mm that maps it at
 * addr by its index?  Then try_to_unmap_anon finds this PTE. */
static bool anon_reaches(struct page *page, struct mm_struct *mm,
			 unsigned long addr)
{
	struct anon_vma *anon_vma = page_anon_vma(page);
	struct vm_area_struct *vma;

	if (!anon_vma)
		return false;
	list_for_each_entry(vma, &anon_vma->head, anon_vma_node)
		if (vma->vm_mm == mm && vma_address(page, vma) == addr)
			return true;
	return false;
}

/* rmap=anon_vma: a file page in a nonlinear VMA of its own file is found
 * by the cluster scan wherever it sits. */
static bool cluster_reaches(struct page *page, struct vm_area_struct *vma)
{
	return rmap_mode == RMAP_ANON_VMA && (vma->vm_flags & VM_NONLINEAR) &&
	       vma->vm_file && vma->vm_file->f_mapping == page->mapping;
}

static void check_pte(struct audit *a, struct mm_struct *mm,
		      struct vm_area_struct *vma, unsigned long addr,
		      pte_t pte, pte_addr_t ptep)
{
	u32 pfn = pte_pfn(pte);
	struct page *page;

	if (!pfn_valid(pfn)) {
		violation(a, "mm %p addr 0x%lx maps pfn 0x%x past mem_map",
			  mm, addr, pfn);
		return;
	}
	page = pfn_to_page(pfn);
	if (PageReserved(page) || page_count(page) == 0) {
		violation(a, "mm %p addr 0x%lx maps %s pfn 0x%x", mm, addr,
			  PageReserved(page) ? "reserved" : "free", pfn);
		return;
	}
	a->ptes[pfn]++;
	if (page_uses_chain(page)) {
		if (!pte_chain_contains(page, ptep))
			violation(a, "pfn 0x%x: PTE 0x%x (mm %p addr 0x%lx) not on its pte_chain",
				  pfn, ptep, mm, addr);
		return;
	}
	if (!page->mapping) {
		violation(a, "pfn 0x%x: object page without a mapping", pfn);
		return;
	}
	if (PageAnon(page)) {
		if (!anon_reaches(page, mm, addr))
			violation(a, "pfn 0x%x index %u: mm %p addr 0x%lx not reached through its anon_vma %p",
				  pfn, page->index, mm, addr,
				  page_anon_vma(page));
		return;
	}
	if (!obj_reaches(page, mm, addr) && !cluster_reaches(page, vma))
		violation(a, "pfn 0x%x index %u: mm %p addr 0x%lx unreachable from its mapping",
			  pfn, page->index, mm, addr);
}

static void audit_file_vmas(struct audit *a, struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	const char *wrong;

	for_each_vma(vma, mm) {
		if (!vma->vm_file)
			continue;
		wrong = i_mmap_check_vma(vma);
		if (wrong)
			violation(a, "mm %p VMA 0x%lx-0x%lx pgoff %lu: %s", mm,
				  vma->vm_start, vma->vm_end, vma->vm_pgoff,
				  wrong);
	}
}

/* Count the present PTEs of the page table at table (its first PTE's
 * location), which maps from base on, checking each. */
static unsigned long audit_table(struct audit *a, struct mm_struct *mm,
				 unsigned long base, pte_addr_t table)
{
	pte_t *ptes = rmap_ptep_map(table);
	struct vm_area_struct *vma;
	unsigned long addr, rss = 0;
	u32 i;

	for (i = 0; i < PTRS_PER_PTE; i++) {
		if (!pte_present(ptes[i]))
			continue;
		rss++;
		addr = base + (i << PAGE_SHIFT);
		vma = find_vma(mm, addr);
		if (!vma || addr < vma->vm_start) {
			violation(a, "mm %p addr 0x%lx mapped outside any VMA",
				  mm, addr);
			continue;
		}
		check_pte(a, mm, vma, addr, ptes[i],
			  table + i * sizeof(pte_t));
	}
	rmap_ptep_unmap(ptes);
	return rss;
}

/* Count the present PTEs of one mm, checking each; returns them. */
static unsigned long audit_mm(struct audit *a, struct mm_struct *mm)
{
	unsigned long base, rss = 0;
	u32 i = 0;

	audit_file_vmas(a, mm);
	for (; (i = pgd_next_used(mm->pgd, i, USER_PTRS_PER_PGD)) <
	       USER_PTRS_PER_PGD;
	     i++) {
		base = (unsigned long)i << PGDIR_SHIFT;
		rss += audit_table(a, mm, base, pte_lookup_paddr(mm, base));
	}
	if (rss != mm->rss)
		violation(a, "mm %p rss %lu but %lu PTEs present", mm, mm->rss,
			  rss);
	return rss;
}

/* True if some PTE maps the frame. */
static bool audit_page(struct audit *a, u32 pfn)
{
	struct page *page = pfn_to_page(pfn);
	int found = a->ptes[pfn];

	if (!found) {
		if (page_mapped(page))
			violation(a, "pfn 0x%x has a reverse map but no PTE (flags 0x%x)",
				  pfn, page->flags);
		return false;
	}
	if (page_count(page) < found)
		violation(a, "pfn 0x%x: page_count %d < %d PTEs", pfn,
			  page_count(page), found);
	if (page_uses_chain(page)) {
		if (pte_chain_count(page) != found)
			violation(a, "pfn 0x%x: pte_chain holds %d PTEs, page tables %d",
				  pfn, pte_chain_count(page), found);
	} else if (obj_mapcount(page) != found) {
		violation(a, "pfn 0x%x: mapcount %d, page tables %d", pfn,
			  obj_mapcount(page), found);
	}
	return true;
}

int rmap_audit(void)
{
	u32 order = get_order(max_pfn * sizeof(u16));
	struct page *counts = alloc_pages(GFP_KERNEL | __GFP_ZERO, order);
	struct audit a = { NULL, 0 };
	unsigned long mapped = 0;
	struct mm_struct *mm;
	u32 pfn, flags, pages = 0;

	if (!counts) {
		printk("rmap_audit: no memory for the PTE counts\n");
		return -1;
	}
	a.ptes = page_address(counts);
	stop_exit_zaps(); /* a half-torn-down mm is not a violation */
	spin_lock_irqsave(&mmlist_lock, flags);
	if (rmap_mode == RMAP_ANON_VMA && rmap_stats.pte_chains)
		violation(&a, "%u pte_chain nodes in rmap=anon_vma",
			  rmap_stats.pte_chains);
	list_for_each_entry(mm, &all_mm_list, mmlist)
		mapped += audit_mm(&a, mm);
	for (pfn = 0; pfn < max_pfn; pfn++)
		pages += audit_page(&a, pfn);
	if (rmap_stats.nr_mapped != pages)
		violation(&a, "nr_mapped %u, but %u frames have PTEs",
			  rmap_stats.nr_mapped, pages);
	spin_unlock_irqrestore(&mmlist_lock, flags);
	resume_exit_zaps();
	__free_pages(counts, order);
	if (a.errors > AUDIT_REPORT_MAX)
		printk("rmap_audit: %d more violations not shown\n",
		       a.errors - AUDIT_REPORT_MAX);
	printk("rmap_audit: %s, %lu PTEs in %d address spaces, %s mode: %d violations\n",
	       a.errors ? "FAILED" : "ok", mapped, nr_mm_structs,
	       rmap_mode_name(), a.errors);
	return a.errors;
}
