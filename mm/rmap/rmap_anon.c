/*
 * mm/rmap/rmap_anon.c - page_referenced and try_to_unmap for anonymous
 * pages in rmap=anon_vma: through the page's anon_vma (mm/rmap/anon_vma.h).
 *
 * The walk is the file walk's (mm/rmap/rmap_obj.c) with another list: each
 * VMA on the anon_vma's list may map the page at vma_address(), and the
 * real page tables say whether it does.  A VMA on the list that does not
 * cover the page's index (one half of a split, say) is skipped by
 * vma_address; one that covers it but maps another page there (a COW copy
 * in a forked child) is skipped by the frame check.
 *
 * Locks: anon_vma->lock (interrupts off) for the list; each mm's
 * page_table_lock only trylocked, as in the file walk.
 */
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/vm/vma.h"

int rmap_walk_anon(struct page *page, struct rmap_walk_control *rwc)
{
	struct anon_vma *anon_vma = page_anon_vma(page);
	struct vm_area_struct *vma;
	unsigned long flags;
	int ret = 0;

	BUG_ON(!anon_vma);
	spin_lock_irqsave(&anon_vma->lock, flags);
	list_for_each_entry(vma, &anon_vma->head, anon_vma_node) {
		stat_inc(&rmap_stats.vmas_scanned);
		ret = rwc->rmap_one(vma, page, rwc->arg);
		if (ret)
			break;
	}
	if (rwc->done)
		ret = rwc->done(page, ret, rwc->arg);
	spin_unlock_irqrestore(&anon_vma->lock, flags);
	return ret;
}

int page_referenced_anon(struct page *page)
{
	int referenced = 0;
	struct rmap_walk_control rwc = {
		.rmap_one = page_referenced_visit, .arg = &referenced,
	};

	rmap_walk_anon(page, &rwc);
	return referenced;
}

/* Stops at the first VMA that does not give way. */
int try_to_unmap_anon(struct page *page)
{
	struct rmap_walk_control rwc = { .rmap_one = try_to_unmap_visit };
	int ret = rmap_walk_anon(page, &rwc);

	/* Every PTE of an anonymous page is reachable through its anon_vma. */
	BUG_ON(ret == SWAP_SUCCESS && obj_mapcount(page) != 0);
	return ret;
}
