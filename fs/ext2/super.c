/*
 * fs/ext2/super.c - mounting an ext2 file system from a block device.
 *
 * mount(2) names a block device node; ext2_get_sb claims the device,
 * opens its page cache (fs/block_dev.c) and reads the superblock and the
 * group descriptors through buffer heads, which stay held (and so in
 * memory) until the last mount of it goes.  A second mount of a device
 * already mounted shares its superblock, as Linux's does.
 *
 * Every check of the image that fails is printed and refuses the mount
 * with -EINVAL, Linux's answer; nothing a disk holds may stop the kernel.
 *
 * Read-write (ext2_remount_fs, at the first mount and at MS_REMOUNT):
 *
 *   ro -> rw   s_state loses EXT2_VALID_FS (a crash now leaves the disk
 *              "not clean" for e2fsck), s_mnt_count++, s_mtime; written
 *              and waited for before anything else changes
 *   rw -> ro,  every inode's dirty pages and the inode itself, then the
 *   umount     device's dirty blocks (bitmaps, descriptors, inode
 *              tables, indirect blocks), then s_state as found at mount
 *              (clean unless errors were seen), written and waited for
 *
 * An error found on a read-write mount marks s_state EXT2_ERROR_FS and
 * does what errors= (default: the superblock's s_errors) says: continue,
 * remount read-only (every change is EROFS from then on) or panic.
 */
#include "fs/block_dev.h"
#include "fs/ext2/ext2.h"
#include "fs/mount.h"
#include "fs/super.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "mm/phys/slab.h"

_Static_assert(sizeof(struct ext2_super_block) == 1024, "superblock");
_Static_assert(sizeof(struct ext2_group_desc) == 32, "group descriptor");
_Static_assert(sizeof(struct ext2_inode) == 128, "inode");

static struct file_system_type ext2_fs_type, ext3_fs_type;

void ext2_error(struct super_block *sb, const char *func, const char *fmt, ...)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printk_ratelimited(KERN_CRIT "EXT2-fs (%s): error: %s: %s\n", sb->s_id,
			   func, msg);
	if (sb->s_flags & MS_RDONLY)
		return;
	sbi->s_mount_state |= EXT2_ERROR_FS;
	sbi->s_es->s_state |= EXT2_ERROR_FS;
	ext2_sync_super(sb, true);
	if (sbi->s_mount_opt & EXT2_MOUNT_ERRORS_PANIC)
		panic("EXT2-fs (%s): panic forced after error", sb->s_id);
	if (sbi->s_mount_opt & EXT2_MOUNT_ERRORS_RO) {
		printk(KERN_CRIT "EXT2-fs (%s): error: remounting filesystem "
				 "read-only\n",
		       sb->s_id);
		sb->s_flags |= MS_RDONLY;
	}
}

int ext2_sync_super(struct super_block *sb, bool sync)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	sbi->s_es->s_wtime = get_seconds();
	mark_buffer_dirty(sbi->s_sbh);
	return sync ? sync_dirty_buffer(sbi->s_sbh) : 0;
}

/* Every inode in memory written back, then the device's dirty blocks. */
static int sync_all(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_inode_info *ei;
	int err = 0, e;

	if (sbi->s_journal) /* the commit writes the inodes itself */
		return ext3_force_commit(sb);
	down(&sbi->s_inodes_sem);
	list_for_each_entry(ei, &sbi->s_inodes, i_list) {
		e = ext2_sync_inode(ei->vfs_inode);
		err = err ? err : e;
	}
	up(&sbi->s_inodes_sem);
	e = ext2_sync_super(sb, false);
	err = err ? err : e;
	e = sync_blockdev(sb->s_bdev);
	if (e)
		ext2_error(sb, "ext2_sync_fs", "IO error syncing metadata");
	return err ? err : e;
}

static void ext2_iterate_inodes(struct super_block *sb,
				void (*fn)(struct inode *inode, void *arg),
				void *arg)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_inode_info *ei;

	down(&sbi->s_inodes_sem);
	list_for_each_entry(ei, &sbi->s_inodes, i_list)
		fn(ei->vfs_inode, arg);
	up(&sbi->s_inodes_sem);
}

static int ext2_sync_fs(struct super_block *sb, bool wait)
{
	(void)wait;
	if (sb->s_flags & MS_RDONLY)
		return 0;
	return sync_all(sb);
}

