/*
 * mm/reclaim/swapfile.c - swap areas: swapon/swapoff, slot allocation and use
 * counts, /proc/swaps.
 *
 * The writable areas form a list sorted by priority, highest first
 * (swap_list.head, then swap_info[i].next).  get_swap_page() starts at
 * swap_list.next and moves it on, so areas of one priority take turns, and
 * falls back to the lower ones when they are full - Linux 2.6's scheme.
 *
 * Counters, as in Linux: nr_swap_pages is the number of free slots and
 * total_swap_pages the number of usable ones over the writable areas.
 * swapoff subtracts an area's whole `pages` from nr_swap_pages at once,
 * and every slot freed afterwards adds one back, so once the area is empty
 * its contribution is exactly zero.
 */
#include "fs/namei.h"
#include "fs/stat.h"
#include "mm/reclaim/swap.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/printk.h"
#include "kernel/panic.h"
#include "kernel/sched/semaphore.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/gfp.h"
#include "mm/phys/page_alloc.h"
#include "mm/locking.h"

struct swap_info_struct swap_info[MAX_SWAPFILES];
DEFINE_SPINLOCK(swap_lock);
unsigned int nr_swapfiles;
long nr_swap_pages;
long total_swap_pages;

/* Areas without SWAP_FLAG_PREFER get -1, -2, ... in swapon order. */
static int least_priority;

static struct {
	int head;	/* the highest-priority writable area, or -1 */
	int next;	/* where get_swap_page looks first */
} swap_list = { -1, -1 };

/* Serialises swapon and swapoff, which sleep on disk I/O. */
static DECLARE_MUTEX(swapon_sem);

/*
 * Slots and counts.
 */

struct swap_info_struct *swap_info_get(swp_entry_t entry)
{
	u32 type = swp_type(entry), offset = swp_offset(entry);
	struct swap_info_struct *p;

	/* Only the exact encoding of (type, offset) is an entry. */
	if (!entry.val || swp_entry(type, offset).val != entry.val)
		return NULL;
	if (type >= nr_swapfiles)
		return NULL;
	p = &swap_info[type];
	if (!(p->flags & SWP_USED) || !offset || offset >= p->max)
		return NULL;
	return p;
}

/*
 * The first slot of the next cluster: the lowest run of SWAPFILE_CLUSTER
 * free slots (not aligned, as in 2.6.9), else the lowest free slot.  0 if
 * si has none.  A used slot inside a candidate run moves the search past
 * it, so the scan looks at each slot about once.
 */
static unsigned int new_cluster(struct swap_info_struct *si)
{
	unsigned int offset = si->lowest_bit, i;

	while (offset + SWAPFILE_CLUSTER - 1 <= si->highest_bit) {
		for (i = 0; i < SWAPFILE_CLUSTER; i++) {
			if (si->swap_map[offset + i])
				break;
		}
		if (i == SWAPFILE_CLUSTER)
			return offset;
		offset += i + 1;
	}
	for (offset = si->lowest_bit; offset <= si->highest_bit; offset++) {
		if (!si->swap_map[offset])
			return offset;
	}
	return 0;
}

/*
 * Take a free slot of si: count 1.  0 if it has none.
 *
 * Slots come in clusters (Linux 2.6's scan_swap_map): up to
 * SWAPFILE_CLUSTER allocations in a row take the next free slot after the
 * previous one (cluster_next), so pages evicted one after the other lie
 * one after the other on disk, where swapin_readahead finds them again
 * and a merging block layer can write them as one request.  When the
 * cluster is used up (cluster_nr reaches 0) or runs into the end, the next
 * starts at the lowest run of SWAPFILE_CLUSTER free slots, or, when the
 * area is too fragmented for one, at the lowest free slot.
 */
static unsigned int scan_swap_map(struct swap_info_struct *si)
{
	unsigned int offset = 0;

	if (!si->highest_bit)
		return 0;
	if (si->cluster_nr) {
		for (; si->cluster_next <= si->highest_bit; si->cluster_next++) {
			if (si->cluster_next >= si->lowest_bit &&
			    !si->swap_map[si->cluster_next]) {
				offset = si->cluster_next;
				si->cluster_nr--;
				break;
			}
		}
	}
	if (!offset) {
		offset = new_cluster(si);
		if (!offset)
			return 0;
		si->cluster_nr = SWAPFILE_CLUSTER - 1;
	}
	si->swap_map[offset] = 1;
	si->inuse_pages++;
	if (si->inuse_pages == si->pages) {
		si->lowest_bit = si->max;
		si->highest_bit = 0;
	} else {
		if (offset == si->lowest_bit)
			si->lowest_bit++;
		if (offset == si->highest_bit)
			si->highest_bit--;
	}
	si->cluster_next = offset + 1;
	return offset;
}

