/*
 * kernel/block/ioctl.c - what a program asks a block device file with
 * ioctl(2): its size, its sector size, its geometry, and to read the
 * partition table again.  fdisk needs all four (it writes a table, then
 * asks the kernel for BLKRRPART so /dev/hda1 and the rest appear), and
 * mke2fs and mkswap the size.
 *
 *   BLKGETSIZE64  u64       the device's bytes
 *   BLKGETSIZE    ulong     its 512-byte sectors (EFBIG past 2^32)
 *   BLKSSZGET     int       512: IDE disks have no other sector size
 *   HDIO_GETGEO   hd_geometry  16 heads, 63 sectors a track, cylinders
 *                           to match (capped at 65535), and where a
 *                           partition starts on its disk (0 for a disk)
 *   BLKRRPART     -         a whole disk's partitions replaced by what
 *                           its table now says (fs/block_dev.c); root
 *                           only (EACCES, as Linux), EINVAL on a
 *                           partition, EBUSY while a partition is in use
 *
 * The rest is ENOTTY, as Linux answers an ioctl no layer claims.
 */
#include "kernel/block/ioctl.h"
#include "fs/block_dev.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/errno.h"
#include "kernel/lib/div64.h"
#include "kernel/process/cred.h"

#define GEO_HEADS 16
#define GEO_SECTORS 63

/* Linux's struct hd_geometry on i386: 8 bytes. */
struct hd_geometry {
	u8 heads;
	u8 sectors;
	u16 cylinders;
	u32 start;
};

static int blkdev_getgeo(struct block_device *bdev, void *arg)
{
	struct hd_geometry geo;
	u64 cyl = bdev->bd_contains->nr_sectors;

	if (!arg)
		return -EINVAL;
	do_div(&cyl, GEO_HEADS * GEO_SECTORS);
	geo.heads = GEO_HEADS;
	geo.sectors = GEO_SECTORS;
	geo.cylinders = cyl > 0xffff ? 0xffff : (u16)cyl;
	geo.start = (u32)bdev->start_sect;
	return copy_to_user(arg, &geo, sizeof(geo)) ? -EFAULT : 0;
}

int blkdev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct block_device *bdev = file->private_data;
	u64 bytes = (u64)bdev->nr_sectors << SECTOR_SHIFT;

	switch (cmd) {
	case BLKGETSIZE64:
		return put_user(bytes, (u64 *)arg);
	case BLKGETSIZE:
		if (bdev->nr_sectors >> 32)
			return -EFBIG;
		return put_user((unsigned long)bdev->nr_sectors,
				(unsigned long *)arg);
	case BLKSSZGET:
		return put_user((int)SECTOR_SIZE, (int *)arg);
	case HDIO_GETGEO:
		return blkdev_getgeo(bdev, (void *)arg);
	case BLKRRPART:
		if (!capable(CAP_SYS_ADMIN))
			return -EACCES;
		return blkdev_reread_part(bdev);
	default:
		return -ENOTTY;
	}
}
