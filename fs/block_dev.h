/*
 * fs/block_dev.h - a block device's page cache, and its device files.
 *
 * Each block_device (a disk or a partition) gets an inode of its own
 * while it is in use: bd_inode, in the "bdev" pseudo file system, whose
 * address_space caches the device's contents page by page (page i holds
 * bytes i * PAGE_SIZE onwards).  File systems read their metadata
 * through it in block-sized buffers (fs/buffer_head.h); read(2) of
 * /dev/hdb reads through it too.
 *
 *	blkdev_get(bdev)	one more user; the first makes bd_inode
 *	blkdev_put(bdev)	one fewer; the last writes the dirty pages
 *				back, empties the cache (every buffer must
 *				be released by then) and frees the inode
 *
 * Callers hold namespace_sem (mount, open and close of device files run
 * under it), which orders the openers count.
 */
#ifndef FS_BLOCK_DEV_H
#define FS_BLOCK_DEV_H

#include "fs/file.h"
#include "kernel/block/blkdev.h"

int blkdev_get(struct block_device *bdev);
void blkdev_put(struct block_device *bdev);
/* The block device the path names (a S_IFBLK node); caller holds
 * namespace_sem.  -ENOTBLK for another kind of file, -ENXIO if no such
 * device exists. */
int lookup_bdev(const char *path, struct block_device **res);

/* BLKRRPART: read disk's partition table again, its partitions replaced
 * by what the table now says.  -EINVAL for a partition, -EBUSY while one
 * of its partitions is open, mounted or swapped on; the disk's cache is
 * written back first, so a table written through it is the one read. */
int blkdev_reread_part(struct block_device *disk);
/* Write the device's dirty cache pages and wait: 0 or -EIO (once). */
int sync_blockdev(struct block_device *bdev);
/* Write and wait for the cache of every open block device (sync(2));
 * errors stay recorded for fsync. */
void sync_bdevs(void);
/* fn(bdev, arg) for every open block device, with bd_inode kept. */
void iterate_bdevs(void (*fn)(struct block_device *, void *), void *arg);

/* The file operations of S_IFBLK nodes: read and write through the
 * cache, fsync. */
extern const struct file_operations def_blk_fops;

#endif
