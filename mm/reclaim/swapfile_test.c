/*
 * mm/reclaim/swapfile_test.c - tests of swap areas: the header, swapon/swapoff
 * and their errors, slot counts, priorities, page I/O.
 *
 * Most tests run on small RAM disks (mm/reclaim/swap_test.h), so they
 * need no emulator disk and can write any header they like.  The ones
 * named *_hdb use the mkswap'd image the test boots attach as hdb
 * (tools/mkswap-image.sh) and skip without it.  Every test turns off the
 * areas it turned on, even when an expectation fails.
 */
#include "kernel/errno.h"
#include "kernel/fault_inject.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/printk.h"
#include "mm/phys/page_alloc.h"
#include "kernel/process/task.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_test.h"
#include "mm/reclaim/swap_state.h"

static struct swap_info_struct *area_of(const char *name)
{
	struct block_device *b = blkdev_lookup(name);
	unsigned int i;

	for (i = 0; i < nr_swapfiles; i++)
		if ((swap_info[i].flags & SWP_USED) && swap_info[i].bdev == b)
			return &swap_info[i];
	return NULL;
}

/* tst0 made and turned on: its area, or NULL with nothing left behind. */
static struct swap_info_struct *tst_swapon(void)
{
	if (!tst_setup(0))
		return NULL;
	if (!KEXPECT_EQ(do_swapon("tst0", 0), 0)) {
		tst_teardown(0);
		return NULL;
	}
	return area_of("tst0");
}

static void tst_swapoff(void)
{
	KEXPECT_EQ(do_swapoff("tst0"), 0);
	tst_teardown(0);
}

static char text[512];

KTEST(swap_entry_in_pte)
{
	swp_entry_t e = swp_entry(3, 12345), back;
	pte_t pte = swp_entry_to_pte(e);

	KEXPECT_EQ(swp_type(e), 3);
	KEXPECT_EQ(swp_offset(e), 12345);
	KEXPECT_FALSE(pte_present(pte));
	KEXPECT_FALSE(pte_none(pte));
	back = pte_to_swp_entry(pte);
	KEXPECT_EQ(back.val, e.val);
	/* Offset 0 is the header: no entry a PTE holds is ever 0. */
	KEXPECT_NE(swp_entry(0, 1).val, 0);
	KEXPECT_EQ(swp_offset(swp_entry(0, SWP_OFFSET_MAX)), SWP_OFFSET_MAX);
}

KTEST(swap_header_of_mkswap_image_hdb)
{
	struct block_device *b = blkdev_lookup("hdb");
	struct page *pg;
	union swap_header *h;

	if (!b) {
		ktest_skip("no hdb (attach build/swap.img)");
		return;
	}
	pg = alloc_page(GFP_KERNEL);
	KASSERT_TRUE(pg != NULL);
	h = page_address(pg);
	KEXPECT_EQ(blkdev_read_buf(b, 0, h), 0);
	KEXPECT_EQ(memcmp(h->magic.magic, "SWAPSPACE2", 10), 0);
	KEXPECT_EQ(h->info.version, 1);
	KEXPECT_EQ(h->info.last_page, (u32)(b->nr_sectors / BIO_SECTORS) - 1);
	KEXPECT_EQ(h->info.nr_badpages, 0);
	KEXPECT_STREQ(h->info.sws_volume, "mapback-swap");
	KEXPECT_EQ(h->info.sws_uuid[0], 0x6d);
	KEXPECT_EQ(h->info.sws_uuid[15], 0x01);
	__free_page(pg);
}

