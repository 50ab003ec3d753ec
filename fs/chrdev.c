/*
 * fs/chrdev.c - the character device table.
 */
#include "fs/chrdev.h"
#include "fs/block_dev.h"
#include "fs/pipe.h"
#include "kernel/errno.h"

struct chrdev {
	const char *name;
	const struct file_operations *fops;
};

static struct chrdev chrdevs[MAX_CHRDEV];

int register_chrdev(unsigned int major, const char *name,
		    const struct file_operations *fops)
{
	if (major >= MAX_CHRDEV)
		return -EINVAL;
	if (chrdevs[major].fops)
		return -EBUSY;
	chrdevs[major].name = name;
	chrdevs[major].fops = fops;
	return 0;
}

void for_each_chrdev(void (*fn)(unsigned int, const char *, void *),
		     void *arg)
{
	unsigned int i;

	for (i = 0; i < MAX_CHRDEV; i++)
		if (chrdevs[i].fops)
			fn(i, chrdevs[i].name, arg);
}

static int chrdev_open(struct inode *inode, struct file *file)
{
	unsigned int major = MAJOR(inode->i_rdev);
	const struct file_operations *fops;

	if (major >= MAX_CHRDEV || !chrdevs[major].fops)
		return -ENXIO;
	fops = chrdevs[major].fops;
	file->f_op = fops;
	return fops->open ? fops->open(inode, file) : 0;
}

const struct file_operations def_chr_fops = {
	.open = chrdev_open,
};

static int no_open(struct inode *inode, struct file *file)
{
	(void)inode;
	(void)file;
	return -ENXIO;
}

static const struct file_operations no_dev_fops = {
	.open = no_open,
};

void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
	inode->i_rdev = rdev;
	if (S_ISCHR(mode))
		inode->i_fop = &def_chr_fops;
	else if (S_ISFIFO(mode))
		inode->i_fop = &fifo_fops;
	else if (S_ISBLK(mode))
		inode->i_fop = &def_blk_fops;
	else
		inode->i_fop = &no_dev_fops;	/* sockets: no such family yet */
}
