/*
 * fs/mpage.c - reading whole file pages straight from the disk, many at
 * a time, for readahead (mm/vm/readahead.c).
 *
 * A page whose blocks are the page (4 KiB blocks) and lie inside the
 * file needs no buffers and no copy: one bio of the page's eight
 * sectors, submitted without waiting, reads it in place, and the bio's
 * end marks the page up to date and unlocks it.  Readahead submits a
 * window's bios under a plug, so the block layer merges the bios of
 * pages that follow each other on the disk into one request:
 *
 *	file pages  10   11   12   13        disk blocks 500 501 502 503
 *	bios        [500][501][502][503]  -> one request, sectors
 *	                                     4000..4031, 16 KiB
 *
 * Any other page goes to the file system's readpage, which reads it
 * before returning: a hole (zeros, no I/O), the file's last page (its
 * tail is zeroed), a page of smaller blocks (read through the device's
 * buffers, which may hold newer data than the disk).
 */
#include "fs/mpage.h"
#include "fs/address_space.h"
#include "fs/inode.h"
#include "fs/super.h"
#include "kernel/block/blkdev.h"
#include "mm/phys/page.h"
#include "mm/phys/slab.h"
#include "mm/vm/filemap.h"

/* The bio's end, from the disk's interrupt or the submitter's call. */
static void mpage_end_io_read(struct bio *bio)
{
	struct page *page = bio->bi_private;

	if (bio->bi_error)
		SetPageError(page);
	else
		SetPageUptodate(page);
	unlock_page(page);
	kfree(bio);
}

/* The disk block holding all of the page, or 0 when the page must go to
 * readpage. */
static u32 page_block(struct inode *inode, struct page *page,
		      get_block_t get_block)
{
	loff_t end = ((loff_t)page->index + 1) << PAGE_SHIFT;
	u32 pblock = 0;

	if (inode->i_sb->s_blocksize != PAGE_SIZE || end > inode->i_size)
		return 0;
	if (get_block(inode, page->index, &pblock, 0))
		return 0;	/* readpage reports the error */
	return pblock;
}

void mpage_readpages(struct file *file, struct page **pages, unsigned int nr,
		     get_block_t get_block,
		     int (*readpage)(struct file *, struct page *))
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		struct page *page = pages[i];
		struct inode *inode = page->mapping->host;
		u32 pblock = page_block(inode, page, get_block);
		struct bio *bio = pblock ? kmalloc(sizeof(*bio), GFP_KERNEL)
					 : NULL;

		if (!bio) {
			readpage(file, page);	/* unlocks */
			continue;
		}
		bio_init(bio, inode->i_sb->s_bdev, READ,
			 (sector_t)pblock * BIO_SECTORS, page_address(page));
		bio->bi_private = page;
		bio->bi_end_io = mpage_end_io_read;
		submit_bio_async(bio);
	}
}
