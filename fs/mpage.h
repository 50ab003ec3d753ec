/*
 * fs/mpage.h - reading and writing whole pages of a file straight from
 * and to its disk.
 *
 * For a file system whose blocks map file offsets to disk blocks through
 * a get_block function (ext2).  Linux's fs/mpage.c does the same for
 * every block-based file system.
 */
#ifndef FS_MPAGE_H
#define FS_MPAGE_H

#include "kernel/block/blkdev.h"
#include "kernel/types.h"

struct address_space;
struct file;
struct inode;
struct page;

/* File block iblock -> disk block in *pblock (0: a hole); create asks for
 * one to be allocated.  0 or -errno. */
typedef int (*get_block_t)(struct inode *inode, u32 iblock, u32 *pblock,
			   int create);

/*
 * a_ops->readpages for such a file system: each page whose blocks lie
 * back to back on the disk, wholly inside the file, is read by one bio
 * that unlocks it when it ends; the rest (holes, the file's last page,
 * scattered blocks) go to readpage, which reads them at once.
 */
void mpage_readpages(struct file *file, struct page **pages, unsigned int nr,
		     get_block_t get_block,
		     int (*readpage)(struct file *, struct page *));

/*
 * The first sector of the page's blocks when they lie back to back on the
 * disk and inside the file (with 4 KiB blocks the file's last page too:
 * its tail is written as zeros), so that the page can be written with a
 * bio of its own; 0 when it cannot (holes, blocks apart, an error).
 */
sector_t mpage_page_sector(struct inode *inode, struct page *page,
			   get_block_t get_block);
/* Write the locked page, whose dirty bit is clear, at sector (from
 * mpage_page_sector) with one bio: its tail past i_size zeroed, any copy
 * in the device's cache brought up to date.  The page stays locked. */
void mpage_write_page(struct page *page, sector_t sector);

struct writeback_control;
/*
 * a_ops->writepages for such a file system: the dirty pages wbc asks for,
 * in index order, those that mpage_page_sector places gathered into bios
 * of up to WRITE_MAX_PAGES pages that follow each other in the file and
 * on the disk; the others go to writepage (called with the page locked
 * and dirty, as a_ops->writepage).  0 or the first error.
 */
int mpage_writepages(struct address_space *mapping,
		     struct writeback_control *wbc, get_block_t get_block,
		     int (*writepage)(struct page *page));

#endif