/* A block a pointer may name: past the superblock's, inside the disk. */
bool ext2_block_valid(struct super_block *sb, u32 block)
{
	struct ext2_super_block *es = EXT2_SB(sb)->s_es;

	return block > es->s_first_data_block && block < es->s_blocks_count;
}

/* statfs as Linux's ext2: the blocks minus the metadata of each group. */
static void ext2_statfs(struct super_block *sb, struct kstatfs *buf)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long overhead = es->s_first_data_block, g;
	u64 fsid;

	for (g = 0; g < sbi->s_groups_count; g++)
		if (ext2_bg_has_super(sb, g))
			overhead += 1 + sbi->s_gdb_count;
	overhead += sbi->s_groups_count * (2 + sbi->s_itb_per_group);
	buf->f_type = EXT2_SUPER_MAGIC;
	buf->f_bsize = sb->s_blocksize;
	buf->f_frsize = sb->s_blocksize;
	buf->f_blocks = es->s_blocks_count - overhead;
	buf->f_bfree = es->s_free_blocks_count;
	buf->f_bavail = buf->f_bfree > es->s_r_blocks_count ?
				buf->f_bfree - es->s_r_blocks_count :
				0;
	buf->f_files = es->s_inodes_count;
	buf->f_ffree = es->s_free_inodes_count;
	buf->f_namelen = NAME_MAX;
	memcpy(&fsid, es->s_uuid, 8);
	fsid ^= *(u64 *)(es->s_uuid + 8);
	buf->f_fsid[0] = (u32)fsid;
	buf->f_fsid[1] = (u32)(fsid >> 32);
}

/*
 * The last reference went: an inode with links stays in the inode cache
 * (fs/inode.c) with its pages, for the flusher to write; one without is
 * deleted on a read-write mount, and freed.  s_inodes_sem keeps
 * ext2_iget from finding it meanwhile, or makes it wait; one that found
 * it before keeps it.
 */
static bool ext2_drop_inode(struct inode *inode)
{
	struct ext2_sb_info *sbi = EXT2_SB(inode->i_sb);
	struct ext2_inode_info *ei = EXT2_I(inode);
	/* Before s_inodes_sem, which a commit's ordered data takes. */
	handle_t *h = ext3_journal_start(inode->i_sb, false);
	bool drop;

	down(&sbi->s_inodes_sem);
	drop = !inode->i_count &&
	       (!inode->i_nlink || list_empty(&ei->i_list));
	/* Off the list: ext2_iget could not read it, there is nothing to
	 * write back or delete. */
	if (drop && !(inode->i_sb->s_flags & MS_RDONLY) &&
	    !list_empty(&ei->i_list) && !IS_ERR(h))
		ext2_drop_inode_data(inode);
	if (drop && !list_empty(&ei->i_list))
		list_del_init(&ei->i_list);
	up(&sbi->s_inodes_sem);
	ext3_journal_stop(h);
	return drop;
}

/* ext2_iget (which allocates), sync_all and ext2_iterate_inodes hold
 * s_inodes_sem, and ext2_evict_inode takes it: a pruner evicts nothing
 * of sb while it is held, since it may be reclaim inside the holder. */
static bool ext2_can_prune(struct super_block *sb)
{
	struct semaphore *sem = &EXT2_SB(sb)->s_inodes_sem;

	if (down_trylock(sem))
		return false;
	up(sem);
	return true;
}

/* Options: ro, rw, errors=continue|remount-ro|panic (Linux's ext2);
 * ext3's commit=SECONDS. */
static int parse_options(struct super_block *sb, const char *data,
			 unsigned long *flags, unsigned long *opt)
{
	char word[32];

	while (data && *data) {
		const char *end = strchr(data, ',');
		size_t len = end ? (size_t)(end - data) : strlen(data);

		if (len >= sizeof(word))
			len = sizeof(word) - 1;
		memcpy(word, data, len);
		word[len] = 0;
		data = end ? end + 1 : NULL;
		if (!strcmp(word, "ro"))
			*flags |= MS_RDONLY;
		else if (!strcmp(word, "rw"))
			*flags &= ~MS_RDONLY;
		else if (!strcmp(word, "errors=continue"))
			*opt = EXT2_MOUNT_ERRORS_CONT;
		else if (!strcmp(word, "errors=remount-ro"))
			*opt = EXT2_MOUNT_ERRORS_RO;
		else if (!strcmp(word, "errors=panic"))
			*opt = EXT2_MOUNT_ERRORS_PANIC;
		else if (sb->s_type == &ext3_fs_type &&
			 !strncmp(word, "commit=", 7) && word[7] >= '0' &&
			 word[7] <= '9')
			EXT2_SB(sb)->s_commit_interval =
				simple_strtoul(word + 7, NULL, 10) * HZ;
		else if (*word) {
			printk(KERN_ERR "EXT2-fs (%s): Unrecognized mount "
					"option \"%s\" or missing value\n",
			       sb->s_id, word);
			return -EINVAL;
		}
	}
	return 0;
}

