/*
 * mm/vm/msync.c - msync(2).  Dirty bits of shared file pages already move to
 * the page on every unmap (mm/rmap/pte_map.c), and a ramfs page has no
 * disk copy to bring up to date (it goes to swap only under reclaim), so
 * there is nothing to write: msync checks its arguments and that the range
 * is mapped, with Linux's errors.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/mman.h"
#include "mm/vm/vma.h"
#include "mm/vm/mm_struct.h"

long sys_msync(unsigned long start, unsigned long len, unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long end;
	long err = 0;

	if (flags & ~(unsigned long)(MS_ASYNC | MS_INVALIDATE | MS_SYNC))
		return -EINVAL;
	if (start & ~PAGE_MASK)
		return -EINVAL;
	if ((flags & MS_ASYNC) && (flags & MS_SYNC))
		return -EINVAL;
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end < start)
		return -ENOMEM;
	if (end == start)
		return 0;
	down(&mm->mmap_sem);
	for (vma = find_vma(mm, start); start < end; vma = vma_next(vma)) {
		if (!vma || vma->vm_start >= end) {
			err = -ENOMEM;
			break;
		}
		if (start < vma->vm_start)
			err = -ENOMEM;	/* a hole: Linux goes on, then fails */
		if ((flags & MS_INVALIDATE) && (vma->vm_flags & VM_LOCKED)) {
			err = -EBUSY;
			break;
		}
		start = vma->vm_end;
	}
	up(&mm->mmap_sem);
	return err;
}
