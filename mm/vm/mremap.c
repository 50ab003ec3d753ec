/*
 * mm/vm/mremap.c - mremap(2): shrink, grow in place, or move.
 *
 * Shrinking unmaps the tail.  Growing extends the VMA if the addresses
 * after it are free; otherwise, with MREMAP_MAYMOVE, a new VMA is made
 * elsewhere (or at new_addr with MREMAP_FIXED), the PTEs are moved across
 * (the pages themselves stay, so the data moves for free) and the old
 * range is unmapped (or, with MREMAP_DONTUNMAP, left mapped and empty).
 * An old length of 0 on shared memory maps the same pages a second time.
 * The checks and their order are Linux 6.1's.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"

static bool shared_anon(struct vm_area_struct *vma)
{
	return (vma->vm_flags & VM_SHARED) && !vma->vm_file;
}

/* Pages appear only on faults, except in shared anonymous memory. */
static void fill_new_part(struct mm_struct *mm, struct vm_area_struct *vma,
			  unsigned long start, unsigned long end)
{
	if (shared_anon(vma) || (vma->vm_flags & VM_LOCKED))
		make_pages_present(mm, start, end);
}

/*
 * An old length of 0 on shared anonymous memory maps its pages a second
 * time (Linux's shmem file is mapped again): how many bytes of the new
 * range have a page to share, the rest of it being new zero pages.
 */
static unsigned long dup_len(struct vm_area_struct *vma, unsigned long addr,
			     unsigned long old_len, unsigned long new_len)
{
	unsigned long room = vma->vm_end - addr;

	if (old_len || !shared_anon(vma))
		return 0;
	return new_len < room ? new_len : room;
}

/*
 * Move [old_addr, old_addr + old_len) of vma to new_addr, new_len long.
 * With MREMAP_DONTUNMAP the old range stays mapped, emptied: its PTEs
 * went with the pages, so it faults in fresh ones.  With old_len 0 the
 * new range maps shared anonymous pages again (dup_len).
 */
static long move_vma(struct vm_area_struct *vma, unsigned long old_addr,
		     unsigned long old_len, unsigned long new_len,
		     unsigned long new_addr, unsigned long flags)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long dup = dup_len(vma, old_addr, old_len, new_len);
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
	if (dup)
		err = copy_page_tables(vma, old_addr, new_vma, new_addr, dup);
	else
		err = move_page_tables(vma, old_addr, new_vma, new_addr,
				       old_len);
	if (err) {
		/* Put back what moved, then forget the new VMA. */
		if (!dup)
			move_page_tables(new_vma, new_addr, vma, old_addr,
					 old_len);
		do_munmap(mm, new_addr, new_len);
		return err;
	}
	if (!(flags & MREMAP_DONTUNMAP) && old_len)
		do_munmap(mm, old_addr, old_len);
	fill_new_part(mm, new_vma, new_addr + (old_len ? old_len : dup),
		      new_addr + new_len);
	return new_addr;
}

/*
 * Linux's vma_to_resize: may [addr, addr + old_len) of the VMA holding
 * addr become new_len long?  The VMA, or an error pointer.
 */
static struct vm_area_struct *vma_to_resize(unsigned long addr,
					    unsigned long old_len,
					    unsigned long new_len,
					    unsigned long flags)
{
	struct vm_area_struct *vma = find_vma(current->mm, addr);
	unsigned long pgoff;

	if (!vma || vma->vm_start > addr)
		return ERR_PTR(-EFAULT);
	/* An old length of 0 duplicates a shared mapping; a private one
	 * would only be a new mapping, unrelated to the old. */
	if (!old_len && !(vma->vm_flags & (VM_SHARED | VM_MAYSHARE)))
		return ERR_PTR(-EINVAL);
	if ((flags & MREMAP_DONTUNMAP) && (vma->vm_flags & VM_DONTEXPAND))
		return ERR_PTR(-EINVAL);
	if (old_len > vma->vm_end - addr)
		return ERR_PTR(-EFAULT);
	if (new_len == old_len)
		return vma;
	pgoff = vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);
	if (pgoff + (new_len >> PAGE_SHIFT) < pgoff)
		return ERR_PTR(-EINVAL);
	if (vma->vm_flags & VM_DONTEXPAND)
		return ERR_PTR(-EFAULT);
	if (!mlock_future_ok(current->mm, vma->vm_flags,
			     (new_len - old_len) >> PAGE_SHIFT))
		return ERR_PTR(-EAGAIN);
	if (!may_expand_vm(current->mm, vma->vm_flags,
			   (new_len - old_len) >> PAGE_SHIFT))
		return ERR_PTR(-ENOMEM);
	return vma;
}

