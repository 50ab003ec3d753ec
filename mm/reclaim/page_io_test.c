/*
 * mm/reclaim/page_io_test.c - tests of swap writes that do not wait
 * (PG_writeback, end_swap_bio_write, rotate_reclaimable_page).
 *
 * The pages go to tst0, the RAM disk of mm/reclaim/swap_test.h, told to
 * act as an interrupt-driven disk: a write stays in flight until the test
 * plays the disk's interrupt (disk_interrupt), so each test can look at a
 * page while its write is out, and then end the write well or badly.  The
 * last two do it with a ramfs page, which its writepage moves into the
 * swap cache before the write starts.
 */
#include "fs/fcntl.h"
#include "fs/file.h"
#include "fs/vfs.h"
#include "kernel/block/blkdev.h"
#include "kernel/fault_inject.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/locking.h"
#include "mm/phys/mmzone.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_test.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/rmap/rmap_test.h"
#include "mm/vm/filemap.h"

/* tst0 swapped on, its completions left to disk_interrupt. */
static bool writeback_setup(void)
{
	if (!tst_swapon0())
		return false;
	tst_hold(0);
	return true;
}

static void disk_interrupt(int error)
{
	tst_interrupt(0, error);
}

/* A locked, dirty anonymous page in tst0's swap cache, filled with c and
 * on the inactive list; the caller holds a reference (a PTE's stand-in). */
static struct page *swap_cached_page(u8 c)
{
	struct page *pg = alloc_page(GFP_KERNEL);

	if (!KEXPECT_TRUE(pg != NULL))
		return NULL;
	memset(page_address(pg), c, PAGE_SIZE);
	SetPageLocked(pg);
	SetPageAnon(pg);
	if (!KEXPECT_EQ(add_to_swap(pg), 0)) {
		ClearPageLocked(pg);
		put_page(pg);
		return NULL;
	}
	lru_cache_add(pg);
	return pg;
}

/* What reclaim does with a dirty swap cache page: clean it, start the
 * write, unlock it. */
static void start_write(struct page *pg)
{
	ClearPageDirty(pg);
	KEXPECT_EQ(swap_writepage(pg, page_swp_entry(pg)), 0);
	unlock_page(pg);
}

/* Does slot entry of tst0 hold c in every byte? */
static bool slot_holds(swp_entry_t entry, u8 c)
{
	const u8 *at = (const u8 *)page_address(tst[0].mem) +
		       swp_offset(entry) * PAGE_SIZE;
	u32 i;

	for (i = 0; i < PAGE_SIZE; i++)
		if (at[i] != c)
			return false;
	return true;
}

static bool page_holds(struct page *pg, u8 c)
{
	const u8 *at = page_address(pg);
	u32 i;

	for (i = 0; i < PAGE_SIZE; i++)
		if (at[i] != c)
			return false;
	return true;
}

static bool at_inactive_tail(struct page *pg)
{
	struct zone *z = page_zone(pg);
	u32 flags;
	bool tail;

	spin_lock_irqsave(&z->lru_lock, flags);
	tail = !list_empty(&z->inactive_list) &&
	       list_last_entry(&z->inactive_list, struct page, lru) == pg;
	spin_unlock_irqrestore(&z->lru_lock, flags);
	return tail;
}

/* The caller's page leaves the swap cache and memory. */
static void drop_page(struct page *pg)
{
	lock_page(pg);
	if (PageSwapCache(pg))
		delete_from_swap_cache(pg);
	unlock_page(pg);
	put_page(pg);
}

/* While the write is out the page stays in the cache and may not be
 * reused in place; its end puts it at the inactive tail, clean. */
KTEST(swap_write_in_flight_then_rotated)
{
	struct page *pg;
	u32 rotated = vm_events.pgrotated, writeback = nr_writeback;

	if (!writeback_setup())
		return;
	pg = swap_cached_page(0x5a);
	if (!pg)
		goto out;
	start_write(pg);
	KEXPECT_TRUE(PageWriteback(pg));
	KEXPECT_EQ(nr_writeback, writeback + 1);
	/* a write fault must copy: the disk is still reading the page */
	KEXPECT_FALSE(reuse_swap_page(pg));
	free_swap_cache(pg);
	KEXPECT_TRUE(PageSwapCache(pg));
	disk_interrupt(0);
	KEXPECT_FALSE(PageWriteback(pg));
	KEXPECT_EQ(nr_writeback, writeback);
	KEXPECT_EQ(vm_events.pgrotated, rotated + 1);
	KEXPECT_TRUE(at_inactive_tail(pg));
	KEXPECT_FALSE(PageDirty(pg));
	KEXPECT_TRUE(slot_holds(page_swp_entry(pg), 0x5a));
	drop_page(pg);
out:
	tst_swapoff0();
}

