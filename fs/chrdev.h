/*
 * fs/chrdev.h - character device numbers -> drivers.
 *
 * A device node (S_IFCHR inode with i_rdev) opens through def_chr_fops,
 * which finds the driver registered for MAJOR(i_rdev) and lets its open
 * pick the per-minor operations (replacing file->f_op), as Linux's
 * chrdev_open does.  Majors are Linux's: 1 mem (null, zero, full),
 * 4 ttyS, 5 tty/console.
 */
#ifndef FS_CHRDEV_H
#define FS_CHRDEV_H

#include "fs/file.h"

#define MEM_MAJOR 1
#define TTY_MAJOR 4
#define TTYAUX_MAJOR 5
#define MAX_CHRDEV 256

int register_chrdev(unsigned int major, const char *name,
		    const struct file_operations *fops);
/* Calls fn(major, name) for each registered driver (/proc/devices). */
void for_each_chrdev(void (*fn)(unsigned int, const char *, void *),
		     void *arg);
/* Give a device/FIFO/socket inode its file operations. */
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev);

extern const struct file_operations def_chr_fops;

#endif