swp_entry_t get_swap_page(void)
{
	struct swap_info_struct *si;
	int type, next, wrapped = 0;
	unsigned int offset;
	u32 flags;

	spin_lock_irqsave(&swap_lock, flags);
	if (nr_swap_pages <= 0)
		goto none;
	for (type = swap_list.next; type >= 0 && wrapped < 2; type = next) {
		si = &swap_info[type];
		next = si->next;
		/* At the end of this priority's run, start over at the head. */
		if (next < 0 || (!wrapped && si->prio != swap_info[next].prio)) {
			next = swap_list.head;
			wrapped++;
		}
		if (!(si->flags & SWP_WRITEOK))
			continue;
		offset = scan_swap_map(si);
		if (offset) {
			swap_list.next = next;
			nr_swap_pages--;
			spin_unlock_irqrestore(&swap_lock, flags);
			return swp_entry((u32)type, offset);
		}
	}
none:
	spin_unlock_irqrestore(&swap_lock, flags);
	return (swp_entry_t){ 0 };
}

int swap_duplicate(swp_entry_t entry)
{
	struct swap_info_struct *p = swap_info_get(entry);
	u32 flags;
	u16 *count;
	int err = -EINVAL;

	if (!p) {
		printk("swap_dup: bad swap entry %08x\n", entry.val);
		return -EINVAL;
	}
	spin_lock_irqsave(&swap_lock, flags);
	count = &p->swap_map[swp_offset(entry)];
	if (*count && *count < SWAP_MAP_MAX) {
		(*count)++;
		err = 0;
	} else if (*count == SWAP_MAP_MAX) {
		err = 0;	/* saturated: stays allocated for good */
	}
	spin_unlock_irqrestore(&swap_lock, flags);
	if (err)
		printk("swap_dup: %s swap entry %08x\n",
		       *count ? "bad page" : "unused", entry.val);
	return err;
}

/* swap_free with swap_lock held. */
static void __swap_free(swp_entry_t entry)
{
	struct swap_info_struct *p = swap_info_get(entry);
	unsigned int offset = swp_offset(entry);
	u16 count;

	if (!p) {
		printk("swap_free: bad swap entry %08x\n", entry.val);
		return;
	}
	count = p->swap_map[offset];
	if (!count || count >= SWAP_MAP_MAX) {
		if (count != SWAP_MAP_MAX)
			printk("swap_free: %s swap entry %08x\n",
			       count ? "bad page" : "unused", entry.val);
		return;
	}
	p->swap_map[offset] = --count;
	if (!count) {
		if (offset < p->lowest_bit)
			p->lowest_bit = offset;
		if (offset > p->highest_bit)
			p->highest_bit = offset;
		p->inuse_pages--;
		nr_swap_pages++;
	}
}

void swap_free(swp_entry_t entry)
{
	u32 flags;

	spin_lock_irqsave(&swap_lock, flags);
	__swap_free(entry);
	spin_unlock_irqrestore(&swap_lock, flags);
}

void swap_inflight_take(swp_entry_t entry)
{
	BUG_ON(current->swap_inflight);
	current->swap_inflight = entry.val;
}

void swap_inflight_drop(swp_entry_t entry)
{
	if (current->swap_inflight == entry.val)
		current->swap_inflight = 0;
}

void swap_inflight_free(swp_entry_t entry)
{
	u32 flags;

	spin_lock_irqsave(&swap_lock, flags);
	swap_inflight_drop(entry);
	__swap_free(entry);
	spin_unlock_irqrestore(&swap_lock, flags);
}

int swap_count(swp_entry_t entry)
{
	struct swap_info_struct *p = swap_info_get(entry);

	return p ? p->swap_map[swp_offset(entry)] : -1;
}

/*
 * The priority list.  Callers hold swapon_sem and have interrupts off.
 */