KTEST(swapon_swapoff_hdb)
{
	struct block_device *b = blkdev_lookup("hdb");
	struct swap_info_struct *p;
	u32 pages, total, free;
	char want[128];

	if (!b) {
		ktest_skip("no hdb (attach build/swap.img)");
		return;
	}
	pages = (u32)(b->nr_sectors / BIO_SECTORS) - 1;
	KASSERT_EQ(do_swapon("/dev/hdb", 0), 0);
	p = area_of("hdb");
	KEXPECT_TRUE(p != NULL);
	KEXPECT_EQ(do_swapon("/dev/hdb", 0), -EBUSY);
	KEXPECT_EQ(do_swapon("hdb", SWAP_FLAG_PREFER | 3), -EBUSY);
	if (p) {
		KEXPECT_EQ(p->pages, pages);
		KEXPECT_EQ(p->prio, -1);
	}
	KEXPECT_EQ(total_swap_pages, pages);
	KEXPECT_EQ(nr_swap_pages, pages);
	si_swapinfo(&total, &free);
	KEXPECT_EQ(total, pages * 4);
	KEXPECT_EQ(free, pages * 4);
	snprintf(want, sizeof(want),
		 "Filename\t\t\t\tType\t\tSize\tUsed\tPriority\n"
		 "/dev/hdb                                partition\t%u\t0\t-1\n",
		 pages * 4);
	KEXPECT_EQ(swaps_show(text, sizeof(text)), (long long)strlen(want));
	KEXPECT_STREQ(text, want);

	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), -EINVAL);
	KEXPECT_TRUE(b->holder == NULL);
	KEXPECT_EQ(total_swap_pages, 0);
	KEXPECT_EQ(nr_swap_pages, 0);
	swaps_show(text, sizeof(text));
	KEXPECT_STREQ(text, "Filename\t\t\t\tType\t\tSize\tUsed\tPriority\n");
}

/* Each broken header is refused with -EINVAL and leaves nothing behind. */
static void expect_rejected(const char *why)
{
	int err = do_swapon("tst0", 0);

	if (err != -EINVAL)
		printk("#   header case: %s\n", why);
	KEXPECT_EQ(err, -EINVAL);
	KEXPECT_TRUE(tst[0].bdev.holder == NULL);
	KEXPECT_TRUE(area_of("tst0") == NULL);
	tst_mkswap(&tst[0]);
}

KTEST(swapon_swapoff_errors)
{
	union swap_header *h;
	struct swap_info_struct *p;

	if (!tst_setup(0))
		return;
	h = tst_header(&tst[0]);
	KEXPECT_EQ(do_swapon("/dev/hdz", 0), -ENOENT);
	KEXPECT_EQ(do_swapon("/dev/tst0", 0x100000), -EINVAL);
	KEXPECT_EQ(do_swapoff("/dev/hdz"), -ENOENT);
	KEXPECT_EQ(do_swapoff("/dev/tst0"), -EINVAL);

	memset(h->magic.magic, 0, SWAP_MAGIC_LEN);
	expect_rejected("no signature");
	memcpy(h->magic.magic, "SWAP-SPACE", SWAP_MAGIC_LEN);
	expect_rejected("version 0");
	h->info.version = 2;
	expect_rejected("version 2");
	h->info.version = 0x01000000;
	expect_rejected("other byte order");
	h->info.last_page = TST_PAGES;
	expect_rejected("longer than the disk");
	h->info.last_page = 0;
	expect_rejected("no slots");
	h->info.badpages[0] = 0;
	expect_rejected("bad page 0");
	h->info.badpages[0] = TST_PAGES;
	expect_rejected("bad page past last_page");
	h->info.nr_badpages = MAX_SWAP_BADPAGES + 1;
	expect_rejected("too many bad pages");
	h->info.last_page = 1;
	h->info.badpages[0] = 1;
	expect_rejected("every slot bad");

	KEXPECT_EQ(do_swapon("/dev/tst0", 0), 0);
	p = area_of("tst0");
	KEXPECT_TRUE(p != NULL);
	if (p) {
		KEXPECT_EQ(p->max, TST_PAGES);
		KEXPECT_EQ(p->pages, TST_PAGES - 2);
		KEXPECT_EQ(p->swap_map[0], SWAP_MAP_BAD);
		KEXPECT_EQ(p->swap_map[3], SWAP_MAP_BAD);
		KEXPECT_STREQ(p->label, "tst");
	}
	KEXPECT_EQ(do_swapon("/dev/tst0", 0), -EBUSY);
	KEXPECT_EQ(do_swapoff("/dev/tst0"), 0);
	KEXPECT_EQ(do_swapoff("/dev/tst0"), -EINVAL);
	tst_teardown(0);
}

