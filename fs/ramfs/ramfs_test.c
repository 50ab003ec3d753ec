/*
 * fs/ramfs/ramfs_test.c - ktests for ramfs file data on the page cache.
 *
 * Each test works in a directory of its own under "/" and removes it.
 */
#include "fs/vfs.h"
#include "mm/vm/filemap.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/vm/vm_test.h"

static struct file *open_rw(const char *name, int flags)
{
	struct file *f = NULL;
	int err = vfs_open(NULL, name, O_RDWR | flags, 0644, &f);

	return err ? NULL : f;
}

static ssize_t pwrite(struct file *f, const void *buf, size_t n, loff_t pos)
{
	return vfs_write(f, buf, n, &pos);
}

static ssize_t pread(struct file *f, void *buf, size_t n, loff_t pos)
{
	return vfs_read(f, buf, n, &pos);
}

static bool all_bytes(const u8 *p, size_t n, u8 v)
{
	while (n--)
		if (*p++ != v)
			return false;
	return true;
}

KTEST(ramfs_write_read_across_pages)
{
	struct file *f;
	u8 *buf = kmalloc(3 * PAGE_SIZE, GFP_KERNEL), *back;
	struct kstat st;
	unsigned int i;

	KASSERT_TRUE(buf != NULL);
	back = buf + PAGE_SIZE + PAGE_SIZE / 2;
	KASSERT_EQ(vfs_mkdir(NULL, "/kt_rw", 0755), 0);
	f = open_rw("/kt_rw/f", O_CREAT | O_EXCL);
	KASSERT_TRUE(f != NULL);
	for (i = 0; i < PAGE_SIZE + 100; i++)
		buf[i] = (u8)(i * 7 + 3);
	/* 4196 bytes from offset 4000: touches pages 0, 1 and 2. */
	KEXPECT_EQ(pwrite(f, buf, PAGE_SIZE + 100, 4000), PAGE_SIZE + 100);
	KEXPECT_EQ(f->f_mapping->nrpages, 3);
	KEXPECT_EQ(f->f_inode->i_size, 4000 + PAGE_SIZE + 100);
	memset(back, 0xee, PAGE_SIZE + 100);
	KEXPECT_EQ(pread(f, back, PAGE_SIZE + 100, 4000), PAGE_SIZE + 100);
	KEXPECT_EQ(memcmp(back, buf, PAGE_SIZE + 100), 0);
	/* The untouched start of page 0 reads as zeros. */
	KEXPECT_EQ(pread(f, back, 4000, 0), 4000);
	KEXPECT_TRUE(all_bytes(back, 4000, 0));
	/* Reads stop at the end of file. */
	KEXPECT_EQ(pread(f, back, 1000, 4000 + PAGE_SIZE), 100);
	KEXPECT_EQ(pread(f, back, 10, 1 << 20), 0);
	/* O_APPEND writes go to the end whatever the position. */
	fput(f);
	f = open_rw("/kt_rw/f", O_APPEND);
	KASSERT_TRUE(f != NULL);
	f->f_pos = 0;
	KEXPECT_EQ(vfs_write(f, "xyz", 3, &f->f_pos), 3);
	KEXPECT_EQ(f->f_pos, 4000 + PAGE_SIZE + 103);
	KEXPECT_EQ(vfs_fstat(f, &st), 0);
	KEXPECT_EQ(st.size, 4000 + PAGE_SIZE + 103);
	KEXPECT_TRUE(S_ISREG(st.mode));
	KEXPECT_EQ(st.mode & 0777, 0644 & ~0022);
	fput(f);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_rw/f"), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_rw"), 0);
	kfree(buf);
}

