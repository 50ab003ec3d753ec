/*
 * fs/ext2/ext2.h - the second extended file system: its on-disk format,
 * as e2fsprogs and Linux define it, and Mapback's in-memory state.
 *
 * The disk is cut into blocks of 1, 2 or 4 KiB (1024 << s_log_block_size),
 * and the blocks into groups of s_blocks_per_group.  Block 0 of a 1 KiB
 * file system is the boot block, so there s_first_data_block is 1 and
 * group g starts at block 1 + g * s_blocks_per_group:
 *
 *  byte 0     1024         2048 (1 KiB blocks)
 *  | boot     | superblock | group descriptors | block  | inode  | inode  | data
 *  | block    | (1024 B)   | (32 B per group)  | bitmap | bitmap | table  | blocks
 *             \______________________ group 0 ______________________________...
 *
 * Every group has its bitmaps and its part of the inode table; only some
 * carry a copy of the superblock and descriptors (with sparse_super:
 * groups 0, 1 and the powers of 3, 5 and 7).  Inode n (from 1) lives in
 * group (n - 1) / s_inodes_per_group, at index (n - 1) % s_inodes_per_group
 * of that group's inode table, s_inode_size bytes each.  Inode 2 is the
 * root directory; inodes below s_first_ino are reserved.
 *
 * Integers are little-endian on disk, as on the i386: the structures
 * below are read in place.
 */
#ifndef FS_EXT2_EXT2_H
#define FS_EXT2_EXT2_H

#include "fs/buffer_head.h"
#include "fs/inode.h"
#include "fs/jbd/jbd.h"
#include "kernel/list.h"
#include "kernel/sched/semaphore.h"
#include "kernel/types.h"

#define EXT2_SUPER_MAGIC 0xEF53
#define EXT2_SUPERBLOCK_OFFSET 1024 /* bytes from the device's start */
#define EXT2_MIN_BLOCK_LOG_SIZE 10
#define EXT2_MAX_BLOCK_LOG_SIZE 12 /* a block must fit in a page */
#define EXT2_ROOT_INO 2
#define EXT2_GOOD_OLD_REV 0
#define EXT2_DYNAMIC_REV 1
#define EXT2_GOOD_OLD_FIRST_INO 11
#define EXT2_GOOD_OLD_INODE_SIZE 128

/* Features: an unknown compat one is ignored, an unknown ro_compat one
 * only allows a read-only mount, an unknown incompat one no mount. */
#define EXT2_FEATURE_COMPAT_DIR_PREALLOC 0x0001
#define EXT3_FEATURE_COMPAT_HAS_JOURNAL 0x0004
#define EXT2_FEATURE_COMPAT_EXT_ATTR 0x0008
#define EXT2_FEATURE_COMPAT_RESIZE_INO 0x0010
#define EXT2_FEATURE_COMPAT_DIR_INDEX 0x0020
#define EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER 0x0001
#define EXT2_FEATURE_RO_COMPAT_LARGE_FILE 0x0002
#define EXT2_FEATURE_INCOMPAT_FILETYPE 0x0002
#define EXT3_FEATURE_INCOMPAT_RECOVER 0x0004 /* the journal needs a replay */
#define EXT3_FEATURE_INCOMPAT_SUPP \
	(EXT2_FEATURE_INCOMPAT_FILETYPE | EXT3_FEATURE_INCOMPAT_RECOVER)
#define EXT3_JOURNAL_INO 8
#define EXT2_FEATURE_INCOMPAT_SUPP EXT2_FEATURE_INCOMPAT_FILETYPE
#define EXT2_FEATURE_RO_COMPAT_SUPP            \
	(EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER | \
	 EXT2_FEATURE_RO_COMPAT_LARGE_FILE)

