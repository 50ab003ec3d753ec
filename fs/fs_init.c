/*
 * fs/fs_init.c - the order in which the file system layer comes up.
 */
#include "fs/fs_init.h"
#include "fs/anon_inodes.h"
#include "fs/buffer_head.h"
#include "fs/ext2/ext2_fs.h"
#include "fs/devtmpfs.h"
#include "fs/file.h"
#include "fs/fs_struct.h"
#include "fs/initramfs/initramfs.h"
#include "kernel/drivers/mem.h"
#include "compat/memfd.h"
#include "mm/vm/filemap.h"
#include "fs/pipe.h"
#include "fs/proc/procfs.h"
#include "fs/ramfs/ramfs.h"
#include "kernel/drivers/tty/tty.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

static void mount_root(void)
{
	struct vfsmount *mnt;
	int err;

	down(&namespace_sem);
	err = do_mount("rootfs", NULL, "ramfs", 0, &mnt);
	up(&namespace_sem);
	if (err)
		panic("VFS: cannot mount the root ramfs: %d", err);
	init_fs.root.mnt = mnt;
	init_fs.root.inode = mnt->mnt_root;
	path_get(&init_fs.root);
	init_fs.pwd = init_fs.root;
	path_get(&init_fs.pwd);
}

static void mount_on(const char *dev, const char *dir, const char *type)
{
	int err = vfs_mkdir(NULL, dir, 0755);

	if (err && err != -EEXIST)
		printk("VFS: cannot create %s: %d\n", dir, err);
	err = vfs_mount(dev, dir, type, 0, NULL);
	if (err)
		printk("VFS: cannot mount %s on %s: %d\n", type, dir, err);
}

void fs_init(void)
{
	inode_cache_init();
	buffer_init();
	file_cache_init();
	pagecache_init();
	pipe_init();
	anon_inode_init();
	ramfs_init();
	ext2_init();
	memfd_init();
	proc_init();
	mem_dev_init();
	tty_init();
	devtmpfs_populate();
	mount_root();
	populate_rootfs();
	mount_on("devtmpfs", "/dev", "devtmpfs");
	mount_on("proc", "/proc", "proc");
	printk("VFS: ramfs on /, devtmpfs on /dev, proc on /proc\n");
}
