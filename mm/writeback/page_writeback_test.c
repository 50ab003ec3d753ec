/*
 * mm/writeback/page_writeback_test.c - writeback of a block device's page
 * cache, on a ktest RAM disk (kernel/block/ktest_ramdisk.h) of 8 pages
 * and 2 sectors (its last page is short), told to fail writes in some.
 * Its queue has no interrupt, so every write ends before
 * submit_page_write returns.
 */
#include "fs/block_dev.h"
#include "fs/fs_writeback.h"
#include "fs/inode.h"
#include "kernel/block/ktest_ramdisk.h"
#include "kernel/ktest.h"
#include "kernel/process/task.h"
#include "kernel/lib/string.h"
#include "kernel/sched/sched.h"
#include "kernel/time/timer.h"
#include "mm/phys/highmem.h"
#include "mm/vm/filemap.h"
#include "mm/writeback/writeback.h"

#define RD_SECTORS (8 * BIO_SECTORS + 2)

static struct ktest_ramdisk rd;
static struct block_device *const rd_b = &rd.bdev;

/* Each sector holds its own number in every byte. */
static struct address_space *rd_setup(void)
{
	unsigned int i;

	if (!ktest_ramdisk_init(&rd, "wbram", 1, RD_SECTORS))
		return NULL;
	for (i = 0; i < RD_SECTORS; i++)
		memset(rd.mem + i * SECTOR_SIZE, i, SECTOR_SIZE);
	if (!KEXPECT_EQ(blkdev_get(rd_b), 0))
		return NULL;
	return rd_b->bd_inode->i_mapping;
}

static void rd_teardown(void)
{
	blkdev_put(rd_b);
	ktest_ramdisk_free(&rd);
}

/* Page index of the cache, read, filled with value and dirtied. */
static struct page *dirty_page(struct address_space *mapping,
			       unsigned long index, u8 value)
{
	struct page *page;
	char *kaddr;

	if (read_mapping_page(mapping, index, NULL, &page))
		return NULL;
	lock_page(page);
	kaddr = kmap_atomic(page, KM_USER0);
	memset(kaddr, value, PAGE_SIZE);
	kunmap_atomic(kaddr, KM_USER0);
	set_page_dirty(page);
	unlock_page(page);
	return page;
}

static bool disk_filled(sector_t first, sector_t n, u8 value)
{
	u32 i;

	for (i = 0; i < n * SECTOR_SIZE; i++)
		if (rd.mem[first * SECTOR_SIZE + i] != value)
			return false;
	return true;
}

/* Do the sectors still hold what rd_setup put there? */
static bool disk_untouched(sector_t first, sector_t n)
{
	sector_t s;

	for (s = first; s < first + n; s++)
		if (!disk_filled(s, 1, (u8)s))
			return false;
	return true;
}

KTEST(writeback_blkdev_page_reaches_disk)
{
	struct address_space *mapping = rd_setup();
	u32 dirty = nr_file_dirty;
	struct page *page;

	KASSERT_TRUE(mapping != NULL);
	page = dirty_page(mapping, 1, 0xab);
	KASSERT_TRUE(page != NULL);
	KEXPECT_TRUE(PageDirty(page));
	KEXPECT_EQ(nr_file_dirty, dirty + 1);
	KEXPECT_EQ(mapping->nrdirty, 1ul);
	KEXPECT_TRUE(mapping->host->i_state & I_DIRTY_PAGES);
	KEXPECT_TRUE(disk_untouched(8, 8)); /* not yet */
	KEXPECT_EQ(filemap_write_and_wait(mapping), 0);
	KEXPECT_TRUE(disk_filled(8, 8, 0xab));
	KEXPECT_TRUE(disk_untouched(0, 8)); /* its neighbours */
	KEXPECT_TRUE(disk_untouched(16, 8));
	KEXPECT_FALSE(PageDirty(page));
	KEXPECT_FALSE(PageWriteback(page));
	KEXPECT_EQ(nr_file_dirty, dirty);
	KEXPECT_EQ(mapping->nrdirty, 0ul);
	KEXPECT_EQ(rd.pages_written, 1u);
	put_page(page);
	rd_teardown();
}

/* A failed write leaves the page dirty, fsync's wait says EIO once, and
 * the next write, once the disk works, puts the data there. */
