/*
 * linux_boot.h - what init does when the kernel under it is Linux.
 *
 * `make test-linux` boots the test initramfs on Debian's i386 kernel to
 * prove that every user test asserts Linux behaviour.  That kernel has its
 * IDE/SATA disk support in modules, so the initramfs also carries them as
 * /lib/modules/NN-name.ko, numbered so that name order loads each after
 * its dependencies (tools/fetch-linux.sh).  And Linux names the swap disk
 * (QEMU's primary slave, Mapback's /dev/hdb) and the ext2 disk (secondary
 * master, /dev/hdc) as SCSI disks, so init gives them the names the
 * command line's TEST_SWAP_DEV and TEST_EXT2_DEV use, and /tmp grows as
 * Mapback's does: the tests stay the same on both kernels.  Included by init.c only; nothing here runs on
 * Mapback.
 */
#ifndef LINUX_BOOT_H
#define LINUX_BOOT_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>

#include "say.h"

#define MODULES_DIR "/lib/modules"

static inline int on_linux(void)
{
	struct utsname u;

	return uname(&u) == 0 && strcmp(u.sysname, "Linux") == 0;
}

static inline int is_module(const struct dirent *d)
{
	size_t len = strlen(d->d_name);

	return len > 3 && strcmp(d->d_name + len - 3, ".ko") == 0;
}

/*
 * Load every module of MODULES_DIR in name order, and remove its file.
 * finit_module returns once the module's init and the device probes it
 * started are done, so the disks are there afterwards.
 */
static inline void load_modules(void)
{
	struct dirent **list;
	char path[300];
	int i, n, fd;

	n = scandir(MODULES_DIR, &list, is_module, alphasort);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", MODULES_DIR,
			 list[i]->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || (syscall(SYS_finit_module, fd, "", 0) < 0 &&
			       errno != EEXIST))
			say("init: load %s: %s\n", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		/* Loaded: its file (2 MiB in all, ext4 half of it) would only
		 * hold RAM in the initramfs that the tests' pressure needs. */
		unlink(path);
		free(list[i]);
	}
	if (n >= 0)
		free(list);
}

static inline int is_scsi_disk(const struct dirent *d)
{
	return strncmp(d->d_name, "sd", 2) == 0;
}

/* The "major:minor" of a /sys/block entry into *dev; 0 on success. */
static inline int sys_dev(const char *path, dev_t *dev)
{
	char numbers[32] = "";
	unsigned int major, minor;
	int fd = open(path, O_RDONLY), len = -1;

	if (fd >= 0) {
		len = read(fd, numbers, sizeof(numbers) - 1);
		close(fd);
	}
	if (len <= 0 || sscanf(numbers, "%u:%u", &major, &minor) != 2)
		return -1;
	*dev = makedev(major, minor);
	return 0;
}

/* The disk's SCSI address ("1:0:1:0": host, channel, target, LUN), the
 * last part of its device link: it follows QEMU's IDE index, where the
 * sd names follow the order the disks happened to be probed in. */
static inline void scsi_address(const char *disk, char *addr, size_t size)
{
	char path[300], link[300], *base;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/block/%s/device", disk);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	base = strrchr(link, '/') ? strrchr(link, '/') + 1 : link;
	if (strlen(base) >= size)
		base[size - 1] = '\0';
	memcpy(addr, base, strlen(base) + 1);
}

static inline int by_scsi_address(const struct dirent **a,
				  const struct dirent **b)
{
	char x[64], y[64];

	scsi_address((*a)->d_name, x, sizeof(x));
	scsi_address((*b)->d_name, y, sizeof(y));
	return strcmp(x, y);
}

/* The SCSI disk after `skip` others with (the ext2 disks) or without a
 * partition table (the swap disk), in IDE order, into name; 0 on
 * success. */
