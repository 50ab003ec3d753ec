/*
 * fs/read_write.c - vfs_read, vfs_write, lseek and kernel_read.
 *
 * These check the open mode and hand over to the file's operations.  A
 * directory reads as -EISDIR; a file without the operation (a write to
 * /proc/meminfo) gets -EINVAL, as Linux.
 */
#include "fs/vfs.h"
#include "kernel/errno.h"

ssize_t vfs_read(struct file *file, char *buf, size_t n, loff_t *pos)
{
	if (!(file->f_mode & FMODE_READ))
		return -EBADF;
	if (S_ISDIR(file->f_inode->i_mode))
		return -EISDIR;
	if (!file->f_op || !file->f_op->read)
		return -EINVAL;
	if ((ssize_t)n < 0)
		return -EINVAL;
	return file->f_op->read(file, buf, n, pos);
}

ssize_t vfs_write(struct file *file, const char *buf, size_t n, loff_t *pos)
{
	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if (!file->f_op || !file->f_op->write)
		return -EINVAL;
	if ((ssize_t)n < 0)
		return -EINVAL;
	return file->f_op->write(file, buf, n, pos);
}

loff_t default_llseek(struct file *file, loff_t off, int whence)
{
	loff_t pos;

	switch (whence) {
	case SEEK_SET:
		pos = off;
		break;
	case SEEK_CUR:
		pos = file->f_pos + off;
		break;
	case SEEK_END:
		/* the mapping's host: a device file's is the device */
		pos = file->f_mapping->host->i_size + off;
		break;
	default:
		return -EINVAL;
	}
	if (pos < 0)
		return -EINVAL;
	file->f_pos = pos;
	return pos;
}

loff_t noop_llseek(struct file *file, loff_t off, int whence)
{
	(void)off;
	(void)whence;
	return file->f_pos;
}

loff_t no_llseek(struct file *file, loff_t off, int whence)
{
	(void)file;
	(void)off;
	(void)whence;
	return -ESPIPE;
}

loff_t vfs_llseek(struct file *file, loff_t off, int whence)
{
	if (file->f_op && file->f_op->llseek)
		return file->f_op->llseek(file, off, whence);
	return default_llseek(file, off, whence);
}

ssize_t kernel_read(struct file *file, loff_t pos, char *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		ssize_t r = vfs_read(file, buf + done, n - done, &pos);

		if (r < 0)
			return done ? (ssize_t)done : r;
		if (r == 0)
			break;
		done += r;
	}
	return done;
}

int vfs_readdir(struct file *file, struct dir_context *ctx)
{
	int err;

	if (!S_ISDIR(file->f_inode->i_mode))
		return -ENOTDIR;
	if (!file->f_op || !file->f_op->readdir)
		return -ENOTDIR;
	if (!file->f_inode->i_nlink)
		return -ENOENT;	/* removed while open, as Linux */
	ctx->pos = file->f_pos;
	err = file->f_op->readdir(file, ctx);
	file->f_pos = ctx->pos;
	return err;
}

int vfs_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (!file->f_op || !file->f_op->ioctl)
		return -ENOTTY;
	return file->f_op->ioctl(file, cmd, arg);
}