KTEST(ramfs_holes_read_as_zeros_without_pages)
{
	struct file *f;
	u8 buf[64];

	KASSERT_EQ(vfs_mkdir(NULL, "/kt_hole", 0755), 0);
	f = open_rw("/kt_hole/f", O_CREAT);
	KASSERT_TRUE(f != NULL);
	/* One byte at 40 KiB: pages 0..9 are a hole. */
	KEXPECT_EQ(pwrite(f, "A", 1, 10 * PAGE_SIZE), 1);
	KEXPECT_EQ(f->f_mapping->nrpages, 1);
	memset(buf, 0x55, sizeof(buf));
	KEXPECT_EQ(pread(f, buf, sizeof(buf), 3 * PAGE_SIZE + 5), sizeof(buf));
	KEXPECT_TRUE(all_bytes(buf, sizeof(buf), 0));
	KEXPECT_EQ(f->f_mapping->nrpages, 1);	/* reading allocated nothing */
	KEXPECT_EQ(pread(f, buf, 4, 10 * PAGE_SIZE - 3), 4);
	KEXPECT_EQ(buf[3], 'A');
	KEXPECT_TRUE(all_bytes(buf, 3, 0));
	/* lseek past the end and SEEK_END. */
	KEXPECT_EQ(vfs_llseek(f, 0, SEEK_END), 10 * PAGE_SIZE + 1);
	KEXPECT_EQ(vfs_llseek(f, -2, SEEK_CUR), 10 * PAGE_SIZE - 1);
	KEXPECT_EQ(vfs_llseek(f, -1, SEEK_SET), -EINVAL);
	KEXPECT_EQ(vfs_llseek(f, 0, 7), -EINVAL);
	fput(f);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_hole/f"), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_hole"), 0);
}

/* Write n pages of 0xAB to a new file; the file is left open. */
static struct file *make_pages(const char *name, unsigned int n)
{
	struct file *f = open_rw(name, O_CREAT | O_TRUNC);
	u8 *page = kmalloc(PAGE_SIZE, GFP_KERNEL);
	unsigned int i;

	if (f && page) {
		memset(page, 0xAB, PAGE_SIZE);
		for (i = 0; i < n; i++)
			pwrite(f, page, PAGE_SIZE, (loff_t)i * PAGE_SIZE);
	}
	kfree(page);
	return f;
}

KTEST(ramfs_truncate_down_and_up_frees_pages)
{
	struct file *f;
	u32 free_before, free_full;
	unsigned long cached;
	u8 buf[16];

	KASSERT_EQ(vfs_mkdir(NULL, "/kt_trunc", 0755), 0);
	/* Warm the slab caches this test uses, then count. */
	f = make_pages("/kt_trunc/f", 8);
	KASSERT_TRUE(f != NULL);
	fput(f);
	KASSERT_EQ(vfs_unlink(NULL, "/kt_trunc/f"), 0);
	free_before = nr_free_pages();
	cached = pagecache_nr_pages();

	f = make_pages("/kt_trunc/f", 8);
	KASSERT_TRUE(f != NULL);
	KEXPECT_EQ(f->f_mapping->nrpages, 8);
	KEXPECT_EQ(pagecache_nr_pages(), cached + 8);
	free_full = nr_free_pages();
	/* Down into the middle of page 2: pages 3..7 go, page 2's tail zeroed. */
	KEXPECT_EQ(vfs_ftruncate(f, 2 * PAGE_SIZE + 10), 0);
	KEXPECT_EQ(f->f_inode->i_size, 2 * PAGE_SIZE + 10);
	KEXPECT_EQ(f->f_mapping->nrpages, 3);
	KEXPECT_EQ(nr_free_pages(), free_full + 5);
	KEXPECT_EQ(pread(f, buf, sizeof(buf), 2 * PAGE_SIZE), 10);
	KEXPECT_TRUE(all_bytes(buf, 10, 0xAB));
	/* Up again: the old data past 10 must read back as zeros. */
	KEXPECT_EQ(vfs_truncate(NULL, "/kt_trunc/f", 6 * PAGE_SIZE), 0);
	KEXPECT_EQ(f->f_inode->i_size, 6 * PAGE_SIZE);
	KEXPECT_EQ(f->f_mapping->nrpages, 3);	/* growing allocates nothing */
	KEXPECT_EQ(pread(f, buf, sizeof(buf), 2 * PAGE_SIZE + 8), sizeof(buf));
	KEXPECT_TRUE(all_bytes(buf, 2, 0xAB));
	KEXPECT_TRUE(all_bytes(buf + 2, sizeof(buf) - 2, 0));
	KEXPECT_EQ(pread(f, buf, sizeof(buf), 5 * PAGE_SIZE), sizeof(buf));
	KEXPECT_TRUE(all_bytes(buf, sizeof(buf), 0));
	/* To zero: every page freed. */
	KEXPECT_EQ(vfs_ftruncate(f, 0), 0);
	KEXPECT_EQ(f->f_mapping->nrpages, 0);
	KEXPECT_EQ(vfs_ftruncate(f, -1), -EINVAL);
	fput(f);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_trunc/f"), 0);
	KEXPECT_EQ(pagecache_nr_pages(), cached);
	KEXPECT_EQ(nr_free_pages(), free_before);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_trunc"), 0);
}

