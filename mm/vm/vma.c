/*
 * mm/vm/vma.c - finding VMAs: the sorted list and the AVL tree of an mm.
 *
 * Both hold the same VMAs.  The list gives neighbours (prev/next) for free;
 * the tree finds the VMA of an address in O(log n).  The tree is an AVL tree
 * keyed by vm_start (VMAs never overlap, so keys are unique), written
 * recursively: every insert or remove returns the new root of the subtree it
 * was given, rebalanced on the way back up.  Callers hold mm->mmap_sem (or
 * own the mm outright, as fork's child and the tests do).  Reclaim's chain
 * walk calls find_vma with only the mm's page_table_lock, that is with
 * interrupts off: that is enough on one CPU because nothing sleeps half-way
 * through a change of the list or tree and a process in the kernel is
 * never preempted (mm/locking.h).
 */
#include "kernel/panic.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

static int height(struct vm_area_struct *v)
{
	return v ? v->vm_avl_height : 0;
}

static void fix_height(struct vm_area_struct *v)
{
	v->vm_avl_height = 1 + max(height(v->vm_avl_left),
				   height(v->vm_avl_right));
}

static struct vm_area_struct *rotate_right(struct vm_area_struct *v)
{
	struct vm_area_struct *l = v->vm_avl_left;

	v->vm_avl_left = l->vm_avl_right;
	l->vm_avl_right = v;
	fix_height(v);
	fix_height(l);
	return l;
}

static struct vm_area_struct *rotate_left(struct vm_area_struct *v)
{
	struct vm_area_struct *r = v->vm_avl_right;

	v->vm_avl_right = r->vm_avl_left;
	r->vm_avl_left = v;
	fix_height(v);
	fix_height(r);
	return r;
}

/* Restore |height(left) - height(right)| <= 1 at v; return the new root. */
static struct vm_area_struct *rebalance(struct vm_area_struct *v)
{
	struct vm_area_struct *l = v->vm_avl_left, *r = v->vm_avl_right;
	int balance = height(l) - height(r);

	fix_height(v);
	if (balance > 1) {
		if (height(l->vm_avl_left) < height(l->vm_avl_right))
			v->vm_avl_left = rotate_left(l);
		return rotate_right(v);
	}
	if (balance < -1) {
		if (height(r->vm_avl_right) < height(r->vm_avl_left))
			v->vm_avl_right = rotate_right(r);
		return rotate_left(v);
	}
	return v;
}

static struct vm_area_struct *avl_insert(struct vm_area_struct *root,
					 struct vm_area_struct *vma)
{
	if (!root) {
		vma->vm_avl_left = vma->vm_avl_right = NULL;
		vma->vm_avl_height = 1;
		return vma;
	}
	BUG_ON(vma->vm_start == root->vm_start);
	if (vma->vm_start < root->vm_start)
		root->vm_avl_left = avl_insert(root->vm_avl_left, vma);
	else
		root->vm_avl_right = avl_insert(root->vm_avl_right, vma);
	return rebalance(root);
}

/* Detach the leftmost node of root's subtree into *min. */
static struct vm_area_struct *avl_remove_min(struct vm_area_struct *root,
					     struct vm_area_struct **min)
{
	if (!root->vm_avl_left) {
		*min = root;
		return root->vm_avl_right;
	}
	root->vm_avl_left = avl_remove_min(root->vm_avl_left, min);
	return rebalance(root);
}

static struct vm_area_struct *avl_remove(struct vm_area_struct *root,
					 struct vm_area_struct *vma)
{
	struct vm_area_struct *min, *rest;

	BUG_ON(!root);	/* vma was not in the tree */
	if (vma->vm_start < root->vm_start) {
		root->vm_avl_left = avl_remove(root->vm_avl_left, vma);
		return rebalance(root);
	}
	if (vma->vm_start > root->vm_start) {
		root->vm_avl_right = avl_remove(root->vm_avl_right, vma);
		return rebalance(root);
	}
	BUG_ON(root != vma);
	if (!vma->vm_avl_right)
		return vma->vm_avl_left;
	rest = avl_remove_min(vma->vm_avl_right, &min);
	min->vm_avl_right = rest;
	min->vm_avl_left = vma->vm_avl_left;
	return rebalance(min);
}

/*
 * Put vma into the tree and into the list right after its predecessor.
 * It must not overlap any VMA already there.
 */
