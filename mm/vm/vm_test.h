/*
 * mm/vm/vm_test.h - helpers shared by the address-space ktests.
 */
#ifndef MM_VM_VM_TEST_H
#define MM_VM_VM_TEST_H

#include "fs/file.h"
#include "mm/vm/filemap.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/gfp.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "kernel/lib/radix_tree.h"
#include "mm/rmap/pte_chain.h"
#include "mm/vm/memory.h"
#include "mm/vm/vma.h"

/*
 * Free pages with every kmem cache's empty slabs given back, so that a
 * test's before/after comparison sees only what the test itself leaked,
 * not a slab that a cache (VMAs, mm_structs, pte_chains) kept for later.
 * The reserves that keep objects aside (the fault path's spare pte_chain
 * node, the page cache's radix tree nodes) are emptied first.  Refilling
 * them instead would not do: the test uses up the reserve's nodes and the
 * refill takes new ones wherever the slab has room, so the same number of
 * objects can end up spread over one slab page more (seen with a larger
 * initramfs, whose files fill the radix_tree_node slabs differently).
 */
static inline u32 settled_free_pages(void)
{
	pte_chain_drop_spare();
	radix_tree_preload_drain();
	kmem_cache_shrink_all();
	return nr_free_pages();
}

/*
 * Does an allocation that allows high memory get a high page now?  The
 * allocator serves __GFP_HIGHMEM from the high zone while it has free
 * pages, so a test of high pages runs where this is true and skips where
 * the machine has no high memory.
 */
static inline bool high_pages_handed_out(void)
{
	struct page *page = alloc_page(GFP_HIGHUSER);
	bool high = page && PageHighMem(page);

	if (page)
		put_page(page);
	return high;
}

/* A VMA with these flags and no file over [start, +pages), linked into mm. */
static inline struct vm_area_struct *add_anon(struct mm_struct *mm,
					      unsigned long start,
					      unsigned long pages,
					      unsigned long flags)
{
	struct vm_area_struct *vma = vma_alloc(mm);

	if (!vma)
		return NULL;
	vma->vm_start = start;
	vma->vm_end = start + pages * PAGE_SIZE;
	vma->vm_pgoff = start >> PAGE_SHIFT;	/* as mmap gives it */
	vma->vm_flags = flags;
	vma->vm_page_prot = vm_get_page_prot(flags);
	vma_link(mm, vma);
	return vma;
}

/* A VMA mapping file from its first page over [start, +pages), linked
 * into mm; it takes a reference on file. */
static inline struct vm_area_struct *
add_file_vma(struct mm_struct *mm, struct file *file, unsigned long flags,
	     unsigned long start, unsigned long pages)
{
	struct vm_area_struct *vma = vma_alloc(mm);

	if (!vma)
		return NULL;
	vma->vm_start = start;
	vma->vm_end = start + pages * PAGE_SIZE;
	vma->vm_flags = flags;
	vma->vm_page_prot = vm_get_page_prot(flags);
	vma->vm_file = get_file(file);
	vma->vm_ops = &generic_file_vm_ops;
	vma_link(mm, vma);
	return vma;
}

#endif
