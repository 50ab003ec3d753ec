/*
 * mm/vm/readahead.c - reading a disk file ahead of its readers
 * (mm/vm/readahead.h draws the window), and readahead(2) (225).
 *
 * A reader that misses the page cache on a disk file would otherwise
 * wait for one page at a time: one request per 4 KiB, the disk idle
 * while the reader uses the page.  Readahead adds the next pages to the
 * cache and hands them to a_ops->readpages in one go, under a plug, so
 * the block layer merges their bios into requests of up to 64 KiB, and
 * marks one of them so the reader starts the next window before it has
 * used up this one.  The window grows on sequential reads as Linux 2.6's
 * on-demand readahead does; a read that jumps reads only what it asked
 * for; a fault on a mapping reads the window around the page.
 *
 * The pages are locked and not up to date until their reads end; a
 * reader that wants one waits on its lock (read_mapping_page), and
 * reclaim skips them (it only trylocks).  Nothing here holds a lock
 * across the reads.
 */
#include "mm/vm/readahead.h"
#include "fs/address_space.h"
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/stat.h"
#include "fs/sys_util.h"
#include "kernel/block/blkdev.h"
#include "kernel/errno.h"
#include "mm/phys/gfp.h"
#include "mm/phys/page.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/filemap.h"
#include "mm/vm/mman.h"

static bool can_read_ahead(struct address_space *mapping)
{
	return mapping->a_ops && mapping->a_ops->readpages &&
	       !mapping->a_ops->memory_backed;
}

/*
 * Add the pages of [index, index + nr) that are not cached (and not past
 * the end of the file) to the cache and start their reads; the page
 * `lookahead` pages before the end gets the marker (none when 0).
 */
static void do_page_cache_readahead(struct address_space *mapping,
				    struct file *file, unsigned long index,
				    unsigned long nr, unsigned long lookahead)
{
	loff_t size = mapping->host->i_size;
	struct page *pages[VM_MAX_READAHEAD];
	unsigned long i, last;
	struct blk_plug plug;
	unsigned int n = 0;

	if (size <= 0 || !nr)
		return;
	last = (unsigned long)((size - 1) >> PAGE_SHIFT);
	if (nr > VM_MAX_READAHEAD)
		nr = VM_MAX_READAHEAD;
	for (i = 0; i < nr && index + i <= last; i++) {
		struct page *page = find_get_page(mapping, index + i);

		if (page) {
			put_page(page);
			continue;
		}
		page = alloc_page(mapping_gfp_mask(mapping));
		if (!page)
			break;
		if (add_to_page_cache(page, mapping, index + i, GFP_KERNEL)) {
			put_page(page);	/* raced in, or no memory */
			continue;
		}
		if (lookahead && i == nr - lookahead)
			SetPageReadahead(page);
		pages[n++] = page;
	}
	if (!n)
		return;
	blk_start_plug(&plug);
	mapping->a_ops->readpages(file, mapping, pages, n);
	blk_finish_plug(&plug);
	for (i = 0; i < n; i++)
		put_page(pages[i]);	/* the cache keeps its own */
}

/* The first window of a sequential reader asking for req pages: a few
 * times the request, rounded to a power of two. */
static unsigned int init_ra_size(unsigned long req)
{
	unsigned int size = 1;

	while (size < req && size < VM_MAX_READAHEAD)
		size <<= 1;
	if (size <= VM_MAX_READAHEAD / 32)
		size *= 4;
	else if (size <= VM_MAX_READAHEAD / 4)
		size *= 2;
	return size < VM_MAX_READAHEAD ? size : VM_MAX_READAHEAD;
}

/* Each next window: four times a small one, twice a bigger one. */
static unsigned int next_ra_size(const struct file_ra_state *ra)
{
	unsigned int size = ra->size < VM_MAX_READAHEAD / 16 ? 4 * ra->size
							      : 2 * ra->size;

	return size < VM_MAX_READAHEAD ? size : VM_MAX_READAHEAD;
}