KTEST(ramfs_unlink_open_file_keeps_data_until_close)
{
	struct file *f;
	unsigned long inodes, cached;
	u32 free_before;
	u8 buf[4];

	KASSERT_EQ(vfs_mkdir(NULL, "/kt_unl", 0755), 0);
	f = make_pages("/kt_unl/f", 3);	/* warm up */
	KASSERT_TRUE(f != NULL);
	fput(f);
	KASSERT_EQ(vfs_unlink(NULL, "/kt_unl/f"), 0);
	inodes = nr_inodes();
	cached = pagecache_nr_pages();
	free_before = nr_free_pages();

	f = make_pages("/kt_unl/f", 3);
	KASSERT_TRUE(f != NULL);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_unl/f"), 0);
	KEXPECT_EQ(f->f_inode->i_nlink, 0);
	{
		struct kstat st;

		KEXPECT_EQ(vfs_stat(NULL, "/kt_unl/f", 0, &st), -ENOENT);
	}
	/* Still readable and writable through the open file. */
	KEXPECT_EQ(pread(f, buf, 4, PAGE_SIZE), 4);
	KEXPECT_TRUE(all_bytes(buf, 4, 0xAB));
	KEXPECT_EQ(pwrite(f, "new", 3, 0), 3);
	KEXPECT_EQ(pagecache_nr_pages(), cached + 3);
	KEXPECT_EQ(nr_inodes(), inodes + 1);
	fput(f);	/* the last reference: inode and pages go */
	KEXPECT_EQ(nr_inodes(), inodes);
	KEXPECT_EQ(pagecache_nr_pages(), cached);
	KEXPECT_EQ(nr_free_pages(), free_before);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_unl"), 0);
}

/* Does page index of f hold byte v at offset off? */
static bool page_byte_is(struct file *f, unsigned long index,
			 unsigned int off, u8 v)
{
	struct page *page = find_get_page(f->f_mapping, index);
	u8 c = ~v;

	if (page) {
		memcpy_from_page(&c, page, off, 1);
		put_page(page);
	}
	return c == v;
}

static bool page_is_high(struct file *f, unsigned long index)
{
	struct page *page = find_get_page(f->f_mapping, index);
	bool high = page && PageHighMem(page);

	if (page)
		put_page(page);
	return high;
}

/*
 * With high memory a ramfs file's pages are high, and write, read and
 * truncation's zeroing reach them through kmap_atomic: across the
 * boundary of two high pages, and into the middle of one.
 */
KTEST(ramfs_high_pages_read_write_across_pages)
{
	u8 in[12] = "0123456789A", out[sizeof(in)];
	struct file *f;

	if (!high_pages_handed_out()) {
		ktest_skip("no high memory");
		return;
	}
	KASSERT_EQ(vfs_mkdir(NULL, "/kt_high", 0755), 0);
	f = open_rw("/kt_high/f", O_CREAT | O_EXCL);
	KASSERT_TRUE(f != NULL);
	/* 6 bytes at the end of page 0, 6 at the start of page 1. */
	KEXPECT_EQ(pwrite(f, in, sizeof(in), PAGE_SIZE - 6), sizeof(in));
	KEXPECT_TRUE(page_is_high(f, 0));
	KEXPECT_TRUE(page_is_high(f, 1));
	KEXPECT_TRUE(page_byte_is(f, 0, PAGE_SIZE - 6, '0'));
	KEXPECT_TRUE(page_byte_is(f, 1, 4, 'A'));
	memset(out, 0x55, sizeof(out));
	KEXPECT_EQ(pread(f, out, sizeof(out), PAGE_SIZE - 6), sizeof(out));
	KEXPECT_EQ(memcmp(out, in, sizeof(in)), 0);
	/* Down to the middle of page 1 and up: the cut bytes read as 0. */
	KEXPECT_EQ(vfs_ftruncate(f, PAGE_SIZE + 2), 0);
	KEXPECT_EQ(vfs_ftruncate(f, 2 * PAGE_SIZE), 0);
	KEXPECT_TRUE(page_byte_is(f, 1, 1, '7'));
	KEXPECT_TRUE(page_byte_is(f, 1, 2, 0));
	KEXPECT_EQ(pread(f, out, 4, PAGE_SIZE), 4);
	KEXPECT_EQ(memcmp(out, "67\0\0", 4), 0);
	fput(f);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_high/f"), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_high"), 0);
}
