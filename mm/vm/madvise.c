/*
 * mm/vm/madvise.c - madvise(2).
 *
 * MADV_DONTNEED drops the range's pages (the next touch gets zeroes for
 * private anonymous memory, the file's data for file mappings), as Linux.
 * MADV_WILLNEED reads a file mapping's pages into the page cache now.
 * NORMAL, RANDOM and SEQUENTIAL are accepted; Mapback has no readahead for
 * them to tune.  Holes in the range give ENOMEM after the rest is done.
 */
#include "fs/file.h"
#include "mm/vm/filemap.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"

static long willneed(struct vm_area_struct *vma, unsigned long start,
		     unsigned long end)
{
	struct file *file = vma->vm_file;
	unsigned long pgoff;
	struct page *page;

	if (!file)
		return 0;
	pgoff = vma->vm_pgoff + ((start - vma->vm_start) >> PAGE_SHIFT);
	for (; start < end; start += PAGE_SIZE, pgoff++) {
		if (read_mapping_page(file->f_mapping, pgoff, file, &page))
			break;	/* beyond EOF: nothing more to read */
		put_page(page);
	}
	return 0;
}

static long advise_one(struct vm_area_struct *vma, unsigned long start,
		       unsigned long end, unsigned long advice)
{
	switch (advice) {
	case MADV_DONTNEED:
		if (vma->vm_flags & VM_LOCKED)
			return -EINVAL;
		zap_page_range(vma, start, end);
		return 0;
	case MADV_WILLNEED:
		return willneed(vma, start, end);
	default:
		return 0;
	}
}

long sys_madvise(unsigned long start, unsigned long len, unsigned long advice)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long end;
	long err = 0, r;

	if (advice > MADV_DONTNEED)
		return -EINVAL;
	if (start & ~PAGE_MASK)
		return -EINVAL;
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	down(&mm->mmap_sem);
	vma = find_vma(mm, start);
	while (start < end) {
		if (!vma || vma->vm_start >= end) {
			err = -ENOMEM;
			break;
		}
		if (start < vma->vm_start) {
			err = -ENOMEM;
			start = vma->vm_start;
		}
		r = advise_one(vma, start, min(end, vma->vm_end), advice);
		if (r) {
			err = r;
			break;
		}
		start = vma->vm_end;
		vma = vma_next(vma);
	}
	up(&mm->mmap_sem);
	return err;
}
