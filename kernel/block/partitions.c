/*
 * kernel/block/partitions.c - reading a disk's MBR partition table.
 *
 * Sector 0 of a PC disk ends with four 16-byte partition entries and the
 * signature 0x55 0xAA:
 *
 *   446  entry 1   boot flag, CHS start, type, CHS end, LBA start, sectors
 *   462  entry 2
 *   478  entry 3
 *   494  entry 4
 *   510  55 AA
 *
 * Each non-empty entry becomes a partition numbered by its slot (hda1 is
 * entry 1 even when entry 2 is empty).  An extended entry (type 05, 0F or
 * 85) is not a partition a user can use but a chain: its first sector holds
 * another table whose entry 1 is a logical partition (relative to that
 * sector) and whose entry 2 points at the next link (relative to the start
 * of the extended entry).  Logical partitions are numbered from 5 on.
 *
 * The LBA fields are the truth; the CHS fields are ignored, as Linux does.
 * A partition that does not fit on the disk is skipped with a message, and
 * the chain is followed at most DISK_MAX_PARTS times, so a table that loops
 * cannot hang the boot.
 */
#include "kernel/block/partitions.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/printk.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"

#define MBR_TABLE 446
#define MBR_ENTRY_SIZE 16
#define MBR_SIGNATURE 510

struct mbr_entry {
	u8 type;
	u32 start;	/* sectors, from the table's own sector */
	u32 size;	/* sectors */
};

/* The 32-bit little-endian field at b[0..3], wherever it is aligned. */
static u32 get_le32(const u8 *b)
{
	return (u32)b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_extended(u8 type)
{
	return type == 0x05 || type == 0x0f || type == 0x85;
}

/* Read the table in sector `sector` of disk into e[4]; false if there is
 * none (read error, or no 55 AA). */
static bool read_table(struct block_device *disk, sector_t sector, u8 *buf,
		       struct mbr_entry e[4])
{
	sector_t first = sector & ~(sector_t)(BIO_SECTORS - 1);
	const u8 *s, *p;
	int i;

	if (blkdev_read_buf(disk, first, buf))
		return false;
	s = buf + (u32)(sector - first) * SECTOR_SIZE;
	if (s[MBR_SIGNATURE] != 0x55 || s[MBR_SIGNATURE + 1] != 0xaa)
		return false;
	for (i = 0; i < 4; i++) {
		p = s + MBR_TABLE + i * MBR_ENTRY_SIZE;
		e[i].type = p[4];
		e[i].start = get_le32(p + 8);
		e[i].size = get_le32(p + 12);
	}
	return true;
}

static bool add_partition(struct block_device *disk, int n, sector_t start,
			  sector_t size)
{
	struct block_device *part;

	if (!size || start + size > disk->nr_sectors) {
		printk(" %s%d beyond end of disk, skipped", disk->name, n);
		return false;
	}
	part = kmalloc(sizeof(*part), GFP_KERNEL);
	if (!part)
		return false;
	memset(part, 0, sizeof(*part));
	/* Linux's names: hda1, but tst0p1 after a disk name ending in a
	 * digit. */
	snprintf(part->name, sizeof(part->name), "%s%s%d", disk->name,
		 is_digit(disk->name[strlen(disk->name) - 1]) ? "p" : "", n);
	part->major = disk->major;
	part->minor = disk->minor + (unsigned int)n;
	part->nr_sectors = size;
	part->bd_contains = disk;
	part->start_sect = start;
	part->queue = disk->queue;
	part->private = disk->private;
	blkdev_register(part);
	printk(" %s", part->name);
	return true;
}

/* Follow the chain of an extended partition from its first sector. */
static int add_logical(struct block_device *disk, sector_t ext_start, u8 *buf)
{
	struct mbr_entry e[4];
	sector_t link = ext_start;
	int n = 5, found = 0;

	while (n <= DISK_MAX_PARTS && read_table(disk, link, buf, e)) {
		if (e[0].size && !is_extended(e[0].type) &&
		    add_partition(disk, n, link + e[0].start, e[0].size))
			found++;
		n++;
		if (!is_extended(e[1].type) || !e[1].start)
			break;
		link = ext_start + e[1].start;
	}
	return found;
}

int check_partition(struct block_device *disk)
{
	struct mbr_entry e[4];
	u8 *buf = (u8 *)__get_free_page(GFP_KERNEL);
	int i, found = 0;

	if (!buf)
		return 0;
	if (read_table(disk, 0, buf, e)) {
		printk("%s:", disk->name);
		for (i = 0; i < 4; i++) {
			if (!e[i].size || !e[i].type)
				continue;
			if (is_extended(e[i].type))
				found += add_logical(disk, e[i].start, buf);
			else if (add_partition(disk, i + 1, e[i].start,
					       e[i].size))
				found++;
		}
		printk("\n");
	}
	free_page((unsigned long)buf);
	return found;
}

void delete_partitions(struct block_device *disk)
{
	struct block_device *b, *next;

	list_for_each_entry_safe(b, next, &all_block_devices, list) {
		if (b->bd_contains != disk || b == disk)
			continue;
		blkdev_unregister(b);
		kfree(b);
	}
}
