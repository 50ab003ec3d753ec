/*
 * mm/writeback/page_writeback.c - dirty page accounting, the writeback of
 * a mapping's pages, and throttling writers (Linux's mm/page-writeback.c
 * and the writeback half of mm/filemap.c).  The calls and the life of a
 * dirty page are in mm/writeback/writeback.h; which inodes are dirty and
 * the flusher thread are in fs/fs_writeback.c.
 *
 * There are no radix-tree tags: a mapping's dirty pages are found by
 * walking its pages in index order, which is also disk order for a block
 * device, so the writes of neighbouring pages merge (the walk runs
 * plugged).
 */
#include "mm/writeback/writeback.h"
#include "fs/address_space.h"
#include "fs/fs_writeback.h"
#include "fs/inode.h"
#include "kernel/errno.h"
#include "kernel/panic.h"
#include "mm/locking.h"
#include "mm/phys/page.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/swap.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/filemap.h"

unsigned int dirty_background_ratio = 10;
unsigned int vm_dirty_ratio = 20;
unsigned int dirty_expire_interval = 30 * 100;
unsigned int dirty_writeback_interval = 5 * 100;
unsigned long vm_dirty_bytes;
unsigned long dirty_background_bytes;

u32 nr_file_dirty;

/* Pages of a lookup batch. */
#define WB_BATCH 16

bool mapping_cap_account_dirty(struct address_space *mapping)
{
	return mapping && mapping->a_ops && !mapping->a_ops->memory_backed;
}

bool set_page_dirty(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (PageSwapCache(page) || !mapping)
		return !TestSetPageDirty(page);
	if (mapping->a_ops && mapping->a_ops->set_page_dirty)
		return !mapping->a_ops->set_page_dirty(page);
	return !__set_page_dirty_nobuffers(page);
}

int __set_page_dirty_nobuffers(struct page *page)
{
	struct address_space *mapping;
	u32 flags;

	if (TestSetPageDirty(page))
		return 1;
	flags = atomic_begin();
	mapping = page_mapping(page);
	/* A page truncated meanwhile has no mapping left to count it in. */
	if (mapping_cap_account_dirty(mapping)) {
		stat_inc(&nr_file_dirty);
		mapping->nrdirty++;
		__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
	}
	atomic_end(flags);
	return 0;
}

/* Uncount a page whose dirty bit was just taken (interrupts off). */
static void account_page_cleaned(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (mapping_cap_account_dirty(mapping)) {
		BUG_ON(!nr_file_dirty || !mapping->nrdirty);
		stat_dec(&nr_file_dirty);
		mapping->nrdirty--;
	}
}

/* Take the dirty bit of the locked page, and uncount it. */
static bool test_clear_page_dirty(struct page *page)
{
	bool was;
	u32 flags;

	BUG_ON(!PageLocked(page));
	flags = atomic_begin();
	was = TestClearPageDirty(page);
	if (was)
		account_page_cleaned(page);
	atomic_end(flags);
	return was;
}

/*
 * In Linux's order (2.6.19.2's fix): first every PTE of the page made
 * clean and read-only (a store after that faults and dirties the page
 * again), and the stores they held moved into PG_dirty; only then the
 * bit taken.  The other way round a store between the two would be lost
 * to the write.
 */
bool clear_page_dirty_for_io(struct page *page)
{
	BUG_ON(!PageLocked(page));
	if (mapping_cap_account_dirty(page_mapping(page)) && page_mkclean(page))
		set_page_dirty(page);
	return test_clear_page_dirty(page);
}

void cancel_dirty_page(struct page *page)
{
	test_clear_page_dirty(page);
}

bool test_set_page_writeback(struct page *page)
{
	u32 flags = atomic_begin();
	bool was = TestSetPageWriteback(page);

	if (!was)
		stat_inc(&nr_writeback);
	atomic_end(flags);
	return !was;
}

void mapping_set_error(struct address_space *mapping, int error)
{
	if (!mapping || !error)
		return;
	set_bit(error == -ENOSPC ? AS_ENOSPC : AS_EIO, &mapping->flags);
	if (mapping->host && mapping->host->i_sb)
		errseq_set(&mapping->host->i_sb->s_wb_err, error);
}

