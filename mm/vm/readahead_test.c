/*
 * mm/vm/readahead_test.c - ktests for the readahead window: how it grows
 * under a sequential reader, what a jump reads, the read-around of a
 * fault, and the end of the file.  The file is a bare one (file_test.h)
 * whose readpages records each call and fills the pages at once.
 */
#include "mm/vm/readahead.h"
#include "kernel/ktest.h"
#include "mm/vm/file_test.h"

#define MAX_CALLS 16

static struct {
	unsigned long first[MAX_CALLS];
	unsigned int nr[MAX_CALLS];
	unsigned int calls;
} rec;

static void record_readpages(struct file *file, struct address_space *mapping,
			     struct page **pages, unsigned int nr)
{
	unsigned int i;

	(void)file;
	(void)mapping;
	if (rec.calls < MAX_CALLS) {
		rec.first[rec.calls] = pages[0]->index;
		rec.nr[rec.calls] = nr;
	}
	rec.calls++;
	for (i = 0; i < nr; i++) {
		char *kaddr = kmap_atomic(pages[i], KM_USER0);

		memset(kaddr, (int)(pages[i]->index & 0xff), PAGE_SIZE);
		kunmap_atomic(kaddr, KM_USER0);
		SetPageUptodate(pages[i]);
		unlock_page(pages[i]);
	}
}

static const struct address_space_operations ra_aops = {
	.readpage = simple_readpage,
	.readpages = record_readpages,
	.set_page_dirty = simple_set_page_dirty,
};

static void make_ra_file(struct test_file *t, unsigned long pages)
{
	make_test_file(t, (loff_t)pages << PAGE_SHIFT);
	t->inode.i_data.a_ops = &ra_aops;
	memset(&rec, 0, sizeof(rec));
}

/* Read page index of the file with read(2)'s path, one page asked. */
static int read_page(struct test_file *t, unsigned long index, char *buf)
{
	loff_t pos = (loff_t)index << PAGE_SHIFT;

	return (int)generic_file_read(&t->file, buf, PAGE_SIZE, &pos);
}

KTEST(readahead_window_grows_on_sequential_reads)
{
	static const unsigned long first[] = { 0, 4, 12, 28, 60, 92 };
	static const unsigned int nr[] = { 4, 8, 16, 32, 32, 32 };
	static char buf[PAGE_SIZE];
	struct test_file t;
	unsigned long i;
	unsigned int c;

	make_ra_file(&t, 256);
	for (i = 0; i < 64; i++) {
		KASSERT_EQ(read_page(&t, i, buf), (int)PAGE_SIZE);
		KEXPECT_EQ((unsigned char)buf[0], i & 0xff);
	}
	/* The marker of each window starts the next, twice as big up to
	 * VM_MAX_READAHEAD, before the reader gets there. */
	KEXPECT_EQ(rec.calls, ARRAY_SIZE(first));
	for (c = 0; c < ARRAY_SIZE(first) && c < rec.calls; c++) {
		KEXPECT_EQ(rec.first[c], first[c]);
		KEXPECT_EQ(rec.nr[c], nr[c]);
	}
	free_test_file(&t);
}

KTEST(readahead_jump_reads_only_the_page)
{
	static char buf[PAGE_SIZE];
	struct test_file t;

	make_ra_file(&t, 256);
	KASSERT_EQ(read_page(&t, 100, buf), (int)PAGE_SIZE);
	KEXPECT_EQ(rec.calls, 1u);
	KEXPECT_EQ(rec.first[0], 100ul);
	KEXPECT_EQ(rec.nr[0], 1u);
	/* The next page is sequential again: a first window. */
	KASSERT_EQ(read_page(&t, 101, buf), (int)PAGE_SIZE);
	KEXPECT_EQ(rec.calls, 2u);
	KEXPECT_EQ(rec.first[1], 101ul);
	KEXPECT_EQ(rec.nr[1], 4u);
	free_test_file(&t);
}

KTEST(readahead_stops_at_end_of_file)
{
	struct test_file t;

	make_ra_file(&t, 10);
	force_page_cache_readahead(t.file.f_mapping, &t.file, 0, 1000);
	KEXPECT_EQ(rec.calls, 1u);
	KEXPECT_EQ(rec.nr[0], 10u);
	KEXPECT_EQ(t.file.f_mapping->nrpages, 10ul);
	/* Everything is cached now: nothing more to read. */
	force_page_cache_readahead(t.file.f_mapping, &t.file, 0, 1000);
	KEXPECT_EQ(rec.calls, 1u);
	free_test_file(&t);
}

KTEST(readahead_fault_reads_around)
{
	struct test_file t;
	struct page *page;

	make_ra_file(&t, 256);
	page_cache_mmap_readahead(t.file.f_mapping, &t.file.f_ra, &t.file,
				  100);
	KEXPECT_EQ(rec.calls, 1u);
	KEXPECT_EQ(rec.first[0], 100ul - VM_MAX_READAHEAD / 2);
	KEXPECT_EQ(rec.nr[0], (unsigned int)VM_MAX_READAHEAD);
	/* The marker sits a quarter window before the end. */
	page = find_get_page(t.file.f_mapping,
			     100 + VM_MAX_READAHEAD / 2 - VM_MAX_READAHEAD / 4);
	KASSERT_TRUE(page != NULL);
	KEXPECT_TRUE(PageReadahead(page));
	ClearPageReadahead(page);
	put_page(page);
	free_test_file(&t);
}

KTEST(readahead_leaves_memory_files_alone)
{
	struct test_file t;

	make_test_file(&t, 16 << PAGE_SHIFT);
	memset(&rec, 0, sizeof(rec));
	force_page_cache_readahead(t.file.f_mapping, &t.file, 0, 16);
	KEXPECT_EQ(t.file.f_mapping->nrpages, 0ul);
	free_test_file(&t);
}