static unsigned long default_errors(struct ext2_super_block *es)
{
	if (es->s_errors == EXT2_ERRORS_PANIC)
		return EXT2_MOUNT_ERRORS_PANIC;
	if (es->s_errors == EXT2_ERRORS_RO)
		return EXT2_MOUNT_ERRORS_RO;
	return EXT2_MOUNT_ERRORS_CONT;
}

/* ro -> rw: the disk is "not clean" until the last read-write user goes. */
static int make_writable(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	u32 bad = es->s_rev_level ?
			  es->s_feature_ro_compat & ~EXT2_FEATURE_RO_COMPAT_SUPP :
			  0;
	int err;

	if (bad) {
		printk(KERN_ERR "EXT2-fs (%s): error: couldn't mount RDWR "
				"because of unsupported optional features "
				"(%x)\n",
		       sb->s_id, bad);
		return -EROFS;
	}
	sbi->s_mount_state = es->s_state;
	if (!(sbi->s_mount_state & EXT2_VALID_FS))
		printk(KERN_WARNING "EXT2-fs (%s): warning: mounting unchecked "
				    "fs, running e2fsck is recommended\n",
		       sb->s_id);
	else if (sbi->s_mount_state & EXT2_ERROR_FS)
		printk(KERN_WARNING "EXT2-fs (%s): warning: mounting fs with "
				    "errors, running e2fsck is recommended\n",
		       sb->s_id);
	err = ext3_journal_writable(sb);
	if (err)
		return err;
	if (sbi->s_journal)
		es->s_feature_incompat |= EXT3_FEATURE_INCOMPAT_RECOVER;
	es->s_state &= ~EXT2_VALID_FS;
	es->s_mnt_count++;
	es->s_mtime = get_seconds();
	sb->s_flags &= ~MS_RDONLY;
	return ext2_sync_super(sb, true);
}

/* rw -> ro: everything on the disk, and s_state as it was found. */
static int make_readonly(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	int err = sync_all(sb), e;

	/* ext3: committed, home, and the log empty: nothing to recover. */
	e = ext3_journal_readonly(sb);
	err = err ? err : e;
	if (!err)
		sbi->s_es->s_feature_incompat &= ~EXT3_FEATURE_INCOMPAT_RECOVER;
	sbi->s_es->s_state = sbi->s_mount_state;
	e = ext2_sync_super(sb, true);
	sb->s_flags |= MS_RDONLY;
	return err ? err : e;
}

static int ext2_remount_fs(struct super_block *sb, unsigned long flags,
			   const char *data)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long opt = sbi->s_mount_opt ? sbi->s_mount_opt :
					       default_errors(sbi->s_es);
	int err = parse_options(sb, data, &flags, &opt);

	if (err)
		return err;
	if ((flags & MS_RDONLY) && !(sb->s_flags & MS_RDONLY))
		err = make_readonly(sb);
	else if (!(flags & MS_RDONLY) && (sb->s_flags & MS_RDONLY))
		err = make_writable(sb);
	if (!err)
		sbi->s_mount_opt = opt;
	return err;
}

static const struct super_operations ext2_sops = {
	.drop_inode = ext2_drop_inode,
	.destroy_inode = ext2_evict_inode,
	.statfs = ext2_statfs,
	.write_inode = ext2_write_inode,
	.sync_fs = ext2_sync_fs,
	.remount_fs = ext2_remount_fs,
	.iterate_inodes = ext2_iterate_inodes,
	.can_prune = ext2_can_prune,
};

