/*
 * mm/vm/mlock.c - mlock, munlock, mlockall, munlockall: VM_LOCKED.
 *
 * A VM_LOCKED VMA has all its pages present (faulted in here) and the
 * reverse-mapping unmap refuses to take them away (SWAP_FAIL), so reclaim
 * skips them.  mlock2's MLOCK_ONFAULT (and mlockall's MCL_ONFAULT) lock
 * without faulting anything in: each page is locked once a fault brings
 * it.
 *
 * RLIMIT_MEMLOCK bounds what a process without CAP_IPC_LOCK (anyone but
 * root) may lock, as in Linux 6.1: a limit of 0 refuses locking at all
 * (EPERM); mlock past it is ENOMEM (pages already locked in the range are
 * not counted twice), mlockall(MCL_CURRENT) of more than it ENOMEM, and a
 * mapping that would be locked at once (MAP_LOCKED, MCL_FUTURE) EAGAIN.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/cred.h"
#include "kernel/process/task.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"

#define MLOCK_ONFAULT 1
#define MCL_ONFAULT 4

static unsigned long memlock_limit_pages(void)
{
	return rlimit(RLIMIT_MEMLOCK) >> PAGE_SHIFT;
}

bool can_do_mlock(void)
{
	return rlimit(RLIMIT_MEMLOCK) != 0 ||
	       capable(CAP_IPC_LOCK);
}

bool mlock_future_ok(struct mm_struct *mm, unsigned long vm_flags,
		     unsigned long npages)
{
	return !(vm_flags & VM_LOCKED) ||
	       mm->locked_vm + npages <= memlock_limit_pages() ||
	       capable(CAP_IPC_LOCK);
}

/* Set or clear VM_LOCKED over [start, end), faulting the pages in
 * unless onfault; -ENOMEM if not all mapped. */
static long set_locked(unsigned long start, unsigned long end, bool on,
		       bool onfault)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma = find_vma(mm, start);
	unsigned long nstart = start;
	long err;

	if (!vma || vma->vm_start > start)
		return -ENOMEM;
	for (;;) {
		unsigned long tmp = min(vma->vm_end, end);
		unsigned long f = vma->vm_flags & ~VM_LOCKED;

		err = change_vma_flags(mm, vma, nstart, tmp,
				       on ? f | VM_LOCKED : f);
		if (err)
			return err;
		nstart = tmp;
		if (nstart >= end)
			break;
		vma = find_vma(mm, nstart);
		if (!vma || vma->vm_start != nstart)
			return -ENOMEM;
	}
	if (on && !onfault)
		return make_pages_present(mm, start, end);
	return 0;
}

static long do_mlock(unsigned long start, unsigned long len, bool on,
		     bool onfault)
{
	struct mm_struct *mm = current->mm;
	unsigned long end;
	long err;

	if (on && !can_do_mlock())
		return -EPERM;
	len = PAGE_ALIGN(len + (start & ~PAGE_MASK));
	start &= PAGE_MASK;
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	down(&mm->mmap_sem);
	if (on && !mlock_future_ok(mm, VM_LOCKED,
				   (len >> PAGE_SHIFT) -
					   pages_mapped_in(mm, start, end,
							   VM_LOCKED)))
		err = -ENOMEM;
	else
		err = set_locked(start, end, on, onfault);
	up(&mm->mmap_sem);
	return err;
}

long sys_mlock(unsigned long start, unsigned long len)
{
	return do_mlock(start, len, true, false);
}

long sys_mlock2(unsigned long start, unsigned long len, int flags)
{
	if (flags & ~MLOCK_ONFAULT)
		return -EINVAL;
	return do_mlock(start, len, true, flags & MLOCK_ONFAULT);
}

long sys_munlock(unsigned long start, unsigned long len)
{
	return do_mlock(start, len, false, false);
}

static long set_all_locked(unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma, *next;
	bool on = flags & MCL_CURRENT;

	mm->def_flags = (flags & MCL_FUTURE) ? VM_LOCKED : 0;
	for (vma = first_vma(mm); vma; vma = next) {
		unsigned long f = vma->vm_flags & ~VM_LOCKED;
		unsigned long start = vma->vm_start, end = vma->vm_end;

		if (change_vma_flags(mm, vma, start, end,
				     on ? f | VM_LOCKED : f))
			return -ENOMEM;
		if (on && !(flags & MCL_ONFAULT) &&
		    make_pages_present(mm, start, end))
			return -ENOMEM;
		vma = find_vma(mm, start);
		next = vma_next(vma);
	}
	return 0;
}

long sys_mlockall(unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	long err;

	if (!flags || flags == MCL_ONFAULT ||
	    (flags & ~(unsigned long)(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT)))
		return -EINVAL;
	if (!can_do_mlock())
		return -EPERM;
	down(&mm->mmap_sem);
	if ((flags & MCL_CURRENT) && mm->total_vm > memlock_limit_pages() &&
	    !capable(CAP_IPC_LOCK))
		err = -ENOMEM;
	else
		err = set_all_locked(flags);
	up(&mm->mmap_sem);
	return err;
}

long sys_munlockall(void)
{
	struct mm_struct *mm = current->mm;
	long err;

	down(&mm->mmap_sem);
	err = set_all_locked(0);
	up(&mm->mmap_sem);
	return err;
}
