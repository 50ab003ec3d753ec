/*
 * fs/mount.h - the mount table.
 *
 * A vfsmount attaches a superblock's root over a directory (its
 * mountpoint) of a parent mount.  The root mount is its own parent.  Path
 * walking crosses into a mount when it reaches a mountpoint and back out
 * at a mount's root on "..".  The table is one list in mount order, which
 * /proc/mounts prints.  mnt_count counts struct path references (open
 * files, current directories, walks in progress) plus one for being
 * mounted; umount refuses a busy mount with -EBUSY.
 */
#ifndef FS_MOUNT_H
#define FS_MOUNT_H

#include "fs/inode.h"
#include "kernel/list.h"

#define MS_RDONLY 1
#define MS_NOSUID 2
#define MS_NODEV 4
#define MS_NOEXEC 8
#define MS_REMOUNT 32
#define MS_BIND 4096
#define MNT_FORCE 1
#define MNT_DETACH 2

struct vfsmount {
	struct list_head mnt_list;	/* in the mount table */
	struct vfsmount *mnt_parent;	/* itself for the root mount */
	struct inode *mnt_mountpoint;	/* directory in the parent covered */
	struct inode *mnt_root;	/* root directory of mnt_sb */
	struct super_block *mnt_sb;
	unsigned int mnt_count;
	unsigned long mnt_flags;
	int mnt_id;		/* /proc/self/mountinfo's first field */
	/* Files open for writing on it (regular files, directories,
	 * symlinks): a remount read-only is refused (-EBUSY) while any is. */
	unsigned int mnt_writers;
	char mnt_devname[32];
};

struct path {
	struct vfsmount *mnt;
	struct inode *inode;
};

extern struct list_head mount_list;

static inline struct vfsmount *mntget(struct vfsmount *mnt)
{
	mnt->mnt_count++;
	return mnt;
}

static inline void mntput(struct vfsmount *mnt)
{
	mnt->mnt_count--;
}

/* A read-only mount (MS_RDONLY), or one of a file system that went
 * read-only (ext2's errors=remount-ro): every change through it is
 * -EROFS. */
static inline bool mnt_is_readonly(struct vfsmount *mnt)
{
	return (mnt->mnt_flags & MS_RDONLY) ||
	       (mnt->mnt_sb && (mnt->mnt_sb->s_flags & MS_RDONLY));
}

/* Files whose writers count (Linux's: all but device nodes, FIFOs and
 * sockets, which write to no file system). */
static inline bool counts_as_writer(struct inode *inode)
{
	return S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode) ||
	       S_ISLNK(inode->i_mode);
}

void path_get(struct path *path);
void path_put(struct path *path);

/* The mount on (parent, dir) most recently made, or NULL. */
struct vfsmount *lookup_mnt(struct vfsmount *parent, struct inode *dir);
/* Mount a new instance of fstype over *where (or as the root if NULL). */
int do_mount(const char *dev_name, struct path *where, const char *fstype,
	     unsigned long flags, struct vfsmount **res);
/* The same with the file system's options (mount(2)'s data; NULL: none). */
int do_new_mount(const char *dev_name, struct path *where, const char *fstype,
		 unsigned long flags, const char *data, struct vfsmount **res);
int do_umount(struct vfsmount *mnt, int flags);
/* MS_REMOUNT: the mount at its root path takes flags' MS_RDONLY, MS_NOSUID,
 * MS_NODEV and MS_NOEXEC; -EINVAL off a mount's root, -EBUSY for read-only
 * while a file is open for writing on it. */
int do_remount(struct path *path, unsigned long flags, const char *data);
/* A new instance of fstype in *mnt, mounted nowhere: the file system
 * behind files the kernel makes for itself (memfd, SysV shm). */
void kern_mount(struct vfsmount *mnt, const char *fstype,
		const char *dev_name);
/* Is inode the mountpoint of some mount (rmdir and rename refuse)? */
bool is_mountpoint(struct inode *inode);

#endif
