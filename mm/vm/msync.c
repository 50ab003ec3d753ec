/*
 * mm/vm/msync.c - msync(2), as Linux 6.1 does it.
 *
 * A store through a shared mapping dirties its page at the fault
 * (do_shared_wp_page and page_mkclean, docs/rmap.md), so MS_ASYNC has
 * nothing to do: the flusher writes those pages like any others.  MS_SYNC
 * writes and waits for the file of each shared file VMA in the range
 * through vfs_fsync (Linux's vfs_fsync_range, for the whole file here),
 * which reports a write error (EIO) recorded since the last fsync; a file
 * whose pages are all in memory (ramfs) has nothing to write.  A range
 * with a hole is ENOMEM after the rest is done (at once for MS_ASYNC),
 * MS_INVALIDATE of a VM_LOCKED VMA is EBUSY.
 */
#include "fs/address_space.h"
#include "fs/file.h"
#include "fs/syscalls.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/mman.h"
#include "mm/vm/vma.h"
#include "mm/vm/mm_struct.h"
#include "mm/writeback/writeback.h"

/* The range's part of vma was a shared mapping of a file on disk: write
 * it and wait.  Called with mmap_sem, which it drops. */
static long msync_file(struct mm_struct *mm, struct file *file)
{
	long err;

	get_file(file);
	up(&mm->mmap_sem);
	err = vfs_fsync(file, true);
	fput(file);
	return err;
}

long sys_msync(unsigned long start, unsigned long len, unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	long err, unmapped_err = 0;
	unsigned long end;

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
	vma = find_vma(mm, start);
	for (;;) {
		err = -ENOMEM;
		if (!vma)
			break;
		if (start < vma->vm_start) {
			if (flags == MS_ASYNC)
				break;
			start = vma->vm_start;
			if (start >= end)
				break;
			unmapped_err = -ENOMEM;
		}
		if ((flags & MS_INVALIDATE) && (vma->vm_flags & VM_LOCKED)) {
			err = -EBUSY;
			break;
		}
		start = vma->vm_end;
		if ((flags & MS_SYNC) && vma->vm_file &&
		    (vma->vm_flags & VM_SHARED) &&
		    mapping_cap_account_dirty(vma->vm_file->f_mapping)) {
			err = msync_file(mm, vma->vm_file);
			if (err || start >= end)
				return err ? err : unmapped_err;
			down(&mm->mmap_sem);
			vma = find_vma(mm, start);
		} else {
			err = 0;
			if (start >= end)
				break;
			vma = find_vma(mm, start);
		}
	}
	up(&mm->mmap_sem);
	return err ? err : unmapped_err;
}