/* The checks of Linux's ext2_fill_super that keep the rest safe. */
static int check_super(struct super_block *sb, struct ext2_super_block *es,
		       sector_t dev_bytes)
{
	u32 bad;

	if (es->s_magic != EXT2_SUPER_MAGIC) {
		printk(KERN_ERR "EXT2-fs (%s): error: can't find an ext2 "
				"filesystem on dev %s.\n",
		       sb->s_id, sb->s_id);
		return -EINVAL;
	}
	if (es->s_rev_level > EXT2_DYNAMIC_REV) {
		printk(KERN_ERR "EXT2-fs (%s): error: revision level %u "
				"unknown\n",
		       sb->s_id, es->s_rev_level);
		return -EINVAL;
	}
	bad = es->s_rev_level ?
		      es->s_feature_incompat &
			      ~(sb->s_type == &ext3_fs_type ?
					EXT3_FEATURE_INCOMPAT_SUPP :
					EXT2_FEATURE_INCOMPAT_SUPP) :
		      0;
	if (bad) {
		printk(KERN_ERR "EXT2-fs (%s): error: couldn't mount because "
				"of unsupported optional features (%x)\n",
		       sb->s_id, bad);
		return -EINVAL;
	}
	if (sb->s_type == &ext3_fs_type &&
	    !(es->s_feature_compat & EXT3_FEATURE_COMPAT_HAS_JOURNAL)) {
		printk(KERN_ERR "EXT3-fs (%s): error: couldn't mount as ext3 "
				"due to feature incompatibilities\n",
		       sb->s_id);
		return -EINVAL;
	}
	if (es->s_log_block_size >
	    EXT2_MAX_BLOCK_LOG_SIZE - EXT2_MIN_BLOCK_LOG_SIZE) {
		printk(KERN_ERR "EXT2-fs (%s): error: unsupported blocksize "
				"%u KiB\n",
		       sb->s_id,
		       1u << (es->s_log_block_size > 20 ?
				      20 :
				      es->s_log_block_size));
		return -EINVAL;
	}
	if (!es->s_blocks_count ||
	    es->s_first_data_block >= es->s_blocks_count ||
	    (u64)es->s_blocks_count << (10 + es->s_log_block_size) >
		    dev_bytes) {
		printk(KERN_ERR "EXT2-fs (%s): error: bad geometry: %u blocks "
				"of %u bytes on a device of %llu bytes\n",
		       sb->s_id, es->s_blocks_count,
		       1024u << es->s_log_block_size, dev_bytes);
		return -EINVAL;
	}
	return 0;
}

/* The values derived from the superblock, checked against each other. */
static int setup_geometry(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long bs = sb->s_blocksize;

	if (es->s_rev_level == EXT2_GOOD_OLD_REV) {
		sbi->s_inode_size = EXT2_GOOD_OLD_INODE_SIZE;
		sbi->s_first_ino = EXT2_GOOD_OLD_FIRST_INO;
	} else {
		sbi->s_inode_size = es->s_inode_size;
		sbi->s_first_ino = es->s_first_ino;
	}
	if (sbi->s_inode_size < EXT2_GOOD_OLD_INODE_SIZE ||
	    sbi->s_inode_size > bs ||
	    (sbi->s_inode_size & (sbi->s_inode_size - 1))) {
		printk(KERN_ERR "EXT2-fs (%s): error: unsupported inode size: "
				"%u\n",
		       sb->s_id, sbi->s_inode_size);
		return -EINVAL;
	}
	if (!es->s_blocks_per_group || es->s_blocks_per_group > bs * 8 ||
	    !es->s_inodes_per_group || es->s_inodes_per_group > bs * 8 ||
	    sbi->s_first_ino <= EXT2_ROOT_INO ||
	    sbi->s_first_ino > es->s_inodes_count) {
		printk(KERN_ERR "EXT2-fs (%s): error: bad group geometry: %u "
				"blocks, %u inodes per group\n",
		       sb->s_id, es->s_blocks_per_group,
		       es->s_inodes_per_group);
		return -EINVAL;
	}
	sbi->s_inodes_per_block = bs / sbi->s_inode_size;
	sbi->s_itb_per_group = es->s_inodes_per_group / sbi->s_inodes_per_block;
	sbi->s_desc_per_block = bs / sizeof(struct ext2_group_desc);
	sbi->s_groups_count = (es->s_blocks_count - es->s_first_data_block +
			       es->s_blocks_per_group - 1) /
			      es->s_blocks_per_group;
	sbi->s_gdb_count = (sbi->s_groups_count + sbi->s_desc_per_block - 1) /
			   sbi->s_desc_per_block;
	if ((u64)sbi->s_groups_count * es->s_inodes_per_group !=
	    es->s_inodes_count) {
		printk(KERN_ERR "EXT2-fs (%s): error: inodes count %u is not "
				"%lu groups of %u\n",
		       sb->s_id, es->s_inodes_count, sbi->s_groups_count,
		       es->s_inodes_per_group);
		return -EINVAL;
	}
	return 0;
}

