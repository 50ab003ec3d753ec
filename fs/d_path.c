/*
 * fs/d_path.c - the absolute name of a directory, for getcwd(2).
 *
 * With no dentry cache, the name is found the way old Unix getcwd did it:
 * go to ".." and search it for the entry whose inode number is the one we
 * came from, repeat up to the process root, and build the name from the
 * right.  Mount roots are left through their mountpoint first.  A file
 * that is not a directory has no ".."; its name is looked up in the
 * directory its i_dir_hint names (-ENOENT when there is none).  A file
 * unlinked while in use is "NAME (deleted)", NAME being the one it had
 * (i_deleted_name), as Linux prints it in /proc/PID/fd and maps.
 */
#include "fs/namei.h"
#include "fs/file.h"
#include "fs/fs_struct.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"

struct find_name {
	struct dir_context ctx;
	u64 ino;
	char *buf;	/* NAME_MAX + 1 */
	int len;	/* -1: not found yet */
};

static bool match(struct dir_context *ctx, const char *name, int len, u64 ino,
		  unsigned int d_type)
{
	struct find_name *f = container_of(ctx, struct find_name, ctx);

	(void)d_type;
	if (ino != f->ino || (len == 1 && name[0] == '.') ||
	    (len == 2 && name[0] == '.' && name[1] == '.'))
		return true;
	memcpy(f->buf, name, len);
	f->len = len;
	return false;
}

/* Name of child (an inode number) in dir, into name; its length or -errno. */
static int name_in_dir(struct path *dir, struct inode *child, char *name)
{
	struct find_name f = { { match, 0 }, child->i_ino, name, -1 };
	struct file *file;
	int err;

	err = vfs_open_path(dir, O_RDONLY | O_DIRECTORY, &file);
	if (err)
		return err;
	do {
		loff_t before = file->f_pos;

		err = vfs_readdir(file, &f.ctx);
		if (err || file->f_pos == before)
			break;
	} while (f.len < 0);
	fput(file);
	if (err)
		return err;
	return f.len < 0 ? -ENOENT : f.len;
}

int d_path(struct path *p, char *buf, int len)
{
	struct path *root = &current_fs()->root;
	struct qstr dotdot = { "..", 2 };
	char name[NAME_MAX + 1];
	struct path cur = *p, up;
	int end = len - 1, n;

	if (len < 2)
		return -ERANGE;
	buf[end] = '\0';
	if (!S_ISDIR(p->inode->i_mode) && !p->inode->i_nlink &&
	    p->inode->i_deleted_name) {
		n = snprintf(buf, len, "%s (deleted)", p->inode->i_deleted_name);
		return n < len ? n + 1 : -ERANGE;
	}
	path_get(&cur);
	if (!S_ISDIR(cur.inode->i_mode)) {
		if (!cur.inode->i_dir_hint) {
			n = -ENOENT;
			goto fail;
		}
		up.mnt = mntget(cur.mnt);
		up.inode = igrab(cur.inode->i_dir_hint);
		n = name_in_dir(&up, cur.inode, name);
		path_put(&cur);
		cur = up;
		if (n < 0)
			goto fail;
		if (n + 1 > end) {
			n = -ERANGE;
			goto fail;
		}
		end -= n;
		memcpy(buf + end, name, n);
		buf[--end] = '/';
	}
	for (;;) {
		struct inode *parent;

		if (cur.mnt == root->mnt && cur.inode == root->inode)
			break;
		if (cur.inode == cur.mnt->mnt_root) {
			if (cur.mnt->mnt_parent == cur.mnt)
				break;
			up.mnt = mntget(cur.mnt->mnt_parent);
			up.inode = igrab(cur.mnt->mnt_mountpoint);
			path_put(&cur);
			cur = up;
			continue;
		}
		n = cur.inode->i_op->lookup(cur.inode, &dotdot, &parent);
		if (n)
			goto fail;
		up.mnt = mntget(cur.mnt);
		up.inode = parent;
		n = name_in_dir(&up, cur.inode, name);
		path_put(&cur);
		cur = up;
		if (n < 0)
			goto fail;
		if (end - n - 1 < 0) {
			n = -ERANGE;
			goto fail;
		}
		end -= n;
		memcpy(buf + end, name, n);
		buf[--end] = '/';
	}
	path_put(&cur);
	if (end == len - 1)
		buf[--end] = '/';
	memmove(buf, buf + end, len - end);
	return len - end;	/* includes the NUL, as getcwd(2) returns */
fail:
	path_put(&cur);
	return n;
}