void end_page_writeback(struct page *page, int error)
{
	u32 flags = atomic_begin();

	BUG_ON(!PageWriteback(page));
	if (error) {
		/* The data is still here: keep it dirty for a later try,
		 * and tell the next fsync. */
		SetPageError(page);
		mapping_set_error(page_mapping(page), error);
		set_page_dirty(page);
	}
	ClearPageWriteback(page);
	stat_dec(&nr_writeback);
	atomic_end(flags);
}

void wait_on_page_writeback(struct page *page)
{
	struct bio *bio;
	u32 flags;

	for (;;) {
		flags = irq_save();
		if (!PageWriteback(page)) {
			irq_restore(flags);
			return;
		}
		/* The write is in one of the two pools: swap_writepage's (a
		 * swap cache page, or a ramfs page on its way to swap) or
		 * page_write.c's, where it may still be gathering. */
		bio = swap_write_bio(page);
		irq_restore(flags);
		if (bio)
			bio_wait(bio);
		else if (!file_write_wait(page))
			BUG();
	}
}

/* write_cache_pages's writepage for a mapping without writepages. */
static int writepage_unlock(struct page *page, struct writeback_control *wbc,
			    void *data)
{
	struct address_space *mapping = data;
	int ret;

	(void)wbc;
	ret = mapping->a_ops->writepage(page);
	unlock_page(page);
	return ret;
}

/* Lock a dirty page of wbc's walk and hand it to writepage, or unlock it
 * when it has nothing to write. */
static int write_locked(struct address_space *mapping, struct page *page,
			struct writeback_control *wbc, writepage_t writepage,
			void *data)
{
	lock_page(page);
	if (page->mapping != mapping)
		goto skip;
	if (PageWriteback(page)) {
		if (wbc->sync_mode == WB_SYNC_NONE)
			goto skip;
		wait_on_page_writeback(page);
	}
	if (!PageDirty(page))
		goto skip;
	if (!mapping->a_ops->writepage) {
		unlock_page(page);
		return -EIO; /* nothing can write it: it stays dirty */
	}
	wbc->nr_to_write--;
	return writepage(page, wbc, data);
skip:
	unlock_page(page);
	return 0;
}

int write_cache_pages(struct address_space *mapping,
		      struct writeback_control *wbc, writepage_t writepage,
		      void *data)
{
	struct page *pages[WB_BATCH];
	unsigned long next = wbc->start;
	struct blk_plug plug;
	unsigned int i, n;
	int err = 0, ret;

	blk_start_plug(&plug);
	while (wbc->nr_to_write > 0 && next <= wbc->end) {
		n = find_get_pages(mapping, next, WB_BATCH, pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = pages[i];

			if (page->index > wbc->end || wbc->nr_to_write <= 0) {
				next = wbc->end + 1;
			} else {
				next = page->index + 1;
				ret = PageDirty(page) ?
					      write_locked(mapping, page, wbc,
							   writepage, data) :
					      0;
				if (ret && !err)
					err = ret;
			}
			put_page(page);
		}
		if (next == 0)
			break; /* wrapped past the last index */
	}
	blk_finish_plug(&plug);
	return err;
}

int generic_writepages(struct address_space *mapping,
		       struct writeback_control *wbc)
{
	return write_cache_pages(mapping, wbc, writepage_unlock, mapping);
}

int do_writepages(struct address_space *mapping,
		  struct writeback_control *wbc)
{
	if (mapping->a_ops->writepages)
		return mapping->a_ops->writepages(mapping, wbc);
	return generic_writepages(mapping, wbc);
}

int filemap_fdatawrite_range(struct address_space *mapping, loff_t start,
			     loff_t end)
{
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_ALL,
		.nr_to_write = 0x7fffffff,
		.start = start >> PAGE_SHIFT,
		.end = end >> PAGE_SHIFT,
	};

	if (!mapping_cap_account_dirty(mapping) || !mapping->nrpages)
		return 0;
	return do_writepages(mapping, &wbc);
}

int filemap_fdatawrite(struct address_space *mapping)
{
	return filemap_fdatawrite_range(mapping, 0, ~0ULL >> 1);
}

