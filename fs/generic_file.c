/*
 * fs/generic_file.c - generic_file_read / generic_file_write.
 *
 * Both work one page at a time: index = pos >> PAGE_SHIFT, offset = the
 * low bits, and at most PAGE_SIZE - offset bytes.  Writers hold the
 * inode's i_sem so that appends and size changes do not interleave.
 */
#include "fs/generic_file.h"
#include "fs/fcntl.h"
#include "compat/memfd.h"
#include "mm/vm/filemap.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/shmem_swap.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/signal/signal.h"
#include "mm/phys/gfp.h"
#include "mm/phys/highmem.h"
#include "kernel/lib/string.h"
#include "mm/phys/page.h"
#include "mm/rmap/rmap.h"
#include "mm/writeback/writeback.h"

/* A mapping that writes back to a disk counts its dirty pages
 * (mm/writeback/writeback.h); a memory file system's are not counted. */
int simple_set_page_dirty(struct page *page)
{
	if (mapping_cap_account_dirty(page_mapping(page)))
		return __set_page_dirty_nobuffers(page);
	return TestSetPageDirty(page);
}

int simple_readpage(struct file *file, struct page *page)
{
	(void)file;
	clear_highpage(page);
	SetPageUptodate(page);
	unlock_page(page);
	return 0;
}

/*
 * A disk file's read of req pages from index: start reading ahead when
 * the page is missing, or is readahead's marker (mm/vm/readahead.h).
 * Returns the page at index with a reference, or NULL.
 */
static struct page *read_ahead(struct file *file, unsigned long index,
			       unsigned long req, struct page *page)
{
	struct address_space *mapping = file->f_mapping;

	if (!page) {
		page_cache_sync_readahead(mapping, &file->f_ra, file, index,
					  req);
		page = find_get_page(mapping, index);
	} else if (PageReadahead(page)) {
		page_cache_async_readahead(mapping, &file->f_ra, file, page,
					   index, req);
	}
	file->f_ra.prev_index = index;
	return page;
}

/* Copy one page's worth of file data (or zeros for a hole) into buf;
 * req is the pages the read(2) still wants, this one included. */
static int read_chunk(struct file *file, unsigned long index,
		      unsigned int offset, char *buf, unsigned int len,
		      unsigned long req)
{
	struct address_space *mapping = file->f_mapping;
	struct page *page = find_get_page(mapping, index);
	bool in_memory = mapping->a_ops && mapping->a_ops->memory_backed;
	int err;

	/*
	 * In a memory file system a hole has neither a page nor a swap
	 * entry.  A swap-in adds the page before it drops the entry, so if
	 * both looks miss, one more look for the page settles whether one
	 * just came back.  A disk file's missing page is on the disk.
	 */
	if (in_memory && !page && !mapping_swapped(mapping, index))
		page = find_get_page(mapping, index);
	if (in_memory && !page && !mapping_swapped(mapping, index)) {
		memset(buf, 0, len);	/* a hole */
		return 0;
	}
	if (!in_memory)
		page = read_ahead(file, index, req, page);
	if (!page || !PageUptodate(page)) {
		if (page)
			put_page(page);
		err = read_mapping_page(mapping, index, file, &page);
		if (err)
			return err;
	}
	memcpy_from_page(buf, page, offset, len);
	mark_page_accessed(page);	/* a use no PTE accessed bit shows */
	put_page(page);
	return 0;
}

ssize_t generic_file_read(struct file *file, char *buf, size_t n, loff_t *pos)
{
	struct inode *inode = file->f_mapping->host;
	size_t done = 0;
	loff_t p = *pos;

	if (p < 0)
		return -EINVAL;
	if (p >= inode->i_size)
		return 0;
	if ((loff_t)n > inode->i_size - p)
		n = inode->i_size - p;
	while (done < n) {
		unsigned int offset = p & (PAGE_SIZE - 1);
		unsigned int len = min(PAGE_SIZE - offset, n - done);
		unsigned long req = ((p + (n - done) - 1) >> PAGE_SHIFT) -
				    (p >> PAGE_SHIFT) + 1;
		int err = read_chunk(file, p >> PAGE_SHIFT, offset, buf + done,
				     len, req);

		if (err) {
			if (!done)
				return err;
			break;
		}
		done += len;
		p += len;
	}
	*pos = p;
	/* As Linux's touch_atime; a kernel file may have no mount. */
	if (!file->f_path.mnt || !mnt_is_readonly(file->f_path.mnt))
		inode->i_atime = current_time();
	return done;
}

