/*
 * fs/mpage.c - whole file pages straight from and to the disk, many at a
 * time: reading for readahead (mm/vm/readahead.c), writing for writeback
 * (a_ops->writepages).
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
 *
 * Writing is the other way round, and builds the bios itself:
 * mpage_writepages walks the dirty pages in index order
 * (write_cache_pages), and each page whose blocks lie back to back on the
 * disk inside the file joins the bio being gathered when it continues it
 * in the file and on the disk, else starts a new one:
 *
 *	dirty pages  10   11   12   14        disk blocks 500 501 502 700
 *	             [ one bio, 3 pages ]  [ one bio ]
 *	             sectors 4000..4023      5600..5607
 *
 * A bio carries up to WRITE_MAX_PAGES pages (the queue's max_sectors);
 * its pages stay locked while it gathers, with PG_writeback set, and are
 * unlocked once it is queued (mm/writeback/page_write.c).  Any other
 * page (a hole, blocks apart, a part of a page past the end of the file
 * with blocks smaller than a page) goes to the file system's writepage,
 * which writes it through the device's buffers.  With 1 KiB blocks, four
 * blocks in a row are a page of the disk like any other; its sectors
 * need not start on a page of the device.
 *
 * The device's own cache (fs/block_dev.c) may hold a copy of the blocks
 * (a block read through sb_bread, as an indirect block or by a reader of
 * /dev, or written through the buffers before its blocks were
 * allocated): the copy gets the same bytes before the write, and a write
 * of that device page in flight is waited for first, so that the disk
 * never ends with the older bytes.
 */
#include "fs/mpage.h"
#include "fs/address_space.h"
#include "fs/inode.h"
#include "fs/super.h"
#include "kernel/block/blkdev.h"
#include "kernel/panic.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page.h"
#include "mm/phys/slab.h"
#include "kernel/lib/string.h"
#include "mm/vm/filemap.h"
#include "mm/writeback/writeback.h"

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
			 (sector_t)pblock * BIO_SECTORS, page);
		bio->bi_private = page;
		bio->bi_end_io = mpage_end_io_read;
		submit_bio_async(bio);
	}
}

sector_t mpage_page_sector(struct inode *inode, struct page *page,
			   get_block_t get_block)
{
	unsigned int bits = inode->i_sb->s_blocksize_bits;
	unsigned int per_page = PAGE_SIZE >> bits, i;
	loff_t start = (loff_t)page->index << PAGE_SHIFT;
	u32 first = page->index << (PAGE_SHIFT - bits), p0 = 0, pblock;

	if (start >= inode->i_size ||
	    (per_page > 1 && start + PAGE_SIZE > inode->i_size))
		return 0;
	for (i = 0; i < per_page; i++) {
		if (get_block(inode, first + i, &pblock, 0) || !pblock)
			return 0;
		if (!i)
			p0 = pblock;
		else if (pblock != p0 + i)
			return 0;
	}
	return (sector_t)p0 << (bits - SECTOR_SHIFT);
}

/* Give the device's cached copy of the page's sectors the page's bytes;
 * a write of that copy in flight ends first.  The device's cache is in
 * low memory (fs/buffer_head.h); the file's page may be high. */
static void update_bdev_cache(struct block_device *bdev, sector_t sector,
			      struct page *page)
{
	struct address_space *bmap = bdev->bd_inode->i_mapping;
	unsigned long index = sector / BIO_SECTORS;
	unsigned int off = sector % BIO_SECTORS * SECTOR_SIZE, done = 0;

	while (done < PAGE_SIZE) {
		unsigned int n = PAGE_SIZE - off;
		struct page *dpage =
			bmap->nrpages ? find_lock_page(bmap, index) : NULL;

		if (n > PAGE_SIZE - done)
			n = PAGE_SIZE - done;
		if (dpage) {
			wait_on_page_writeback(dpage);
			memcpy_from_page((char *)page_address(dpage) + off, page,
					 done, n);
			unlock_page(dpage);
			put_page(dpage);
		}
		done += n;
		off = 0;
		index++;
	}
}

/* The bytes past i_size read as zeros, on the disk too. */
static void zero_tail(struct inode *inode, struct page *page)
{
	loff_t start = (loff_t)page->index << PAGE_SHIFT;

	if (start + PAGE_SIZE > inode->i_size)
		memzero_page(page, inode->i_size - start,
			     start + PAGE_SIZE - inode->i_size);
}

void mpage_write_page(struct page *page, sector_t sector)
{
	struct inode *inode = page->mapping->host;
	struct block_device *bdev = inode->i_sb->s_bdev;

	zero_tail(inode, page);
	update_bdev_cache(bdev, sector, page);
	submit_page_write(page, bdev, sector, NULL);
}

/* The bio being gathered by one mpage_writepages. */
struct mpage_data {
	struct page_write *w; /* NULL: none */
	unsigned long next_index; /* the page that continues it */
	get_block_t get_block;
	int (*writepage)(struct page *page);
};

static void mpage_bio_submit(struct mpage_data *mpd)
{
	if (mpd->w)
		page_write_submit(mpd->w);
	mpd->w = NULL;
}

/* write_cache_pages's writepage: the locked dirty page joins the bio, or
 * starts the next, or goes to the file system's writepage. */
static int mpage_writepage(struct page *page, struct writeback_control *wbc,
			   void *data)
{
	struct mpage_data *mpd = data;
	struct inode *inode = page->mapping->host;
	struct block_device *bdev = inode->i_sb->s_bdev;
	sector_t sector = mpage_page_sector(inode, page, mpd->get_block);
	int ret;

	(void)wbc;
	if (mpd->w && (!sector || page->index != mpd->next_index ||
		       sector != page_write_next_sector(mpd->w)))
		mpage_bio_submit(mpd);
	if (!sector) {
		ret = mpd->writepage(page);
		unlock_page(page);
		return ret;
	}
	clear_page_dirty_for_io(page);
	zero_tail(inode, page);
	update_bdev_cache(bdev, sector, page);
	if (mpd->w && !page_write_add(mpd->w, page))
		mpage_bio_submit(mpd);
	if (!mpd->w) {
		mpd->w = page_write_start(bdev, sector);
		if (!page_write_add(mpd->w, page))
			BUG();
	}
	mpd->next_index = page->index + 1;
	return 0;
}

int mpage_writepages(struct address_space *mapping,
		     struct writeback_control *wbc, get_block_t get_block,
		     int (*writepage)(struct page *page))
{
	struct mpage_data mpd = {
		.w = NULL,
		.get_block = get_block,
		.writepage = writepage,
	};
	int err = write_cache_pages(mapping, wbc, mpage_writepage, &mpd);

	mpage_bio_submit(&mpd);
	return err;
}
