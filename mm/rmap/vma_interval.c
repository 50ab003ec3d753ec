/*
 * mm/rmap/vma_interval.c - the interval tree of a file's VMAs (see the
 * header for what it is for and why it has this shape).
 *
 * Written like the mm's AVL tree (mm/vm/vma.c): recursive insert and
 * remove that return the new root of the subtree they were given,
 * rebalanced on the way back up.  The only addition is the augmentation:
 * whenever a node's children change, fix() recomputes its height and its
 * subtree_last, and rotations call it bottom-up, so every node always
 * knows the largest last page index below it.
 */
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "mm/rmap/vma_interval.h"

/* Tree order: by first page, then by VMA address so keys are unique. */
static bool key_less(const struct vm_area_struct *a,
		     const struct vm_area_struct *b)
{
	if (a->vm_pgoff != b->vm_pgoff)
		return a->vm_pgoff < b->vm_pgoff;
	return (unsigned long)a < (unsigned long)b;
}

static int height(struct vm_area_struct *v)
{
	return v ? v->vm_it_height : 0;
}

static void fix(struct vm_area_struct *v)
{
	struct vm_area_struct *l = v->vm_it_left, *r = v->vm_it_right;
	unsigned long last = vma_last_pgoff(v);

	if (l && l->vm_it_subtree_last > last)
		last = l->vm_it_subtree_last;
	if (r && r->vm_it_subtree_last > last)
		last = r->vm_it_subtree_last;
	v->vm_it_subtree_last = last;
	v->vm_it_height = 1 + max(height(l), height(r));
}

static struct vm_area_struct *rotate_right(struct vm_area_struct *v)
{
	struct vm_area_struct *l = v->vm_it_left;

	v->vm_it_left = l->vm_it_right;
	l->vm_it_right = v;
	fix(v);
	fix(l);
	return l;
}

static struct vm_area_struct *rotate_left(struct vm_area_struct *v)
{
	struct vm_area_struct *r = v->vm_it_right;

	v->vm_it_right = r->vm_it_left;
	r->vm_it_left = v;
	fix(v);
	fix(r);
	return r;
}

static struct vm_area_struct *rebalance(struct vm_area_struct *v)
{
	struct vm_area_struct *l = v->vm_it_left, *r = v->vm_it_right;
	int balance = height(l) - height(r);

	fix(v);
	if (balance > 1) {
		if (height(l->vm_it_left) < height(l->vm_it_right))
			v->vm_it_left = rotate_left(l);
		return rotate_right(v);
	}
	if (balance < -1) {
		if (height(r->vm_it_right) < height(r->vm_it_left))
			v->vm_it_right = rotate_right(r);
		return rotate_left(v);
	}
	return v;
}

static struct vm_area_struct *insert(struct vm_area_struct *root,
				     struct vm_area_struct *vma)
{
	if (!root) {
		vma->vm_it_left = vma->vm_it_right = NULL;
		fix(vma);
		return vma;
	}
	BUG_ON(root == vma);
	if (key_less(vma, root))
		root->vm_it_left = insert(root->vm_it_left, vma);
	else
		root->vm_it_right = insert(root->vm_it_right, vma);
	return rebalance(root);
}

static struct vm_area_struct *remove_min(struct vm_area_struct *root,
					 struct vm_area_struct **min)
{
	if (!root->vm_it_left) {
		*min = root;
		return root->vm_it_right;
	}
	root->vm_it_left = remove_min(root->vm_it_left, min);
	return rebalance(root);
}

static struct vm_area_struct *remove(struct vm_area_struct *root,
				     struct vm_area_struct *vma)
{
	struct vm_area_struct *min, *rest;

	BUG_ON(!root);	/* not in the tree, or its key changed inside it */
	if (root != vma) {
		if (key_less(vma, root))
			root->vm_it_left = remove(root->vm_it_left, vma);
		else
			root->vm_it_right = remove(root->vm_it_right, vma);
		return rebalance(root);
	}
	if (!vma->vm_it_right)
		return vma->vm_it_left;
	rest = remove_min(vma->vm_it_right, &min);
	min->vm_it_right = rest;
	min->vm_it_left = vma->vm_it_left;
	return rebalance(min);
}