/* Read and hold the descriptor blocks; each group's inode table must lie
 * inside the group (Linux's ext2_check_descriptors). */
static int read_descriptors(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long i, g;

	sbi->s_group_desc = kzalloc(
		sbi->s_gdb_count * sizeof(*sbi->s_group_desc), GFP_KERNEL);
	if (!sbi->s_group_desc)
		return -ENOMEM;
	for (i = 0; i < sbi->s_gdb_count; i++) {
		sbi->s_group_desc[i] =
			sb_bread(sb, es->s_first_data_block + 1 + i);
		if (!sbi->s_group_desc[i]) {
			printk(KERN_ERR "EXT2-fs (%s): error: unable to read "
					"group descriptors\n",
			       sb->s_id);
			return -EIO;
		}
	}
	for (g = 0; g < sbi->s_groups_count; g++) {
		struct ext2_group_desc *gd = ext2_get_group_desc(sb, g, NULL);
		u64 first = es->s_first_data_block +
			    (u64)g * es->s_blocks_per_group;
		u64 last = first + es->s_blocks_per_group - 1;

		if (last >= es->s_blocks_count)
			last = es->s_blocks_count - 1;
		if (gd->bg_inode_table < first ||
		    gd->bg_inode_table + (u64)sbi->s_itb_per_group - 1 > last) {
			printk(KERN_ERR "EXT2-fs (%s): error: "
					"ext2_check_descriptors: Inode table "
					"for group %lu not in group (block "
					"%u)!\n",
			       sb->s_id, g, gd->bg_inode_table);
			return -EINVAL;
		}
	}
	return 0;
}

/* The superblock's buffer: block 1 of 1 KiB, else inside block 0. */
static int read_super(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	sector_t dev_bytes = sb->s_bdev->nr_sectors << SECTOR_SHIFT;
	struct buffer_head *bh;
	unsigned long bs;
	int err;

	bh = __bread(sb->s_bdev, 1, 1024);
	if (!bh) {
		printk(KERN_ERR "EXT2-fs (%s): error: unable to read "
				"superblock\n",
		       sb->s_id);
		return -EINVAL;
	}
	err = check_super(sb, (struct ext2_super_block *)bh->b_data, dev_bytes);
	bs = 1024ul
	     << ((struct ext2_super_block *)bh->b_data)->s_log_block_size;
	brelse(bh);
	if (err)
		return err;
	sb->s_blocksize = bs;
	sb->s_blocksize_bits = 10 + __builtin_ctz(bs / 1024);
	bh = sb_bread(sb, EXT2_SUPERBLOCK_OFFSET / bs);
	if (!bh)
		return -EIO;
	sbi->s_sbh = bh;
	sbi->s_es = (struct ext2_super_block *)(bh->b_data +
						EXT2_SUPERBLOCK_OFFSET % bs);
	/* Read again in the new block size: the same bytes, checked again. */
	err = check_super(sb, sbi->s_es, dev_bytes);
	if (!err && 1024ul << sbi->s_es->s_log_block_size != bs)
		err = -EINVAL;
	return err;
}

static int ext2_fill_super(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct inode *root;
	int err;

	err = read_super(sb);
	if (!err)
		err = setup_geometry(sb);
	if (!err)
		err = read_descriptors(sb);
	if (!err && sb->s_type == &ext3_fs_type)
		err = ext3_load_journal(sb);
	if (err)
		return err;
	err = ext2_iget(sb, EXT2_ROOT_INO, &root);
	if (err || !S_ISDIR(root->i_mode) || !root->i_size) {
		if (!err)
			iput(root);
		printk(KERN_ERR "EXT2-fs (%s): error: corrupt root inode, run "
				"e2fsck\n",
		       sb->s_id);
		return -EINVAL;
	}
	sb->s_root = root;
	sbi->s_mount_state = sbi->s_es->s_state;
	printk(KERN_INFO "EXT2-fs (%s): %lu-byte blocks, %lu groups\n",
	       sb->s_id, sb->s_blocksize, sbi->s_groups_count);
	return 0;
}

