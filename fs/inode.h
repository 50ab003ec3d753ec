/*
 * fs/inode.h - inodes, superblocks and the operations file systems supply.
 *
 * There is no dentry cache: a directory is searched by its file system's
 * lookup operation, and path walking (fs/namei.c) carries (vfsmount, inode)
 * pairs.  An inode lives while it is referenced (i_count: open files,
 * current directories, mount points, a walk in progress) or linked into a
 * directory (i_nlink, for file systems that keep inodes in memory such as
 * ramfs).  iput() of the last reference asks the superblock whether to
 * destroy it (super_operations.drop_inode).  A disk file system's inode
 * that is kept is hashed by (sb, ino) (insert_inode_hash, ilookup) and
 * waits, unused, on an LRU list with its pages until it is used again,
 * pruned (prune_icache: reclaim, drop_caches) or unmounted (evict_inodes):
 * the inode cache of Linux 2.6's fs/inode.c.
 *
 * All namespace operations run under namespace_sem (fs/namei.h), so the
 * directory operations below need no locking of their own.
 */
#ifndef FS_INODE_H
#define FS_INODE_H

#include "fs/address_space.h"
#include "fs/stat.h"
#include "kernel/lib/errseq.h"
#include "kernel/types.h"

struct inode;
struct file;
struct super_block;
struct file_operations;
struct pipe_inode_info;
struct path;

#define NAME_MAX 255
#define PATH_MAX 4096

struct qstr {
	const char *name;
	unsigned int len;
};

struct inode_operations {
	/* *res = referenced inode of name in dir; -ENOENT if none. */
	int (*lookup)(struct inode *dir, const struct qstr *name,
		      struct inode **res);
	/* New inode of any type (S_IFREG, S_IFDIR, S_IFCHR ...); referenced. */
	int (*mknod)(struct inode *dir, const struct qstr *name, umode_t mode,
		     dev_t rdev, struct inode **res);
	int (*symlink)(struct inode *dir, const struct qstr *name,
		       const char *target);
	int (*link)(struct inode *old, struct inode *dir,
		    const struct qstr *name);
	int (*unlink)(struct inode *dir, const struct qstr *name);
	int (*rmdir)(struct inode *dir, const struct qstr *name);
	/* Replaces an existing new name; the VFS has checked the types. */
	int (*rename)(struct inode *odir, const struct qstr *oname,
		      struct inode *ndir, const struct qstr *nname);
	/* Copy the link target into buf (no NUL); returns its length.
	 * Called with namespace_sem held, from a walk or from readlink(2),
	 * so a target computed from the namespace (/proc/PID/exe) may use
	 * d_path. */
	int (*readlink)(struct inode *inode, char *buf, int len);
	/* A link that stands for an object, not a name (/proc/PID/fd/N): a
	 * walk that follows it goes on from *res (referenced) instead of
	 * walking what readlink says.  Called as readlink is. */
	int (*follow_link)(struct inode *inode, struct path *res);
	/* Change i_size to size, freeing what lies beyond. */
	int (*truncate)(struct inode *inode, loff_t size);
};

struct kstatfs;

struct super_operations {
	/* The last reference went: destroy the inode (true) or keep it. */
	bool (*drop_inode)(struct inode *inode);
	/* Free the fs's part of an inode being destroyed. */
	void (*destroy_inode)(struct inode *inode);
	/* statfs(2)'s counts (fs/statfs.c); NULL: simple_statfs's zeros
	 * and 4 KiB blocks. */
	void (*statfs)(struct super_block *sb, struct kstatfs *buf);
	/* Write the inode itself (I_DIRTY_SYNC) to the disk's cache; wait:
	 * for a data-integrity sync (fs/fs_writeback.h).  NULL: nothing. */
	int (*write_inode)(struct inode *inode, bool wait);
	/* Put the file system's own state (its superblock, group
	 * descriptors) into the device's cache, for sync and syncfs, which
	 * then write that cache.  NULL: nothing. */
	int (*sync_fs)(struct super_block *sb, bool wait);
	/* A mount of a new superblock, or a remount, asks for flags'
	 * MS_RDONLY (or not) and the options in data (NULL: none): the
	 * file system gets ready for writing, or writes everything back,
	 * and sets MS_RDONLY in s_flags to match.  An error fails the
	 * mount or remount.  NULL: s_flags' MS_RDONLY says whether the
	 * file system can be mounted read-write at all. */
	int (*remount_fs)(struct super_block *sb, unsigned long flags,
			  const char *data);
	/* Call fn on every inode in memory (Linux walks sb->s_inodes):
	 * drop_caches.  NULL: the file system keeps none of its own. */
	void (*iterate_inodes)(struct super_block *sb,
			       void (*fn)(struct inode *inode, void *arg),
			       void *arg);
	/* Whether an unused inode of sb may be evicted now, by a pruner
	 * that may have interrupted the file system itself (reclaim inside
	 * its allocation).  NULL: always. */
	bool (*can_prune)(struct super_block *sb);
};

