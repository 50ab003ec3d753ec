/*
 * mm/rmap/vma_interval.h - the interval tree of a file's VMAs.
 *
 * Each VMA of a file covers the file pages [vm_pgoff, vma_last_pgoff]; the
 * object-based reverse map asks "which VMAs cover page index p?" and
 * truncate asks the same for a range.  A list answers by looking at every
 * VMA of the file (the worst case: a file mapped as thousands of small
 * VMAs).  This tree answers in O(log n + k) for k answers.
 *
 * It is an augmented interval tree (docs/rmap.md says why this one and not
 * a priority search tree) on Mapback's AVL balancing
 * (the same as an mm's VMA tree, mm/vm/vma.c): nodes are ordered by
 * (vm_pgoff, VMA address), so keys are unique, and every node also keeps
 * the largest last page index in its subtree, which lets a search skip a
 * whole subtree that ends before the range asked for.  The nodes are the
 * VMAs themselves (vm_it_* fields).  The caller holds the mapping's
 * i_shared_sem for every operation.
 */
#ifndef MM_RMAP_VMA_INTERVAL_H
#define MM_RMAP_VMA_INTERVAL_H

#include "mm/vm/vma.h"

/* The last file page vma covers. */
static inline unsigned long vma_last_pgoff(const struct vm_area_struct *vma)
{
	return vma->vm_pgoff + vma_pages(vma) - 1;
}

void vma_interval_insert(struct vm_area_struct *vma,
			 struct vm_area_struct **root);
void vma_interval_remove(struct vm_area_struct *vma,
			 struct vm_area_struct **root);

/*
 * An AVL tree of n nodes is at most 1.44 log2(n + 2) high: 48 levels are
 * more VMAs than memory can hold.
 */
#define VMA_INTERVAL_MAX_HEIGHT 48

/*
 * A walk, in tree order, of the VMAs that cover some of [first, last].
 * The nodes have no parent pointers, so the walk keeps the path it still
 * has to come back to.
 */
struct vma_interval_iter {
	struct vm_area_struct *path[VMA_INTERVAL_MAX_HEIGHT];
	int depth;
	unsigned long first, last;
	u32 visited;	/* nodes looked at since vma_interval_iter_first */
};

struct vm_area_struct *vma_interval_iter_first(struct vma_interval_iter *it,
					       struct vm_area_struct *root,
					       unsigned long first,
					       unsigned long last);
struct vm_area_struct *vma_interval_iter_next(struct vma_interval_iter *it);

/* Is vma in the tree, where its key (vm_pgoff) says it must be? */
bool vma_interval_contains(struct vm_area_struct *root,
			   struct vm_area_struct *vma);

/*
 * Check order, heights, balance and every subtree_last; returns the number
 * of nodes, or -1 (printing what is wrong) if the tree is broken.
 */
int vma_interval_check(struct vm_area_struct *root);

#endif
