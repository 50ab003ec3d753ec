/*
 * kernel/block/ioctl.h - the ioctls of a block device file (/dev/hda,
 * /dev/hda2), as Linux's block/ioctl.c answers them.
 */
#ifndef KERNEL_BLOCK_IOCTL_H
#define KERNEL_BLOCK_IOCTL_H

#include "fs/file.h"

/* Linux's numbers (include/uapi/linux/fs.h, linux/hdreg.h) on i386. */
#define BLKRRPART 0x125f /* _IO(0x12, 95): read the table again */
#define BLKGETSIZE 0x1260 /* _IO(0x12, 96): unsigned long sectors */
#define BLKSSZGET 0x1268 /* _IO(0x12, 104): int, logical sector size */
#define BLKGETSIZE64 0x80041272 /* _IOR(0x12, 114, size_t): u64 bytes */
#define HDIO_GETGEO 0x0301 /* struct hd_geometry */

/* The file operation: 0 or a negative errno; -ENOTTY for a request a
 * block device does not know. */
int blkdev_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

#endif
