/*
 * fs/do_mounts.c - root=: a disk partition as the root file system.
 *
 * fs_init leaves a ramfs at "/" holding the initramfs, with devtmpfs on
 * /dev and proc on /proc.  kernel_init then calls prepare_namespace,
 * which, as Linux's init/do_mounts.c, leaves that as the root when the
 * initramfs has a /init (an initramfs that asks to run says what happens
 * next) or when no root= was given; otherwise it mounts root= (a block
 * device node such as /dev/hda2) on /root of the ramfs, makes that
 * directory the root and the current directory of init (Linux moves the
 * mount onto "/" and chroots; Mapback has no MS_MOVE, so the chroot alone
 * does it, and the ramfs stays underneath out of sight, as Linux's rootfs
 * does), and mounts devtmpfs on the new /dev.  /proc is init's to mount.
 *
 * The root is read-only unless `rw` is given (Linux's default; `ro` says
 * it explicitly).  A file system that can only be mounted read-only
 * answers a read-write mount with -EROFS: the mount is then tried again
 * read-only with a message, as Linux's mount_block_root does.
 * rootfstype= names the file system (default ext2, the only one on a
 * block device here).  A root that cannot be mounted is a panic.
 * /proc/mounts names the root's device `/dev/root`, as Linux's does (it
 * mounts through a /dev/root node it makes for ROOT_DEV; Mapback mounts
 * root= itself and renames the mount).
 */
#include "fs/do_mounts.h"
#include "fs/fs_struct.h"
#include "fs/mount.h"
#include "fs/namei.h"
#include "fs/stat.h"
#include "fs/vfs.h"
#include "kernel/cmdline.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

KERNEL_PARAM("root", "the root file system's device, e.g. root=/dev/hda2");
KERNEL_PARAM("rootfstype", "the root file system's type (default ext2)");
KERNEL_PARAM("ro", "mount the root read-only (the default)");
KERNEL_PARAM("rw", "mount the root read-write");

#define ROOT_DIR "/root"

/* Does the initramfs hold a /init to run? */
static bool initramfs_has_init(void)
{
	struct path p;

	if (kern_path("/init", NULL, LOOKUP_FOLLOW, &p))
		return false;
	path_put(&p);
	return true;
}

/* Mount dev on ROOT_DIR; a file system that refuses read-write is
 * mounted read-only instead. */
static int mount_root_dev(const char *dev, const char *type,
			  unsigned long flags)
{
	int err = vfs_mkdir(NULL, ROOT_DIR, 0700);

	if (err && err != -EEXIST)
		return err;
	err = vfs_mount(dev, ROOT_DIR, type, flags, NULL);
	if (err == -EROFS && !(flags & MS_RDONLY)) {
		printk("VFS: %s on %s is read-only here, mounting it "
		       "read-only\n",
		       type, dev);
		err = vfs_mount(dev, ROOT_DIR, type, flags | MS_RDONLY, NULL);
	}
	return err;
}

/* The mount on ROOT_DIR becomes "/" and the current directory. */
static void enter_root(const char *dev)
{
	struct path p;
	int err;

	err = kern_path(ROOT_DIR, NULL, LOOKUP_FOLLOW, &p);
	if (err)
		panic("VFS: the root on %s is not on " ROOT_DIR ": %d", dev,
		      err);
	strlcpy(p.mnt->mnt_devname, "/dev/root", sizeof(p.mnt->mnt_devname));
	path_put(&p);
	err = vfs_chdir(ROOT_DIR);
	if (!err)
		err = vfs_chroot(".");
	if (err)
		panic("VFS: cannot enter the root on %s: %d", dev, err);
	err = kern_path("/", NULL, LOOKUP_FOLLOW, &p);
	if (err)
		panic("VFS: the new root has no \"/\": %d", err);
	printk("VFS: Mounted root (%s filesystem) %s on device %u:%u.\n",
	       p.mnt->mnt_sb->s_type->name,
	       mnt_is_readonly(p.mnt) ? "readonly" : "read-write",
	       MAJOR(p.mnt->mnt_sb->s_dev), MINOR(p.mnt->mnt_sb->s_dev));
	path_put(&p);
}

void prepare_namespace(void)
{
	const char *dev = cmdline_get("root");
	const char *type = cmdline_get("rootfstype");
	unsigned long flags = cmdline_has("rw") ? 0 : MS_RDONLY;
	int err;

	if (!dev)
		return;
	if (initramfs_has_init()) {
		printk("VFS: the initramfs has /init: it runs, root=%s is "
		       "left to it\n",
		       dev);
		return;
	}
	if (!type)
		type = "ext2";
	err = mount_root_dev(dev, type, flags);
	if (err) {
		printk("VFS: Cannot open root device \"%s\": error %d\n", dev,
		       err);
		panic("VFS: Unable to mount root fs on %s", dev);
	}
	enter_root(dev);
	err = vfs_mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	printk(err ? "devtmpfs: error mounting %d\n" : "devtmpfs: mounted\n",
	       err);
}
