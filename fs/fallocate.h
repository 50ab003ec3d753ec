/*
 * fs/fallocate.h - fallocate(2)'s modes, Linux's values
 * (include/uapi/linux/falloc.h).
 */
#ifndef FS_FALLOCATE_H
#define FS_FALLOCATE_H

#include "fs/stat.h"

#define FALLOC_FL_KEEP_SIZE 0x01
#define FALLOC_FL_PUNCH_HOLE 0x02
#define FALLOC_FL_NO_HIDE_STALE 0x04
#define FALLOC_FL_COLLAPSE_RANGE 0x08
#define FALLOC_FL_ZERO_RANGE 0x10
#define FALLOC_FL_INSERT_RANGE 0x20
#define FALLOC_FL_UNSHARE_RANGE 0x40
#define FALLOC_FL_SUPPORTED_MASK 0x7f

struct file;

long vfs_fallocate(struct file *file, int mode, loff_t offset, loff_t len);

#endif