static void enable_swap_info(struct swap_info_struct *p)
{
	int type = (int)(p - swap_info), prev = -1, i;

	for (i = swap_list.head; i >= 0; i = swap_info[i].next) {
		if (p->prio >= swap_info[i].prio)
			break;
		prev = i;
	}
	p->next = i;
	if (prev < 0)
		swap_list.head = swap_list.next = type;
	else
		swap_info[prev].next = type;
	nr_swap_pages += p->pages;
	total_swap_pages += p->pages;
	p->flags |= SWP_WRITEOK;
}

static void disable_swap_info(struct swap_info_struct *p)
{
	int type = (int)(p - swap_info), prev = -1, i;

	for (i = swap_list.head; i >= 0 && i != type; i = swap_info[i].next)
		prev = i;
	if (prev < 0)
		swap_list.head = p->next;
	else
		swap_info[prev].next = p->next;
	swap_list.next = swap_list.head;
	/* The automatic priorities below close ranks, as in Linux. */
	if (p->prio < 0) {
		for (i = p->next; i >= 0; i = swap_info[i].next)
			swap_info[i].prio = p->prio--;
		least_priority++;
	}
	nr_swap_pages -= p->pages;
	total_swap_pages -= p->pages;
	p->flags &= ~SWP_WRITEOK;
}

/*
 * swapon.
 */

static u32 swab32(u32 x)
{
	return x << 24 | (x & 0xFF00) << 8 | (x >> 8 & 0xFF00) | x >> 24;
}

/* Check the header against the device; sets p->max, pages, uuid, label.
 * 0 or -EINVAL (with the reason printed). */
static int check_swap_header(struct swap_info_struct *p,
			     const union swap_header *h)
{
	const char *name = p->bdev->name;
	u32 last = h->info.last_page, dev_pages;
	u32 i;

	if (memcmp(h->magic.magic, SWAP_MAGIC, SWAP_MAGIC_LEN)) {
		if (!memcmp(h->magic.magic, "SWAP-SPACE", SWAP_MAGIC_LEN))
			printk("swapon: %s: version 0 swap is no longer supported\n", name);
		else
			printk("swapon: %s: unable to find swap-space signature\n", name);
		return -EINVAL;
	}
	if (h->info.version != 1) {
		if (swab32(h->info.version) == 1)
			printk("swapon: %s: swap header has the wrong byte order\n", name);
		else
			printk("swapon: %s: unable to handle swap header version %u\n",
			       name, h->info.version);
		return -EINVAL;
	}
	if (last > SWP_OFFSET_MAX) {
		printk("swapon: %s: truncating oversized swap area to %u pages\n",
		       name, SWP_OFFSET_MAX + 1);
		last = SWP_OFFSET_MAX;
	}
	p->max = last + 1;
	dev_pages = (u32)(p->bdev->nr_sectors >> (PAGE_SHIFT - SECTOR_SHIFT));
	if (p->max > dev_pages) {
		printk("swapon: %s: swap area shorter than signature indicates\n", name);
		return -EINVAL;
	}
	if (h->info.nr_badpages > MAX_SWAP_BADPAGES)
		return -EINVAL;
	for (i = 0; i < h->info.nr_badpages; i++)
		if (!h->info.badpages[i] || h->info.badpages[i] > h->info.last_page)
			return -EINVAL;
	memcpy(p->uuid, h->info.sws_uuid, sizeof(p->uuid));
	memcpy(p->label, h->info.sws_volume, sizeof(h->info.sws_volume));
	p->label[sizeof(h->info.sws_volume)] = '\0';
	return 0;
}

/* The swap_map, with the header and the bad pages marked; sets pages. */
static int setup_swap_map(struct swap_info_struct *p,
			  const union swap_header *h)
{
	struct page *map;
	u32 i, bad = 0, slot;

	p->swap_map_order = get_order(p->max * sizeof(u16));
	map = alloc_pages(GFP_KERNEL, p->swap_map_order);
	if (!map)
		return -ENOMEM;
	p->swap_map = page_address(map);
	memset(p->swap_map, 0, p->max * sizeof(u16));
	p->swap_map[0] = SWAP_MAP_BAD;
	for (i = 0; i < h->info.nr_badpages; i++) {
		slot = h->info.badpages[i];
		if (slot < p->max && p->swap_map[slot] != SWAP_MAP_BAD) {
			p->swap_map[slot] = SWAP_MAP_BAD;
			bad++;
		}
	}
	p->pages = p->max - 1 - bad;
	if (!p->pages) {
		printk("swapon: %s: empty swap area\n", p->bdev->name);
		return -EINVAL;
	}
	p->inuse_pages = 0;
	p->lowest_bit = 1;
	p->highest_bit = p->max - 1;
	p->cluster_next = 1;
	p->cluster_nr = 0;
	return 0;
}