static void ondemand_readahead(struct address_space *mapping,
			       struct file_ra_state *ra, struct file *file,
			       bool hit_marker, unsigned long index,
			       unsigned long req)
{
	unsigned long end = ra->start + ra->size;

	if (ra->size && (index == end - ra->async_size || index == end)) {
		/* The reader reached the marker, or ran past the window:
		 * the next window, all of it read ahead. */
		ra->start = end;
		ra->size = next_ra_size(ra);
		ra->async_size = ra->size;
	} else if (hit_marker || index == 0 || index == ra->prev_index ||
		   index == ra->prev_index + 1) {
		/* A new sequential stream (or another reader's marker). */
		ra->start = hit_marker ? index + 1 : index;
		ra->size = init_ra_size(req);
		ra->async_size = ra->size > req ? ra->size - req : ra->size;
	} else {
		/* A jump: only what was asked for. */
		do_page_cache_readahead(mapping, file, index, req, 0);
		return;
	}
	do_page_cache_readahead(mapping, file, ra->start, ra->size,
				ra->async_size);
}

void page_cache_sync_readahead(struct address_space *mapping,
			       struct file_ra_state *ra, struct file *file,
			       unsigned long index, unsigned long req)
{
	if (can_read_ahead(mapping))
		ondemand_readahead(mapping, ra, file, false, index, req);
}

void page_cache_async_readahead(struct address_space *mapping,
				struct file_ra_state *ra, struct file *file,
				struct page *page, unsigned long index,
				unsigned long req)
{
	/* A ramfs page's marker is swap readahead's (swap_state.c). */
	if (!can_read_ahead(mapping) || !TestClearPageReadahead(page))
		return;
	ondemand_readahead(mapping, ra, file, true, index, req);
}

void page_cache_mmap_readahead(struct address_space *mapping,
			       struct file_ra_state *ra, struct file *file,
			       unsigned long index)
{
	if (!can_read_ahead(mapping))
		return;
	ra->start = index > VM_MAX_READAHEAD / 2 ? index - VM_MAX_READAHEAD / 2
						  : 0;
	ra->size = VM_MAX_READAHEAD;
	ra->async_size = VM_MAX_READAHEAD / 4;
	do_page_cache_readahead(mapping, file, ra->start, ra->size,
				ra->async_size);
}

void force_page_cache_readahead(struct address_space *mapping,
				struct file *file, unsigned long index,
				unsigned long nr)
{
	loff_t size = mapping->host->i_size;
	unsigned long chunk, last;

	if (!can_read_ahead(mapping) || size <= 0)
		return;
	last = (unsigned long)((size - 1) >> PAGE_SHIFT);
	if (index > last)
		return;
	if (nr > last - index + 1)
		nr = last - index + 1;
	while (nr) {
		chunk = nr < VM_MAX_READAHEAD ? nr : VM_MAX_READAHEAD;
		do_page_cache_readahead(mapping, file, index, chunk, 0);
		index += chunk;
		nr -= chunk;
	}
}

/*
 * readahead(2): Linux 6.1's checks, -EBADF for a descriptor that is closed
 * or not open for reading, -EINVAL for anything but a regular file (a
 * pipe, a directory); then the pages of [offset, offset + count) are read
 * into the cache of a disk file (a memory file system has nothing to
 * read).  i386 passes the 64-bit offset in two registers, low word first
 * (Linux's ia32_readahead).
 */
long sys_readahead(int fd, u32 off_lo, u32 off_hi, u32 count)
{
	struct file *f = fget_current(fd);
	loff_t off = make_loff(off_lo, off_hi);
	long err = 0;

	if (!f)
		return -EBADF;
	if (!(f->f_mode & FMODE_READ))
		err = -EBADF;
	else if (!S_ISREG(f->f_inode->i_mode))
		err = -EINVAL;
	else if (off >= 0 && count)
		force_page_cache_readahead(
			f->f_mapping, f,
			(unsigned long)(off >> PAGE_SHIFT),
			(unsigned long)(((off & (PAGE_SIZE - 1)) + count +
					 PAGE_SIZE - 1) >> PAGE_SHIFT));
	fput(f);
	return err;
}
