/*
 * fs/statfs.c - statfs, fstatfs and their 64-bit forms (Linux's
 * fs/statfs.c).
 *
 * A file system in memory with no size limit answers as Linux's
 * simple_statfs does for ramfs and procfs (and shmem for a tmpfs mounted
 * without size=): its type's magic number, 4 KiB blocks, 255-byte names,
 * and no block or inode counts.  A file system on a disk (ext2) fills in
 * its own counts through super_operations.statfs.  f_flags is
 * ST_VALID plus the mount's MS_RDONLY/NOSUID/NODEV/NOEXEC, whose bits are
 * the ST_ ones.
 */
#include "fs/namei.h"
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/page.h"

#define NAME_MAX 255
#define ST_VALID 0x20
#define ST_MNT_MASK (MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC)

/* The i386 layouts, as <asm/statfs.h>: 64 and 84 bytes. */
struct statfs {
	u32 f_type, f_bsize, f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	s32 f_fsid[2];
	u32 f_namelen, f_frsize, f_flags, f_spare[4];
};

struct statfs64 {
	u32 f_type, f_bsize;
	u64 f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	s32 f_fsid[2];
	u32 f_namelen, f_frsize, f_flags, f_spare[4];
} __attribute__((packed));

static void vfs_statfs(struct path *p, struct statfs64 *st)
{
	struct super_block *sb = p->mnt->mnt_sb;
	struct kstatfs k;

	memset(&k, 0, sizeof(k));
	k.f_type = sb->s_magic;
	k.f_bsize = PAGE_SIZE;
	k.f_namelen = NAME_MAX;
	k.f_frsize = PAGE_SIZE;
	if (sb->s_op && sb->s_op->statfs)
		sb->s_op->statfs(sb, &k);
	memset(st, 0, sizeof(*st));
	st->f_type = k.f_type;
	st->f_bsize = k.f_bsize;
	st->f_blocks = k.f_blocks;
	st->f_bfree = k.f_bfree;
	st->f_bavail = k.f_bavail;
	st->f_files = k.f_files;
	st->f_ffree = k.f_ffree;
	st->f_fsid[0] = k.f_fsid[0];
	st->f_fsid[1] = k.f_fsid[1];
	st->f_namelen = k.f_namelen;
	st->f_frsize = k.f_frsize;
	st->f_flags = ST_VALID | (p->mnt->mnt_flags & ST_MNT_MASK);
}

static long user_statfs(const char *upath, struct statfs64 *st)
{
	struct path p;
	char *name = getname(upath);
	long err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = kern_path(name, NULL, LOOKUP_FOLLOW, &p);
	putname(name);
	if (err)
		return err;
	vfs_statfs(&p, st);
	path_put(&p);
	return 0;
}

static long fd_statfs(unsigned int fd, struct statfs64 *st)
{
	struct file *f = fget_current_raw(fd);

	if (!f)
		return -EBADF;
	vfs_statfs(&f->f_path, st);
	fput(f);
	return 0;
}

/* The old layout has 32-bit counts: a count that does not fit is
 * -EOVERFLOW, as Linux's do_statfs_native. */
static long put_statfs(const struct statfs64 *st, struct statfs *ubuf)
{
	struct statfs s;

	if ((st->f_blocks | st->f_bfree | st->f_bavail | st->f_files |
	     st->f_ffree) >> 32)
		return -EOVERFLOW;

	memset(&s, 0, sizeof(s));
	s.f_type = st->f_type;
	s.f_bsize = st->f_bsize;
	s.f_blocks = st->f_blocks;
	s.f_bfree = st->f_bfree;
	s.f_bavail = st->f_bavail;
	s.f_files = st->f_files;
	s.f_ffree = st->f_ffree;
	s.f_fsid[0] = st->f_fsid[0];
	s.f_fsid[1] = st->f_fsid[1];
	s.f_namelen = st->f_namelen;
	s.f_frsize = st->f_frsize;
	s.f_flags = st->f_flags;
	return copy_to_user(ubuf, &s, sizeof(s)) ? -EFAULT : 0;
}

long sys_statfs(const char *path, struct statfs *buf)
{
	struct statfs64 st;
	long err = user_statfs(path, &st);

	return err ? err : put_statfs(&st, buf);
}

long sys_fstatfs(unsigned int fd, struct statfs *buf)
{
	struct statfs64 st;
	long err = fd_statfs(fd, &st);

	return err ? err : put_statfs(&st, buf);
}

/* The 64-bit forms name the buffer's size, which must be this layout's. */
long sys_statfs64(const char *path, size_t size, struct statfs64 *buf)
{
	struct statfs64 st;
	long err;

	if (size != sizeof(st))
		return -EINVAL;
	err = user_statfs(path, &st);
	if (!err && copy_to_user(buf, &st, sizeof(st)))
		err = -EFAULT;
	return err;
}

long sys_fstatfs64(unsigned int fd, size_t size, struct statfs64 *buf)
{
	struct statfs64 st;
	long err;

	if (size != sizeof(st))
		return -EINVAL;
	err = fd_statfs(fd, &st);
	if (!err && copy_to_user(buf, &st, sizeof(st)))
		err = -EFAULT;
	return err;
}
