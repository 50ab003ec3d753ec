/*
 * fs/block_dev.c - the page cache of a block device, and /dev/hdX files.
 *
 * A device's inode (bd_inode) belongs to a superblock of its own, the
 * "bdev" pseudo file system, which is never mounted.  Its i_size is the
 * device's size, so generic_file_read reads /dev/hdb through the cache
 * like any file, and its readpage reads one page of sectors.  fs/buffer.c
 * cuts the same pages into blocks for the file systems.
 *
 *   block_device hdc1 ---bd_inode---> inode (S_IFBLK, i_size = sectors * 512)
 *                                       i_data: page 0  sectors 0..7
 *                                               page 1  sectors 8..15
 *                                               ...
 */
#include "fs/block_dev.h"
#include "fs/buffer_head.h"
#include "fs/generic_file.h"
#include "fs/namei.h"
#include "fs/super.h"
#include "fs/truncate.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "mm/phys/page_alloc.h"
#include "mm/locking.h"
#include "mm/vm/filemap.h"

/* Orders bd_openers: mounts (under namespace_sem) and device files
 * (opened and closed without it) both count. */
static DECLARE_MUTEX(bdev_sem);

static bool bdev_drop_inode(struct inode *inode)
{
	(void)inode;
	return true;
}

static const struct super_operations bdev_sops = {
	.drop_inode = bdev_drop_inode,
};

static struct file_system_type bd_type = {
	.name = "bdev",
	.nodev = true,
};

static struct super_block blockdev_superblock = {
	.s_type = &bd_type,
	.s_op = &bdev_sops,
};

/*
 * The last page of a device whose size is not a multiple of a page: the
 * disk cannot move less than a page, so read the device's last page
 * worth of sectors elsewhere and copy the part that exists.
 */
static int read_tail(struct block_device *bdev, sector_t sector, void *buf)
{
	sector_t end = bdev->nr_sectors;
	struct page *bounce;
	u32 have = (end - sector) * SECTOR_SIZE;
	int err;

	if (end < BIO_SECTORS)
		return -EIO;
	bounce = alloc_page(GFP_KERNEL);
	if (!bounce)
		return -ENOMEM;
	err = blkdev_read_page(bdev, end - BIO_SECTORS, page_address(bounce));
	if (!err) {
		memcpy(buf, (char *)page_address(bounce) + BIO_BYTES - have,
		       have);
		memset((char *)buf + have, 0, PAGE_SIZE - have);
	}
	__free_page(bounce);
	return err;
}

static int blkdev_readpage(struct file *file, struct page *page)
{
	struct block_device *bdev = page->mapping->host->i_private;
	sector_t sector = (sector_t)page->index * BIO_SECTORS;
	int err;

	(void)file;
	if (sector >= bdev->nr_sectors)
		err = -EIO;
	else if (sector + BIO_SECTORS > bdev->nr_sectors)
		err = read_tail(bdev, sector, page_address(page));
	else
		err = blkdev_read_page(bdev, sector, page_address(page));
	if (err) {
		SetPageError(page);
		printk_ratelimited(KERN_ERR "%s: read error in the page at "
					    "sector %llu: %d\n",
				   bdev->name, sector, err);
	} else {
		SetPageUptodate(page);
	}
	unlock_page(page);
	return err;
}

static const struct address_space_operations def_blk_aops = {
	.readpage = blkdev_readpage,
};

static struct inode *bdev_inode(struct block_device *bdev)
{
	struct inode *inode = new_inode(&blockdev_superblock, S_IFBLK | 0600);

	if (!inode)
		return NULL;
	inode->i_rdev = MKDEV(bdev->major, bdev->minor);
	inode->i_size = (loff_t)bdev->nr_sectors << SECTOR_SHIFT;
	inode->i_private = bdev;
	inode->i_mapping->a_ops = &def_blk_aops;
	return inode;
}

int blkdev_get(struct block_device *bdev)
{
	int err = 0;

	down(&bdev_sem);
	if (!bdev->bd_inode)
		bdev->bd_inode = bdev_inode(bdev);
	if (bdev->bd_inode)
		bdev->bd_openers++;
	else
		err = -ENOMEM;
	up(&bdev_sem);
	return err;
}

/* Every page, with its buffers: the last user is gone, so none is busy. */
static void kill_bdev(struct block_device *bdev)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	unsigned long index = 0;
	struct page *page;

	for (;;) {
		u32 flags = tree_lock_irqsave();
		void *found = radix_tree_next(&mapping->page_tree, &index);

		tree_unlock_irqrestore(flags);
		if (!found)
			break;
		page = find_lock_page(mapping, index);
		if (page) {
			if (page_has_buffers(page) &&
			    !try_to_free_buffers(page))
				printk(KERN_ERR "%s: a buffer still in use at "
						"the last close\n",
				       bdev->name);
			unlock_page(page);
			put_page(page);
		}
		index++;
	}
	truncate_inode_pages(mapping, 0);
}

void blkdev_put(struct block_device *bdev)
{
	down(&bdev_sem);
	BUG_ON(!bdev->bd_openers);
	if (--bdev->bd_openers == 0) {
		kill_bdev(bdev);
		iput(bdev->bd_inode);
		bdev->bd_inode = NULL;
	}
	up(&bdev_sem);
}

int lookup_bdev(const char *path, struct block_device **res)
{
	struct nameidata nd;
	struct inode *inode;
	int err;

	if (!path || !*path)
		return -EINVAL;
	err = path_walk(path, NULL, LOOKUP_FOLLOW, &nd);
	if (err)
		return err;
	inode = nd.path.inode;
	if (!S_ISBLK(inode->i_mode))
		err = -ENOTBLK;
	else if (nd.path.mnt->mnt_flags & MS_NODEV)
		err = -EACCES;
	else if (!(*res = blkdev_get_by_dev(MAJOR(inode->i_rdev),
					    MINOR(inode->i_rdev))))
		err = -ENXIO;
	path_put(&nd.path);
	return err;
}

static int blkdev_open(struct inode *inode, struct file *file)
{
	struct block_device *bdev =
		blkdev_get_by_dev(MAJOR(inode->i_rdev), MINOR(inode->i_rdev));
	int err;

	if (!bdev)
		return -ENXIO;
	if (file->f_mode & FMODE_WRITE)
		return -EROFS;
	err = blkdev_get(bdev);
	if (err)
		return err;
	file->private_data = bdev;
	file->f_mapping = bdev->bd_inode->i_mapping;
	return 0;
}

static void blkdev_close(struct inode *inode, struct file *file)
{
	(void)inode;
	blkdev_put(file->private_data);
}

const struct file_operations def_blk_fops = {
	.open = blkdev_open,
	.read = generic_file_read,
	.release = blkdev_close,
};
