/*
 * fs/stat.h - file types, modes, struct kstat and Linux i386's stat64.
 *
 * Mode bits and the stat64 layout are Linux i386's exactly, because static
 * musl and BusyBox binaries read them.  The VFS fills a struct kstat; the
 * system call layer converts it to struct stat64 (fs/sys_stat.c).
 */
#ifndef FS_STAT_H
#define FS_STAT_H

#include "kernel/types.h"

typedef u16 umode_t;
typedef s64 loff_t;
typedef u32 dev_t;	/* in-kernel: MKDEV(major, minor) */

#define S_IFMT 0170000
#define S_IFSOCK 0140000
#define S_IFLNK 0120000
#define S_IFREG 0100000
#define S_IFBLK 0060000
#define S_IFDIR 0040000
#define S_IFCHR 0020000
#define S_IFIFO 0010000
#define S_ISUID 0004000
#define S_ISGID 0002000
#define S_ISVTX 0001000
#define S_IALLUGO 0007777
#define S_IXGRP 0000010
#define S_IRWXUGO 0000777
#define S_IRUGO 0000444
#define S_IWUGO 0000222
#define S_IXUGO 0000111

#define S_ISLNK(m) (((m) & S_IFMT) == S_IFLNK)
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m) (((m) & S_IFMT) == S_IFCHR)
#define S_ISBLK(m) (((m) & S_IFMT) == S_IFBLK)
#define S_ISFIFO(m) (((m) & S_IFMT) == S_IFIFO)
#define S_ISSOCK(m) (((m) & S_IFMT) == S_IFSOCK)

#define MINORBITS 20
#define MINORMASK ((1U << MINORBITS) - 1)
#define MAJOR(dev) ((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev) ((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi) (((ma) << MINORBITS) | (mi))

/* Linux's encoding of a device number for user space (new_encode_dev). */
static inline u32 new_encode_dev(dev_t dev)
{
	unsigned int major = MAJOR(dev), minor = MINOR(dev);

	return (minor & 0xff) | (major << 8) | ((minor & ~0xffU) << 12);
}

static inline dev_t new_decode_dev(u32 dev)
{
	unsigned int major = (dev & 0xfff00) >> 8;
	unsigned int minor = (dev & 0xff) | ((dev >> 12) & 0xfff00);

	return MKDEV(major, minor);
}

struct timespec {
	s32 tv_sec;	/* i386 time_t */
	s32 tv_nsec;
};

struct kstat {
	u32 dev;	/* user encoding, see new_encode_dev */
	u64 ino;
	umode_t mode;
	unsigned int nlink;
	u32 uid, gid;
	u32 rdev;	/* user encoding */
	loff_t size;
	u32 blksize;
	u64 blocks;	/* 512-byte units */
	struct timespec atime, mtime, ctime;
};

/* arch/x86/include/uapi/asm/stat.h, i386; 96 bytes. */
struct stat64 {
	u64 st_dev;
	u8 __pad0[4];
	u32 __st_ino;
	u32 st_mode;
	u32 st_nlink;
	u32 st_uid;
	u32 st_gid;
	u64 st_rdev;
	u8 __pad3[4];
	s64 st_size;
	u32 st_blksize;
	u64 st_blocks;
	u32 st_atime;
	u32 st_atime_nsec;
	u32 st_mtime;
	u32 st_mtime_nsec;
	u32 st_ctime;
	u32 st_ctime_nsec;
	u64 st_ino;
} __attribute__((packed, aligned(4)));

_Static_assert(sizeof(struct stat64) == 96, "stat64 is 96 bytes on i386");

void kstat_to_stat64(const struct kstat *k, struct stat64 *s);

/* What a file system tells statfs(2) (super_operations.statfs); the
 * VFS adds the mount's flags. */
struct kstatfs {
	u32 f_type, f_bsize;
	u64 f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	s32 f_fsid[2];
	u32 f_namelen, f_frsize;
};

#endif
