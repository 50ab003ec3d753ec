/*
 * fs/ext2/namei.c - the namespace operations of an ext2 directory:
 * lookup, mknod (files, directories, devices, FIFOs, sockets), symlink,
 * link, unlink, rmdir and rename.
 *
 * The VFS walks paths one component at a time (fs/namei.c) and asks the
 * directory's lookup for each; "." never comes here, ".." does and is an
 * entry of every ext2 directory.  The inode number found is checked by
 * ext2_iget: a number out of range or a deleted inode is corruption
 * (-EUCLEAN, Linux's EFSCORRUPTED), not a missing name.  A file found
 * here remembers the directory (i_dir_hint, a reference), so that
 * /proc/PID/maps and /proc/PID/fd can name it.
 *
 * The VFS (fs/vfs_namespace.c) has checked permissions, types, read-only
 * mounts and whether the new name exists, and holds namespace_sem.  Link
 * counts follow Linux's ext2: a directory has 2 + its subdirectories, at
 * most EXT2_LINK_MAX (EMLINK beyond).  An inode whose last link goes is
 * deleted (blocks and number freed) when its last reference goes, so an
 * open file outlives its unlink.  Each change is made in an order that
 * leaves no entry naming a free inode: the new entry after its inode,
 * the inode's link dropped after its entry.
 */
#include "fs/ext2/ext2.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"

static int ext2_lookup(struct inode *dir, const struct qstr *name,
		       struct inode **res)
{
	long ino;
	int err;

	if (name->len > NAME_MAX)
		return -ENAMETOOLONG;
	ino = ext2_inode_by_name(dir, name);
	if (ino < 0)
		return ino;
	if (!ino)
		return -ENOENT;
	err = ext2_iget(dir->i_sb, ino, res);
	/* d_path names an open file from a directory it was found in; the
	 * hint holds that directory until the file's inode goes. */
	if (!err && !S_ISDIR((*res)->i_mode) && !(*res)->i_dir_hint)
		(*res)->i_dir_hint = igrab(dir);
	return err;
}

/* i_dir_hint (a reference) names dir: point it elsewhere, or at nothing. */
static void move_hint(struct inode *inode, struct inode *dir, struct inode *to)
{
	if (S_ISDIR(inode->i_mode) || inode->i_dir_hint != dir)
		return;
	inode->i_dir_hint = to ? igrab(to) : NULL;
	iput(dir);
}

static int change_links(struct inode *inode, int delta)
{
	inode->i_nlink += delta;
	inode->i_ctime = current_time();
	return ext2_write_inode(inode, false);
}

/* The new inode could not be linked: it goes with its last reference. */
static void discard(struct inode *inode)
{
	inode->i_nlink = 0;
	ext2_write_inode(inode, false);
	iput(inode);
}

static int ext2_mkdir(struct inode *dir, const struct qstr *name, umode_t mode,
		      struct inode **res)
{
	struct inode *inode;
	int err;