static void put_super(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long i;

	if (sbi->s_group_desc)
		for (i = 0; i < sbi->s_gdb_count; i++)
			brelse(sbi->s_group_desc[i]);
	kfree(sbi->s_group_desc);
	if (sbi->s_journal)
		journal_destroy(sbi->s_journal);
	brelse(sbi->s_sbh);
	kfree(sbi);
	/* What a mount that turned read-only on an error left dirty. */
	sync_blockdev(sb->s_bdev);
	sb->s_bdev->bd_super = NULL;
	blkdev_put(sb->s_bdev);
	blkdev_release(sb->s_bdev, sb);
	kfree(sb);
}

static struct super_block *new_super(struct block_device *bdev,
				     struct file_system_type *type, int *err)
{
	struct super_block *sb = kzalloc(sizeof(*sb), GFP_KERNEL);
	struct ext2_sb_info *sbi = kzalloc(sizeof(*sbi), GFP_KERNEL);

	if (!sb || !sbi) {
		kfree(sb);
		kfree(sbi);
		*err = -ENOMEM;
		return NULL;
	}
	*err = blkdev_claim(bdev, sb);
	if (!*err) {
		*err = blkdev_get(bdev);
		if (*err)
			blkdev_release(bdev, sb);
	}
	if (*err) {
		kfree(sb);
		kfree(sbi);
		return NULL;
	}
	sb->s_dev = MKDEV(bdev->major, bdev->minor);
	sb->s_type = type;
	sb->s_op = &ext2_sops;
	sb->s_magic = EXT2_SUPER_MAGIC;
	sb->s_flags = MS_RDONLY;
	sb->s_bdev = bdev;
	sb->s_fs_info = sbi;
	strlcpy(sb->s_id, bdev->name, sizeof(sb->s_id));
	INIT_LIST_HEAD(&sbi->s_inodes);
	sema_init(&sbi->s_inodes_sem, 1);
	sema_init(&sbi->s_lock, 1);
	bdev->bd_super = sb;
	return sb;
}

static struct super_block *mount_bdev(struct block_device *bdev,
				      struct file_system_type *type, int *err);

/* Called by do_mount with namespace_sem held. */
static struct super_block *ext2_get_sb(struct file_system_type *type,
				       const char *dev_name, int *err)
{
	struct block_device *bdev;

	*err = lookup_bdev(dev_name, &bdev);
	if (*err)
		return NULL;
	if (bdev->bd_super) {
		if (bdev->bd_super->s_type == type)
			return bdev->bd_super;
		*err = -EBUSY;
		return NULL;
	}
	return mount_bdev(bdev, type, err);
}

struct super_block *ext2_mount_bdev(struct block_device *bdev, int *err)
{
	return mount_bdev(bdev, &ext2_fs_type, err);
}

static struct super_block *mount_bdev(struct block_device *bdev,
				      struct file_system_type *type, int *err)
{
	struct super_block *sb = new_super(bdev, type, err);

	if (!sb)
		return NULL;
	*err = ext2_fill_super(sb);
	if (*err) {
		put_super(sb);
		return NULL;
	}
	return sb;
}

/* The last mount went; no inode but the root is in use any more. */
static void ext2_kill_sb(struct super_block *sb)
{
	iput(sb->s_root);
	if (!(sb->s_flags & MS_RDONLY) && make_readonly(sb))
		printk(KERN_ERR "EXT2-fs (%s): error: could not write "
				"everything back at unmount\n",
		       sb->s_id);
	evict_inodes(sb);
	if (!list_empty(&EXT2_SB(sb)->s_inodes))
		printk(KERN_ERR "EXT2-fs (%s): inodes still in use at "
				"unmount\n",
		       sb->s_id);
	put_super(sb);
}

static struct file_system_type ext2_fs_type = {
	.name = "ext2",
	.get_sb = ext2_get_sb,
	.kill_sb = ext2_kill_sb,
};

/* The same driver with the journal: the type Linux's ext3 mounts took. */
static struct file_system_type ext3_fs_type = {
	.name = "ext3",
	.get_sb = ext2_get_sb,
	.kill_sb = ext2_kill_sb,
};

void ext2_init(void)
{
	register_filesystem(&ext2_fs_type);
	register_filesystem(&ext3_fs_type);
}
