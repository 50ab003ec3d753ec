/*
 * blkdev_ioctl.c - the ioctls fdisk, mke2fs and mkswap ask of a block
 * device, as Linux 6.1 answers them, on the ext2 test disk
 * (TEST_EXT2_DEV, /dev/hdc; without it the test skips): BLKGETSIZE64 and
 * BLKGETSIZE agree with lseek(SEEK_END) on the disk (which knows no
 * SEEK_DATA or SEEK_HOLE: EINVAL) and with the partition table (read from sector 0 here) on the first partition,
 * BLKSSZGET is 512, HDIO_GETGEO gives a partition's first sector on its
 * disk (0 for the disk; heads and sectors are the driver's, only
 * non-zero here), EINVAL for a NULL pointer and EFAULT for a bad one;
 * BLKRRPART reads the table again on the whole disk (the partition is
 * there afterwards, as large as before), EBUSY while a partition is open,
 * EINVAL on a partition; a terminal's ioctl is ENOTTY.
 */
#include "tap.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#define T_BLKRRPART 0x125f
#define T_BLKGETSIZE 0x1260
#define T_BLKSSZGET 0x1268
#define T_BLKGETSIZE64 0x80041272
#define T_HDIO_GETGEO 0x0301
#define T_TCGETS 0x5401

struct geometry {
	unsigned char heads;
	unsigned char sectors;
	unsigned short cylinders;
	unsigned long start;
};

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The first partition's start and size in sectors, from sector 0. */
static int first_partition(int fd, uint32_t *start, uint32_t *size)
{
	unsigned char mbr[512];

	if (pread(fd, mbr, sizeof(mbr), 0) != sizeof(mbr) || mbr[510] != 0x55 ||
	    mbr[511] != 0xaa)
		return -1;
	*start = le32(mbr + 446 + 8);
	*size = le32(mbr + 446 + 12);
	return 0;
}

static void check_disk(int fd)
{
	uint64_t bytes = 0;
	unsigned long sectors = 0;
	int ssz = 0;
	struct geometry geo;
	off_t end = lseek(fd, 0, SEEK_END);

	ok_sys(ioctl(fd, T_BLKGETSIZE64, &bytes), "BLKGETSIZE64 on the disk");
	is(bytes, end, "BLKGETSIZE64: the bytes lseek(SEEK_END) finds");
	is_errno(lseek(fd, 512, SEEK_DATA), EINVAL,
		 "SEEK_DATA on a disk: EINVAL");
	is_errno(lseek(fd, 512, SEEK_HOLE), EINVAL,
		 "SEEK_HOLE on a disk: EINVAL");
	ok_sys(ioctl(fd, T_BLKGETSIZE, &sectors), "BLKGETSIZE on the disk");
	is(sectors, end / 512, "BLKGETSIZE: its 512-byte sectors");
	ok_sys(ioctl(fd, T_BLKSSZGET, &ssz), "BLKSSZGET");
	is(ssz, 512, "sector size 512");
	memset(&geo, 0xff, sizeof(geo));
	ok_sys(ioctl(fd, T_HDIO_GETGEO, &geo), "HDIO_GETGEO on the disk");
	is(geo.start, 0, "the disk starts at sector 0");
	ok(geo.heads && geo.sectors, "heads %u, sectors %u", geo.heads,
	   geo.sectors);
	is_errno(ioctl(fd, T_HDIO_GETGEO, NULL), EINVAL,
		 "HDIO_GETGEO to NULL: EINVAL");
	is_errno(ioctl(fd, T_HDIO_GETGEO, (void *)8), EFAULT,
		 "HDIO_GETGEO to a bad address: EFAULT");
	is_errno(ioctl(fd, T_BLKGETSIZE64, (void *)8), EFAULT,
		 "BLKGETSIZE64 to a bad address: EFAULT");
	is_errno(ioctl(fd, T_TCGETS, &geo), ENOTTY, "TCGETS: ENOTTY");
}

static void check_partition(const char *part, uint32_t start, uint32_t size)
{
	int fd = open(part, O_RDONLY);
	unsigned long sectors = 0;
	struct geometry geo;

	if (!ok_sys(fd, "open %s", part))
		return;
	ok_sys(ioctl(fd, T_BLKGETSIZE, &sectors), "BLKGETSIZE on %s", part);
	is(sectors, size, "%s: the size its table entry says", part);
	ok_sys(ioctl(fd, T_HDIO_GETGEO, &geo), "HDIO_GETGEO on %s", part);
	is(geo.start, start, "%s: starts where its table entry says", part);
	is_errno(ioctl(fd, T_BLKRRPART, NULL), EINVAL,
		 "BLKRRPART on a partition: EINVAL");
	close(fd);
}

static void check_reread(int fd, const char *part, uint32_t size)
{
	int pfd = open(part, O_RDONLY);
	unsigned long sectors = 0;

	if (ok_sys(pfd, "open %s", part)) {
		is_errno(ioctl(fd, T_BLKRRPART, NULL), EBUSY,
			 "BLKRRPART while %s is open: EBUSY", part);
		close(pfd);
	}
	ok_sys(ioctl(fd, T_BLKRRPART, NULL), "BLKRRPART with none open");
	pfd = open(part, O_RDONLY);
	if (ok_sys(pfd, "%s is there again", part)) {
		ok_sys(ioctl(pfd, T_BLKGETSIZE, &sectors), "BLKGETSIZE");
		is(sectors, size, "%s as large as before", part);
		close(pfd);
	}
}

int main(void)
{
	const char *disk = getenv("TEST_EXT2_DEV");
	char part[64];
	uint32_t start = 0, size = 0;
	int fd;

	if (!disk) {
		skip("block device ioctls", "no TEST_EXT2_DEV");
		return done_testing();
	}
	snprintf(part, sizeof(part), "%s1", disk);
	fd = open(disk, O_RDONLY);
	if (!ok_sys(fd, "open %s", disk))
		return done_testing();
	check_disk(fd);
	if (ok(!first_partition(fd, &start, &size), "%s has a partition table",
	       disk)) {
		check_partition(part, start, size);
		check_reread(fd, part, size);
	}
	close(fd);
	return done_testing();
}
