/*
 * fs/generic_file.h - the generic read and write paths through the page cache.
 *
 * A file system whose data is in the page cache (ramfs) points its read
 * and write file operations here.  Reads copy out of cached pages; a page
 * not cached inside i_size is a hole and reads as zeros without being
 * allocated.  Writes find or create the page, bring it up to date with
 * a_ops->readpage if only part of it is written, copy in, and mark it dirty
 * through a_ops->set_page_dirty.
 */
#ifndef FS_GENERIC_FILE_H
#define FS_GENERIC_FILE_H

#include "fs/file.h"

ssize_t generic_file_read(struct file *file, char *buf, size_t n,
			  loff_t *pos);
ssize_t generic_file_write(struct file *file, const char *buf, size_t n,
			   loff_t *pos);
/* RLIMIT_FSIZE and the largest file: -EFBIG, or *count cut to fit. */
int write_check_limits(loff_t pos, size_t *count);
/* For files without backing store: dirty, never written anywhere. */
int simple_set_page_dirty(struct page *page);
/* Zero-fill a new page (a hole) and mark it uptodate; unlocks it. */
int simple_readpage(struct file *file, struct page *page);

/* Largest file size: page indexes are 32 bits. */
#define MAX_LFS_FILESIZE (((loff_t)1 << 43) - 1)

#endif
