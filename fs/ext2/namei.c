/*
 * fs/ext2/namei.c - looking a name up in an ext2 directory.
 *
 * The VFS walks paths one component at a time (fs/namei.c) and asks the
 * directory's lookup for each; "." never comes here, ".." does and is an
 * entry of every ext2 directory.  The inode number found is checked by
 * ext2_iget: a number out of range or a deleted inode is corruption
 * (-EUCLEAN, Linux's EFSCORRUPTED), not a missing name.  A file found
 * here remembers the directory (i_dir_hint, a reference), so that
 * /proc/PID/maps and /proc/PID/fd can name it.
 */
#include "fs/ext2/ext2.h"
#include "kernel/errno.h"

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

const struct inode_operations ext2_dir_inode_operations = {
	.lookup = ext2_lookup,
};