void vma_link_tree(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct vm_area_struct *prev;
	struct vm_area_struct *next = find_vma_prev(mm, vma->vm_start, &prev);

	BUG_ON(vma->vm_start >= vma->vm_end);
	BUG_ON(next && next->vm_start < vma->vm_end);
	if (prev)
		list_add(&vma->vm_list, &prev->vm_list);
	else
		list_add(&vma->vm_list, &mm->mmap);
	mm->mm_avl = avl_insert(mm->mm_avl, vma);
	mm->map_count++;
	vma->vm_mm = mm;
}

void vma_unlink_tree(struct mm_struct *mm, struct vm_area_struct *vma)
{
	mm->mm_avl = avl_remove(mm->mm_avl, vma);
	list_del_init(&vma->vm_list);
	mm->map_count--;
	if (mm->mmap_cache == vma)
		mm->mmap_cache = NULL;
}

/* The first VMA with vm_end > addr, or NULL: it may start above addr. */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *v = mm->mmap_cache, *found = NULL;

	if (v && v->vm_start <= addr && addr < v->vm_end)
		return v;
	for (v = mm->mm_avl; v;) {
		if (addr < v->vm_start) {
			found = v;
			v = v->vm_avl_left;
		} else if (addr < v->vm_end) {
			found = v;
			break;
		} else {
			v = v->vm_avl_right;
		}
	}
	if (found)
		mm->mmap_cache = found;
	return found;
}

/* find_vma, and in *pprev the VMA before it (the last one if none). */
struct vm_area_struct *find_vma_prev(struct mm_struct *mm, unsigned long addr,
				     struct vm_area_struct **pprev)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	if (vma)
		*pprev = vma_prev(vma);
	else if (list_empty(&mm->mmap))
		*pprev = NULL;
	else
		*pprev = list_last_entry(&mm->mmap, struct vm_area_struct,
					 vm_list);
	return vma;
}

/* The first VMA overlapping [start, end), or NULL. */
struct vm_area_struct *find_vma_intersection(struct mm_struct *mm,
					     unsigned long start,
					     unsigned long end)
{
	struct vm_area_struct *vma = find_vma(mm, start);

	if (vma && end <= vma->vm_start)
		vma = NULL;
	return vma;
}

struct vm_area_struct *vma_next(struct vm_area_struct *vma)
{
	if (vma->vm_list.next == &vma->vm_mm->mmap)
		return NULL;
	return list_entry(vma->vm_list.next, struct vm_area_struct, vm_list);
}

struct vm_area_struct *vma_prev(struct vm_area_struct *vma)
{
	if (vma->vm_list.prev == &vma->vm_mm->mmap)
		return NULL;
	return list_entry(vma->vm_list.prev, struct vm_area_struct, vm_list);
}

struct vm_area_struct *first_vma(struct mm_struct *mm)
{
	if (list_empty(&mm->mmap))
		return NULL;
	return list_first_entry(&mm->mmap, struct vm_area_struct, vm_list);
}

/*
 * Check one subtree: keys inside (lo, hi), heights right and balanced.
 * Returns its height, or -1 on a violation; *n counts its nodes.
 */
static int check_subtree(struct vm_area_struct *v, unsigned long lo,
			 unsigned long hi, int *n)
{
	int hl, hr;

	if (!v)
		return 0;
	if (v->vm_start < lo || v->vm_end > hi || v->vm_start >= v->vm_end)
		return -1;
	hl = check_subtree(v->vm_avl_left, lo, v->vm_start, n);
	hr = check_subtree(v->vm_avl_right, v->vm_end, hi, n);
	if (hl < 0 || hr < 0 || hl - hr > 1 || hr - hl > 1 ||
	    v->vm_avl_height != 1 + max(hl, hr))
		return -1;
	(*n)++;
	return v->vm_avl_height;
}

/*
 * Verify the tree and the list agree: same VMAs, sorted, not overlapping,
 * map_count right, the tree balanced.  Returns 0 or a negative step number
 * naming the first broken rule (for tests and the audit).
 */
int vma_tree_check(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	unsigned long last_end = 0;
	int n_list = 0, n_tree = 0;

	for_each_vma(vma, mm) {
		if (vma->vm_start < last_end || vma->vm_mm != mm)
			return -1;
		if (find_vma(mm, vma->vm_start) != vma)
			return -2;
		last_end = vma->vm_end;
		n_list++;
	}
	if (check_subtree(mm->mm_avl, 0, ~0UL, &n_tree) < 0)
		return -3;
	if (n_list != n_tree || n_list != mm->map_count)
		return -4;
	return 0;
}
