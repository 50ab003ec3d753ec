/*
 * mm/vm/vma_ops.c - creating, linking, splitting and merging VMAs.
 *
 * vma_link puts a VMA into its mm (list + tree, mm/vm/vma.c) and, for a file
 * VMA, onto the file's address_space: i_mmap_shared if it is VM_SHARED,
 * else i_mmap, and the interval tree beside it (mm/rmap/i_mmap.c).  Those
 * are changed only under the mapping's i_shared_sem, which the object-based
 * rmap walks down_trylock; so is the range of a VMA on them (vma_adjust),
 * since the tree is keyed by it.  A VMA that is on a mapping list always
 * holds a reference on its file.
 *
 * Splitting and merging follow Linux: munmap or mprotect of the middle of a
 * VMA splits it into three; a new range next to a VMA with the same flags,
 * file and a contiguous file offset extends that VMA instead of adding one.
 */
#include "fs/address_space.h"
#include "fs/file.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/slab.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/vma.h"

static struct kmem_cache *vma_cachep;

void vma_cache_init(void)
{
	vma_cachep = kmem_cache_create("vm_area_struct",
				       sizeof(struct vm_area_struct), 0, NULL);
	BUG_ON(!vma_cachep);
}

struct vm_area_struct *vma_alloc(struct mm_struct *mm)
{
	struct vm_area_struct *vma = kmem_cache_alloc(vma_cachep, GFP_KERNEL);

	if (!vma)
		return NULL;
	memset(vma, 0, sizeof(*vma));
	vma->vm_mm = mm;
	INIT_LIST_HEAD(&vma->vm_list);
	INIT_LIST_HEAD(&vma->shared);
	INIT_LIST_HEAD(&vma->anon_vma_node);
	return vma;
}

/* Free a VMA that is on no mm or file list; drops its file reference and
 * leaves its anon_vma. */
void vma_free(struct vm_area_struct *vma)
{
	BUG_ON(!list_empty(&vma->shared) || !list_empty(&vma->vm_list));
	anon_vma_unlink(vma);
	if (vma->vm_file)
		fput(vma->vm_file);
	kmem_cache_free(vma_cachep, vma);
}

/* A copy of orig on no mm or file list, with its own file reference, on
 * orig's anon_vma list (it maps the same anonymous pages). */
struct vm_area_struct *vma_dup(struct vm_area_struct *orig)
{
	struct vm_area_struct *vma = vma_alloc(orig->vm_mm);

	if (!vma)
		return NULL;
	*vma = *orig;
	INIT_LIST_HEAD(&vma->vm_list);
	INIT_LIST_HEAD(&vma->shared);
	vma->vm_avl_left = vma->vm_avl_right = NULL;
	vma->vm_it_left = vma->vm_it_right = NULL;
	INIT_LIST_HEAD(&vma->anon_vma_node);
	anon_vma_link(vma);
	if (vma->vm_file)
		get_file(vma->vm_file);
	return vma;
}

static struct address_space *vma_mapping(struct vm_area_struct *vma)
{
	return vma->vm_file ? vma->vm_file->f_mapping : NULL;
}

void vma_link_file(struct vm_area_struct *vma)
{
	struct address_space *mapping = vma_mapping(vma);

	if (!mapping)
		return;
	down(&mapping->i_shared_sem);
	i_mmap_insert(mapping, vma);
	up(&mapping->i_shared_sem);
}

void vma_unlink_file(struct vm_area_struct *vma)
{
	struct address_space *mapping = vma_mapping(vma);

	if (!mapping)
		return;
	down(&mapping->i_shared_sem);
	i_mmap_remove(mapping, vma);
	up(&mapping->i_shared_sem);
}

/*
 * Give the linked vma a new range, and link insert (a VMA on no mapping
 * yet, or NULL) to the same file in the same step, so that an rmap walk
 * never sees a page of either without a VMA covering it.  The mm's tree is
 * the caller's (it is keyed by vm_start).
 */
void vma_adjust(struct vm_area_struct *vma, unsigned long start,
		unsigned long end, unsigned long pgoff,
		struct vm_area_struct *insert)
{
	struct address_space *mapping = vma_mapping(vma);

