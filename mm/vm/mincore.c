/*
 * mm/vm/mincore.c - mincore(2): which pages of a range are resident.
 *
 * A page counts as resident if a PTE maps it, or, for a file mapping, if
 * the file's page is in the page cache (as Linux).  The answer is built
 * in a small kernel buffer under mmap_sem and copied out after dropping
 * it, since a fault in copy_to_user takes mmap_sem itself.
 */
#include "fs/file.h"
#include "mm/vm/filemap.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/vm/mman.h"
#include "mm/vm/pt_walk.h"
#include "mm/vm/vma.h"

#define CHUNK 64

static bool page_resident(struct vm_area_struct *vma, unsigned long addr)
{
	struct page *page;
	pte_t pte;

	if (pte_read(vma->vm_mm, addr, &pte) && pte_present(pte))
		return true;
	if (!vma->vm_file || (vma->vm_flags & VM_NONLINEAR))
		return false;
	page = find_get_page(vma->vm_file->f_mapping,
			     vma->vm_pgoff +
			     ((addr - vma->vm_start) >> PAGE_SHIFT));
	if (!page)
		return false;
	put_page(page);
	return true;
}

/* Fill vec for up to CHUNK pages from addr; -ENOMEM at a hole. */
static long fill_chunk(struct mm_struct *mm, unsigned long addr,
		       unsigned long pages, unsigned char *vec)
{
	struct vm_area_struct *vma;
	unsigned long i;

	for (i = 0; i < pages; i++, addr += PAGE_SIZE) {
		vma = find_vma(mm, addr);
		if (!vma || vma->vm_start > addr)
			return -ENOMEM;
		vec[i] = page_resident(vma, addr);
	}
	return 0;
}

long sys_mincore(unsigned long start, unsigned long len, unsigned char *uvec)
{
	struct mm_struct *mm = current->mm;
	unsigned char vec[CHUNK];
	unsigned long pages;
	long err;

	if (start & ~PAGE_MASK)
		return -EINVAL;
	if (start >= TASK_SIZE || len > TASK_SIZE - start)
		return -ENOMEM;
	pages = PAGE_ALIGN(len) >> PAGE_SHIFT;
	if (!access_ok(uvec, pages))
		return -EFAULT;
	while (pages) {
		unsigned long n = min(pages, (unsigned long)CHUNK);

		down(&mm->mmap_sem);
		err = fill_chunk(mm, start, n, vec);
		up(&mm->mmap_sem);
		if (err)
			return err;
		if (copy_to_user(uvec, vec, n))
			return -EFAULT;
		uvec += n;
		start += n << PAGE_SHIFT;
		pages -= n;
	}
	return 0;
}
