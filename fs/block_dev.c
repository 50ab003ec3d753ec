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
#include "fs/devtmpfs.h"
#include "fs/fcntl.h"
#include "fs/generic_file.h"
#include "fs/jbd/jbd.h"
#include "fs/namei.h"
#include "fs/super.h"
#include "fs/truncate.h"
#include "kernel/block/ioctl.h"
#include "kernel/block/partitions.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/locking.h"
#include "mm/reclaim/swap.h"
#include "mm/vm/filemap.h"
#include "mm/writeback/writeback.h"

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
	err = blkdev_read_page(bdev, end - BIO_SECTORS, bounce);
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
		err = blkdev_read_page(bdev, sector, page);
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

/*
 * The last page of a device whose size is not a multiple of a page: write
 * the device's last page worth of sectors, the part of the page before
 * this one that they cover taken from the cache (read in if need be), so
 * that only sectors that exist are written and none of them changes.
 * The page before is locked meanwhile, so no newer write of it can be
 * overtaken by this one.
 */
static int write_tail(struct block_device *bdev, struct page *page,
		      sector_t sector)
{
	struct address_space *mapping = page->mapping;
	u32 have = (bdev->nr_sectors - sector) * SECTOR_SIZE;
	struct page *bounce, *prev = NULL;
	int err;

	if (bdev->nr_sectors < BIO_SECTORS || !page->index)
		return -EIO;
	bounce = alloc_page(GFP_KERNEL);
	if (!bounce)
		return -ENOMEM;
	err = read_mapping_page(mapping, page->index - 1, NULL, &prev);
	if (err) {
		__free_page(bounce);
		return err;
	}
	lock_page(prev);
	memcpy(page_address(bounce), (char *)page_address(prev) + have,
	       PAGE_SIZE - have);
	memcpy((char *)page_address(bounce) + PAGE_SIZE - have,
	       page_address(page), have);
	submit_page_write(page, bdev, bdev->nr_sectors - BIO_SECTORS, bounce);
	wait_on_page_writeback(page);
	unlock_page(prev);
	put_page(prev);
	__free_page(bounce);
	return 0;
}

/* The locked, dirty page: one bio of its sectors, ended in the disk
 * interrupt (mm/writeback/writeback.h).  The caller unlocks. */
static int blkdev_writepage(struct page *page)
{
	struct block_device *bdev = page->mapping->host->i_private;
	sector_t sector = (sector_t)page->index * BIO_SECTORS;
	int err;

	/* A block of an uncommitted transaction may not go home: the page
	 * waits for the commit, which dirties it again. */
	if (jbd_page_pinned(page))
		return 0;
	clear_page_dirty_for_io(page);
	if (sector + BIO_SECTORS <= bdev->nr_sectors) {
		submit_page_write(page, bdev, sector, NULL);
		return 0;
	}
	/* Past the end (the device shrank under the cache) or its tail. */
	err = sector >= bdev->nr_sectors ? -EIO :
					   write_tail(bdev, page, sector);
	if (err) {
		mapping_set_error(page->mapping, err);
		set_page_dirty(page);
	}
	return err;
}

static const struct address_space_operations def_blk_aops = {
	.readpage = blkdev_readpage,
	.writepage = blkdev_writepage,
	.set_page_dirty = __set_page_dirty_nobuffers,
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
	/* Low memory, as Linux's bdget: the file systems' buffers live in
	 * these pages and are used by kernel address (fs/buffer_head.h). */
	mapping_set_gfp_mask(inode->i_mapping, GFP_KERNEL);
	return inode;
}

/* One more user of bdev; bdev_sem held. */
static int __blkdev_get(struct block_device *bdev)
{
	if (!bdev->bd_inode)
		bdev->bd_inode = bdev_inode(bdev);
	if (!bdev->bd_inode)
		return -ENOMEM;
	bdev->bd_openers++;
	return 0;
}

int blkdev_get(struct block_device *bdev)
{
	int err;

	down(&bdev_sem);
	err = __blkdev_get(bdev);
	up(&bdev_sem);
	return err;
}

/* Every page, with its buffers: the last user is gone, so none is busy.
 * A page still dirty is one whose write failed: dropped with the rest. */