/* The superblock, 1024 bytes at byte 1024 of the device. */
struct ext2_super_block {
	u32 s_inodes_count;
	u32 s_blocks_count;
	u32 s_r_blocks_count; /* reserved for the super user */
	u32 s_free_blocks_count;
	u32 s_free_inodes_count;
	u32 s_first_data_block; /* 1 for 1 KiB blocks, else 0 */
	u32 s_log_block_size; /* block size = 1024 << this */
	u32 s_log_frag_size;
	u32 s_blocks_per_group;
	u32 s_frags_per_group;
	u32 s_inodes_per_group;
	u32 s_mtime; /* last mount */
	u32 s_wtime; /* last write */
	u16 s_mnt_count;
	s16 s_max_mnt_count;
	u16 s_magic; /* EXT2_SUPER_MAGIC */
	u16 s_state; /* 1: cleanly unmounted, 2: errors found */
	u16 s_errors; /* what to do on an error */
	u16 s_minor_rev_level;
	u32 s_lastcheck;
	u32 s_checkinterval;
	u32 s_creator_os;
	u32 s_rev_level; /* 0: old format, 1: dynamic */
	u16 s_def_resuid;
	u16 s_def_resgid;
	/* EXT2_DYNAMIC_REV only: */
	u32 s_first_ino; /* first inode that is not reserved */
	u16 s_inode_size;
	u16 s_block_group_nr; /* the group this copy is in */
	u32 s_feature_compat;
	u32 s_feature_incompat;
	u32 s_feature_ro_compat;
	u8 s_uuid[16];
	char s_volume_name[16];
	char s_last_mounted[64];
	u32 s_algorithm_usage_bitmap;
	u8 s_prealloc_blocks;
	u8 s_prealloc_dir_blocks;
	u16 s_reserved_gdt_blocks; /* resize_inode's, after the descriptors */
	u8 s_journal_uuid[16]; /* ext3's journal fields, unused here */
	u32 s_journal_inum;
	u32 s_journal_dev;
	u32 s_last_orphan;
	u32 s_hash_seed[4]; /* dir_index's */
	u8 s_def_hash_version;
	u8 s_reserved_char_pad;
	u16 s_reserved_word_pad;
	u32 s_default_mount_opts;
	u32 s_first_meta_bg;
	u32 s_reserved[190];
};

/* A block group's descriptor; the table starts in the block after the
 * superblock's. */
struct ext2_group_desc {
	u32 bg_block_bitmap;
	u32 bg_inode_bitmap;
	u32 bg_inode_table; /* first block of the group's inode table */
	u16 bg_free_blocks_count;
	u16 bg_free_inodes_count;
	u16 bg_used_dirs_count;
	u16 bg_pad;
	u32 bg_reserved[3];
};

/* Block pointers of an inode: 12 direct, then one block of pointers, one
 * of pointers to such blocks, and one more level. */
#define EXT2_NDIR_BLOCKS 12
#define EXT2_IND_BLOCK 12
#define EXT2_DIND_BLOCK 13
#define EXT2_TIND_BLOCK 14
#define EXT2_N_BLOCKS 15

/* The first 128 bytes of an inode (a larger s_inode_size adds fields
 * this driver does not read). */
struct ext2_inode {
	u16 i_mode;
	u16 i_uid; /* low 16 bits */
	u32 i_size; /* low 32 bits */
	u32 i_atime;
	u32 i_ctime;
	u32 i_mtime;
	u32 i_dtime; /* when deleted */
	u16 i_gid; /* low 16 bits */
	u16 i_links_count;
	u32 i_blocks; /* 512-byte units, indirect blocks included */
	u32 i_flags;
	u32 i_osd1;
	u32 i_block[EXT2_N_BLOCKS]; /* or a fast symlink's target, or a
					 * device number */
	u32 i_generation;
	u32 i_file_acl; /* the extended attribute block */
	u32 i_size_high; /* large_file: a regular file's high 32 bits */
	u32 i_faddr;
	u8 l_i_frag;
	u8 l_i_fsize;
	u16 i_pad1;
	u16 l_i_uid_high;
	u16 l_i_gid_high;
	u32 l_i_reserved2;
};

/*
 * After the first 128 bytes of a larger inode, ext4's fields, of which
 * i_extra_isize bytes are in use: here the nanoseconds of the three times
 * (nsec << 2; the two low bits, which carry the seconds past 2038, stay
 * 0).  Linux's ext4 driver, which mounts ext2 in Debian, keeps them, and
 * a new inode gets EXT2_WANT_EXTRA_ISIZE, as Linux gives it.
 */
