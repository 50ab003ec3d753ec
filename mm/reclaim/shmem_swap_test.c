/*
 * mm/reclaim/shmem_swap_test.c - ktests for ramfs pages on swap: a file mapped
 * shared by 4 address spaces is unmapped from all of them by the object
 * walk, written to swap and dropped from the page cache (and still data
 * to SEEK_DATA); read() and the mappings get every byte back, truncate frees the slots, and swapoff
 * reads what is still out.  Need the hdb swap disk; skip without it.
 */
#include "mm/vm/filemap.h"
#include "fs/vfs.h"
#include "fs/fcntl.h"
#include "kernel/ktest.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_test.h"
#include "mm/reclaim/swap_test.h"

#define FILE_PAGES 32

static struct file *make_file_of(const char *name, u32 pages)
{
	struct file *f = NULL;
	loff_t pos;
	u32 i, v;

	if (vfs_open(NULL, name, O_RDWR | O_CREAT | O_TRUNC, 0600, &f))
		return NULL;
	for (i = 0; i < pages; i++) {
		v = RMAP_TEST_MAGIC + i;
		pos = (loff_t)i * PAGE_SIZE;
		if (vfs_write(f, (const char *)&v, 4, &pos) != 4)
			return f;
	}
	return f;
}

static struct file *make_file(const char *name)
{
	return make_file_of(name, FILE_PAGES);
}

/* Pages whose first word read() returns right. */
static u32 read_back(struct file *f)
{
	u32 i, v, ok = 0;
	loff_t pos;

	for (i = 0; i < FILE_PAGES; i++) {
		pos = (loff_t)i * PAGE_SIZE;
		ok += vfs_read(f, (char *)&v, 4, &pos) == 4 &&
		      v == RMAP_TEST_MAGIC + i;
	}
	return ok;
}

/* Evict until none of the file's pages is in the page cache. */
static void evict_file(struct address_space *mapping)
{
	int round;

	for (round = 0; round < 20 && mapping->nrpages; round++)
		rmap_shrink_all();
}

static unsigned long lru_pages(void)
{
	unsigned long n = 0;
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++)
		n += zones[i].nr_active + zones[i].nr_inactive;
	return n;
}

/* Shrink until a round frees nothing more (at most 20 rounds). */
static void drain_lru(void)
{
	unsigned long before, after = lru_pages();
	int round;

	for (round = 0; round < 20; round++) {
		before = after;
		rmap_shrink_all();
		after = lru_pages();
		if (after >= before)
			break;
	}
}

KTEST(ramfs_pages_go_to_swap_and_come_back_hdb)
{
	struct rmap_family fam = { .n = 0 };
	struct address_space *mapping;
	struct file *f;
	u32 v = 0;

	if (!rmap_swap_on())
		return;
	f = make_file("/ramfs-swap-test");
	if (!KEXPECT_TRUE(f))
		goto off;
	mapping = f->f_mapping;
	KEXPECT_EQ(read_back(f), FILE_PAGES);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 4, 0, FILE_PAGES), 0))
		goto out;
	KEXPECT_TRUE(page_mapped(rmap_family_page(&fam)));

	evict_file(mapping);
	KEXPECT_EQ(mapping->nrpages, 0);
	KEXPECT_EQ(mapping->nrswapped, FILE_PAGES);
	KEXPECT_TRUE(pte_none(pte_at(fam.mm[3], RMAP_TEST_ADDR)));
	KEXPECT_EQ(rmap_audit(), 0);
	/* On swap a page is still data to SEEK_DATA and SEEK_HOLE. */
	KEXPECT_EQ(vfs_llseek(f, PAGE_SIZE + 8, SEEK_DATA), PAGE_SIZE + 8);
	KEXPECT_EQ(vfs_llseek(f, 0, SEEK_HOLE), f->f_inode->i_size);

	/* Back through read(), then through a mapping. */
	KEXPECT_EQ(read_back(f), FILE_PAGES);
	KEXPECT_EQ(mapping->nrswapped, 0);
	evict_file(mapping);
	KEXPECT_TRUE(rmap_access_word(fam.mm[2], find_vma(fam.mm[2], RMAP_TEST_ADDR),
				      RMAP_TEST_ADDR + 5 * PAGE_SIZE, &v, false));
	KEXPECT_EQ(v, RMAP_TEST_MAGIC + 5);

	/* Truncate frees the slots of what is still out. */
	rmap_family_free(&fam);
	evict_file(mapping);
	KEXPECT_GT(mapping->nrswapped, 0);
	KEXPECT_EQ(vfs_ftruncate(f, PAGE_SIZE), 0);
	KEXPECT_LE(mapping->nrswapped, 1);
	KEXPECT_EQ(rmap_audit(), 0);
out:
	rmap_family_free(&fam);
	if (f) {
		fput(f);
		vfs_unlink(NULL, "/ramfs-swap-test");
	}
off:
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
}

KTEST(swapoff_reads_ramfs_pages_back_hdb)
{
	struct file *f;

	if (!rmap_swap_on())
		return;
	f = make_file("/ramfs-swapoff-test");
	if (KEXPECT_TRUE(f)) {
		evict_file(f->f_mapping);
		KEXPECT_EQ(f->f_mapping->nrswapped, FILE_PAGES);
		KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
		KEXPECT_EQ(f->f_mapping->nrswapped, 0);
		KEXPECT_EQ(f->f_mapping->nrpages, FILE_PAGES);
		KEXPECT_EQ(read_back(f), FILE_PAGES);
		fput(f);
		vfs_unlink(NULL, "/ramfs-swapoff-test");
	} else {
		do_swapoff("/dev/hdb");
	}
}

/*
 * Two areas: a file whose pages are all on tst0 is the newest on the list
 * of swapped files, so it comes first, and swapoff of hdb must still find
 * the file behind it.
 */
KTEST(swapoff_passes_files_that_live_on_another_area_hdb)
{
	struct file *a = NULL, *b = NULL;

	if (!rmap_swap_on())
		return;
	b = make_file("/ramfs-swap-b");
	if (KEXPECT_TRUE(b)) {
		evict_file(b->f_mapping);
		KEXPECT_EQ(b->f_mapping->nrswapped, FILE_PAGES);
	}
	/* Every other evictable page goes to hdb now, so that evicting a
	 * below fills tst0's few slots with a's pages and not with pages of
	 * files that were still in memory (which pages those are depends on
	 * the tests that ran before). */
	drain_lru();
	if (!tst_setup(0))
		goto off;
	if (!KEXPECT_EQ(do_swapon("tst0", SWAP_FLAG_PREFER | 10), 0))
		goto out;
	a = make_file_of("/ramfs-swap-a", 4);
	if (KEXPECT_TRUE(a)) {
		evict_file(a->f_mapping);
		KEXPECT_EQ(a->f_mapping->nrswapped, 4);
	}
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
	if (b) {
		KEXPECT_EQ(b->f_mapping->nrswapped, 0);
		KEXPECT_EQ(read_back(b), FILE_PAGES);
	}
	if (a)
		KEXPECT_EQ(a->f_mapping->nrswapped, 4);
	KEXPECT_EQ(do_swapoff("tst0"), 0);
	if (a) {
		KEXPECT_EQ(a->f_mapping->nrswapped, 0);
		fput(a);
		vfs_unlink(NULL, "/ramfs-swap-a");
	}
out:
	tst_teardown(0);
off:
	do_swapoff("/dev/hdb");
	if (b) {
		fput(b);
		vfs_unlink(NULL, "/ramfs-swap-b");
	}
}