static void free_swap_map(struct swap_info_struct *p)
{
	if (p->swap_map)
		free_pages((unsigned long)p->swap_map, p->swap_map_order);
	p->swap_map = NULL;
}

/* Give a failed or removed area's slot back; the device is released. */
static void clear_swap_info(struct swap_info_struct *p)
{
	u32 flags;

	if (p->bdev)
		blkdev_release(p->bdev, p);
	spin_lock_irqsave(&swap_lock, flags);
	p->max = 0;
	p->flags = 0;
	spin_unlock_irqrestore(&swap_lock, flags);
	free_swap_map(p);
	p->bdev = NULL;
}

static struct swap_info_struct *alloc_swap_info(void)
{
	unsigned int type;

	for (type = 0; type < MAX_SWAPFILES; type++)
		if (!(swap_info[type].flags & SWP_USED))
			break;
	if (type == MAX_SWAPFILES)
		return NULL;
	memset(&swap_info[type], 0, sizeof(swap_info[type]));
	swap_info[type].flags = SWP_USED;
	swap_info[type].next = -1;
	if (type >= nr_swapfiles)
		nr_swapfiles = type + 1;
	return &swap_info[type];
}

/*
 * The disk a swapon/swapoff path names.  Through the VFS first, as Linux:
 * a block device node gives its disk, a directory -EISDIR, anything else
 * -EINVAL (Mapback swaps to disks, not files).  A name the VFS does not
 * know may still be a disk without a node (a test's RAM disk): try the
 * block layer's own names before giving -ENOENT.
 */
static int swap_bdev(const char *name, struct block_device **bdev)
{
	struct path path;
	umode_t mode;
	dev_t rdev;
	int err = kern_path(name, NULL, LOOKUP_FOLLOW, &path);

	if (err) {
		*bdev = blkdev_lookup(name);
		return *bdev ? 0 : err;
	}
	mode = path.inode->i_mode;
	rdev = path.inode->i_rdev;
	path_put(&path);
	if (S_ISDIR(mode))
		return -EISDIR;
	if (!S_ISBLK(mode))
		return -EINVAL;
	*bdev = blkdev_get_by_dev(MAJOR(rdev), MINOR(rdev));
	return *bdev ? 0 : -ENXIO;
}

static int swapon_locked(const char *path, int swap_flags)
{
	struct swap_info_struct *p;
	struct block_device *bdev;
	struct page *hpage;
	union swap_header *h;
	u32 flags;
	int err;

	err = swap_bdev(path, &bdev);
	if (err)
		return err;
	p = alloc_swap_info();
	if (!p)
		return -EPERM;		/* all MAX_SWAPFILES in use, as Linux */
	err = blkdev_claim(bdev, p);
	if (err) {
		clear_swap_info(p);
		return err;
	}
	p->bdev = bdev;
	hpage = alloc_page(GFP_KERNEL);
	if (!hpage) {
		clear_swap_info(p);
		return -ENOMEM;
	}
	h = page_address(hpage);
	err = blkdev_read_page(bdev, 0, hpage);
	if (!err)
		err = check_swap_header(p, h);
	if (!err)
		err = setup_swap_map(p, h);
	__free_page(hpage);
	if (err) {
		clear_swap_info(p);
		return err;
	}
	if (swap_flags & SWAP_FLAG_PREFER)
		p->prio = (swap_flags & SWAP_FLAG_PRIO_MASK) >> SWAP_FLAG_PRIO_SHIFT;
	else
		p->prio = --least_priority;
	spin_lock_irqsave(&swap_lock, flags);
	enable_swap_info(p);
	spin_unlock_irqrestore(&swap_lock, flags);
	printk("Adding %uk swap on /dev/%s.  Priority:%d extents:1 across:%uk\n",
	       K(p->pages), bdev->name, p->prio, K(p->max - 1));
	return 0;
}

int do_swapon(const char *path, int swap_flags)
{
	int err;

	if (swap_flags & ~SWAP_FLAGS_VALID)
		return -EINVAL;
	down(&swapon_sem);
	err = swapon_locked(path, swap_flags);
	up(&swapon_sem);
	return err;
}

/*
 * swapoff.  try_to_unuse, which brings an area's pages back, is the
 * reclaim side's: mm/reclaim/swap_unuse.c.
 */