struct ext2_inode_extra {
	u16 i_extra_isize;
	u16 i_checksum_hi;
	u32 i_ctime_extra;
	u32 i_mtime_extra;
	u32 i_atime_extra;
};
#define EXT2_WANT_EXTRA_ISIZE 32

/* A directory entry; entries tile each block, rec_len apart. */
struct ext2_dir_entry_2 {
	u32 inode; /* 0: an unused record */
	u16 rec_len; /* to the next entry, a multiple of 4 */
	u8 name_len;
	u8 file_type; /* EXT2_FT_*, with the filetype feature */
	char name[]; /* not NUL-terminated */
};

/* Links of an inode, and so subdirectories of a directory (2 + them). */
#define EXT2_LINK_MAX 32000

#define EXT2_DIR_PAD 4
#define EXT2_DIR_REC_LEN(name_len) \
	(((name_len) + 8 + EXT2_DIR_PAD - 1) & ~(EXT2_DIR_PAD - 1))

enum {
	EXT2_FT_UNKNOWN,
	EXT2_FT_REG_FILE,
	EXT2_FT_DIR,
	EXT2_FT_CHRDEV,
	EXT2_FT_BLKDEV,
	EXT2_FT_FIFO,
	EXT2_FT_SOCK,
	EXT2_FT_SYMLINK,
	EXT2_FT_MAX
};

/* A mounted ext2: super_block.s_fs_info. */
struct ext2_sb_info {
	struct buffer_head *s_sbh; /* the superblock's buffer, held */
	struct ext2_super_block *s_es; /* inside it */
	struct buffer_head **s_group_desc; /* the descriptor blocks, held */
	unsigned long s_gdb_count;
	unsigned long s_groups_count;
	unsigned long s_desc_per_block;
	unsigned long s_inodes_per_block;
	unsigned long s_itb_per_group; /* inode table blocks per group */
	unsigned int s_inode_size;
	unsigned long s_first_ino;
	/* The inodes in memory, each once (ext2_iget). */
	struct list_head s_inodes;
	struct semaphore s_inodes_sem;
	/* Serialises allocation: the bitmaps, the descriptors' and the
	 * superblock's free counts (balloc.c, ialloc.c). */
	struct semaphore s_lock;
	unsigned long s_mount_opt; /* EXT2_MOUNT_* */
	u16 s_mount_state; /* s_state as found at mount */
	/* ext3: the journal (fs/jbd), loaded while the mount is read-write. */
	struct journal *s_journal;
	unsigned long s_commit_interval; /* commit=, jiffies; 0: default */
};

/* s_state */
#define EXT2_VALID_FS 0x0001 /* cleanly unmounted */
#define EXT2_ERROR_FS 0x0002 /* errors detected */
/* s_errors, and the errors= mount option */
#define EXT2_ERRORS_CONTINUE 1
#define EXT2_ERRORS_RO 2
#define EXT2_ERRORS_PANIC 3
/* s_mount_opt: what to do on an error (one of them is set) */
#define EXT2_MOUNT_ERRORS_CONT 0x0010
#define EXT2_MOUNT_ERRORS_RO 0x0020
#define EXT2_MOUNT_ERRORS_PANIC 0x0040

/* An ext2 inode in memory: inode.i_private. */
struct ext2_inode_info {
	u32 i_data[EXT2_N_BLOCKS]; /* the block pointers, as on disk */
	u32 i_file_acl;
	u32 i_dtime;
	u32 i_block_group; /* the inode's group: where its blocks go first */
	/* Guards i_data and the indirect blocks while blocks are mapped,
	 * allocated or freed; taken after the page lock, before s_lock. */
	struct semaphore i_map_sem;
	struct list_head i_list; /* on s_inodes */
	struct inode *vfs_inode;
};

static inline struct ext2_sb_info *EXT2_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static inline struct ext2_inode_info *EXT2_I(struct inode *inode)
{
	return inode->i_private;
}