/* The locked, uptodate-enough page at index to write len bytes into, or
 * an ERR_PTR: -ENOMEM, or the error reading it back from swap. */
static struct page *prepare_page(struct file *file, unsigned long index,
				 unsigned int len)
{
	struct address_space *mapping = file->f_mapping;
	struct page *page;
	int err;

	for (;;) {
		page = find_or_create_page(mapping, index,
					   mapping_gfp_mask(mapping));
		if (!page)
			return ERR_PTR(-ENOMEM);
		/* A page on swap is read back even when it will be overwritten
		 * whole: that also frees its slot. */
		if (PageUptodate(page) ||
		    (len == PAGE_SIZE && !mapping_swapped(mapping, index)))
			return page;
		err = mapping->a_ops->readpage(file, page);
		if (err) {
			put_page(page);
			return ERR_PTR(err);
		}
		lock_page(page);
		if (page->mapping == mapping)
			return page;
		unlock_page(page);	/* truncated meanwhile: again */
		put_page(page);
	}
}

/* A write that stops early returns what it wrote, the error only when
 * that is nothing (as Linux's generic_perform_write). */
static ssize_t write_pages(struct file *file, const char *buf, size_t n,
			   loff_t *pos)
{
	struct address_space *mapping = file->f_mapping;
	struct inode *inode = mapping->host;
	size_t done = 0;
	loff_t p = *pos;
	long err = 0;

	while (done < n) {
		unsigned int offset = p & (PAGE_SIZE - 1);
		unsigned int len = min(PAGE_SIZE - offset, n - done);
		struct page *page = prepare_page(file, p >> PAGE_SHIFT, len);

		if (IS_ERR(page)) {
			err = PTR_ERR(page);
			break;
		}
		if (mapping->a_ops->prepare_write)
			err = mapping->a_ops->prepare_write(file, page, offset,
							    offset + len);
		if (err) {
			unlock_page(page);
			put_page(page);
			break;
		}
		memcpy_to_page(page, offset, buf + done, len);
		SetPageUptodate(page);
		mapping->a_ops->set_page_dirty(page);
		mark_page_accessed(page);
		done += len;
		p += len;
		if (p > inode->i_size)
			inode->i_size = p;
		if (mapping->a_ops->commit_write)
			err = mapping->a_ops->commit_write(file, page, offset,
							   offset + len);
		unlock_page(page);
		put_page(page);
		if (err)
			break;
		balance_dirty_pages_ratelimited(mapping);
	}
	*pos = p;
	if (done)
		inode_touch_mtime(inode);
	return done ? (ssize_t)done : err;
}

/*
 * May a write of *count bytes at pos go ahead?  At or past the writer's
 * RLIMIT_FSIZE it is -EFBIG, and SIGXFSZ to the writer; across the limit
 * or the largest file it is cut short there (Linux's
 * generic_write_check_limits).
 */
int write_check_limits(loff_t pos, size_t *count)
{
	unsigned long limit = rlimit(RLIMIT_FSIZE);

	if (limit != RLIM_INFINITY) {
		if (pos >= (loff_t)limit) {
			send_sig(SIGXFSZ, current);
			return -EFBIG;
		}
		if ((loff_t)*count > (loff_t)limit - pos)
			*count = limit - pos;
	}
	if (pos >= MAX_LFS_FILESIZE)
		return -EFBIG;
	if ((loff_t)*count > MAX_LFS_FILESIZE - pos)
		*count = MAX_LFS_FILESIZE - pos;
	return 0;
}

ssize_t generic_file_write(struct file *file, const char *buf, size_t n,
			   loff_t *pos)
{
	struct inode *inode = file->f_mapping->host;
	ssize_t ret;

	if (!n)
		return 0;
	down(&inode->i_sem);
	if (file->f_flags & O_APPEND)
		*pos = inode->i_size;
	if (*pos < 0) {
		up(&inode->i_sem);
		return -EINVAL;
	}
	ret = write_check_limits(*pos, &n);
	if (ret) {
		up(&inode->i_sem);
		return ret;
	}
	ret = seals_check_write(inode, *pos, n);
	if (!ret)
		ret = write_pages(file, buf, n, pos);
	up(&inode->i_sem);
	return ret;
}
