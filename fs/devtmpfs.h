/*
 * fs/devtmpfs.h - the kernel-made device nodes of /dev.
 *
 * devtmpfs is one ramfs instance, created at boot and mounted on /dev
 * before init runs (as Linux's CONFIG_DEVTMPFS_MOUNT), so an initramfs
 * without device nodes works.  The disks the block layer knows at fs_init
 * (hda 3:0, hdb 3:64, hdc 22:0, hdd 22:64) get nodes too; a driver that
 * finds one later adds it with devtmpfs_create_node, and BLKRRPART adds
 * and deletes those of partitions that come and go.
 */
#ifndef FS_DEVTMPFS_H
#define FS_DEVTMPFS_H

#include "fs/stat.h"

/* mode: S_IFCHR or S_IFBLK plus permissions.  0 or -errno. */
int devtmpfs_create_node(const char *name, umode_t mode, dev_t dev);
/* Unlink a node (a partition that is gone).  0 or -errno. */
int devtmpfs_delete_node(const char *name);
/* The standard nodes: console, tty, ttyS0, null, zero, full, and disks. */
void devtmpfs_populate(void);
/* A node for each registered block device not yet in /dev. */
void devtmpfs_add_disks(void);

#endif