KTEST(writeback_error_reported_once)
{
	struct address_space *mapping = rd_setup();
	u32 dirty = nr_file_dirty;
	struct page *page;

	KASSERT_TRUE(mapping != NULL);
	page = dirty_page(mapping, 2, 0x5a);
	KASSERT_TRUE(page != NULL);
	rd.fail_writes = true;
	KEXPECT_EQ(filemap_write_and_wait(mapping), -EIO);
	KEXPECT_TRUE(PageDirty(page));
	KEXPECT_TRUE(PageError(page));
	KEXPECT_EQ(nr_file_dirty, dirty + 1);
	KEXPECT_TRUE(mapping->host->i_state & I_DIRTY_PAGES);
	KEXPECT_EQ(filemap_fdatawait(mapping), 0); /* reported already */
	rd.fail_writes = false;
	KEXPECT_EQ(filemap_write_and_wait(mapping), 0);
	KEXPECT_TRUE(disk_filled(16, 8, 0x5a));
	KEXPECT_FALSE(PageDirty(page));
	KEXPECT_EQ(nr_file_dirty, dirty);
	put_page(page);
	rd_teardown();
}

/* Gather the dirty pages first..first + n - 1 into one write and submit
 * it (fs/mpage.c's steps); they end unlocked. */
static void write_run(struct page **pages, unsigned long first, unsigned int n)
{
	struct page_write *w = page_write_start(rd_b, first * BIO_SECTORS);
	unsigned int i;

	for (i = 0; i < n; i++) {
		lock_page(pages[first + i]);
		KEXPECT_TRUE(clear_page_dirty_for_io(pages[first + i]));
		KEXPECT_TRUE(page_write_add(w, pages[first + i]));
		KEXPECT_TRUE(PageWriteback(pages[first + i]));
	}
	KEXPECT_EQ(page_write_next_sector(w), (first + n) * BIO_SECTORS);
	page_write_submit(w);
}

/*
 * A run of four pages goes as one bio, one request: each page's data
 * where it belongs, every page unlocked and clean.  A failed run leaves
 * each of its pages dirty with PG_error, fsync's wait says EIO once, and
 * writeback puts them on the disk once it works.
 */
KTEST(writeback_page_write_run)
{
	struct address_space *mapping = rd_setup();
	struct page *pages[6];
	u32 dirty;
	unsigned int requests, written;
	int i;

	KASSERT_TRUE(mapping != NULL);
	dirty = nr_file_dirty;
	for (i = 0; i < 6; i++)
		KASSERT_TRUE((pages[i] = dirty_page(mapping, i, 0xa0 + i)));
	requests = rd.requests;
	written = rd.pages_written;
	write_run(pages, 0, 4);
	KEXPECT_EQ(rd.requests - requests, 1u);
	KEXPECT_EQ(rd.pages_written - written, 4u);
	for (i = 0; i < 4; i++) {
		KEXPECT_TRUE(
			disk_filled(i * BIO_SECTORS, BIO_SECTORS, 0xa0 + i));
		KEXPECT_FALSE(PageLocked(pages[i]) || PageWriteback(pages[i]) ||
			      PageDirty(pages[i]));
	}
	rd.fail_writes = true;
	write_run(pages, 4, 2);
	for (i = 4; i < 6; i++) {
		KEXPECT_TRUE(PageDirty(pages[i]) && PageError(pages[i]));
		KEXPECT_FALSE(PageLocked(pages[i]) || PageWriteback(pages[i]));
	}
	KEXPECT_EQ(nr_file_dirty, dirty + 2);
	KEXPECT_EQ(filemap_fdatawait(mapping), -EIO);
	KEXPECT_EQ(filemap_fdatawait(mapping), 0);
	rd.fail_writes = false;
	KEXPECT_EQ(filemap_write_and_wait(mapping), 0);
	KEXPECT_TRUE(disk_filled(5 * BIO_SECTORS, BIO_SECTORS, 0xa5));
	KEXPECT_EQ(nr_file_dirty, dirty);
	for (i = 0; i < 6; i++)
		put_page(pages[i]);
	rd_teardown();
}

/* The last page holds 2 sectors: the write covers the disk's last 8
 * sectors, the 6 before the page from the cache's page before. */
KTEST(writeback_short_last_page)
{
	struct address_space *mapping = rd_setup();
	struct page *page;

	KASSERT_TRUE(mapping != NULL);
	page = dirty_page(mapping, 8, 0xc3);
	KASSERT_TRUE(page != NULL);
	KEXPECT_EQ(filemap_write_and_wait(mapping), 0);
	KEXPECT_TRUE(disk_filled(64, 2, 0xc3));
	KEXPECT_TRUE(disk_untouched(56, 8));
	KEXPECT_FALSE(PageDirty(page));
	KEXPECT_FALSE(PageWriteback(page));
	put_page(page);
	rd_teardown();
}