/* The recorded error, cleared: reported once. */
static int filemap_check_errors(struct address_space *mapping)
{
	int err = 0;

	if (test_and_clear_bit(AS_ENOSPC, &mapping->flags))
		err = -ENOSPC;
	if (test_and_clear_bit(AS_EIO, &mapping->flags))
		err = -EIO;
	return err;
}

int filemap_fdatawait_keep_errors(struct address_space *mapping)
{
	struct page *pages[WB_BATCH];
	unsigned long next = 0;
	unsigned int i, n;

	for (;;) {
		n = find_get_pages(mapping, next, WB_BATCH, pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			next = pages[i]->index + 1;
			wait_on_page_writeback(pages[i]);
			put_page(pages[i]);
		}
		if (next == 0)
			break;
	}
	return test_bit(AS_EIO, &mapping->flags)    ? -EIO :
	       test_bit(AS_ENOSPC, &mapping->flags) ? -ENOSPC :
						      0;
}

int filemap_fdatawait(struct address_space *mapping)
{
	filemap_fdatawait_keep_errors(mapping);
	return filemap_check_errors(mapping);
}

int filemap_write_and_wait(struct address_space *mapping)
{
	int err = filemap_fdatawrite(mapping);
	int err2 = filemap_fdatawait(mapping);

	return err ? err : err2;
}

int write_one_page(struct page *page, bool wait)
{
	struct address_space *mapping = page->mapping;
	int err = 0;

	BUG_ON(!PageLocked(page));
	wait_on_page_writeback(page);
	if (PageDirty(page))
		err = mapping->a_ops->writepage(page);
	unlock_page(page);
	/* The page's own error, as Linux's: the mapping's stays for fsync. */
	if (!err && wait) {
		wait_on_page_writeback(page);
		if (PageError(page))
			err = -EIO;
	}
	return err;
}

/* A limit of the tunables as a page count: its bytes, rounded up, when
 * they are set, else its percentage of avail. */
static unsigned long dirty_limit(unsigned long bytes, unsigned int ratio,
				 unsigned long avail)
{
	if (bytes)
		return (bytes + PAGE_SIZE - 1) / PAGE_SIZE;
	return avail * ratio / 100;
}

void global_dirty_limits(unsigned long *background, unsigned long *dirty)
{
	/* Linux's global_dirtyable_memory: free pages and the page cache. */
	unsigned long avail = nr_free_pages() + pagecache_nr_pages();

	*dirty = dirty_limit(vm_dirty_bytes, vm_dirty_ratio, avail);
	*background = dirty_limit(dirty_background_bytes,
				  dirty_background_ratio, avail);
	if (*background >= *dirty)
		*background = *dirty / 2;
}

/* Pages a throttled writer writes itself before it looks again (Linux's
 * write_chunk for its ratelimit of 32 pages). */
#define WRITE_CHUNK 48

/*
 * Above vm_dirty_ratio the writer writes the oldest dirty pages itself,
 * up to WRITE_CHUNK of them, and when it finds none to start (all are
 * being written) waits for a write in flight to end; when none is in
 * flight (the rest are still gathering, by a flusher that may be asleep
 * holding them), or below the ratio, it goes on.  Above the background
 * threshold the flusher is woken to bring the count down.
 */
static void balance_dirty_pages(void)
{
	unsigned long background, dirty;
	long written = 0, n;

	/* Having written its chunk the writer has done its part, even if
	 * the count stays high (writes that fail leave pages dirty). */
	while (written < WRITE_CHUNK) {
		global_dirty_limits(&background, &dirty);
		if (nr_file_dirty + nr_writeback <= dirty)
			break;
		if (nr_file_dirty > background)
			wakeup_flusher_threads();
		n = writeback_inodes(WRITE_CHUNK - written, false, 0);
		written += n;
		if (n)
			continue;
		if (!nr_writeback || !writeback_congestion_wait())
			break; /* nothing we can write or wait for */
	}
	global_dirty_limits(&background, &dirty);
	if (nr_file_dirty > background)
		wakeup_flusher_threads();
}

void balance_dirty_pages_ratelimited(struct address_space *mapping)
{
	if (!mapping_cap_account_dirty(mapping))
		return;
	balance_dirty_pages();
}