	/* exit_mmap zaps [vm_start, vm_end): a range that wrapped or ran
	 * into the kernel half would leave PTEs behind it. */
	BUG_ON(start >= end || end > TASK_SIZE);
	if (mapping) {
		down(&mapping->i_shared_sem);
		i_mmap_remove(mapping, vma);
	}
	vma->vm_start = start;
	vma->vm_end = end;
	vma->vm_pgoff = pgoff;
	if (mapping) {
		i_mmap_insert(mapping, vma);
		if (insert)
			i_mmap_insert(mapping, insert);
		up(&mapping->i_shared_sem);
	}
}

/* Into the mm and onto the file's mapping list; total_vm counts it. */
void vma_link(struct mm_struct *mm, struct vm_area_struct *vma)
{
	vma_link_tree(mm, vma);
	vma_link_file(vma);
	mm->total_vm += vma_pages(vma);
	if (vma->vm_flags & VM_LOCKED)
		mm->locked_vm += vma_pages(vma);
}

/* The reverse of vma_link; the VMA's pages must be zapped already. */
void vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma)
{
	vma_unlink_file(vma);
	vma_unlink_tree(mm, vma);
	mm->total_vm -= vma_pages(vma);
	if (vma->vm_flags & VM_LOCKED)
		mm->locked_vm -= vma_pages(vma);
}

/*
 * Cut vma in two at addr (page aligned, strictly inside).  The new VMA
 * takes the part below addr if new_below, else the part above.  Both halves
 * stay on the same mapping list: the rmap walk must find each.  The VMA is
 * re-keyed in the tree, so it comes out and goes back in.
 */
int split_vma(struct mm_struct *mm, struct vm_area_struct *vma,
	      unsigned long addr, bool new_below)
{
	struct vm_area_struct *new;

	BUG_ON(addr <= vma->vm_start || addr >= vma->vm_end ||
	       (addr & ~PAGE_MASK));
	new = vma_dup(vma);
	if (!new)
		return -ENOMEM;
	vma_unlink_tree(mm, vma);
	if (new_below) {
		new->vm_end = addr;
		vma_adjust(vma, addr, vma->vm_end,
			   vma->vm_pgoff +
				   ((addr - vma->vm_start) >> PAGE_SHIFT),
			   new);
	} else {
		new->vm_start = addr;
		new->vm_pgoff += (addr - vma->vm_start) >> PAGE_SHIFT;
		vma_adjust(vma, vma->vm_start, addr, vma->vm_pgoff, new);
	}
	vma_link_tree(mm, vma);
	vma_link_tree(mm, new);
	if (new->vm_ops && new->vm_ops->open)
		new->vm_ops->open(new);
	return 0;
}

/*
 * Must offsets run on for two VMAs to merge?  A file's always.  An
 * anonymous VMA's too in rmap=anon_vma, where its pages' index is linear
 * in vm_pgoff: a VMA mremap moved keeps the offsets of where it was, and
 * must not merge with a neighbour whose offsets do not continue them.
 */
static bool pgoff_matters(struct file *file)
{
	return file || rmap_mode == RMAP_ANON_VMA;
}

/*
 * Can a range [.., ..) with these flags, file, pgoff and anon_vma continue
 * vma at its end (pgoff is then the offset of the range's first page)?
 * VMAs whose vm_ops have a close (a SysV shm attach counts its VMAs),
 * nonlinear ones and locked ones are left alone, as Linux does; VMAs whose anonymous pages
 * point at two different anon_vmas cannot become one.
 */
static bool can_merge_after(struct vm_area_struct *vma, unsigned long flags,
			    struct file *file, unsigned long pgoff,
			    struct anon_vma *anon_vma)
{
	if (vma->vm_flags != flags || vma->vm_file != file ||
	    (vma->vm_ops && vma->vm_ops->close))
		return false;
	if (flags & (VM_NONLINEAR | VM_DONTEXPAND | VM_IO))
		return false;
	if (pgoff_matters(file) && vma->vm_pgoff + vma_pages(vma) != pgoff)
		return false;
	return anon_vma_compatible(vma->anon_vma, anon_vma);
}