static void kill_bdev(struct block_device *bdev)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	unsigned long index = 0;
	struct page *page;

	for (;;) {
		void *found;
		u32 flags;

		spin_lock_irqsave(&mapping->tree_lock, flags);
		found = radix_tree_next(&mapping->page_tree, &index);
		spin_unlock_irqrestore(&mapping->tree_lock, flags);
		if (!found)
			break;
		page = find_lock_page(mapping, index);
		if (page) {
			cancel_dirty_page(page);
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

int sync_blockdev(struct block_device *bdev)
{
	if (!bdev->bd_inode)
		return 0;
	return filemap_write_and_wait(bdev->bd_inode->i_mapping);
}

void iterate_bdevs(void (*fn)(struct block_device *, void *), void *arg)
{
	struct block_device *bdev;
	bool open;

	for_each_blkdev(bdev) {
		down(&bdev_sem);
		open = bdev->bd_openers;
		if (open)
			bdev->bd_openers++;	/* keeps bd_inode */
		up(&bdev_sem);
		if (!open)
			continue;
		fn(bdev, arg);
		blkdev_put(bdev);
	}
}

static void sync_one_bdev(struct block_device *bdev, void *unused)
{
	(void)unused;
	filemap_fdatawrite(bdev->bd_inode->i_mapping);
	filemap_fdatawait_keep_errors(bdev->bd_inode->i_mapping);
}

void sync_bdevs(void)
{
	iterate_bdevs(sync_one_bdev, NULL);
}

void blkdev_put(struct block_device *bdev)
{
	down(&bdev_sem);
	BUG_ON(!bdev->bd_openers);
	if (--bdev->bd_openers == 0) {
		/* What is not on the disk yet would be lost with the cache;
		 * an error has nobody left to report to but the log. */
		if (sync_blockdev(bdev))
			printk(KERN_ERR "%s: dirty pages lost at the last "
					"close: write error\n",
			       bdev->name);
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

/* The lookup and the count happen under bdev_sem, which
 * blkdev_reread_part holds while it frees a disk's partitions. */
static int blkdev_open(struct inode *inode, struct file *file)
{
	struct block_device *bdev;
	int err = -ENXIO;

	down(&bdev_sem);
	bdev = blkdev_get_by_dev(MAJOR(inode->i_rdev), MINOR(inode->i_rdev));
	if (!bdev)
		goto out;
	/* O_EXCL: the device's exclusive user, as a mount or swapon
	 * would be; taken while another holds it: EBUSY. */
	if (file->f_flags & O_EXCL) {
		err = blkdev_claim(bdev, file);
		if (err)
			goto out;
	}
	err = __blkdev_get(bdev);
	if (err) {
		blkdev_release(bdev, file);
		goto out;
	}
	file->private_data = bdev;
	file->f_mapping = bdev->bd_inode->i_mapping;
out:
	up(&bdev_sem);
	return err;
}

/* A partition is in use while it is open, mounted or swapped on. */
static bool partitions_busy(struct block_device *disk)
{
	struct block_device *b;

	for_each_blkdev(b)
		if (b->bd_contains == disk && b != disk &&
		    (b->bd_openers || b->holder || b->bd_super))
			return true;
	return false;
}

int blkdev_reread_part(struct block_device *disk)
{
	char gone[DISK_MAX_PARTS][BDEV_NAME_LEN];
	struct block_device *b, *next;
	int err = 0, ngone = 0;

	if (disk->bd_contains != disk)
		return -EINVAL;
	/* Mounts and swapon look a partition up under namespace_sem and
	 * count it under bdev_sem: neither may find one freed here. */
	down(&namespace_sem);
	down(&bdev_sem);
	if (partitions_busy(disk))
		err = -EBUSY;
	else
		err = sync_blockdev(disk);
	if (!err) {
		/* Not blkdev_unregister: the disk itself may have requests
		 * on the queue its partitions share. */
		list_for_each_entry_safe(b, next, &all_block_devices, list) {
			if (b->bd_contains != disk || b == disk)
				continue;
			if (ngone < DISK_MAX_PARTS)
				strlcpy(gone[ngone++], b->name, BDEV_NAME_LEN);
			list_del_init(&b->list);
			kfree(b);
		}
		check_partition(disk);
	}
	up(&bdev_sem);
	up(&namespace_sem);
	/* /dev follows, as Linux's devtmpfs does: the old nodes go, and
	 * one is made for each partition the table now has. */
	while (ngone > 0)
		devtmpfs_delete_node(gone[--ngone]);
	if (!err)
		devtmpfs_add_disks();
	return err;
}

static void blkdev_close(struct inode *inode, struct file *file)
{
	(void)inode;
	blkdev_put(file->private_data);
	blkdev_release(file->private_data, file);
}

static bool bdev_is_swap(struct block_device *bdev)
{
	struct swap_info_struct *p = bdev->holder;

	return p >= swap_info && p < swap_info + MAX_SWAPFILES;
}

/* Through the cache, as a file whose size is fixed: ENOSPC at the end,
 * and a write that runs past it is cut short (Linux's blkdev_write_iter).
 * An active swap area is ETXTBSY. */
static ssize_t blkdev_write(struct file *file, const char *buf, size_t n,
			    loff_t *pos)
{
	struct block_device *bdev = file->private_data;
	loff_t size = bdev->bd_inode->i_size;

	if (bdev_is_swap(bdev))
		return -ETXTBSY;
	if (!n)
		return 0;
	if (*pos >= size)
		return -ENOSPC;
	if ((loff_t)n > size - *pos)
		n = size - *pos;
	return generic_file_write(file, buf, n, pos);
}

/* Every dirty page written and waited for; a write error recorded since
 * the last fsync is reported once (Linux's blkdev_fsync). */
static int blkdev_fsync(struct file *file, bool datasync)
{
	(void)datasync;
	return filemap_write_and_wait(file->f_mapping);
}

const struct file_operations def_blk_fops = {
	.open = blkdev_open,
	.read = generic_file_read,
	.write = blkdev_write,
	.fsync = blkdev_fsync,
	.ioctl = blkdev_ioctl,
	.release = blkdev_close,
};