/* MREMAP_FIXED (to new_addr) or MREMAP_DONTUNMAP (new_addr a hint). */
static long mremap_to(unsigned long addr, unsigned long old_len,
		      unsigned long new_len, unsigned long flags,
		      unsigned long new_addr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long found;
	int err;

	if (new_addr & ~PAGE_MASK)
		return -EINVAL;
	if (new_len > TASK_SIZE || new_addr > TASK_SIZE - new_len)
		return -EINVAL;
	if (addr + old_len > new_addr && new_addr + new_len > addr)
		return -EINVAL;	/* the ranges overlap */
	if (flags & MREMAP_FIXED) {
		err = do_munmap(mm, new_addr, new_len);
		if (err)
			return err;
	}
	if (old_len > new_len) {
		err = do_munmap(mm, addr + new_len, old_len - new_len);
		if (err)
			return err;
		old_len = new_len;
	}
	vma = vma_to_resize(addr, old_len, new_len, flags);
	if (IS_ERR(vma))
		return PTR_ERR(vma);
	/* The old range stays mapped: the new one is all growth. */
	if ((flags & MREMAP_DONTUNMAP) &&
	    !may_expand_vm(mm, vma->vm_flags, new_len >> PAGE_SHIFT))
		return -ENOMEM;
	found = get_unmapped_area(vma->vm_file, new_addr, new_len,
				  vma->vm_pgoff +
				  ((addr - vma->vm_start) >> PAGE_SHIFT),
				  ((flags & MREMAP_FIXED) ? MAP_FIXED : 0) |
				  ((vma->vm_flags & VM_MAYSHARE) ? MAP_SHARED
								 : MAP_PRIVATE));
	if (IS_ERR_VALUE(found))
		return found;
	return move_vma(vma, addr, old_len, new_len, found, flags);
}

/* Grow in place when the addresses after the VMA are free. */
static bool grow_in_place(struct vm_area_struct *vma, unsigned long addr,
			  unsigned long old_len, unsigned long new_len)
{
	struct mm_struct *mm = vma->vm_mm;
	struct vm_area_struct *next = vma_next(vma);
	unsigned long grow = (new_len - old_len) >> PAGE_SHIFT;

	if (old_len != vma->vm_end - addr || new_len > TASK_SIZE - addr ||
	    (next && next->vm_start < addr + new_len))
		return false;
	vma_adjust(vma, vma->vm_start, addr + new_len, vma->vm_pgoff, NULL);
	mm->total_vm += grow;
	if (vma->vm_flags & VM_LOCKED)
		mm->locked_vm += grow;
	fill_new_part(mm, vma, addr + old_len, addr + new_len);
	return true;
}

/* Linux 6.1's checks, in its order: the flags and lengths, then the
 * mapping at addr. */
static long do_mremap(unsigned long addr, unsigned long old_len,
		      unsigned long new_len, unsigned long flags,
		      unsigned long new_addr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long pgoff;

	if (flags & ~(unsigned long)(MREMAP_FIXED | MREMAP_MAYMOVE |
				     MREMAP_DONTUNMAP))
		return -EINVAL;
	if ((flags & MREMAP_FIXED) && !(flags & MREMAP_MAYMOVE))
		return -EINVAL;
	/* MREMAP_DONTUNMAP always moves, and never resizes. */
	if ((flags & MREMAP_DONTUNMAP) &&
	    (!(flags & MREMAP_MAYMOVE) || old_len != new_len))
		return -EINVAL;
	if (addr & ~PAGE_MASK)
		return -EINVAL;
	old_len = PAGE_ALIGN(old_len);
	new_len = PAGE_ALIGN(new_len);
	if (!new_len)
		return -EINVAL;
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start > addr)
		return -EFAULT;
	if (flags & (MREMAP_FIXED | MREMAP_DONTUNMAP))
		return mremap_to(addr, old_len, new_len, flags, new_addr);
	if (old_len >= new_len) {
		int err = old_len == new_len ? 0 :
			  do_munmap(mm, addr + new_len, old_len - new_len);

		return err ? err : (long)addr;
	}
	vma = vma_to_resize(addr, old_len, new_len, flags);
	if (IS_ERR(vma))
		return PTR_ERR(vma);
	if (grow_in_place(vma, addr, old_len, new_len))
		return addr;
	if (!(flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	pgoff = vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);
	new_addr = get_unmapped_area(vma->vm_file, 0, new_len, pgoff,
				     (vma->vm_flags & VM_MAYSHARE) ?
				     MAP_SHARED : MAP_PRIVATE);
	if (IS_ERR_VALUE(new_addr))
		return new_addr;
	return move_vma(vma, addr, old_len, new_len, new_addr, flags);
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
