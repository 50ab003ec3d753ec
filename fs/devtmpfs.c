/*
 * fs/devtmpfs.c - device nodes made by the kernel, Linux's names and
 * numbers.
 */
#include "fs/devtmpfs.h"
#include "fs/chrdev.h"
#include "fs/namei.h"
#include "fs/ramfs/ramfs.h"
#include "kernel/block/blkdev.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"

struct dev_node {
	const char *name;
	umode_t mode;
	unsigned int major, minor;
};

/* One line per device; disks come from the block layer's list. */
static const struct dev_node std_nodes[] = {
	{ "console", S_IFCHR | 0600, TTYAUX_MAJOR, 1 },
	{ "tty", S_IFCHR | 0666, TTYAUX_MAJOR, 0 },
	{ "ttyS0", S_IFCHR | 0660, TTY_MAJOR, 64 },
	{ "null", S_IFCHR | 0666, MEM_MAJOR, 3 },
	{ "zero", S_IFCHR | 0666, MEM_MAJOR, 5 },
	{ "full", S_IFCHR | 0666, MEM_MAJOR, 7 },
	{ "random", S_IFCHR | 0666, MEM_MAJOR, 8 },
	{ "urandom", S_IFCHR | 0666, MEM_MAJOR, 9 },
};

int devtmpfs_create_node(const char *name, umode_t mode, dev_t dev)
{
	struct inode *root = devtmpfs_sb()->s_root, *inode;
	struct qstr q = { name, strlen(name) };
	int err;

	down(&namespace_sem);
	err = root->i_op->lookup(root, &q, &inode);
	if (!err) {
		iput(inode);
		err = -EEXIST;
	} else {
		err = root->i_op->mknod(root, &q, mode, dev, &inode);
		if (!err)
			iput(inode);
	}
	up(&namespace_sem);
	return err;
}

int devtmpfs_delete_node(const char *name)
{
	struct inode *root = devtmpfs_sb()->s_root;
	struct qstr q = { name, strlen(name) };
	int err;

	down(&namespace_sem);
	err = root->i_op->unlink(root, &q);
	up(&namespace_sem);
	return err;
}

void devtmpfs_populate(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(std_nodes); i++) {
		const struct dev_node *n = &std_nodes[i];
		int err = devtmpfs_create_node(n->name, n->mode,
					       MKDEV(n->major, n->minor));

		if (err)
			printk("devtmpfs: cannot create %s: %d\n", n->name, err);
	}
	devtmpfs_add_disks();
}

void devtmpfs_add_disks(void)
{
	struct block_device *b;

	for_each_blkdev(b) {
		int err = devtmpfs_create_node(b->name, S_IFBLK | 0660,
					       MKDEV(b->major, b->minor));

		if (err && err != -EEXIST)
			printk("devtmpfs: cannot create %s: %d\n", b->name, err);
	}
}
