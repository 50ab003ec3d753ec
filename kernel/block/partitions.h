/*
 * kernel/block/partitions.h - the PC partition table (MBR) of a disk.
 *
 * After a driver registers a disk it calls check_partition(), which reads
 * sector 0 and registers each partition it finds as a block device of its
 * own: hda1..hda4 for the four primary entries, hda5 and on for the
 * logical partitions chained inside an extended one.  Only the MBR format
 * is read (no GPT: the PCs that boot Mapback from a disk predate it).
 */
#ifndef KERNEL_BLOCK_PARTITIONS_H
#define KERNEL_BLOCK_PARTITIONS_H

#include "kernel/block/blkdev.h"

/* Partition numbers a disk may have; minors disk->minor + 1 .. + this. */
#define DISK_MAX_PARTS 15

/* Register disk's partitions; returns how many (0 for none or no table). */
int check_partition(struct block_device *disk);
/* Unregister and free them again (tests' fake disks); none may be held. */
void delete_partitions(struct block_device *disk);

#endif