static inline int find_scsi_disk(int partitioned, int skip, char *name,
				 size_t size)
{
	struct dirent **list;
	char path[600];
	int i, n, found = -1;

	n = scandir("/sys/block", &list, is_scsi_disk, by_scsi_address);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/sys/block/%s/%s1",
			 list[i]->d_name, list[i]->d_name);
		if (found < 0 && strlen(list[i]->d_name) < size &&
		    (access(path, F_OK) == 0) == partitioned && !skip--) {
			memcpy(name, list[i]->d_name,
			       strlen(list[i]->d_name) + 1);
			found = 0;
		}
		free(list[i]);
	}
	if (n >= 0)
		free(list);
	return found;
}

static inline void make_node(const char *node, const char *sys)
{
	dev_t dev;

	if (sys_dev(sys, &dev) < 0)
		say("init: no %s for %s\n", sys, node);
	else if (mknod(node, S_IFBLK | 0600, dev) < 0)
		say("init: mknod %s: %s\n", node, strerror(errno));
}

/*
 * TEST_SWAP_DEV names a device Linux does not have (/dev/hdb): make it a
 * block node with the numbers of the SCSI disk that has no partition
 * table, the swap disk of the test machine (or TEST_POWERCUT_DEV's file
 * system, the power-cut series' whole disk).
 */
static inline void name_swap_disk(const char *var)
{
	const char *dev = getenv(var);
	char disk[64], path[300];

	if (!dev || access(dev, F_OK) == 0)
		return;
	if (find_scsi_disk(0, 0, disk, sizeof(disk)) < 0) {
		say("init: no SCSI disk to call %s\n", dev);
		return;
	}
	snprintf(path, sizeof(path), "/sys/block/%s/dev", disk);
	make_node(dev, path);
}

/*
 * TEST_EXT2_DEV (/dev/hdc) names the ext2 test disk, the first with a
 * partition table, and TEST_EXT2_RW_DEV (/dev/hdd) the writable one, the
 * second: each and its partitions get nodes of that name (/dev/hdc1 ...
 * for sdb1 ...), as Mapback's devtmpfs makes them.
 */
static inline void name_ext2_disk(const char *var, int skip)
{
	const char *dev = getenv(var);
	char disk[64], path[300], node[300];

	if (dev && strlen(dev) > 200)
		return;
	int i;

	if (!dev || access(dev, F_OK) == 0)
		return;
	if (find_scsi_disk(1, skip, disk, sizeof(disk)) < 0) {
		say("init: no SCSI disk to call %s\n", dev);
		return;
	}
	snprintf(path, sizeof(path), "/sys/block/%s/dev", disk);
	make_node(dev, path);
	for (i = 1; i <= 4; i++) {
		snprintf(path, sizeof(path), "/sys/block/%s/%s%d/dev", disk,
			 disk, i);
		snprintf(node, sizeof(node), "%s%d", dev, i);
		if (access(path, F_OK) == 0) /* the partitions it has */
			make_node(node, path);
	}
}

/* Make the machine under Linux look like the one under Mapback. */
static inline void linux_boot(void)
{
	if (!on_linux())
		return;
	load_modules();
	/* The disks' numbers are in sysfs, which Mapback does not have. */
	if (mkdir("/sys", 0755) < 0 && errno != EEXIST)
		say("init: mkdir /sys: %s\n", strerror(errno));
	if (mount("sysfs", "/sys", "sysfs", 0, NULL) < 0 && errno != EBUSY)
		say("init: mount sysfs on /sys: %s\n", strerror(errno));
	/*
	 * Linux's initramfs root is a tmpfs capped at half of RAM; Mapback's
	 * is a ramfs that grows into swap.  An uncapped tmpfs on /tmp (size=0)
	 * lets a file test write twice RAM there too.
	 */
	if (mount("tmpfs", "/tmp", "tmpfs", 0, "size=0,mode=1777") < 0)
		say("init: mount tmpfs on /tmp: %s\n", strerror(errno));
	name_swap_disk("TEST_SWAP_DEV");
	name_swap_disk("TEST_POWERCUT_DEV");
	name_ext2_disk("TEST_EXT2_DEV", 0);
	name_ext2_disk("TEST_EXT2_RW_DEV", 1);
}

#endif
