/*
 * mm/rmap/anon_vma.h - rmap=anon_vma: anonymous pages found through an
 * object too (docs/rmap.md tells where the design comes from).
 *
 * An anonymous page has no file to walk from, so the other modes give it a
 * pte_chain.  An anon_vma is the object instead: the list of every VMA
 * that may map a given set of anonymous pages.  A VMA gets one at its first
 * anonymous fault (anon_vma_prepare); a VMA copied from it (fork's child,
 * either half of a split, mremap's new place) shares it and joins its list.
 * An anonymous page's mapping points at its anon_vma, tagged with
 * PAGE_MAPPING_ANON in the low bit so no one takes it for a file, and its
 * index is its linear page index, vm_pgoff + (addr - vm_start) / PAGE_SIZE,
 * which every sharing VMA keeps valid: a new anonymous VMA's vm_pgoff is
 * its start address in pages, split and mremap carry vm_pgoff along with
 * the pages, and two VMAs merge only if their offsets run on and their
 * anon_vmas agree.  So the reverse map of an anonymous page is the file
 * walk again: for each VMA on the list, vma_address() and the page tables.
 *
 * In this mode no pte_chain exists.  Pages that remap_file_pages placed out
 * of order stay file pages; reclaim reaches them by scanning the nonlinear
 * VMAs in clusters (mm/rmap/rmap_cluster.c), as 2.6 does.
 *
 * Locks: anon_vma->lock (interrupts off) guards the list; a VMA holding an
 * anon_vma pointer is on its list from vma_dup/anon_vma_prepare to
 * vma_free, and the anon_vma is freed with its last VMA.
 */
#ifndef MM_RMAP_ANON_VMA_H
#define MM_RMAP_ANON_VMA_H

#include "kernel/list.h"
#include "kernel/sched/spinlock.h"
#include "mm/phys/page.h"

struct vm_area_struct;

struct anon_vma {
	spinlock_t lock;
	struct list_head head;	/* VMAs, through vma->anon_vma_node */
};

#define PAGE_MAPPING_ANON 1UL

/* The anon_vma of an anonymous page (rmap=anon_vma), else NULL. */
static inline struct anon_vma *page_anon_vma(const struct page *page)
{
	unsigned long m = (unsigned long)page->mapping;

	if (!(m & PAGE_MAPPING_ANON))
		return NULL;
	return (struct anon_vma *)(m - PAGE_MAPPING_ANON);
}

/* Give vma an anon_vma before an anonymous page goes in; 0 or -ENOMEM.
 * In the other rmap modes it does nothing. */
int anon_vma_prepare(struct vm_area_struct *vma);
/* vma (a copy whose anon_vma pointer came with it) joins the list. */
void anon_vma_link(struct vm_area_struct *vma);
/* vma leaves its list; the anon_vma goes with its last VMA. */
void anon_vma_unlink(struct vm_area_struct *vma);
/* keep takes over gone's range in a merge: it must cover gone's pages. */
void anon_vma_merge(struct vm_area_struct *keep, struct vm_area_struct *gone);
/* May two VMAs with these anon_vmas become one? */
static inline bool anon_vma_compatible(struct anon_vma *a, struct anon_vma *b)
{
	return !a || !b || a == b;
}

/* The linear page index of addr in vma: what an anonymous page's index is. */
unsigned long linear_page_index(struct vm_area_struct *vma,
				unsigned long addr);
/* First mapping of an anonymous page in vma at addr: tag it. */
void page_set_anon_rmap(struct page *page, struct vm_area_struct *vma,
			unsigned long addr);

/* Is vma on anon_vma's list?  (The audit's question.) */
bool anon_vma_has_vma(struct anon_vma *anon_vma,
		      struct vm_area_struct *vma);

void anon_vma_init(void);

#endif