/* super.c */
/* Report a corrupt image: "EXT2-fs (hdc1): error: FUNC: ..." */
void ext2_error(struct super_block *sb, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool ext2_block_valid(struct super_block *sb, u32 block);
/* A new read-only superblock of the ext2 on bdev (mount(2) finds bdev
 * by its node; the ktests give a RAM disk); NULL with *err set.  The
 * type's kill_sb ends it. */
struct super_block *ext2_mount_bdev(struct block_device *bdev, int *err);
/* Write the superblock (and with sync, wait for it): free counts, times,
 * state. */
int ext2_sync_super(struct super_block *sb, bool sync);

/* balloc.c */
/* Group `group`'s descriptor, inside a held descriptor block (*bhp, not
 * referenced again: the mount holds it); NULL past the last group. */
struct ext2_group_desc *ext2_get_group_desc(struct super_block *sb,
					    unsigned long group,
					    struct buffer_head **bhp);
/* Does the group hold a copy of the superblock and descriptors? */
bool ext2_bg_has_super(struct super_block *sb, unsigned long group);
/* A free data block, as near `goal` as can be (goal's group first, then
 * the next groups), marked in use in its bitmap, its group's and the
 * superblock's free counts, and counted in inode->i_blocks; 0 with
 * *err = -ENOSPC (the reserved blocks are root's) or -EIO.  The block's
 * contents are whatever the disk has. */
u32 ext2_new_block(struct inode *inode, u32 goal, int *err);
/* Give back count blocks from `block` (bitmap, counts, inode->i_blocks);
 * a range that touches metadata or a block already free is reported with
 * ext2_error. */
void ext2_free_blocks(struct inode *inode, u32 block, unsigned long count);
/* The blocks of group `group` that hold no data: superblock and
 * descriptor copies, reserved descriptor blocks, bitmaps, inode table. */
bool ext2_is_metadata(struct super_block *sb, unsigned long group, u32 block);

/* inode.c */
/* Inode ino's bytes on disk, in a held buffer; NULL on an I/O error. */
struct ext2_inode *ext2_get_inode(struct super_block *sb, unsigned long ino,
				  struct buffer_head **bhp);
/* The referenced in-memory inode ino: -EFSCORRUPTED for an inode number
 * out of range, a deleted inode, or one whose block pointers are bad. */
int ext2_iget(struct super_block *sb, unsigned long ino, struct inode **res);
void ext2_evict_inode(struct inode *inode);
/* File block iblock -> disk block in *pblock (0: a hole); -EIO when a
 * pointer on the way is corrupt or unreadable.  With create, a hole is
 * filled: the data block (contents undefined: the caller writes it all
 * or zeroes it) and any missing indirect block (zeroed) are allocated,
 * i_blocks grows; -ENOSPC, -EFBIG past the triple indirect block. */
int ext2_get_block(struct inode *inode, u32 iblock, u32 *pblock, int create);
/* Copy the in-memory inode into its inode table block and mark that
 * dirty; with sync, write it and wait (-EIO). */
int ext2_write_inode(struct inode *inode, bool sync);
/* Set i_size to size: blocks past it are freed (partial indirect blocks
 * trimmed), the tail of the last page zeroed; the inode is written.
 * Caller holds i_sem. */
int ext2_truncate(struct inode *inode, loff_t size);
/* The largest file the block map (and i_blocks) can describe. */
loff_t ext2_max_size(struct super_block *sb);
/* Write the inode's dirty pages and wait, then copy the inode into its
 * table block (the device's writeback, or sync_blockdev, writes that). */
int ext2_sync_inode(struct inode *inode);
/* The last reference went: write it back, or delete it if it has no
 * link left (blocks freed, i_dtime set, the inode number freed). */
void ext2_drop_inode_data(struct inode *inode);
int ext2_readpage(struct file *file, struct page *page);
/* Write a locked dirty page to its blocks (a.k.a. a_ops->writepage). */
int ext2_writepage(struct page *page);
extern const struct address_space_operations ext2_aops;

/* ialloc.c */
/* A new inode of mode in dir (a directory goes to a group with more free
 * inodes and blocks than the average, anything else near its parent),
 * referenced, owned as inode_init_owner says, links 1, times now, written
 * back with the bitmap and counts; NULL with *err -ENOSPC or -EIO. */
struct inode *ext2_new_inode(struct inode *dir, umode_t mode, dev_t rdev,
			     int *err);
/* Give the deleted inode's number back (bitmap, counts). */
void ext2_free_inode(struct inode *inode);
/* The group for a new directory, or for another inode whose parent is in
 * group parent; -1 if no group has a free inode.  Bit of map in
 * [start, end) that is clear, or -1.  (For ialloc_test.c.) */
long ext2_find_group_dir(struct super_block *sb);
long ext2_find_group_other(struct super_block *sb, unsigned long parent);
long ext2_find_free_bit(const u8 *map, unsigned long start, unsigned long end);

/* journal.c: ext3, the journal of a file system with has_journal. */
/* Find the journal (inode 8), replay it if it needs it, keep it in
 * s_journal; 0 when the file system has none. */
int ext3_load_journal(struct super_block *sb);
/* A read-write mount begins or ends (needs_recovery set or cleared by
 * the caller, who writes the superblock). */
int ext3_journal_writable(struct super_block *sb);
int ext3_journal_readonly(struct super_block *sb);
/* Everything so far committed (fsync, sync). */
int ext3_force_commit(struct super_block *sb);
/* A handle on the journal of a read-write mount; NULL without one, or an
 * ERR_PTR (with try: -EAGAIN rather than waiting for a commit). */
handle_t *ext3_journal_start(struct super_block *sb, bool try);
void ext3_journal_stop(handle_t *h);
/* The freed block may have copies in the log: revoke them. */
void ext3_forget(struct super_block *sb, u32 block);

/* dir.c */
/* A directory's record found by a walk: its block held in bh (release
 * with brelse, or hand it to the call that changes the record). */
struct ext2_dir_pos {
	struct buffer_head *bh;
	u32 n; /* the block of the directory */
	struct ext2_dir_entry_2 *de; /* the record */
	struct ext2_dir_entry_2 *prev; /* the one before it in the block */
};

extern const struct file_operations ext2_dir_operations;
/* The inode number of name in dir, 0 if none, or -EIO. */
long ext2_inode_by_name(struct inode *dir, const struct qstr *name);
/* name's record in *pos, or -ENOENT, -EIO. */
int ext2_find_entry(struct inode *dir, const struct qstr *name,
		    struct ext2_dir_pos *pos);
/* Add the record name -> inode to dir (which grows by a block when no
 * record has room); dir's mtime and ctime change. */
int ext2_add_link(struct inode *dir, const struct qstr *name,
		  struct inode *inode);
/* Remove the record at pos (found by ext2_find_entry, its buffer given
 * up here); dir's mtime and ctime change. */
int ext2_delete_entry(struct inode *dir, struct ext2_dir_pos *pos);
/* Point the record at pos at inode (buffer given up), with the file type;
 * update_times: dir's mtime and ctime change. */
int ext2_set_link(struct inode *dir, struct ext2_dir_pos *pos,
		  struct inode *inode, bool update_times);
/* Give the new directory inode its first block: "." and "..". */
int ext2_make_empty(struct inode *inode, struct inode *parent);
/* 0 if the directory holds only "." and "..", -ENOTEMPTY, -EIO. */
int ext2_empty_dir(struct inode *inode);
/* The ".." record of dir in *pos; -EIO if it has none. */
int ext2_dotdot(struct inode *dir, struct ext2_dir_pos *pos);

/* namei.c */
extern const struct inode_operations ext2_dir_inode_operations;

/* file.c */
/* fsync of a file or directory: the inode, and the device's dirty
 * buffers (directory blocks, bitmaps, inode tables). */
int ext2_fsync(struct file *file, bool datasync);
/* lseek, with SEEK_DATA and SEEK_HOLE from the block map. */
loff_t ext2_llseek(struct file *file, loff_t off, int whence);
extern const struct file_operations ext2_file_operations;
extern const struct inode_operations ext2_file_inode_operations;
extern const struct inode_operations ext2_symlink_inode_operations;

#endif
