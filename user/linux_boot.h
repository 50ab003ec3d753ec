/*
 * linux_boot.h - what init does when the kernel under it is Linux.
 *
 * `make test-linux` boots the test initramfs on Debian's i386 kernel to
 * prove that every user test asserts Linux behaviour.  That kernel has its
 * IDE/SATA disk support in modules, so the initramfs also carries them as
 * /lib/modules/NN-name.ko, numbered so that name order loads each after
 * its dependencies (tools/fetch-linux.sh).  And Linux names the swap disk
 * (QEMU's primary slave, Mapback's /dev/hdb) as a SCSI disk, so init gives
 * it the name the command line's TEST_SWAP_DEV uses, and /tmp grows as
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
 * Load every module of MODULES_DIR in name order.  finit_module returns
 * once the module's init and the device probes it started are done, so
 * the disks are there afterwards.
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
		free(list[i]);
	}
	if (n >= 0)
		free(list);
}

static inline int is_scsi_disk(const struct dirent *d)
{
	return strncmp(d->d_name, "sd", 2) == 0;
}

/*
 * TEST_SWAP_DEV names a device Linux does not have (/dev/hdb): make it a
 * block node with the numbers of the first SCSI disk, the only disk of
 * the test machine.
 */
static inline void name_swap_disk(void)
{
	const char *dev = getenv("TEST_SWAP_DEV");
	struct dirent **list;
	char path[300], numbers[32] = "";
	unsigned int major, minor;
	int i, n, fd, len = -1;

	if (!dev || access(dev, F_OK) == 0)
		return;
	n = scandir("/sys/block", &list, is_scsi_disk, alphasort);
	if (n > 0) {
		snprintf(path, sizeof(path), "/sys/block/%s/dev",
			 list[0]->d_name);
		fd = open(path, O_RDONLY);
		if (fd >= 0) {
			len = read(fd, numbers, sizeof(numbers) - 1);
			close(fd);
		}
	}
	for (i = 0; i < n; i++)
		free(list[i]);
	if (n >= 0)
		free(list);
	if (len <= 0 || sscanf(numbers, "%u:%u", &major, &minor) != 2) {
		say("init: no SCSI disk to call %s\n", dev);
		return;
	}
	if (mknod(dev, S_IFBLK | 0600, makedev(major, minor)) < 0)
		say("init: mknod %s: %s\n", dev, strerror(errno));
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
	name_swap_disk();
}

#endif