/* A page written to while its write is out is dirty after the write: it
 * is not rotated, and reclaim will write it again. */
KTEST(swap_write_redirtied_in_flight)
{
	struct page *pg;
	u32 rotated = vm_events.pgrotated;

	if (!writeback_setup())
		return;
	pg = swap_cached_page(0x11);
	if (!pg)
		goto out;
	start_write(pg);
	memset(page_address(pg), 0x22, PAGE_SIZE);
	SetPageDirty(pg);		/* as try_to_unmap moves a dirty PTE's bit */
	disk_interrupt(0);
	KEXPECT_TRUE(PageDirty(pg));
	KEXPECT_TRUE(PageSwapCache(pg));
	KEXPECT_EQ(vm_events.pgrotated, rotated);
	KEXPECT_TRUE(page_holds(pg, 0x22));
	drop_page(pg);
out:
	tst_swapoff0();
}

/* The owner goes (exit, munmap) while the write is out: the page stays
 * in the cache for the disk, and the write's end frees it and its slot. */
KTEST(swap_write_owner_exits_in_flight)
{
	struct page *pg;
	swp_entry_t entry;
	u32 free_before;

	if (!writeback_setup())
		return;
	pg = swap_cached_page(0x77);
	if (!pg)
		goto out;
	entry = page_swp_entry(pg);
	start_write(pg);
	free_swap_cache(pg);		/* as the last PTE's zap does */
	KEXPECT_TRUE(PageSwapCache(pg));
	put_page(pg);			/* the last PTE's reference */
	free_before = nr_free_pages();
	disk_interrupt(0);
	KEXPECT_TRUE(lookup_swap_cache(entry) == NULL);
	KEXPECT_EQ(swap_count(entry), 0);
	KEXPECT_EQ(nr_free_pages(), free_before + 1);
	KEXPECT_TRUE(slot_holds(entry, 0x77));
out:
	tst_swapoff0();
}

/* A write that fails, at once or from the interrupt, loses nothing: the
 * page stays in the cache, dirty, with its data. */
KTEST(swap_write_error_keeps_page)
{
	struct page *pg;
	u32 errors = vm_events.swap_write_error;

	if (!writeback_setup())
		return;
	pg = swap_cached_page(0x33);
	if (!pg)
		goto out;
	start_write(pg);
	disk_interrupt(-EIO);
	KEXPECT_FALSE(PageWriteback(pg));
	KEXPECT_TRUE(PageDirty(pg));
	KEXPECT_TRUE(PageError(pg));
	KEXPECT_TRUE(PageSwapCache(pg));
	KEXPECT_TRUE(page_holds(pg, 0x33));

	lock_page(pg);
	fault_attr_fail_nth(&fail_make_request, 1);
	start_write(pg);		/* failed before it reached the disk */
	fault_attr_fail_nth(&fail_make_request, 0);
	KEXPECT_FALSE(PageWriteback(pg));
	KEXPECT_TRUE(PageDirty(pg));
	KEXPECT_TRUE(page_holds(pg, 0x33));
	KEXPECT_EQ(vm_events.swap_write_error, errors + 2);
	drop_page(pg);
out:
	tst_swapoff0();
}

/* swapoff waits for a write in flight before the page leaves the cache.
 * Nobody plays the interrupt here: swapoff's wait takes it as lost after
 * the block layer's timeout and polls the disk, which ends the write. */
KTEST(swapoff_waits_for_writeback)
{
	struct page *pg;
	swp_entry_t entry;

	if (!writeback_setup())
		return;
	pg = swap_cached_page(0x44);
	if (!pg) {
		tst_swapoff0();
		return;
	}
	entry = page_swp_entry(pg);
	start_write(pg);
	KEXPECT_EQ(do_swapoff("tst0"), 0);
	KEXPECT_FALSE(PageWriteback(pg));
	KEXPECT_FALSE(PageSwapCache(pg));
	KEXPECT_TRUE(slot_holds(entry, 0x44));
	put_page(pg);
	tst_teardown(0);
}

/* swapoff reaches a PTE whose page's write is still in flight: it waits
 * for the write before the page leaves the swap cache (as the test above,
 * the block layer's timeout ends it), and the page it maps back is dirty,
 * its only copy now in memory. */