KTEST(swap_counts)
{
	struct swap_info_struct *p;
	swp_entry_t e, bad;
	long free_before;
	int i;

	p = tst_swapon();
	if (!p)
		return;
	free_before = nr_swap_pages;
	e = get_swap_page();
	KEXPECT_NE(e.val, 0);
	KEXPECT_EQ(swp_type(e), p - swap_info);
	KEXPECT_GE(swp_offset(e), 1);
	KEXPECT_EQ(swap_count(e), 1);
	KEXPECT_EQ(p->inuse_pages, 1);
	KEXPECT_EQ(nr_swap_pages, free_before - 1);

	KEXPECT_EQ(swap_duplicate(e), 0);
	KEXPECT_EQ(swap_count(e), 2);
	swap_free(e);
	KEXPECT_EQ(swap_count(e), 1);
	KEXPECT_EQ(nr_swap_pages, free_before - 1);
	swap_free(e);
	KEXPECT_EQ(swap_count(e), 0);
	KEXPECT_EQ(p->inuse_pages, 0);
	KEXPECT_EQ(nr_swap_pages, free_before);
	/* Freeing or duplicating a free slot is refused, not counted. */
	swap_free(e);
	KEXPECT_EQ(swap_count(e), 0);
	KEXPECT_EQ(nr_swap_pages, free_before);
	KEXPECT_EQ(swap_duplicate(e), -EINVAL);
	KEXPECT_EQ(swap_count(e), 0);

	/* Entries that name no slot. */
	bad = swp_entry(MAX_SWAPFILES - 1, 1);
	KEXPECT_EQ(swap_count(bad), -1);
	KEXPECT_EQ(swap_duplicate(bad), -EINVAL);
	bad = swp_entry((u32)(p - swap_info), TST_PAGES);
	KEXPECT_EQ(swap_count(bad), -1);
	bad = swp_entry((u32)(p - swap_info), 3);	/* the bad page */
	KEXPECT_EQ(swap_duplicate(bad), -EINVAL);
	KEXPECT_EQ(p->swap_map[3], SWAP_MAP_BAD);
	bad.val = e.val | 1;
	KEXPECT_EQ(swap_count(bad), -1);

	/* A count that reaches SWAP_MAP_MAX sticks there. */
	e = get_swap_page();
	for (i = 1; i < SWAP_MAP_MAX + 5; i++)
		swap_duplicate(e);
	KEXPECT_EQ(swap_count(e), SWAP_MAP_MAX);
	swap_free(e);
	KEXPECT_EQ(swap_count(e), SWAP_MAP_MAX);
	p->swap_map[swp_offset(e)] = 1;		/* let the test clean up */
	swap_free(e);
	KEXPECT_EQ(p->inuse_pages, 0);
	tst_swapoff();
}

KTEST(swap_audit_counts_every_holder)
{
	struct page *page;
	swp_entry_t e;

	if (!tst_swapon())
		return;
	KEXPECT_EQ(swap_audit(), 0);
	e = get_swap_page();
	KEXPECT_EQ(swap_audit(), 1);	/* a slot nobody holds: leaked */
	swap_inflight_take(e);
	KEXPECT_EQ(swap_audit(), 0);	/* held by a task in flight */
	KEXPECT_EQ(swap_duplicate(e), 0);
	KEXPECT_EQ(swap_audit(), 1);	/* one reference nobody holds */
	swap_free(e);
	swap_inflight_free(e);
	KEXPECT_EQ(current->swap_inflight, 0);
	KEXPECT_EQ(swap_count(e), 0);
	KEXPECT_EQ(swap_audit(), 0);

	/* The swap cache's reference, handed over from the task. */
	page = alloc_page(GFP_KERNEL);
	KASSERT_TRUE(page);
	SetPageLocked(page);
	e = get_swap_page();
	swap_inflight_take(e);
	KEXPECT_EQ(add_to_swap_cache(page, e), 0);
	KEXPECT_EQ(current->swap_inflight, 0);
	KEXPECT_EQ(swap_audit(), 0);
	delete_from_swap_cache(page);
	ClearPageLocked(page);
	put_page(page);
	KEXPECT_EQ(swap_count(e), 0);
	KEXPECT_EQ(swap_audit(), 0);
	tst_swapoff();
}

