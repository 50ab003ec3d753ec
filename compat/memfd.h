/*
 * compat/memfd.h - memfd_create(2) and file seals (Linux: mm/memfd.c).
 *
 * A memfd is a ramfs (tmpfs) file that no directory holds.  Every ramfs
 * regular file has seals (inode.i_seals), as every Linux shmem file has:
 * a file made by open(2) starts with F_SEAL_SEAL, so none can be added; a
 * memfd made with MFD_ALLOW_SEALING starts with none.  The checks below
 * are called where Linux's shmem makes them: writes, size changes,
 * fallocate and mmap.
 */
#ifndef COMPAT_MEMFD_H
#define COMPAT_MEMFD_H

#include "fs/file.h"
#include "fs/inode.h"

#define F_ADD_SEALS 1033
#define F_GET_SEALS 1034

#define F_SEAL_SEAL 0x0001 /* no more seals */
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008 /* no writes, no shared writable mapping */
#define F_SEAL_FUTURE_WRITE 0x0010 /* no new ones; old mappings write */
#define F_ALL_SEALS 0x001f

void memfd_init(void);
long sys_memfd_create(const char *uname, unsigned int flags);
/* fcntl's F_ADD_SEALS and F_GET_SEALS. */
long memfd_fcntl(struct file *file, unsigned int cmd, unsigned long arg);
/* -EPERM when the seals forbid writing n bytes at pos. */
int seals_check_write(struct inode *inode, loff_t pos, size_t n);
/* -EPERM when the seals forbid changing the size to size. */
int seals_check_size(struct inode *inode, loff_t size);
/* -EPERM when the seals forbid a mapping with these vm_flags. */
int seals_check_mmap(struct file *file, unsigned long vm_flags);

#endif
