/*
 * mm/vm/dup_mmap.c - dup_mm: the child's copy of an address space.
 *
 * Every VMA is copied (except VM_DONTCOPY ones, MADV_DONTFORK, and the
 * pages of VM_WIPEONFORK ones, MADV_WIPEONFORK); a file VMA's copy goes on
 * the same mapping list as the original, so the rmap walk finds the child
 * too.  Then the page tables are copied: the child maps the very same
 * pages, each PTE taking its own page reference, and private writable
 * pages are write-protected in both so the first write copies
 * (do_wp_page, mm/vm/memory.c).  Shared mappings stay writable and shared.
 * In the object-based rmap modes a file VMA that never held an anonymous
 * page is not copied at all: the child's faults map the page cache pages
 * again (copy_page_range, mm/vm/page_range.c).
 */
#include "kernel/errno.h"
#include "compat/ldt.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/tlb.h"
#include "mm/vm/vma.h"

static int dup_mmap(struct mm_struct *mm, struct mm_struct *oldmm)
{
	struct vm_area_struct *vma, *tmp;
	int err;

	for_each_vma(vma, oldmm) {
		if (vma->vm_flags & VM_DONTCOPY)
			continue;
		tmp = vma_dup(vma);
		if (!tmp)
			return -ENOMEM;
		tmp->vm_mm = mm;
		tmp->vm_flags &= ~VM_LOCKED;	/* mlock is not inherited */
		vma_link(mm, tmp);
		if (tmp->vm_ops && tmp->vm_ops->open)
			tmp->vm_ops->open(tmp);
		if (vma->vm_flags & VM_WIPEONFORK)
			continue;	/* the child faults in zeroed pages */
		err = copy_page_range(mm, oldmm, vma);
		if (err)
			return err;
	}
	return 0;
}

/* A copy of oldmm for a forked child; NULL when out of memory. */
struct mm_struct *dup_mm(struct mm_struct *oldmm)
{
	struct mm_struct *mm = mm_alloc();
	int err;

	if (!mm)
		return NULL;
	down(&oldmm->mmap_sem);
	mm->start_code = oldmm->start_code;
	mm->end_code = oldmm->end_code;
	mm->start_data = oldmm->start_data;
	mm->end_data = oldmm->end_data;
	mm->start_brk = oldmm->start_brk;
	mm->brk = oldmm->brk;
	mm->start_stack = oldmm->start_stack;
	mm->arg_start = oldmm->arg_start;
	mm->arg_end = oldmm->arg_end;
	mm->env_start = oldmm->env_start;
	mm->env_end = oldmm->env_end;
	memcpy(mm->saved_auxv, oldmm->saved_auxv, sizeof(mm->saved_auxv));
	mm->flags = oldmm->flags;
	mm->membarrier_state = oldmm->membarrier_state;
	err = dup_mmap(mm, oldmm);
	up(&oldmm->mmap_sem);
	if (!err)
		err = ldt_dup_context(oldmm, mm);
	/* The parent's writable PTEs may be read-only now. */
	flush_tlb_mm(oldmm);
	if (err) {
		mmput(mm);
		return NULL;
	}
	return mm;
}
