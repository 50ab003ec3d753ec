/*
 * mm/rmap/i_mmap.c - keeping and walking a file's VMAs: the i_mmap lists,
 * their interval trees, the i_mmap= boot option, for_each_mapping_vma.
 *
 * With the trees, a walk for one page looks at O(log n) VMAs plus those
 * that map it; with i_mmap=list it looks at every VMA of the file, which is
 * what the worst case (user/bench/morton.c) measures.
 */
#include "fs/file.h"
#include "kernel/cmdline.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "mm/rmap/i_mmap.h"

KERNEL_PARAM("i_mmap", "tree (default) or list: how a file's VMAs are found");

bool i_mmap_tree = true;

void i_mmap_init(void)
{
	const char *mode = cmdline_get("i_mmap");

	if (mode && !strcmp(mode, "list"))
		i_mmap_tree = false;
	else if (mode && strcmp(mode, "tree"))
		printk("i_mmap: unknown mode '%s', using tree\n", mode);
}

const char *i_mmap_mode_name(void)
{
	return i_mmap_tree ? "tree" : "list";
}

static struct list_head *vma_list(struct address_space *mapping,
				  struct vm_area_struct *vma)
{
	return (vma->vm_flags & VM_SHARED) ? &mapping->i_mmap_shared
					   : &mapping->i_mmap;
}

static struct vm_area_struct **vma_root(struct address_space *mapping,
					struct vm_area_struct *vma)
{
	return (vma->vm_flags & VM_SHARED) ? &mapping->i_mmap_shared_root
					   : &mapping->i_mmap_root;
}

void i_mmap_insert(struct address_space *mapping, struct vm_area_struct *vma)
{
	list_add_tail(&vma->shared, vma_list(mapping, vma));
	if (i_mmap_tree)
		vma_interval_insert(vma, vma_root(mapping, vma));
}

void i_mmap_remove(struct address_space *mapping, struct vm_area_struct *vma)
{
	list_del_init(&vma->shared);
	if (i_mmap_tree)
		vma_interval_remove(vma, vma_root(mapping, vma));
}

static struct list_head *which_list(struct mapping_vma_iter *it)
{
	return it->which ? &it->mapping->i_mmap_shared : &it->mapping->i_mmap;
}

static struct vm_area_struct *which_root(struct mapping_vma_iter *it)
{
	return it->which ? it->mapping->i_mmap_shared_root
			 : it->mapping->i_mmap_root;
}

static bool covers(struct vm_area_struct *vma, struct mapping_vma_iter *it)
{
	return vma->vm_pgoff <= it->last && vma_last_pgoff(vma) >= it->first;
}

/* The next VMA of the current list after pos (the head: from the start). */
static struct vm_area_struct *list_search(struct mapping_vma_iter *it,
					  struct list_head *pos)
{
	struct list_head *head = which_list(it);
	struct vm_area_struct *vma;

	for (pos = pos->next; pos != head; pos = pos->next) {
		vma = list_entry(pos, struct vm_area_struct, shared);
		it->visited++;
		if (covers(vma, it))
			return vma;
	}
	return NULL;
}

/* The next VMA after it->vma (NULL: the first) in the current list. */
static struct vm_area_struct *search_one(struct mapping_vma_iter *it)
{
	struct vm_area_struct *vma;

	if (!i_mmap_tree)
		return list_search(it, it->vma ? &it->vma->shared
					       : which_list(it));
	it->tree.visited = 0;
	if (!it->vma)
		vma = vma_interval_iter_first(&it->tree, which_root(it),
					      it->first, it->last);
	else
		vma = vma_interval_iter_next(&it->tree);
	it->visited += it->tree.visited;
	return vma;
}

struct vm_area_struct *mapping_vma_next(struct mapping_vma_iter *it)
{
	it->vma = search_one(it);
	if (!it->vma && it->which == 0) {
		it->which = 1;
		it->vma = search_one(it);
	}
	return it->vma;
}

struct vm_area_struct *mapping_vma_first(struct mapping_vma_iter *it,
					 struct address_space *mapping,
					 unsigned long first,
					 unsigned long last)
{
	it->mapping = mapping;
	it->first = first;
	it->last = last;
	it->which = 0;
	it->vma = NULL;
	it->visited = 0;
	return mapping_vma_next(it);
}

static int list_length(struct list_head *head)
{
	struct list_head *pos;
	int n = 0;

	list_for_each(pos, head)
		n++;
	return n;
}

const char *i_mmap_check_vma(struct vm_area_struct *vma)
{
	struct address_space *mapping = vma->vm_file->f_mapping;
	struct list_head *list = vma_list(mapping, vma);
	struct vm_area_struct *root = *vma_root(mapping, vma);

	if (list_empty(&vma->shared))
		return "file VMA on no i_mmap list";
	if (!i_mmap_tree)
		return NULL;
	if (!vma_interval_contains(root, vma))
		return "file VMA not in its interval tree at its range";
	if (list->next == &vma->shared &&
	    vma_interval_check(root) != list_length(list))
		return "interval tree does not hold the VMAs of its list";
	return NULL;
}
