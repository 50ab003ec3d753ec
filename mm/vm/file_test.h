/*
 * mm/vm/file_test.h - a regular file for the address-space ktests, without
 * a mounted file system: a bare inode, its address_space (page cache with
 * simple_readpage) and a struct file open for reading and writing.  The
 * test keeps the file's first reference, so the fput of VMAs and exec
 * never frees it; fill_test_file puts data into its page cache.
 */
#ifndef MM_VM_FILE_TEST_H
#define MM_VM_FILE_TEST_H

#include "fs/file.h"
#include "fs/generic_file.h"
#include "fs/fs_writeback.h"
#include "fs/inode.h"
#include "mm/vm/filemap.h"
#include "fs/ramfs/ramfs.h"
#include "fs/truncate.h"
#include "kernel/lib/string.h"
#include "mm/locking.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page.h"

struct test_file {
	struct inode inode;
	struct file file;
};

static const struct address_space_operations test_file_aops = {
	.readpage = simple_readpage,
	.set_page_dirty = simple_set_page_dirty,
};

static inline void make_test_file(struct test_file *t, loff_t size)
{
	memset(t, 0, sizeof(*t));
	t->inode.i_mode = S_IFREG | 0755;
	t->inode.i_size = size;
	address_space_init(&t->inode.i_data, &t->inode, &test_file_aops);
	/* As a ramfs file's, the pages may be high. */
	mapping_set_gfp_mask(&t->inode.i_data, GFP_HIGHUSER);
	t->inode.i_mapping = &t->inode.i_data;
	INIT_LIST_HEAD(&t->inode.i_wb_list);
	t->file.f_count = 1;
	t->file.f_mode = FMODE_READ | FMODE_WRITE;
	t->file.f_inode = &t->inode;
	t->file.f_mapping = &t->inode.i_data;
	t->file.f_op = &ramfs_file_operations;
}

/* Copy len bytes to file offset off (within one page); 0 or -errno. */
static inline int fill_test_file(struct test_file *t, loff_t off,
				 const void *data, size_t len)
{
	struct page *page;
	int err = read_mapping_page(t->file.f_mapping, off >> PAGE_SHIFT,
				    &t->file, &page);

	if (err)
		return err;
	memcpy_to_page(page, off & ~PAGE_MASK, data, len);
	put_page(page);
	return 0;
}

/* Drop the file's page cache pages (truncate uncounts the dirty ones). */
static inline void free_test_file(struct test_file *t)
{
	truncate_inode_pages(t->file.f_mapping, 0);
	inode_wb_list_del(&t->inode);	/* it has no superblock to write to */
}

#endif