KTEST(swap_fill_area)
{
	struct swap_info_struct *p;
	swp_entry_t e;
	u32 off, n = 0;

	p = tst_swapon();
	if (!p)
		return;
	while ((e = get_swap_page()).val) {
		n++;
		if (n > TST_PAGES)
			break;
		KEXPECT_NE(swp_offset(e), 3);
	}
	KEXPECT_EQ(n, TST_PAGES - 2);
	KEXPECT_EQ(nr_swap_pages, 0);
	KEXPECT_EQ(p->inuse_pages, p->pages);
	for (off = 1; off < TST_PAGES; off++)
		KEXPECT_EQ(p->swap_map[off], off == 3 ? SWAP_MAP_BAD : 1);
	/* A freed slot is found again. */
	swap_free(swp_entry((u32)(p - swap_info), 9));
	e = get_swap_page();
	KEXPECT_EQ(swp_offset(e), 9);
	KEXPECT_EQ(get_swap_page().val, 0);
	for (off = 1; off < TST_PAGES; off++)
		if (off != 3)
			swap_free(swp_entry((u32)(p - swap_info), off));
	KEXPECT_EQ(p->inuse_pages, 0);
	KEXPECT_EQ(nr_swap_pages, p->pages);
	tst_swapoff();
}

/* swapoff of an area with pages out fails (until try_to_unuse can bring
 * them back) and leaves the area exactly as it was. */
KTEST(swapoff_busy_area_stays)
{
	struct swap_info_struct *p;
	swp_entry_t e;
	long free_before, total_before;

	p = tst_swapon();
	if (!p)
		return;
	e = get_swap_page();
	free_before = nr_swap_pages;
	total_before = total_swap_pages;
	KEXPECT_EQ(do_swapoff("tst0"), -EBUSY);
	KEXPECT_TRUE(p->flags & SWP_WRITEOK);
	KEXPECT_EQ(p->prio, -1);
	KEXPECT_EQ(nr_swap_pages, free_before);
	KEXPECT_EQ(total_swap_pages, total_before);
	KEXPECT_EQ(swap_count(e), 1);
	KEXPECT_TRUE(tst[0].bdev.holder == p);
	swaps_show(text, sizeof(text));
	KEXPECT_TRUE(strchr(text, '\n') && strchr(strchr(text, '\n') + 1, 'p'));
	swap_free(e);
	tst_swapoff();
}

KTEST(swap_priorities)
{
	struct swap_info_struct *a, *b;
	swp_entry_t e[4];
	u32 i;

	if (!tst_setup(0) || !tst_setup(1))
		goto out;
	/* Automatic priorities: -1, -2, used in that order. */
	KEXPECT_EQ(do_swapon("tst0", 0), 0);
	KEXPECT_EQ(do_swapon("tst1", 0), 0);
	a = area_of("tst0");
	b = area_of("tst1");
	if (!a || !b)
		goto off;
	KEXPECT_EQ(a->prio, -1);
	KEXPECT_EQ(b->prio, -2);
	for (i = 0; i < TST_PAGES - 2; i++)
		KEXPECT_EQ(swp_type(get_swap_page()), a - swap_info);
	e[0] = get_swap_page();
	KEXPECT_EQ(swp_type(e[0]), b - swap_info);
	for (i = 1; i < TST_PAGES; i++)
		if (i != 3)
			swap_free(swp_entry((u32)(a - swap_info), i));
	swap_free(e[0]);
	/* Turning off the first moves the second up. */
	KEXPECT_EQ(do_swapoff("tst0"), 0);
	KEXPECT_EQ(b->prio, -1);
	KEXPECT_EQ(do_swapoff("tst1"), 0);

	/* Equal preferred priorities take turns. */
	KEXPECT_EQ(do_swapon("tst0", SWAP_FLAG_PREFER | 10), 0);
	KEXPECT_EQ(do_swapon("tst1", SWAP_FLAG_PREFER | 10), 0);
	a = area_of("tst0");
	b = area_of("tst1");
	if (!a || !b)
		goto off;
	KEXPECT_EQ(a->prio, 10);
	for (i = 0; i < 4; i++)
		e[i] = get_swap_page();
	KEXPECT_NE(swp_type(e[0]), swp_type(e[1]));
	KEXPECT_EQ(swp_type(e[0]), swp_type(e[2]));
	KEXPECT_EQ(swp_type(e[1]), swp_type(e[3]));
	for (i = 0; i < 4; i++)
		swap_free(e[i]);
	KEXPECT_EQ(do_swapoff("tst1"), 0);
	/* A higher preferred priority wins over an automatic one. */
	KEXPECT_EQ(do_swapon("tst1", 0), 0);
	e[0] = get_swap_page();
	KEXPECT_EQ(swp_type(e[0]), a - swap_info);
	swap_free(e[0]);
off:
	do_swapoff("tst0");
	do_swapoff("tst1");
out:
	tst_teardown(0);
	tst_teardown(1);
	KEXPECT_EQ(total_swap_pages, 0);
}

