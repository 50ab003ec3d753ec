/*
 * fs/mpage.h - reading whole pages of a file straight from its disk.
 *
 * For a file system whose blocks map file offsets to disk blocks through
 * a get_block function (ext2).  Linux's fs/mpage.c does the same for
 * every block-based file system.
 */
#ifndef FS_MPAGE_H
#define FS_MPAGE_H

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

#endif