/* The kupdate pass writes only inodes dirty for longer than the expiry. */
KTEST(writeback_kupdate_writes_only_expired)
{
	struct address_space *mapping = rd_setup();
	struct page *page;

	KASSERT_TRUE(mapping != NULL);
	page = dirty_page(mapping, 3, 0x11);
	KASSERT_TRUE(page != NULL);
	KEXPECT_EQ(writeback_inodes(1000, true,
				    mapping->host->dirtied_when - 1),
		   0);
	KEXPECT_TRUE(PageDirty(page));
	KEXPECT_TRUE(disk_untouched(24, 8));
	KEXPECT_GE(writeback_inodes(1000, true, mapping->host->dirtied_when),
		   1);
	filemap_fdatawait(mapping);
	KEXPECT_FALSE(PageDirty(page));
	KEXPECT_TRUE(disk_filled(24, 8, 0x11));
	KEXPECT_FALSE(mapping->host->i_state & I_DIRTY);
	put_page(page);
	rd_teardown();
}

/* The flusher thread, with an expiry of 0 and a period of 1 tick, writes
 * a page soon after it went dirty.  Bounded: two seconds. */
KTEST(writeback_flusher_writes_expired_pages)
{
	struct address_space *mapping = rd_setup();
	unsigned int expire = dirty_expire_interval;
	unsigned int period = dirty_writeback_interval;
	struct page *page;
	int ticks;

	KASSERT_TRUE(mapping != NULL);
	dirty_expire_interval = 0;
	dirty_writeback_interval = 1;
	page = dirty_page(mapping, 4, 0x22);
	KASSERT_TRUE(page != NULL);
	wakeup_flusher_threads();
	for (ticks = 0; ticks < 2 * HZ && PageDirty(page); ticks++) {
		current->state = TASK_INTERRUPTIBLE;
		schedule_timeout(1);
	}
	wait_on_page_writeback(page);
	KEXPECT_FALSE(PageDirty(page));
	KEXPECT_TRUE(disk_filled(32, 8, 0x22));
	dirty_expire_interval = expire;
	dirty_writeback_interval = period;
	put_page(page);
	rd_teardown();
}

/* Below dirty_ratio a writer goes on and its page stays dirty; with the
 * ratio at 0 it writes the page itself before it goes on. */
KTEST(writeback_balance_dirty_pages_throttles)
{
	struct address_space *mapping = rd_setup();
	unsigned int ratio = vm_dirty_ratio, bg = dirty_background_ratio;
	struct page *page;

	KASSERT_TRUE(mapping != NULL);
	page = dirty_page(mapping, 5, 0x33);
	KASSERT_TRUE(page != NULL);
	balance_dirty_pages_ratelimited(mapping);
	KEXPECT_TRUE(PageDirty(page));
	KEXPECT_TRUE(disk_untouched(40, 8));
	vm_dirty_ratio = 0;
	dirty_background_ratio = 0;
	balance_dirty_pages_ratelimited(mapping);
	wait_on_page_writeback(page);
	KEXPECT_FALSE(PageDirty(page));
	KEXPECT_TRUE(disk_filled(40, 8, 0x33));
	vm_dirty_ratio = ratio;
	dirty_background_ratio = bg;
	put_page(page);
	rd_teardown();
}

/* A byte limit, when set, is the limit in pages, rounded up; the
 * background one is kept below the other. */
KTEST(writeback_dirty_bytes_limits)
{
	unsigned long bytes = vm_dirty_bytes, bg_bytes = dirty_background_bytes;
	unsigned long background, dirty;

	vm_dirty_bytes = 10 * PAGE_SIZE + 1;
	dirty_background_bytes = 3 * PAGE_SIZE;
	global_dirty_limits(&background, &dirty);
	KEXPECT_EQ(dirty, 11);
	KEXPECT_EQ(background, 3);
	dirty_background_bytes = 20 * PAGE_SIZE;
	global_dirty_limits(&background, &dirty);
	KEXPECT_EQ(background, 5);
	vm_dirty_bytes = bytes;
	dirty_background_bytes = bg_bytes;
}

/* The last close writes what is dirty before the cache goes. */
KTEST(writeback_last_close_writes_back)
{
	struct address_space *mapping = rd_setup();
	u32 dirty = nr_file_dirty;
	struct page *page;

	KASSERT_TRUE(mapping != NULL);
	page = dirty_page(mapping, 6, 0x44);
	KASSERT_TRUE(page != NULL);
	put_page(page);
	blkdev_put(rd_b);
	KEXPECT_TRUE(rd_b->bd_inode == NULL);
	KEXPECT_TRUE(disk_filled(48, 8, 0x44));
	KEXPECT_EQ(nr_file_dirty, dirty);
	ktest_ramdisk_free(&rd);
}
