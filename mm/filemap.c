/*
 * mm/filemap.c - file pages for the fault handler.
 *
 * A file VMA's nopage finds the page for the faulting address in the page
 * cache (fs/pagecache.c reads it in through a_ops->readpage if needed):
 * file offset = vm_pgoff + (address - vm_start) / PAGE_SIZE.  A page
 * wholly beyond the end of the file is SIGBUS, as in Linux.
 *
 * populate (remap_file_pages, mm/fremap.c) installs given file pages at
 * given addresses of a VM_NONLINEAR VMA directly.
 */
#include "fs/address_space.h"
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/pagecache.h"
#include "kernel/errno.h"
#include "mm/filemap.h"
#include "mm/fremap.h"

bool file_mappable(struct file *file)
{
	struct address_space *mapping = file->f_mapping;

	return mapping && mapping->a_ops && mapping->a_ops->readpage &&
	       S_ISREG(file->f_inode->i_mode);
}

/* The page cache page at pgoff with a reference, or NOPAGE_*. */
static struct page *file_page(struct file *file, unsigned long pgoff)
{
	struct inode *inode = file->f_inode;
	struct page *page;
	unsigned long long size_pages =
		((unsigned long long)inode->i_size + PAGE_SIZE - 1) >> PAGE_SHIFT;
	int err;

	if (pgoff >= size_pages)
		return NOPAGE_SIGBUS;
	err = read_mapping_page(file->f_mapping, pgoff, file, &page);
	if (err == -ENOMEM)
		return NOPAGE_OOM;
	if (err)
		return NOPAGE_SIGBUS;
	return page;
}

static struct page *filemap_nopage(struct vm_area_struct *vma,
				   unsigned long address)
{
	unsigned long pgoff = ((address - vma->vm_start) >> PAGE_SHIFT) +
			      vma->vm_pgoff;

	return file_page(vma->vm_file, pgoff);
}

static int filemap_populate(struct vm_area_struct *vma, unsigned long addr,
			    unsigned long len, pgprot_t prot,
			    unsigned long pgoff, bool nonblock)
{
	unsigned long end = addr + len;
	int err;

	(void)nonblock;
	for (; addr < end; addr += PAGE_SIZE, pgoff++) {
		struct page *page = file_page(vma->vm_file, pgoff);

		if (page == NOPAGE_OOM)
			return -ENOMEM;
		if (page == NOPAGE_SIGBUS)
			return -EINVAL;
		err = install_page(vma, addr, page, prot);
		if (err)
			return err;
	}
	return 0;
}

const struct vm_operations_struct generic_file_vm_ops = {
	.nopage = filemap_nopage,
	.populate = filemap_populate,
};
