/*
 * mm/vm/brk.c - the heap: brk(2) and do_brk.
 *
 * The heap is one anonymous VMA from mm->start_brk (just above the
 * executable's bss, set by exec) to PAGE_ALIGN(mm->brk).  Growing it is an
 * anonymous mapping of the new pages (merged into the heap VMA); shrinking
 * unmaps them.  RLIMIT_AS and RLIMIT_DATA bound the growth
 * (may_expand_vm, mm/vm/mmap.c).  brk returns the new break, or the old
 * one on failure, as Linux's system call does (libc compares).
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"

#define VM_DATA_FLAGS (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE | \
		       VM_MAYEXEC)

/*
 * Map [addr, addr + len) as anonymous private read-write memory, replacing
 * what was there; returns addr or -errno.  mmap_sem held.
 */
long do_brk(unsigned long addr, unsigned long len)
{
	struct mm_struct *mm = current->mm;
	unsigned long flags = VM_DATA_FLAGS | mm->def_flags;
	struct vm_area_struct *vma, *prev;
	int err;

	len = PAGE_ALIGN(len);
	if (!len)
		return addr;
	if ((addr & ~PAGE_MASK) || addr > TASK_SIZE || len > TASK_SIZE - addr)
		return -EINVAL;
	err = do_munmap(mm, addr, len);
	if (err)
		return err;
	if (!may_expand_vm(mm, flags, len >> PAGE_SHIFT))
		return -ENOMEM;
	if (mm->map_count >= MAX_MAP_COUNT)
		return -ENOMEM;
	find_vma_prev(mm, addr, &prev);
	vma = vma_merge(mm, prev, addr, addr + len, flags, NULL,
			addr >> PAGE_SHIFT);
	if (!vma) {
		vma = vma_alloc(mm);
		if (!vma)
			return -ENOMEM;
		vma->vm_start = addr;
		vma->vm_end = addr + len;
		vma->vm_pgoff = addr >> PAGE_SHIFT;
		vma->vm_flags = flags;
		vma_set_page_prot(vma, flags);
		vma_link(mm, vma);
	}
	if (flags & VM_LOCKED)
		make_pages_present(mm, addr, addr + len);
	return addr;
}

/*
 * RLIMIT_DATA bounds the heap and the executable's data together, as
 * Linux's check_data_rlimit (mmap's private writable memory is bounded
 * separately, by may_expand_vm).
 */
static bool brk_over_data_limit(struct mm_struct *mm, unsigned long brk)
{
	unsigned long limit = rlimit(RLIMIT_DATA);

	return limit != RLIM_INFINITY &&
	       (brk - mm->start_brk) + (mm->end_data - mm->start_data) > limit;
}

long sys_brk(unsigned long brk)
{
	struct mm_struct *mm = current->mm;
	unsigned long newbrk, oldbrk;
	long ret;

	down(&mm->mmap_sem);
	if (brk < mm->start_brk || brk_over_data_limit(mm, brk))
		goto out;
	newbrk = PAGE_ALIGN(brk);
	oldbrk = PAGE_ALIGN(mm->brk);
	if (newbrk == oldbrk)
		goto set;
	if (brk <= mm->brk) {
		if (do_munmap(mm, newbrk, oldbrk - newbrk) == 0)
			goto set;
		goto out;
	}
	/* Keep a page of distance to whatever lies above (a stack, a map). */
	if (newbrk > TASK_SIZE - PAGE_SIZE ||
	    find_vma_intersection(mm, oldbrk, newbrk + PAGE_SIZE))
		goto out;
	if (do_brk(oldbrk, newbrk - oldbrk) != (long)oldbrk)
		goto out;
set:
	mm->brk = brk;
out:
	ret = mm->brk;
	up(&mm->mmap_sem);
	return ret;
}
