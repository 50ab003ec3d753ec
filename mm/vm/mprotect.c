/*
 * mm/vm/mprotect.c - mprotect(2), and the VMA flag change it shares with
 * mlock: split the VMA so the range is a VMA of its own, set the flags and
 * PTE protection, then merge with equal neighbours again.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"

#define VM_ACCESS (VM_READ | VM_WRITE | VM_EXEC)

int change_vma_flags(struct mm_struct *mm, struct vm_area_struct *vma,
		     unsigned long start, unsigned long end,
		     unsigned long newflags)
{
	unsigned long old = vma->vm_flags;
	int err;

	if (newflags == old)
		return 0;
	if (mm->map_count >= MAX_MAP_COUNT - 1 &&
	    (start > vma->vm_start || end < vma->vm_end))
		return -ENOMEM;
	if (start > vma->vm_start) {
		err = split_vma(mm, vma, start, true);
		if (err)
			return err;
	}
	if (end < vma->vm_end) {
		err = split_vma(mm, vma, end, false);
		if (err)
			return err;
	}
	if ((old ^ newflags) & VM_LOCKED) {
		if (newflags & VM_LOCKED)
			mm->locked_vm += vma_pages(vma);
		else
			mm->locked_vm -= vma_pages(vma);
	}
	vma->vm_flags = newflags;
	vma_set_page_prot(vma, newflags);
	if ((old ^ newflags) & (VM_ACCESS | VM_SHARED))
		change_protection(vma, start, end);
	vma_try_merge_around(mm, vma);
	return 0;
}

/*
 * The first VMA of the range, or NULL (-ENOMEM).  PROT_GROWSDOWN moves
 * start down to the start of a growsdown VMA, which it must be (else
 * *err is -EINVAL); no VMA grows up on i386, so PROT_GROWSUP is -EINVAL.
 */
static struct vm_area_struct *mprotect_first_vma(struct mm_struct *mm,
						 unsigned long *start,
						 unsigned long end,
						 unsigned long grows, long *err)
{
	struct vm_area_struct *vma = find_vma(mm, *start);

	*err = -ENOMEM;
	if (!vma)
		return NULL;
	if (grows & PROT_GROWSDOWN) {
		if (vma->vm_start >= end)
			return NULL;
		*start = vma->vm_start;
		*err = -EINVAL;
		return (vma->vm_flags & VM_GROWSDOWN) ? vma : NULL;
	}
	if (vma->vm_start > *start)
		return NULL;
	*err = -EINVAL;
	return grows ? NULL : vma;
}

long sys_mprotect(unsigned long start, unsigned long len, unsigned long prot)
{
	struct mm_struct *mm = current->mm;
	unsigned long end, nstart, newflags, vmprot, grows;
	struct vm_area_struct *vma;
	long err = 0;

	grows = prot & (PROT_GROWSDOWN | PROT_GROWSUP);
	prot &= ~(unsigned long)(PROT_GROWSDOWN | PROT_GROWSUP);
	if (grows == (PROT_GROWSDOWN | PROT_GROWSUP))
		return -EINVAL;
	if (start & ~PAGE_MASK)
		return -EINVAL;
	if (!len)
		return 0;
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end <= start)
		return -ENOMEM;
	if (prot & ~(unsigned long)(PROT_READ | PROT_WRITE | PROT_EXEC |
				    PROT_SEM))
		return -EINVAL;
	vmprot = calc_vm_flags(prot, 0);

	down(&mm->mmap_sem);
	vma = mprotect_first_vma(mm, &start, end, grows, &err);
	if (!vma)
		goto out;
	err = 0;
	for (nstart = start; nstart < end;) {
		unsigned long tmp = min(vma->vm_end, end);

		newflags = vmprot | (vma->vm_flags & ~VM_ACCESS);
		/* Each access bit needs its VM_MAY bit (4 bits higher). */
		if ((newflags & ~(newflags >> 4)) & VM_ACCESS) {
			err = -EACCES;
			goto out;
		}
		err = change_vma_flags(mm, vma, nstart, tmp, newflags);
		if (err)
			goto out;
		nstart = tmp;
		if (nstart >= end)
			break;
		vma = find_vma(mm, nstart);
		if (!vma || vma->vm_start != nstart) {
			err = -ENOMEM;
			goto out;
		}
	}
out:
	up(&mm->mmap_sem);
	return err;
}