	if (dir->i_nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	inode = ext2_new_inode(dir, mode, 0, &err);
	if (!inode)
		return err;
	inode->i_nlink = 2;
	err = ext2_make_empty(inode, dir);
	if (!err)
		err = ext2_add_link(dir, name, inode);
	if (err) {
		discard(inode);
		return err;
	}
	change_links(dir, 1);
	*res = inode;
	return 0;
}

static int ext2_mknod(struct inode *dir, const struct qstr *name, umode_t mode,
		      dev_t rdev, struct inode **res)
{
	struct inode *inode;
	int err;

	if (name->len > NAME_MAX)
		return -ENAMETOOLONG;
	if (S_ISDIR(mode))
		return ext2_mkdir(dir, name, mode, res);
	inode = ext2_new_inode(dir, mode, rdev, &err);
	if (!inode)
		return err;
	err = ext2_add_link(dir, name, inode);
	if (err) {
		discard(inode);
		return err;
	}
	inode->i_dir_hint = igrab(dir);
	*res = inode;
	return 0;
}

/* A slow symlink's target in its first block, written through the
 * device's buffers as directories are (ext2_readlink reads it there). */
static int write_slow_symlink(struct inode *inode, const char *target,
			      size_t len)
{
	struct buffer_head *bh;
	u32 pblock;
	int err = ext2_get_block(inode, 0, &pblock, 1);

	if (err)
		return err;
	bh = sb_bread(inode->i_sb, pblock);
	if (!bh)
		return -EIO;
	memset(bh->b_data, 0, bh->b_size);
	memcpy(bh->b_data, target, len);
	mark_buffer_dirty(bh);
	brelse(bh);
	inode->i_size = len;
	return ext2_write_inode(inode, false);
}

/* A target of 60 bytes or more goes in a block of its own (a slow
 * symlink), a shorter one in i_block (fast), as Linux decides. */
static int ext2_symlink(struct inode *dir, const struct qstr *name,
			const char *target)
{
	size_t len = strlen(target);
	struct ext2_inode_info *ei;
	struct inode *inode;
	int err;

	if (name->len > NAME_MAX)
		return -ENAMETOOLONG;
	if (len + 1 > dir->i_sb->s_blocksize)
		return -ENAMETOOLONG;
	inode = ext2_new_inode(dir, S_IFLNK | 0777, 0, &err);
	if (!inode)
		return err;
	ei = EXT2_I(inode);
	if (len < sizeof(ei->i_data)) {
		memcpy(ei->i_data, target, len);
		inode->i_size = len;
		err = ext2_write_inode(inode, false);
	} else {
		err = write_slow_symlink(inode, target, len);
	}
	if (!err)
		err = ext2_add_link(dir, name, inode);
	if (err) {
		discard(inode);
		return err;
	}
	inode->i_dir_hint = igrab(dir);
	iput(inode);
	return 0;
}

static int ext2_link(struct inode *old, struct inode *dir,
		     const struct qstr *name)
{
	int err;

	if (name->len > NAME_MAX)
		return -ENAMETOOLONG;
	if (old->i_nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	err = change_links(old, 1);
	if (!err)
		err = ext2_add_link(dir, name, old);
	if (err) {
		change_links(old, -1);
		return err;
	}
	if (!old->i_dir_hint)
		old->i_dir_hint = igrab(dir);
	return 0;
}

/* The referenced inode of the record at pos, which must be an empty
 * directory if it is one and `empty` asks (-ENOTEMPTY); on an error
 * pos's buffer is given up. */
static int entry_inode(struct inode *dir, struct ext2_dir_pos *pos, bool empty,
		       struct inode **res)
{
	int err = ext2_iget(dir->i_sb, pos->de->inode, res);

	if (!err && empty && S_ISDIR((*res)->i_mode)) {
		err = ext2_empty_dir(*res);
		if (err)
			iput(*res);
	}
	if (err)
		brelse(pos->bh);
	return err;
}

/* Remove name from dir; *res its referenced inode. */
static int remove_entry(struct inode *dir, const struct qstr *name, bool isdir,
			struct inode **res)
{
	struct ext2_dir_pos pos;
	struct inode *inode;
	int err = ext2_find_entry(dir, name, &pos);

	if (err)
		return err;
	err = entry_inode(dir, &pos, isdir, &inode);
	if (err)
		return err;
	err = ext2_delete_entry(dir, &pos);
	if (err) {
		iput(inode);
		return err;
	}
	*res = inode;
	return 0;
}

static int ext2_unlink(struct inode *dir, const struct qstr *name)
{
	struct inode *inode;
	int err = remove_entry(dir, name, false, &inode);

	if (err)
		return err;
	change_links(inode, -1);
	move_hint(inode, dir, NULL);
	iput(inode);
	return 0;
}

static int ext2_rmdir(struct inode *dir, const struct qstr *name)
{
	struct inode *inode;
	int err = remove_entry(dir, name, true, &inode);

	if (err)
		return err;
	inode->i_size = 0;
	change_links(inode, -(int)inode->i_nlink);
	change_links(dir, -1);
	iput(inode);
	return 0;
}

/* The existing new name's inode loses it (and, a directory, all). */
static int drop_target(struct inode *ndir, struct inode *victim)
{
	move_hint(victim, ndir, NULL);
	if (S_ISDIR(victim->i_mode)) {
		victim->i_size = 0;
		change_links(ndir, -1);
		return change_links(victim, -(int)victim->i_nlink);
	}
	return change_links(victim, -1);
}

/* Point nname in ndir at inode: the existing entry retargeted (its inode
 * dropped), or a new entry. */
static int place_new_name(struct inode *ndir, const struct qstr *nname,
			  struct inode *inode)
{
	struct ext2_dir_pos pos;
	struct inode *victim;
	int err = ext2_find_entry(ndir, nname, &pos);

	if (err == -ENOENT) {
		err = ext2_add_link(ndir, nname, inode);
		if (!err && S_ISDIR(inode->i_mode))
			change_links(ndir, 1);
		return err;
	}
	if (err)
		return err;
	err = entry_inode(ndir, &pos, true, &victim);
	if (err)
		return err;
	err = ext2_set_link(ndir, &pos, inode, true);
	if (!err) {
		/* The moved directory's link in ndir replaces the victim's. */
		if (S_ISDIR(inode->i_mode))
			change_links(ndir, 1);
		err = drop_target(ndir, victim);
	}
	iput(victim);
	return err;
}

static int ext2_rename(struct inode *odir, const struct qstr *oname,
		       struct inode *ndir, const struct qstr *nname)
{
	struct ext2_dir_pos opos, dotdot = { 0 };
	struct inode *inode;
	bool isdir;
	int err;

	if (nname->len > NAME_MAX)
		return -ENAMETOOLONG;
	err = ext2_find_entry(odir, oname, &opos);
	if (err)
		return err;
	err = ext2_iget(odir->i_sb, opos.de->inode, &inode);
	brelse(opos.bh);
	if (err)
		return err;
	isdir = S_ISDIR(inode->i_mode);
	/* Linux's vfs_rename checks s_max_links before the file system. */
	if (isdir && odir != ndir && ndir->i_nlink >= EXT2_LINK_MAX)
		err = -EMLINK;
	else if (isdir && odir != ndir)
		err = ext2_dotdot(inode, &dotdot);
	if (!err)
		err = place_new_name(ndir, nname, inode);
	if (err)
		goto out;
	/* Found again: the new name may have changed odir's block. */
	err = ext2_find_entry(odir, oname, &opos);
	if (!err)
		err = ext2_delete_entry(odir, &opos);
	if (err)
		goto out;
	inode->i_ctime = current_time();
	ext2_write_inode(inode, false);
	move_hint(inode, odir, ndir);
	if (dotdot.bh) {
		err = ext2_set_link(inode, &dotdot, ndir, false);
		dotdot.bh = NULL;
	}
	if (isdir) /* its ".." left odir */
		change_links(odir, -1);
out:
	brelse(dotdot.bh);
	iput(inode);
	return err;
}

/*
 * ext3: each operation is one handle, so a commit takes all of its
 * changes or none (fs/ext2/journal.c); without a journal the handle is
 * NULL and nothing changes.
 */
#define JOURNALLED(sb, call)                                       \
	({                                                         \
		handle_t *h_ = ext3_journal_start(sb, false);      \
		int err_ = IS_ERR(h_) ? (int)PTR_ERR(h_) : (call); \
		ext3_journal_stop(h_);                             \
		err_;                                              \
	})

static int ext3_mknod(struct inode *dir, const struct qstr *name, umode_t mode,
		      dev_t rdev, struct inode **res)
{
	return JOURNALLED(dir->i_sb, ext2_mknod(dir, name, mode, rdev, res));
}

static int ext3_symlink(struct inode *dir, const struct qstr *name,
			const char *target)
{
	return JOURNALLED(dir->i_sb, ext2_symlink(dir, name, target));
}

static int ext3_link(struct inode *old, struct inode *dir,
		     const struct qstr *name)
{
	return JOURNALLED(dir->i_sb, ext2_link(old, dir, name));
}

static int ext3_unlink(struct inode *dir, const struct qstr *name)
{
	return JOURNALLED(dir->i_sb, ext2_unlink(dir, name));
}

static int ext3_rmdir(struct inode *dir, const struct qstr *name)
{
	return JOURNALLED(dir->i_sb, ext2_rmdir(dir, name));
}

static int ext3_rename(struct inode *odir, const struct qstr *oname,
		       struct inode *ndir, const struct qstr *nname)
{
	return JOURNALLED(odir->i_sb, ext2_rename(odir, oname, ndir, nname));
}

const struct inode_operations ext2_dir_inode_operations = {
	.lookup = ext2_lookup,
	.mknod = ext3_mknod,
	.symlink = ext3_symlink,
	.link = ext3_link,
	.unlink = ext3_unlink,
	.rmdir = ext3_rmdir,
	.rename = ext3_rename,
};
