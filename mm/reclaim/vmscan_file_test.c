/*
 * mm/reclaim/vmscan_file_test.c - ktests for reclaim of file pages as
 * Linux 2.6 does it: a page of a file with a disk behind it is unmapped
 * through its object and, if clean, dropped without any I/O; if dirty,
 * written to its own blocks by the mapping's writepage, never to swap.
 * Either way the data comes back from the "disk" on the next fault.
 *
 * The file is mm/vm/file_test.h's bare inode with a_ops of its own here:
 * readpage and writepage copy between the page and a small array, the
 * disk, and count their calls.
 */
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_test.h"
#include "mm/reclaim/vmscan.h"
#include "mm/vm/file_test.h"
#include "mm/vm/filemap.h"
#include "mm/vm/memory.h"
#include "mm/vm/vm_test.h"

#define DISK_PAGES 8
#define DISK_MAGIC 0xD15C0000u

static u32 disk[DISK_PAGES][PAGE_SIZE / sizeof(u32)];
static int disk_reads, disk_writes;

static int disk_readpage(struct file *file, struct page *page)
{
	(void)file;
	memcpy_to_page(page, 0, disk[page->index], PAGE_SIZE);
	disk_reads++;
	SetPageUptodate(page);
	unlock_page(page);
	return 0;
}

/* A write that ends at once: the page is clean when this returns. */
static int disk_writepage(struct page *page)
{
	clear_page_dirty_for_io(page);
	memcpy_from_page(disk[page->index], page, 0, PAGE_SIZE);
	disk_writes++;
	return 0;
}

static const struct address_space_operations disk_aops = {
	.readpage = disk_readpage,
	.writepage = disk_writepage,
	.set_page_dirty = simple_set_page_dirty,
};

static struct test_file disk_file;

static struct mm_struct *map_disk_file(void)
{
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma;

	if (!mm)
		return NULL;
	vma = add_file_vma(mm, &disk_file.file, RMAP_SHARED_FLAGS,
			   RMAP_TEST_ADDR, DISK_PAGES);
	if (!vma) {
		mmput(mm);
		return NULL;
	}
	return mm;
}

/* Reclaim until the file has no page in memory left (or give up). */
static void evict_file(void)
{
	int round;

	for (round = 0; round < 20 && disk_file.inode.i_data.nrpages; round++)
		rmap_shrink_all();
}

/*
 * Even pages are written (dirty), odd ones only read (clean).  Reclaim
 * unmaps them all and writes the even ones back, none to swap; every
 * page then faults back from the disk with what was stored in it.
 */
KTEST(reclaim_writes_dirty_file_pages_to_their_own_blocks)
{
	struct vm_area_struct *vma;
	struct mm_struct *mm;
	u32 pswpout = vm_events.pswpout, steal = vm_events.pgsteal_file;
	u32 v;
	int i, right = 0;

	for (i = 0; i < DISK_PAGES; i++)
		disk[i][0] = DISK_MAGIC + i;
	disk_reads = disk_writes = 0;
	make_test_file(&disk_file, DISK_PAGES * PAGE_SIZE);
	disk_file.inode.i_data.a_ops = &disk_aops;
	mm = map_disk_file();
	KASSERT_TRUE(mm);
	vma = find_vma(mm, RMAP_TEST_ADDR);
	for (i = 0; i < DISK_PAGES; i++) {
		v = DISK_MAGIC + 0x100 + i;
		KEXPECT_TRUE(rmap_access_word(mm, vma,
					      RMAP_TEST_ADDR + i * PAGE_SIZE,
					      &v, i % 2 == 0));
	}
	KEXPECT_EQ(disk_reads, DISK_PAGES);
	KEXPECT_EQ(mm->rss, DISK_PAGES);

	evict_file();
	KEXPECT_EQ(disk_file.inode.i_data.nrpages, 0);
	KEXPECT_EQ(mm->rss, 0);
	KEXPECT_EQ(disk_writes, DISK_PAGES / 2); /* the dirty ones */
	KEXPECT_EQ(vm_events.pswpout, pswpout); /* none to swap */
	KEXPECT_GE(vm_events.pgsteal_file - steal, DISK_PAGES);
	for (i = 0; i < DISK_PAGES; i++)
		right += disk[i][0] ==
			 (i % 2 ? DISK_MAGIC + i : DISK_MAGIC + 0x100 + i);
	KEXPECT_EQ(right, DISK_PAGES);

	right = 0;
	for (i = 0; i < DISK_PAGES; i++) {
		KEXPECT_TRUE(rmap_access_word(
			mm, vma, RMAP_TEST_ADDR + i * PAGE_SIZE, &v, false));
		right += v == (i % 2 ? DISK_MAGIC + i : DISK_MAGIC + 0x100 + i);
	}
	KEXPECT_EQ(right, DISK_PAGES);
	KEXPECT_EQ(disk_reads, 2 * DISK_PAGES);
	KEXPECT_EQ(rmap_audit(), 0);
	mmput(mm);
	free_test_file(&disk_file);
}
