/*
 * mm/writeback/writeback.h - dirty pages of files on disk, and writing
 * them back (Linux's include/linux/writeback.h and pagemap.h calls).
 *
 * A page of a disk-backed mapping (a block device's cache, a disk file
 * system's file; a_ops->memory_backed false) that is written to goes
 * dirty through set_page_dirty, which counts it (nr_file_dirty, /proc
 * meminfo Dirty:) and puts its inode on the dirty list (fs/fs_writeback.h)
 * stamped with when it went dirty.  Writing it back:
 *
 *   set_page_dirty ---> PG_dirty, nr_file_dirty++, inode on the dirty list
 *        |
 *        |  lock_page; a_ops->writepage(page):
 *        v     clear_page_dirty_for_io   PG_dirty off, nr_file_dirty--
 *              test_set_page_writeback   PG_writeback, nr_writeback++
 *              the bio is queued; the caller unlocks the page
 *        |
 *        v  (disk interrupt) end_page_writeback: PG_writeback off,
 *           nr_writeback--; on an error the page is dirty again and the
 *           mapping remembers it (AS_EIO) for the next fsync
 *
 * Every PG_dirty set on a page of a mapping goes through set_page_dirty
 * (a dirty PTE's bit moved to the page too), and every clear of it through
 * clear_page_dirty_for_io or cancel_dirty_page, so the count stays true.
 *
 * a_ops->writepage(page) is called with the page locked and dirty; it
 * clears the dirty bit (clear_page_dirty_for_io), starts the write and
 * returns 0 with the page still locked (the caller unlocks), or returns
 * an error with the page dirty again.
 */
#ifndef MM_WRITEBACK_WRITEBACK_H
#define MM_WRITEBACK_WRITEBACK_H

#include "fs/address_space.h"
#include "fs/stat.h"
#include "kernel/block/blkdev.h"
#include "kernel/types.h"

struct page;
struct address_space;

/* address_space.flags: an error of an asynchronous write, kept until
 * fsync (filemap_fdatawait) reports it once. */
#define AS_EIO 0
#define AS_ENOSPC 1

/* The /proc/sys/vm tunables, Linux's names and defaults (10, 20, 3000,
 * 500): percentages of free + page cache memory, and centiseconds. */
extern unsigned int dirty_background_ratio;
extern unsigned int vm_dirty_ratio;
extern unsigned int dirty_expire_interval;
extern unsigned int dirty_writeback_interval;
/* The same limits in bytes (dirty_bytes, dirty_background_bytes): when
 * one is not 0 it is used instead of its ratio, which is then 0. */
extern unsigned long vm_dirty_bytes;
extern unsigned long dirty_background_bytes;

/* Dirty pages of disk-backed mappings (NR_FILE_DIRTY), and pages under
 * writeback, to a file or to swap (NR_WRITEBACK; mm/reclaim/page_io.c
 * counts the swap writes). */
extern u32 nr_file_dirty;
extern u32 nr_writeback;

enum writeback_sync_modes {
	WB_SYNC_NONE, /* start writes; skip pages being written already */
	WB_SYNC_ALL, /* every dirty page: wait for a write in flight */
};

struct writeback_control {
	enum writeback_sync_modes sync_mode;
	long nr_to_write; /* pages still to write; counts down */
	unsigned long start, end; /* page indexes, inclusive */
};

/* Does this mapping keep dirty pages for a disk (counted, written back)?
 * Any that is not memory_backed.  Its set_page_dirty must count
 * (__set_page_dirty_nobuffers, which simple_set_page_dirty calls for such
 * a mapping). */
bool mapping_cap_account_dirty(struct address_space *mapping);

/* Mark the page dirty as its mapping wants (a_ops->set_page_dirty, or
 * just the flag for anonymous memory).  True if it was clean (Linux's
 * return).  Any context: interrupts may be off. */
bool set_page_dirty(struct page *page);
/* The set_page_dirty of a disk-backed mapping without buffers: the flag,
 * the count and the inode's dirty state.  Returns the old flag (the a_ops
 * convention of fs/address_space.h). */
int __set_page_dirty_nobuffers(struct page *page);
/* The locked page is about to be written: clear its dirty bit (and, for
 * a mapped page, its PTEs' dirty and write bits).  True if it was dirty. */
bool clear_page_dirty_for_io(struct page *page);
/* The locked page is dropped with its data (truncate): uncount it. */
void cancel_dirty_page(struct page *page);

/* Start writeback of a locked page: false if it was under writeback
 * already (then nothing changed). */
bool test_set_page_writeback(struct page *page);
/* The write ended: error 0 or -errno.  On an error the page is dirty
 * again, PG_error is set and the mapping records it (mapping_set_error).
 * Interrupt context allowed. */
