/*
 * mm/rmap/anon_vma.c - the anon_vma objects of rmap=anon_vma: creating
 * them, the VMA lists, and tagging anonymous pages (see the header).
 * The walks over them are in mm/rmap/rmap_anon.c.
 */
#include "kernel/errno.h"
#include "kernel/panic.h"
#include "mm/phys/slab.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/vma.h"

static struct kmem_cache *anon_vma_cachep;

void anon_vma_init(void)
{
	if (rmap_mode != RMAP_ANON_VMA)
		return;
	anon_vma_cachep = kmem_cache_create("anon_vma", sizeof(struct anon_vma),
					    0, NULL);
	BUG_ON(!anon_vma_cachep);
}

#define VM_ACCESS_FLAGS (VM_READ | VM_WRITE | VM_EXEC)

/*
 * Could a and b (a just below b) become one VMA once their access bits
 * agree?  Same file (none), other flags equal, offsets running on.
 */
static bool mergeable_neighbours(struct vm_area_struct *a,
				 struct vm_area_struct *b)
{
	return a->vm_end == b->vm_start && a->vm_file == b->vm_file &&
	       !((a->vm_flags ^ b->vm_flags) & ~VM_ACCESS_FLAGS) &&
	       a->vm_pgoff + vma_pages(a) == b->vm_pgoff;
}

/*
 * 2.6.7's find_mergeable_anon_vma: the anon_vma of a neighbour vma could
 * merge with after an mprotect.  Sharing it keeps that merge possible, as
 * on Linux, where a VMA that only had read faults (the zero page) has no
 * anon_vma at all.  vma must be linked into its mm.
 */
static struct anon_vma *find_mergeable_anon_vma(struct vm_area_struct *vma)
{
	struct vm_area_struct *near = vma_prev(vma);

	if (near && near->anon_vma && mergeable_neighbours(near, vma))
		return near->anon_vma;
	near = vma_next(vma);
	if (near && near->anon_vma && mergeable_neighbours(vma, near))
		return near->anon_vma;
	return NULL;
}

int anon_vma_prepare(struct vm_area_struct *vma)
{
	struct anon_vma *anon_vma;
	unsigned long flags;

	if (rmap_mode != RMAP_ANON_VMA || vma->anon_vma)
		return 0;
	if (!list_empty(&vma->vm_list)) {
		vma->anon_vma = find_mergeable_anon_vma(vma);
		if (vma->anon_vma) {
			anon_vma_link(vma);
			return 0;
		}
	}
	anon_vma = kmem_cache_alloc(anon_vma_cachep, GFP_KERNEL);
	if (!anon_vma)
		return -ENOMEM;
	spin_lock_init(&anon_vma->lock);
	INIT_LIST_HEAD(&anon_vma->head);
	stat_inc(&rmap_stats.anon_vmas);
	/* mmap_sem keeps other faults of this mm out: no one else can be
	 * preparing this VMA while we allocated. */
	BUG_ON(vma->anon_vma);
	vma->anon_vma = anon_vma;
	spin_lock_irqsave(&anon_vma->lock, flags);
	list_add_tail(&vma->anon_vma_node, &anon_vma->head);
	spin_unlock_irqrestore(&anon_vma->lock, flags);
	return 0;
}

void anon_vma_link(struct vm_area_struct *vma)
{
	struct anon_vma *anon_vma = vma->anon_vma;
	unsigned long flags;

	if (!anon_vma)
		return;
	spin_lock_irqsave(&anon_vma->lock, flags);
	list_add_tail(&vma->anon_vma_node, &anon_vma->head);
	spin_unlock_irqrestore(&anon_vma->lock, flags);
}

void anon_vma_unlink(struct vm_area_struct *vma)
{
	struct anon_vma *anon_vma = vma->anon_vma;
	unsigned long flags;
	bool empty;

	if (!anon_vma)
		return;
	spin_lock_irqsave(&anon_vma->lock, flags);
	list_del_init(&vma->anon_vma_node);
	empty = list_empty(&anon_vma->head);
	spin_unlock_irqrestore(&anon_vma->lock, flags);
	vma->anon_vma = NULL;
	if (empty) {
		/* No VMA maps its pages any more: a page still pointing here
		 * is unmapped, and an unmapped page's mapping is never
		 * followed (page_referenced and try_to_unmap return first). */
		kmem_cache_free(anon_vma_cachep, anon_vma);
		stat_dec(&rmap_stats.anon_vmas);
	}
}

void anon_vma_merge(struct vm_area_struct *keep, struct vm_area_struct *gone)
{
	BUG_ON(!anon_vma_compatible(keep->anon_vma, gone->anon_vma));
	if (keep->anon_vma || !gone->anon_vma)
		return;
	keep->anon_vma = gone->anon_vma;
	anon_vma_link(keep);
}

unsigned long linear_page_index(struct vm_area_struct *vma,
				unsigned long addr)
{
	return vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);
}

void page_set_anon_rmap(struct page *page, struct vm_area_struct *vma,
			unsigned long addr)
{
	BUG_ON(!vma->anon_vma);
	page->mapping = (struct address_space *)((unsigned long)vma->anon_vma +
						 PAGE_MAPPING_ANON);
	page->index = linear_page_index(vma, addr);
}

bool anon_vma_has_vma(struct anon_vma *anon_vma, struct vm_area_struct *vma)
{
	struct vm_area_struct *v;

	list_for_each_entry(v, &anon_vma->head, anon_vma_node)
		if (v == vma)
			return true;
	return false;
}