struct file_system_type {
	const char *name;
	/* A superblock for a new mount, or NULL with *err set. */
	struct super_block *(*get_sb)(struct file_system_type *type,
				      const char *dev_name, int *err);
	void (*kill_sb)(struct super_block *sb);
	bool nodev;	/* needs no device: "nodev" in /proc/filesystems */
	struct file_system_type *next;
};

struct super_block {
	dev_t s_dev;
	struct file_system_type *s_type;
	const struct super_operations *s_op;
	struct inode *s_root;
	u32 s_magic;		/* Linux's number for the type: statfs f_type */
	unsigned long s_next_ino;
	unsigned int s_active;	/* mounts using it */
	/* MS_RDONLY: the file system can only be mounted read-only. */
	unsigned long s_flags;
	void *s_fs_info;
	/* A file system on a disk: the device and the size of the blocks
	 * it reads there (fs/buffer_head.h). */
	struct block_device *s_bdev;
	unsigned long s_blocksize;
	unsigned char s_blocksize_bits;
	char s_id[32];		/* the device's name, for messages */
	/* The last write-back error of its files' pages, for syncfs: each
	 * open file reports it once (f_sb_err). */
	errseq_t s_wb_err;
};

struct inode {
	unsigned long i_ino;
	umode_t i_mode;
	unsigned int i_nlink;
	u32 i_uid, i_gid;
	dev_t i_rdev;
	loff_t i_size;
	/* A disk file system's allocation in 512-byte units and its block
	 * size (stat's st_blocks and st_blksize); i_blkbits 0: computed
	 * from the page cache, 4 KiB blocks (ramfs and the other memory
	 * file systems). */
	u64 i_blocks;
	unsigned int i_blkbits;
	struct timespec i_atime, i_mtime, i_ctime;
	unsigned int i_count;
	struct super_block *i_sb;
	const struct inode_operations *i_op;
	const struct file_operations *i_fop;	/* for open() */
	struct address_space *i_mapping;
	struct address_space i_data;
	struct semaphore i_sem;	/* serialises writes and truncates */
	void *i_private;	/* the file system's own state */
	struct pipe_inode_info *i_pipe;	/* FIFOs and pipes */
	/*
	 * Not a directory: a directory it is linked in, or NULL (unlinked
	 * there, or not known).  d_path uses it to name open files (the
	 * name column of /proc/PID/maps).  Not a reference: the file system
	 * clears it before the directory can go, since a directory is only
	 * removed when empty.
	 */
	struct inode *i_dir_hint;
	/*
	 * Not a directory, its last link removed while it was open or mapped:
	 * the name it had, which d_path gives as "NAME (deleted)" as Linux
	 * does (fs/vfs_namespace.c sets it).  Freed with the inode.
	 */
	char *i_deleted_name;
	/* F_SEAL_* of a ramfs regular file (compat/memfd.h). */
	unsigned int i_seals;
	/* Writeback (fs/fs_writeback.h): I_DIRTY_* bits, when the inode
	 * went dirty (jiffies), and its place on the dirty list. */
	unsigned int i_state;
	u32 dirtied_when;
	struct list_head i_wb_list;
	/* The inode cache: its hash chain (empty: not hashed, never cached)
	 * and, at i_count 0, its place on the unused list, oldest first. */
	struct list_head i_hash;
	struct list_head i_lru;
};

void inode_cache_init(void);
/* A new inode of sb with i_count 1, i_nlink 1, times now. */
struct inode *new_inode(struct super_block *sb, umode_t mode);
/* A new inode in dir (NULL: a root) belongs to the caller's fsuid and to
 * its fsgid, or to dir's group when dir is set-group-ID (a directory then
 * inherits the bit; a file keeps it only if the caller is in the group). */
void inode_init_owner(struct inode *inode, const struct inode *dir,
		      umode_t mode);
struct inode *igrab(struct inode *inode);
void iput(struct inode *inode);
/* Drop the inode when unreferenced and unlinked (ramfs and most others). */
bool generic_drop_inode(struct inode *inode);
void inode_getattr(struct inode *inode, struct kstat *st);
/* Wall-clock time for inode stamps. */
struct timespec current_time(void);
void inode_touch_mtime(struct inode *inode);	/* mtime = ctime = now */
unsigned long nr_inodes(void);
/* Inodes kept unused in the cache (/proc/sys/fs/inode-nr). */
unsigned long nr_unused_inodes(void);
/* The cached inode (sb, ino), referenced, or NULL. */
struct inode *ilookup(struct super_block *sb, unsigned long ino);
/* Make inode findable by ilookup; its last iput then keeps it cached
 * while drop_inode says so. */
void insert_inode_hash(struct inode *inode);
/* Evict up to nr unused inodes, oldest first, that are clean and whose
 * pages all go (clean, unmapped, idle); returns how many went. */
unsigned long prune_icache(unsigned long nr);
/* Unmount: evict every unused inode of sb, written back or not. */
void evict_inodes(struct super_block *sb);

struct super_block *sget_nodev(struct file_system_type *type,
			       const struct super_operations *ops);
void kill_anon_super(struct super_block *sb);

#endif
