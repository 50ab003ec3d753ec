/*
 * fs/ext2/file.c - regular files and symbolic links of ext2.
 *
 * A regular file is read through its page cache (generic_file_read, and
 * mmap's generic nopage), whose pages ext2_readpage fills from the
 * blocks ext2_get_block finds.  A symlink's target is in the inode's
 * block pointers when it is short (a "fast" symlink, no data block) and
 * in its first data block otherwise.
 *
 * A shared writable mapping of a file gets ext2_file_vm_ops, whose
 * page_mkwrite allocates the blocks under a page at its first store, so
 * a full disk is SIGBUS at that store and never a write lost later.
 */
#include "fs/block_dev.h"
#include "fs/ext2/ext2.h"
#include "fs/generic_file.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "mm/vm/filemap.h"

/* The file's pages and inode, then the device's dirty blocks: the
 * indirect blocks, bitmaps and counts the file's blocks changed (and
 * whatever else is dirty there).  A block of those that cannot be
 * written is a metadata error (errors=), as Linux's "IO error syncing
 * inode"; a data page that cannot is only the caller's EIO. */
int ext2_fsync(struct file *file, bool datasync)
{
	struct inode *inode = file->f_mapping->host;
	int err, e, i;

	(void)datasync;
	/* ext3: a commit writes the file's pages first (ordered data); one
	 * that filled its transaction leaves some for the next. */
	if (EXT2_SB(inode->i_sb)->s_journal) {
		err = ext3_force_commit(inode->i_sb);
		for (i = 0; i < 8 && !err && inode->i_mapping->nrdirty; i++)
			err = ext3_force_commit(inode->i_sb);
		return err;
	}
	err = ext2_sync_inode(inode);
	e = sync_blockdev(inode->i_sb->s_bdev);
	if (e)
		ext2_error(inode->i_sb, "ext2_fsync",
			   "inode #%lu: IO error syncing metadata",
			   inode->i_ino);
	return err ? err : e;
}

/*
 * The first store through a shared mapping into a page (or the first
 * since writeback cleaned it): the blocks under the part of the page
 * inside the file, allocated now where they are holes, as write(2)'s
 * prepare_write does.  The page lock keeps truncate out; a page it took
 * away meanwhile, or one past the end of the file, is SIGBUS.
 */
static int ext2_page_mkwrite(struct vm_area_struct *vma, struct page *page)
{
	struct address_space *mapping = vma->vm_file->f_mapping;
	struct inode *inode = mapping->host;
	loff_t start = (loff_t)page->index << PAGE_SHIFT;
	int err;

	lock_page(page);
	if (page->mapping != mapping || start >= inode->i_size) {
		unlock_page(page);
		return -EFAULT;
	}
	err = mapping->a_ops->prepare_write(NULL, page, 0,
					    inode->i_size - start < PAGE_SIZE
						    ? inode->i_size - start
						    : PAGE_SIZE);
	if (!err)
		err = mapping->a_ops->commit_write(NULL, page, 0, PAGE_SIZE);
	unlock_page(page);
	return err;
}

/*
 * SEEK_DATA and SEEK_HOLE read the block map, as Linux answers for ext2
 * (through its ext4 driver): a block no pointer maps is a hole, the end
 * of the file is one, past the end there is neither (ENXIO).  Every block
 * is looked up in turn: a huge, mostly empty file takes a while.
 */
loff_t ext2_llseek(struct file *file, loff_t off, int whence)
{
	struct inode *inode = file->f_mapping->host;
	unsigned int bits = inode->i_sb->s_blocksize_bits;
	bool hole = whence == SEEK_HOLE;
	loff_t size, at, pos = -ENXIO;
	u32 block, last, pblock;
	int err = 0;

	if (whence != SEEK_DATA && whence != SEEK_HOLE)
		return default_llseek(file, off, whence);
	down(&inode->i_sem);	/* the size and the map stay still */
	size = inode->i_size;
	if (off >= 0 && off < size) {
		last = (size - 1) >> bits;
		for (block = off >> bits; block <= last; block++) {
			err = ext2_get_block(inode, block, &pblock, 0);
			if (err || (pblock == 0) == hole)
				break;
		}
		at = max(off, (loff_t)block << bits);
		if (err)
			pos = err;
		else if (hole)
			pos = min(at, size);
		else if (block <= last)
			pos = at;
	}
	if (pos >= 0)
		file->f_pos = pos;
	up(&inode->i_sem);
	return pos;
}

static const struct vm_operations_struct ext2_file_vm_ops = {
	.nopage = filemap_nopage,
	.populate = filemap_populate,
	.page_mkwrite = ext2_page_mkwrite,
};

static int ext2_file_mmap(struct file *file, struct vm_area_struct *vma)
{
	(void)file;
	vma->vm_ops = &ext2_file_vm_ops;
	return 0;
}

const struct file_operations ext2_file_operations = {
	.read = generic_file_read,
	.write = generic_file_write,
	.mmap = ext2_file_mmap,
	.llseek = ext2_llseek,
	.fsync = ext2_fsync,
};

const struct inode_operations ext2_file_inode_operations = {
	.truncate = ext2_truncate,
};

static int ext2_readlink(struct inode *inode, char *buf, int len)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	u32 ea = ei->i_file_acl ? inode->i_sb->s_blocksize >> 9 : 0;
	int n = inode->i_size < len ? inode->i_size : len;
	struct buffer_head *bh;
	u32 pblock;
	int err;

	if (inode->i_blocks == ea) { /* fast: the target is in i_data */
		if (inode->i_size >= (loff_t)sizeof(ei->i_data))
			goto corrupt;
		memcpy(buf, ei->i_data, n);
		return n;
	}
	if (inode->i_size >= (loff_t)inode->i_sb->s_blocksize)
		goto corrupt;
	/* Through the buffers, where ext2_symlink writes it. */
	err = ext2_get_block(inode, 0, &pblock, 0);
	if (err)
		return err;
	bh = pblock ? sb_bread(inode->i_sb, pblock) : NULL;
	if (!bh)
		return -EIO;
	memcpy(buf, bh->b_data, n);
	brelse(bh);
	return n;
corrupt:
	ext2_error(inode->i_sb, "ext2_readlink", "symlink #%lu: bad size %lld",
		   inode->i_ino, inode->i_size);
	return -EFSCORRUPTED;
}

const struct inode_operations ext2_symlink_inode_operations = {
	.readlink = ext2_readlink,
};