KTEST(swapoff_waits_for_the_write_of_a_page_a_pte_holds)
{
	struct rmap_family f;
	struct page *pg;
	pte_t pte;
	u32 v = 0;

	if (!writeback_setup())
		return;
	if (!KEXPECT_EQ(rmap_family_anon(&f, 1, 1), 0)) {
		rmap_family_free(&f);
		tst_swapoff0();
		return;
	}
	pg = rmap_family_page(&f);
	get_page(pg);
	lock_page(pg);
	KEXPECT_EQ(add_to_swap(pg), 0);
	KEXPECT_EQ(try_to_unmap(pg), SWAP_SUCCESS);
	start_write(pg);
	pte = pte_at(f.mm[0], RMAP_TEST_ADDR);
	KEXPECT_TRUE(!pte_none(pte) && !pte_present(pte));
	KEXPECT_TRUE(PageWriteback(pg));
	if (!KEXPECT_EQ(do_swapoff("tst0"), 0)) {
		/* the PTE still holds its slot: let exit free it, then the
		 * area can go (tst0 must not be freed under a live area) */
		put_page(pg);
		rmap_family_free(&f);
		tst_swapoff0();
		return;
	}
	pte = pte_at(f.mm[0], RMAP_TEST_ADDR);
	KEXPECT_TRUE(pte_present(pte) && pte_page(pte) == pg);
	KEXPECT_FALSE(PageWriteback(pg));
	KEXPECT_FALSE(PageSwapCache(pg));
	KEXPECT_TRUE(PageDirty(pg));
	KEXPECT_TRUE(rmap_access_word(f.mm[0],
				      find_vma(f.mm[0], RMAP_TEST_ADDR),
				      RMAP_TEST_ADDR, &v, false));
	KEXPECT_EQ(v, RMAP_TEST_MAGIC);
	put_page(pg);
	rmap_family_free(&f);
	tst_teardown(0);
}

#define WB_FILE "/writeback-test"
#define WB_WORD 0xC0DE0001u

/* A one-page ramfs file whose page went to swap as reclaim sends it: its
 * write is in flight now.  NULL (and nothing left) on failure. */
static struct file *file_under_writeback(swp_entry_t *entry)
{
	struct file *f = NULL;
	struct page *pg;
	u32 v = WB_WORD;
	loff_t pos = 0;

	if (!KEXPECT_EQ(vfs_open(NULL, WB_FILE, O_RDWR | O_CREAT | O_TRUNC,
				 0600, &f), 0))
		return NULL;
	KEXPECT_EQ(vfs_write(f, (const char *)&v, 4, &pos), 4);
	pg = find_lock_page(f->f_mapping, 0);
	if (!KEXPECT_TRUE(pg != NULL) ||
	    !KEXPECT_EQ(f->f_mapping->a_ops->writepage(pg), 0)) {
		if (pg) {
			unlock_page(pg);
			put_page(pg);
		}
		fput(f);
		vfs_unlink(NULL, WB_FILE);
		return NULL;
	}
	*entry = page_swp_entry(pg);
	KEXPECT_TRUE(PageSwapCache(pg));
	KEXPECT_TRUE(PageWriteback(pg));
	KEXPECT_EQ(f->f_mapping->nrpages, 0);
	KEXPECT_EQ(swap_count(*entry), 2);	/* the swap tree + the cache */
	unlock_page(pg);
	put_page(pg);			/* reclaim's: the cache keeps it */
	return f;
}

/* read() of a ramfs page whose write is still out takes the swap cache's
 * copy: the disk does not have the data yet.  The write's end then frees
 * the cached page and the slot. */
KTEST(ramfs_read_while_write_in_flight)
{
	u32 pswpin = vm_events.pswpin, v = 0;
	swp_entry_t entry;
	struct file *f;
	loff_t pos = 0;

	if (!writeback_setup())
		return;
	f = file_under_writeback(&entry);
	if (f) {
		KEXPECT_EQ(vfs_read(f, (char *)&v, 4, &pos), 4);
		KEXPECT_EQ(v, WB_WORD);
		KEXPECT_EQ(vm_events.pswpin, pswpin);
		KEXPECT_EQ(f->f_mapping->nrswapped, 0);
		KEXPECT_EQ(swap_count(entry), 1);	/* the cache's */
		disk_interrupt(0);
		KEXPECT_TRUE(lookup_swap_cache(entry) == NULL);
		KEXPECT_EQ(swap_count(entry), 0);
		fput(f);
		vfs_unlink(NULL, WB_FILE);
	}
	tst_swapoff0();
}

/* Truncate while the write is out frees the swap tree's slot reference;
 * the slot is not reused while the disk writes it (the cache still holds
 * it), and the write's end frees both. */
KTEST(ramfs_truncate_while_write_in_flight)
{
	swp_entry_t entry;
	struct file *f;

	if (!writeback_setup())
		return;
	f = file_under_writeback(&entry);
	if (f) {
		KEXPECT_EQ(vfs_ftruncate(f, 0), 0);
		KEXPECT_EQ(f->f_mapping->nrswapped, 0);
		KEXPECT_EQ(swap_count(entry), 1);
		disk_interrupt(0);
		KEXPECT_TRUE(lookup_swap_cache(entry) == NULL);
		KEXPECT_EQ(swap_count(entry), 0);
		fput(f);
		vfs_unlink(NULL, WB_FILE);
	}
	tst_swapoff0();
}