/* Linux's rule (vm_enough_memory): the pages in use must fit in free RAM
 * plus the free slots of the other areas, or swapoff fails with -ENOMEM
 * before touching anything. */
static bool room_for(const struct swap_info_struct *p)
{
	long elsewhere = nr_swap_pages - (long)(p->pages - p->inuse_pages);

	return (long)p->inuse_pages <= (long)nr_free_pages() + elsewhere;
}

static int swapoff_locked(const char *path)
{
	struct block_device *bdev;
	struct swap_info_struct *p = NULL;
	unsigned int type;
	u32 flags;
	int err = swap_bdev(path, &bdev);

	if (err)
		return err;
	for (type = 0; type < nr_swapfiles; type++)
		if ((swap_info[type].flags & SWP_WRITEOK) &&
		    swap_info[type].bdev == bdev)
			p = &swap_info[type];
	if (!p)
		return -EINVAL;
	if (!room_for(p))
		return -ENOMEM;
	spin_lock_irqsave(&swap_lock, flags);
	disable_swap_info(p);
	spin_unlock_irqrestore(&swap_lock, flags);

	err = try_to_unuse((unsigned int)(p - swap_info));
	if (err) {
		if (p->prio < 0)
			p->prio = --least_priority;
		spin_lock_irqsave(&swap_lock, flags);
		enable_swap_info(p);
		spin_unlock_irqrestore(&swap_lock, flags);
		return err;
	}
	clear_swap_info(p);
	/* Every slot of the area came back: check nothing else was lost
	 * (a failure shows in the log and in /proc/sys/vm/swap_audit). */
	swap_audit();
	return 0;
}

int do_swapoff(const char *path)
{
	int err;

	down(&swapon_sem);
	err = swapoff_locked(path);
	up(&swapon_sem);
	return err;
}

/* Longest path swapon/swapoff take from user space. */
#define SWAP_USER_PATH_MAX 256

static long copy_path(const char *upath, char *buf)
{
	long n = strncpy_from_user(buf, upath, SWAP_USER_PATH_MAX);

	if (n < 0)
		return n;
	if (n == SWAP_USER_PATH_MAX)
		return -ENAMETOOLONG;
	return 0;
}

long sys_swapon(const char *upath, int swap_flags)
{
	char path[SWAP_USER_PATH_MAX];
	long err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	err = copy_path(upath, path);
	return err ? err : do_swapon(path, swap_flags);
}

long sys_swapoff(const char *upath)
{
	char path[SWAP_USER_PATH_MAX];
	long err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	err = copy_path(upath, path);
	return err ? err : do_swapoff(path);
}

/*
 * Reporting.
 */

/* snprintf's contract over several pieces: len counts everything. */
static int append(char *buf, size_t size, int len, const char *s)
{
	size_t at = min((size_t)len, size);

	return len + snprintf(buf + at, size - at, "%s", s);
}

int swaps_show(char *buf, size_t size)
{
	struct swap_info_struct *p;
	char line[96];
	unsigned int type;
	int len, n;

	len = snprintf(buf, size, "Filename\t\t\t\tType\t\tSize\tUsed\tPriority\n");
	for (type = 0; type < nr_swapfiles; type++) {
		p = &swap_info[type];
		if (!(p->flags & SWP_USED) || !p->swap_map)
			continue;
		/* The name padded with spaces to column 40 (at least one). */
		n = snprintf(line, sizeof(line), "/dev/%s", p->bdev->name);
		do
			line[n++] = ' ';
		while (n < 40);
		snprintf(line + n, sizeof(line) - (size_t)n, "partition\t%u\t%u\t%d\n",
			 K(p->pages), K(p->inuse_pages), p->prio);
		len = append(buf, size, len, line);
	}
	return len;
}

void si_swapinfo(u32 *total_kb, u32 *free_kb)
{
	long unused = 0;
	unsigned int type;
	u32 flags;

	spin_lock_irqsave(&swap_lock, flags);
	/* Pages of an area being turned off still count until they are in. */
	for (type = 0; type < nr_swapfiles; type++)
		if ((swap_info[type].flags & SWP_USED) &&
		    !(swap_info[type].flags & SWP_WRITEOK))
			unused += swap_info[type].inuse_pages;
	*total_kb = K((u32)(total_swap_pages + unused));
	*free_kb = K((u32)(nr_swap_pages + unused));
	spin_unlock_irqrestore(&swap_lock, flags);
}
