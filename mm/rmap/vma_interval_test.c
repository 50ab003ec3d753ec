/*
 * mm/rmap/vma_interval_test.c - ktests for the interval tree of a file's
 * VMAs: on random sets of VMAs (random offsets and lengths, many equal),
 * every range query must give exactly the VMAs a walk of the plain list
 * gives, in tree order, through inserts and removals; and a stabbing query
 * among a thousand one-page VMAs must look at O(log n) of them, which is
 * the point of having the tree.
 */
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/page_alloc.h"
#include "mm/rmap/vma_interval.h"

#define NR_RANDOM_VMAS 300
#define NR_QUERIES 200

struct tree_test {
	struct vm_area_struct *vmas;
	struct vm_area_struct *root;
	struct list_head list;
	bool in_tree[NR_RANDOM_VMAS];
	int n;
	u32 seed;
};

/* n zeroed VMAs, in pages (there are too many for kmalloc). */
static struct vm_area_struct *alloc_vmas(int n, u32 *order)
{
	struct page *page;

	for (*order = 0; (PAGE_SIZE << *order) < n * sizeof(struct vm_area_struct);)
		(*order)++;
	page = alloc_pages(GFP_KERNEL | __GFP_ZERO, *order);
	return page ? page_address(page) : NULL;
}

static void free_vmas(struct vm_area_struct *vmas, u32 order)
{
	__free_pages(virt_to_page(vmas), order);
}

static u32 next_random(struct tree_test *t)
{
	t->seed = t->seed * 1103515245u + 12345u;
	return t->seed >> 8;
}

static void set_range(struct vm_area_struct *vma, unsigned long pgoff,
		      unsigned long pages)
{
	vma->vm_pgoff = pgoff;
	vma->vm_start = 0x40000000UL;
	vma->vm_end = vma->vm_start + (pages << PAGE_SHIFT);
}

static bool covers(struct vm_area_struct *vma, unsigned long first,
		   unsigned long last)
{
	return vma->vm_pgoff <= last && vma_last_pgoff(vma) >= first;
}

/* Does the tree's answer to [first, last] equal the list's?  Every VMA
 * the list walk finds must come out of the tree once, in tree order. */
static bool query_matches(struct tree_test *t, unsigned long first,
			  unsigned long last)
{
	struct vm_area_struct *vma, *prev = NULL;
	int from_list = 0, from_tree = 0;
	struct vma_interval_iter it;

	list_for_each_entry(vma, &t->list, shared)
		from_list += covers(vma, first, last);
	for (vma = vma_interval_iter_first(&it, t->root, first, last); vma;
	     vma = vma_interval_iter_next(&it)) {
		if (!covers(vma, first, last) || vma->shared.next == NULL)
			return false;
		if (prev && (prev->vm_pgoff > vma->vm_pgoff ||
			     (prev->vm_pgoff == vma->vm_pgoff && prev >= vma)))
			return false;
		prev = vma;
		from_tree++;
	}
	return from_tree == from_list;
}

static bool random_queries(struct tree_test *t)
{
	unsigned long first, last;
	int q;

	for (q = 0; q < NR_QUERIES; q++) {
		first = next_random(t) % 80;
		last = first + next_random(t) % (q % 4 ? 3 : 40);
		if (!query_matches(t, first, last))
			return false;
	}
	return true;
}

static void add(struct tree_test *t, int i)
{
	list_add_tail(&t->vmas[i].shared, &t->list);
	vma_interval_insert(&t->vmas[i], &t->root);
	t->in_tree[i] = true;
}

static void del(struct tree_test *t, int i)
{
	list_del(&t->vmas[i].shared);
	t->vmas[i].shared.next = NULL;
	vma_interval_remove(&t->vmas[i], &t->root);
	t->in_tree[i] = false;
}

static int nr_in_tree(struct tree_test *t)
{
	int i, n = 0;

	for (i = 0; i < t->n; i++)
		n += t->in_tree[i];
	return n;
}

KTEST(vma_interval_tree_answers_like_a_list_walk)
{
	static struct tree_test t;
	int i, round;
	u32 order;

	t.n = NR_RANDOM_VMAS;
	t.seed = 14;
	t.root = NULL;
	t.vmas = alloc_vmas(t.n, &order);
	KASSERT_TRUE(t.vmas != NULL);
	INIT_LIST_HEAD(&t.list);
	for (i = 0; i < t.n; i++) {
		set_range(&t.vmas[i], next_random(&t) % 64,
			  1 + next_random(&t) % (i % 8 ? 4 : 24));
		t.in_tree[i] = false;
	}
	for (round = 0; round < 6; round++) {
		/* Toggle a random third: a churn of inserts and removals. */
		for (i = 0; i < t.n; i++)
			if (next_random(&t) % 3 == 0)
				t.in_tree[i] ? del(&t, i) : add(&t, i);
		KEXPECT_EQ(vma_interval_check(t.root), nr_in_tree(&t));
		KEXPECT_TRUE(random_queries(&t));
	}
	for (i = 0; i < t.n; i++) {
		if (t.in_tree[i]) {
			KEXPECT_TRUE(vma_interval_contains(t.root, &t.vmas[i]));
			del(&t, i);
		}
	}
	KEXPECT_TRUE(t.root == NULL);
	free_vmas(t.vmas, order);
}

/* The worst case: one page asked about among 1024 one-page VMAs. */
KTEST(vma_interval_tree_stabbing_query_is_logarithmic)
{
	const int n = 1024;
	struct vm_area_struct *root = NULL, *vma, *vmas;
	struct vma_interval_iter it;
	int i, found = 0;
	u32 order;

	vmas = alloc_vmas(n, &order);
	KASSERT_TRUE(vmas != NULL);
	for (i = 0; i < n; i++) {
		set_range(&vmas[i], (i * 7) % n, 1);
		vma_interval_insert(&vmas[i], &root);
	}
	KEXPECT_EQ(vma_interval_check(root), n);
	for (vma = vma_interval_iter_first(&it, root, 500, 500); vma;
	     vma = vma_interval_iter_next(&it))
		found++;
	KEXPECT_EQ(found, 1);
	/* Two descents of an AVL tree of 1024 nodes (height <= 14). */
	KEXPECT_LE(it.visited, 28u);
	KEXPECT_GT(it.visited, 0u);
	for (i = 0; i < n; i++)
		vma_interval_remove(&vmas[i], &root);
	KEXPECT_TRUE(root == NULL);
	free_vmas(vmas, order);
}