/* A page written to its slot reads back identical, and injected errors
 * come back as -EIO with the page marked. */
static void page_io_on(const char *disk)
{
	struct page *pg = alloc_page(GFP_KERNEL);
	swp_entry_t e;
	u8 *va;
	u32 i;

	KASSERT_TRUE(pg != NULL);
	va = page_address(pg);
	if (!KEXPECT_EQ(do_swapon(disk, 0), 0))
		goto out;
	e = get_swap_page();
	for (i = 0; i < PAGE_SIZE; i++)
		va[i] = (u8)(i * 13 + 1);
	SetPageLocked(pg);
	KEXPECT_EQ(swap_writepage(pg, e), 0);
	wait_on_page_writeback(pg);
	KEXPECT_FALSE(PageWriteback(pg));
	KEXPECT_FALSE(PageError(pg));
	memset(va, 0, PAGE_SIZE);
	ClearPageUptodate(pg);
	KEXPECT_EQ(swap_readpage(pg, e), 0);
	KEXPECT_TRUE(PageUptodate(pg));
	for (i = 0; i < PAGE_SIZE; i++)
		if (!KEXPECT_EQ(va[i], (u8)(i * 13 + 1)))
			break;

	/* A failed write is reported at its end: the page is dirty again
	 * and marked, so reclaim keeps it. */
	fault_attr_fail_nth(&fail_make_request, 1);
	KEXPECT_EQ(swap_writepage_sync(pg, e), -EIO);
	KEXPECT_TRUE(PageError(pg));
	KEXPECT_TRUE(PageDirty(pg));
	ClearPageDirty(pg);
	ClearPageError(pg);
	fault_attr_fail_nth(&fail_make_request, 1);
	KEXPECT_EQ(swap_readpage(pg, e), -EIO);
	KEXPECT_TRUE(PageError(pg));
	KEXPECT_FALSE(PageUptodate(pg));
	fault_attr_fail_nth(&fail_make_request, 0);
	ClearPageError(pg);
	ClearPageLocked(pg);
	KEXPECT_EQ(swap_readpage(pg, swp_entry(MAX_SWAPFILES - 1, 1)), -EINVAL);
	swap_free(e);
	KEXPECT_EQ(do_swapoff(disk), 0);
out:
	__free_page(pg);
}

KTEST(swap_page_io)
{
	if (!tst_setup(0))
		return;
	page_io_on("tst0");
	tst_teardown(0);
}

KTEST(swap_page_io_hdb)
{
	if (!blkdev_lookup("hdb")) {
		ktest_skip("no hdb (attach build/swap.img)");
		return;
	}
	page_io_on("/dev/hdb");
}

/* The system calls take the path from user memory only. */
KTEST(swap_syscalls_refuse_kernel_pointers)
{
	static const char path[] = "/dev/hdb";

	KEXPECT_EQ(sys_swapon(path, 0), -EFAULT);
	KEXPECT_EQ(sys_swapoff(path), -EFAULT);
	KEXPECT_EQ(total_swap_pages, 0);
}

/* swapoff refuses with -ENOMEM, touching nothing, when the pages in use
 * could not fit in free memory and the other areas.  The area is made to
 * look that full by raising its counts, then put back. */
KTEST(swapoff_enomem_when_no_room)
{
	struct swap_info_struct *p;
	swp_entry_t e;
	u32 extra;
	long free_before;

	p = tst_swapon();
	if (!p)
		return;
	e = get_swap_page();
	free_before = nr_swap_pages;
	extra = nr_free_pages() + 1;
	p->inuse_pages += extra;
	p->pages += extra;
	KEXPECT_EQ(do_swapoff("tst0"), -ENOMEM);
	p->inuse_pages -= extra;
	p->pages -= extra;
	KEXPECT_TRUE(p->flags & SWP_WRITEOK);
	KEXPECT_EQ(nr_swap_pages, free_before);
	KEXPECT_EQ(swap_count(e), 1);
	swap_free(e);
	tst_swapoff();
}