void vma_interval_insert(struct vm_area_struct *vma,
			 struct vm_area_struct **root)
{
	*root = insert(*root, vma);
}

void vma_interval_remove(struct vm_area_struct *vma,
			 struct vm_area_struct **root)
{
	*root = remove(*root, vma);
	vma->vm_it_left = vma->vm_it_right = NULL;
	vma->vm_it_height = 0;
}

/*
 * Go down the left spine of n, keeping each node to come back to, but not
 * into a subtree that ends before first: nothing there covers the range.
 */
static void push_left(struct vma_interval_iter *it, struct vm_area_struct *n)
{
	/* LAB 8 BEGIN: the left spine, pruned by subtree_last; stub: (void)it; (void)n; */
	for (; n; n = n->vm_it_left) {
		it->visited++;
		if (n->vm_it_subtree_last < it->first)
			return;
		BUG_ON(it->depth == VMA_INTERVAL_MAX_HEIGHT);
		it->path[it->depth++] = n;
	}
	/* LAB 8 END */
}

/*
 * Nodes come off the path in tree order, so once one starts beyond last,
 * every node still to come does too.
 */
struct vm_area_struct *vma_interval_iter_next(struct vma_interval_iter *it)
{
	/* LAB 8 BEGIN: the next VMA that overlaps the range; stub: (void)it; return NULL; */
	struct vm_area_struct *n;

	while (it->depth > 0) {
		n = it->path[--it->depth];
		if (n->vm_pgoff > it->last) {
			it->depth = 0;
			return NULL;
		}
		push_left(it, n->vm_it_right);
		if (vma_last_pgoff(n) >= it->first)
			return n;
	}
	return NULL;
	/* LAB 8 END */
}

struct vm_area_struct *vma_interval_iter_first(struct vma_interval_iter *it,
					       struct vm_area_struct *root,
					       unsigned long first,
					       unsigned long last)
{
	it->first = first;
	it->last = last;
	it->depth = 0;
	it->visited = 0;
	push_left(it, root);
	return vma_interval_iter_next(it);
}

bool vma_interval_contains(struct vm_area_struct *root,
			   struct vm_area_struct *vma)
{
	while (root && root != vma)
		root = key_less(vma, root) ? root->vm_it_left
					   : root->vm_it_right;
	return root == vma;
}

/* Check the subtree at v, whose keys must lie strictly between lo and hi
 * (NULL: unbounded); returns its node count or -1. */
static int check(struct vm_area_struct *v, struct vm_area_struct *lo,
		 struct vm_area_struct *hi)
{
	struct vm_area_struct *l, *r;
	unsigned long last;
	int nl, nr;

	if (!v)
		return 0;
	if ((lo && !key_less(lo, v)) || (hi && !key_less(v, hi))) {
		printk("vma_interval: VMA %p (pgoff %lu) out of order\n", v,
		       v->vm_pgoff);
		return -1;
	}
	l = v->vm_it_left;
	r = v->vm_it_right;
	nl = check(l, lo, v);
	nr = check(r, v, hi);
	if (nl < 0 || nr < 0)
		return -1;
	last = vma_last_pgoff(v);
	if (l && l->vm_it_subtree_last > last)
		last = l->vm_it_subtree_last;
	if (r && r->vm_it_subtree_last > last)
		last = r->vm_it_subtree_last;
	if (v->vm_it_subtree_last != last ||
	    v->vm_it_height != 1 + max(height(l), height(r)) ||
	    height(l) - height(r) > 1 || height(r) - height(l) > 1) {
		printk("vma_interval: VMA %p (pgoff %lu): subtree_last %lu, should be %lu; height %d, children %d/%d\n",
		       v, v->vm_pgoff, v->vm_it_subtree_last, last,
		       v->vm_it_height, height(l), height(r));
		return -1;
	}
	return 1 + nl + nr;
}

int vma_interval_check(struct vm_area_struct *root)
{
	return check(root, NULL, NULL);
}