void end_page_writeback(struct page *page, int error);
/* Sleep until page's write (file or swap) has ended. */
void wait_on_page_writeback(struct page *page);
void mapping_set_error(struct address_space *mapping, int error);

/*
 * Write the locked page with one bio at sector of bdev, asynchronously:
 * sets PG_writeback (the page's dirty bit must be clear already) and
 * queues the bio; its end calls end_page_writeback.  The page stays
 * locked.  data: the page whose bytes are written, NULL for the page
 * itself (a caller's page must live until wait_on_page_writeback
 * returns).  Waits for a free slot when WRITEBACK_INFLIGHT writes are out.
 */
void submit_page_write(struct page *page, struct block_device *bdev,
		       sector_t sector, struct page *data);

/*
 * A write of several pages that follow each other on the disk, in one
 * bio (fs/mpage.c): page_write_start takes a slot (waiting for one) for a
 * bio from sector on; page_write_add adds the next locked page whose dirty
 * bit is clear, and sets its PG_writeback (false, and nothing done, when
 * the bio is full); page_write_submit queues the bio and unlocks the
 * pages.  Until then the pages stay locked, and a waiter for their
 * writeback waits for their lock.  A started write gets at least one
 * page before it is submitted.
 */
#define WRITE_MAX_PAGES (BLK_MAX_SECTORS / BIO_SECTORS)
struct page_write;
struct page_write *page_write_start(struct block_device *bdev,
				    sector_t sector);
bool page_write_add(struct page_write *w, struct page *page);
/* The sector right after the write's last page. */
sector_t page_write_next_sector(struct page_write *w);
void page_write_submit(struct page_write *w);

/*
 * Wait for the oldest file write in flight, if any: throttling.  false
 * when there was none.  The pages of a write still gathering, or of swap
 * writes, count in nr_writeback but cannot be waited for here: a caller
 * that loops while nr_writeback is high must stop on false, or spin
 * without ever letting the writer who gathers them run (a one-CPU
 * kernel does not preempt it).
 */
bool writeback_congestion_wait(void);
/* If page is in a write of this pool: wait once for it (for its lock
 * while the write gathers, then for its bio) and return true; false if
 * it is under writeback elsewhere (swap).  wait_on_page_writeback loops
 * on it. */
bool file_write_wait(struct page *page);

/*
 * The walk of writeback: each dirty page of mapping that wbc asks for,
 * in index order, under a plug, is locked, checked (still in mapping,
 * still dirty; under writeback: skipped, or waited for with WB_SYNC_ALL)
 * and handed to writepage, which writes it and unlocks it, now or later
 * (0, or an error: the page is dirty again).  Linux's writepage_t.
 */
typedef int (*writepage_t)(struct page *page, struct writeback_control *wbc,
			   void *data);
/* Write the dirty pages of mapping that wbc asks for with writepage; 0
 * or the first error of a writepage (the pages it could not start stay
 * dirty). */
int write_cache_pages(struct address_space *mapping,
		      struct writeback_control *wbc, writepage_t writepage,
		      void *data);
/* The walk with a_ops->writepage for each page, one page at a time. */
int generic_writepages(struct address_space *mapping,
		       struct writeback_control *wbc);
/* A mapping's writeback: a_ops->writepages, or generic_writepages. */
int do_writepages(struct address_space *mapping,
		  struct writeback_control *wbc);
/* Start writing every dirty page of mapping (WB_SYNC_ALL: a page under
 * writeback is waited for and written again). */
int filemap_fdatawrite(struct address_space *mapping);
int filemap_fdatawrite_range(struct address_space *mapping, loff_t start,
			     loff_t end);
/* Wait for every write of mapping in flight; return the recorded error
 * (-EIO, -ENOSPC) and clear it, or 0. */
int filemap_fdatawait(struct address_space *mapping);
/* The same, but the error stays recorded for fsync (sync(2)'s wait). */
int filemap_fdatawait_keep_errors(struct address_space *mapping);
/* Has the mapping dirty pages it counts? */
static inline bool mapping_has_dirty_pages(struct address_space *mapping)
{
	return mapping->nrdirty != 0;
}
int filemap_write_and_wait(struct address_space *mapping);
/* Write one locked dirty page (unlocks it); wait: and wait for it. */
int write_one_page(struct page *page, bool wait);

/* Called by writers for each page they dirtied: throttles the writer
 * above vm_dirty_ratio, wakes the flusher above dirty_background_ratio. */
void balance_dirty_pages_ratelimited(struct address_space *mapping);
/* The thresholds now, in pages. */
void global_dirty_limits(unsigned long *background, unsigned long *dirty);

#endif
