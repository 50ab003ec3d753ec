/*
 * mm/vm/mremap.c - mremap(2): shrink, grow in place, or move.
 *
 * Shrinking unmaps the tail.  Growing extends the VMA if the addresses
 * after it are free; otherwise, with MREMAP_MAYMOVE, a new VMA is made
 * elsewhere (or at new_addr with MREMAP_FIXED), the PTEs are moved across
 * (the pages themselves stay, so the data moves for free) and the old
 * range is unmapped.
 */
#include "kernel/errno.h"
#include "kernel/trap.h"
#include "kernel/task.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"

/* Pages appear only on faults, except in shared anonymous memory. */
static void fill_new_part(struct mm_struct *mm, struct vm_area_struct *vma,
			  unsigned long start, unsigned long end)
{
	if (((vma->vm_flags & VM_SHARED) && !vma->vm_file) ||
	    (vma->vm_flags & VM_LOCKED))
		make_pages_present(mm, start, end);
}

static long move_vma(struct vm_area_struct *vma, unsigned long old_addr,
		     unsigned long old_len, unsigned long new_len,
		     unsigned long new_addr)
{
	struct mm_struct *mm = vma->vm_mm;
	struct vm_area_struct *new_vma;
	int err;

	if (mm->map_count >= MAX_MAP_COUNT - 3)
		return -ENOMEM;
	new_vma = vma_dup(vma);
	if (!new_vma)
		return -ENOMEM;
	new_vma->vm_start = new_addr;
	new_vma->vm_end = new_addr + new_len;
	new_vma->vm_pgoff = vma->vm_pgoff +
			    ((old_addr - vma->vm_start) >> PAGE_SHIFT);
	vma_link(mm, new_vma);
	if (new_vma->vm_ops && new_vma->vm_ops->open)
		new_vma->vm_ops->open(new_vma);
	err = move_page_tables(vma, old_addr, new_vma, new_addr, old_len);
	if (err) {
		/* Put back what moved, then forget the new VMA. */
		move_page_tables(new_vma, new_addr, vma, old_addr, old_len);
		do_munmap(mm, new_addr, new_len);
		return err;
	}
	do_munmap(mm, old_addr, old_len);
	fill_new_part(mm, new_vma, new_addr + old_len, new_addr + new_len);
	return new_addr;
}

static long mremap_fixed(unsigned long addr, unsigned long old_len,
			 unsigned long new_len, unsigned long new_addr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	int err;

	if (new_addr & ~PAGE_MASK)
		return -EINVAL;
	if (new_len > TASK_SIZE || new_addr > TASK_SIZE - new_len)
		return -EINVAL;
	if (addr + old_len > new_addr && new_addr + new_len > addr)
		return -EINVAL;	/* the ranges overlap */
	err = do_munmap(mm, new_addr, new_len);
	if (err)
		return err;
	if (old_len > new_len) {
		err = do_munmap(mm, addr + new_len, old_len - new_len);
		if (err)
			return err;
		old_len = new_len;
	}
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start > addr || old_len > vma->vm_end - addr)
		return -EFAULT;
	return move_vma(vma, addr, old_len, new_len, new_addr);
}

static long do_mremap(unsigned long addr, unsigned long old_len,
		      unsigned long new_len, unsigned long flags,
		      unsigned long new_addr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma, *next;
	unsigned long pgoff;

	if (flags & ~(unsigned long)(MREMAP_FIXED | MREMAP_MAYMOVE))
		return -EINVAL;
	if (addr & ~PAGE_MASK)
		return -EINVAL;
	old_len = PAGE_ALIGN(old_len);
	new_len = PAGE_ALIGN(new_len);
	if (!new_len || !old_len)
		return -EINVAL;
	if (flags & MREMAP_FIXED) {
		if (!(flags & MREMAP_MAYMOVE))
			return -EINVAL;
		return mremap_fixed(addr, old_len, new_len, new_addr);
	}
	if (old_len >= new_len) {
		int err = do_munmap(mm, addr + new_len, old_len - new_len);

		return err ? err : (long)addr;
	}
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start > addr || old_len > vma->vm_end - addr)
		return -EFAULT;
	if (vma->vm_flags & VM_DONTEXPAND)
		return -EFAULT;
	/* Room right after the VMA?  Then just extend it. */
	next = vma_next(vma);
	if (old_len == vma->vm_end - addr && new_len <= TASK_SIZE - addr &&
	    (!next || next->vm_start >= addr + new_len)) {
		unsigned long grow = (new_len - old_len) >> PAGE_SHIFT;

		vma_adjust(vma, vma->vm_start, addr + new_len, vma->vm_pgoff,
			   NULL);
		mm->total_vm += grow;
		if (vma->vm_flags & VM_LOCKED)
			mm->locked_vm += grow;
		fill_new_part(mm, vma, addr + old_len, addr + new_len);
		return addr;
	}
	if (!(flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	pgoff = vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);
	new_addr = get_unmapped_area(vma->vm_file, 0, new_len, pgoff,
				     (vma->vm_flags & VM_MAYSHARE) ?
				     MAP_SHARED : MAP_PRIVATE);
	if (IS_ERR_VALUE(new_addr))
		return new_addr;
	return move_vma(vma, addr, old_len, new_len, new_addr);
}

long sys_mremap(unsigned long addr, unsigned long old_len,
		unsigned long new_len, unsigned long flags,
		unsigned long new_addr)
{
	struct mm_struct *mm = current->mm;
	long ret;

	down(&mm->mmap_sem);
	ret = do_mremap(addr, old_len, new_len, flags, new_addr);
	up(&mm->mmap_sem);
	return ret;
}