static bool can_merge_before(struct vm_area_struct *vma, unsigned long flags,
			     struct file *file, unsigned long pgoff,
			     unsigned long len_pages)
{
	if (vma->vm_flags != flags || vma->vm_file != file ||
	    (vma->vm_ops && vma->vm_ops->close))
		return false;
	if (flags & (VM_NONLINEAR | VM_DONTEXPAND | VM_IO))
		return false;
	if (pgoff_matters(file) && pgoff + len_pages != vma->vm_pgoff)
		return false;
	return true;
}

/*
 * Try to cover the new range [addr, end) by extending prev (the VMA just
 * below addr, or NULL) and/or the VMA just above.  Returns the VMA that now
 * covers the range, or NULL if a new VMA is needed.  The range itself must
 * be free.  Page tables are untouched: they do not depend on VMA bounds.
 */
struct vm_area_struct *vma_merge(struct mm_struct *mm,
				 struct vm_area_struct *prev,
				 unsigned long addr, unsigned long end,
				 unsigned long vm_flags, struct file *file,
				 unsigned long pgoff)
{
	struct vm_area_struct *next = prev ? vma_next(prev) : first_vma(mm);
	unsigned long pages = (end - addr) >> PAGE_SHIFT;

	if (next && next->vm_start < end)
		return NULL;
	if (next && next->vm_start != end)
		next = NULL;
	if (prev && (prev->vm_end != addr ||
		     !can_merge_after(prev, vm_flags, file, pgoff, NULL)))
		prev = NULL;
	if (next && !can_merge_before(next, vm_flags, file, pgoff, pages))
		next = NULL;
	if (prev && next &&
	    !anon_vma_compatible(prev->anon_vma, next->anon_vma))
		next = NULL;

	if (prev) {
		mm->total_vm += pages;
		if (vm_flags & VM_LOCKED)
			mm->locked_vm += pages;
		/* Grown over next before next goes: no page is ever uncovered. */
		vma_adjust(prev, prev->vm_start, next ? next->vm_end : end,
			   prev->vm_pgoff, NULL);
		if (next) {
			prev->vm_has_anon |= next->vm_has_anon;
			anon_vma_merge(prev, next);
			vma_unlink_file(next);
			vma_unlink_tree(mm, next);
			if (next->vm_ops && next->vm_ops->close)
				next->vm_ops->close(next);
			vma_free(next);
		}
		return prev;
	}
	if (next) {
		/* vm_start is the tree key: re-key next. */
		vma_unlink_tree(mm, next);
		vma_adjust(next, addr, next->vm_end, pgoff, NULL);
		vma_link_tree(mm, next);
		mm->total_vm += pages;
		if (vm_flags & VM_LOCKED)
			mm->locked_vm += pages;
		return next;
	}
	return NULL;
}

/*
 * After vma changed its flags (mprotect, mlock), merge it with equal
 * neighbours.  Pages stay where they are; only bookkeeping changes.
 */
void vma_try_merge_around(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct vm_area_struct *prev = vma_prev(vma), *next = vma_next(vma);

	if (next && next->vm_start == vma->vm_end &&
	    can_merge_after(vma, next->vm_flags, next->vm_file,
			    next->vm_pgoff, next->anon_vma)) {
		vma_adjust(vma, vma->vm_start, next->vm_end, vma->vm_pgoff,
			   NULL);
		vma->vm_has_anon |= next->vm_has_anon;
		anon_vma_merge(vma, next);
		vma_unlink_file(next);
		vma_unlink_tree(mm, next);
		if (next->vm_ops && next->vm_ops->close)
			next->vm_ops->close(next);
		vma_free(next);
	}
	if (prev && prev->vm_end == vma->vm_start &&
	    can_merge_after(prev, vma->vm_flags, vma->vm_file,
			    vma->vm_pgoff, vma->anon_vma)) {
		vma_adjust(prev, prev->vm_start, vma->vm_end, prev->vm_pgoff,
			   NULL);
		prev->vm_has_anon |= vma->vm_has_anon;
		anon_vma_merge(prev, vma);
		vma_unlink_file(vma);
		vma_unlink_tree(mm, vma);
		if (vma->vm_ops && vma->vm_ops->close)
			vma->vm_ops->close(vma);
		vma_free(vma);
	}
}
