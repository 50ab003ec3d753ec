/*
 * mm/rmap/pagetrace_test.c - ktests for the page tracer: the report of a
 * file page mapped by three address spaces names all three as mapping it,
 * an anonymous page shared by fork is found through its chain or its
 * anon_vma, an address with no VMA says so, and the follow mode records
 * a followed page's reference, unmaps and fault back.
 */
#include "fs/fcntl.h"
#include "fs/file.h"
#include "fs/vfs.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"
#include "mm/rmap/pagetrace.h"
#include "mm/rmap/pagetrace_events.h"
#include "mm/rmap/rmap_test.h"

#define REPORT_SIZE 4096

/* The report of addr in mm, in a buffer the caller frees (NULL: none). */
static char *report(struct mm_struct *mm, unsigned long addr)
{
	struct seq_buf m = { kmalloc(REPORT_SIZE, GFP_KERNEL), REPORT_SIZE, 0 };

	if (!m.buf)
		return NULL;
	pagetrace_show(&m, mm, addr);
	if (seq_overflow(&m)) {
		kfree(m.buf);
		return NULL;
	}
	m.buf[m.len] = '\0';
	return m.buf;
}

/* How many times what occurs in text. */
static int count(const char *text, const char *what)
{
	size_t len = strlen(what);
	int n = 0;

	for (; *text; text++)
		n += !strncmp(text, what, len);
	return n;
}

KTEST(pagetrace_file_page_mapped_by_three)
{
	struct file *f = one_page_file("/pagetrace-test");
	struct rmap_family fam = { .n = 0 };
	char *text = NULL;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 3, 0, 1), 0))
		goto out;
	text = report(fam.mm[0], RMAP_TEST_ADDR + 12);
	if (!KEXPECT_TRUE(text))
		goto out;
	KEXPECT_EQ(count(text, ": maps it\n"), 3);
	KEXPECT_EQ(count(text, "mapping: file inode"), 1);
	KEXPECT_EQ(count(text, rmap_mode == RMAP_PTE_CHAIN ? "walk: pte_chain"
							 : "walk: objrmap"), 1);
	KEXPECT_EQ(count(text, "found: 3 of 3 stops"), 1);
	KEXPECT_EQ(count(text, " P RW US"), 1);
out:
	kfree(text);
	rmap_family_free(&fam);
	if (f)
		fput(f);
	vfs_unlink(NULL, "/pagetrace-test");
}

KTEST(pagetrace_anon_page_shared_by_fork)
{
	struct rmap_family fam = { .n = 0 };
	char *text = NULL;

	if (!KEXPECT_EQ(rmap_family_anon(&fam, 2, 1), 0))
		goto out;
	text = report(fam.mm[1], RMAP_TEST_ADDR);
	if (!KEXPECT_TRUE(text))
		goto out;
	KEXPECT_EQ(count(text, ": maps it\n"), 2);
	KEXPECT_EQ(count(text, rmap_mode == RMAP_ANON_VMA ? "walk: anon_vma"
							 : "walk: pte_chain"), 1);
	KEXPECT_EQ(count(text, "flags"), 1);
	KEXPECT_EQ(count(text, ",anon"), 1);
out:
	kfree(text);
	rmap_family_free(&fam);
}

KTEST(pagetrace_address_without_vma)
{
	struct mm_struct *mm = mm_alloc();
	char *text;

	KASSERT_TRUE(mm);
	text = report(mm, RMAP_TEST_ADDR);
	if (KEXPECT_TRUE(text))
		KEXPECT_EQ(count(text, "vma: none\n"), 1);
	kfree(text);
	mmput(mm);
}

/* The follow mode's ring as text. */
static char *events(void)
{
	struct seq_buf m = { kmalloc(REPORT_SIZE, GFP_KERNEL), REPORT_SIZE, 0 };

	if (!m.buf)
		return NULL;
	pagetrace_events_show(&m);
	m.buf[min(m.len, (size_t)REPORT_SIZE - 1)] = '\0';
	return m.buf;
}

KTEST(pagetrace_follow_records_a_page_life)
{
	struct file *f = one_page_file("/pagetrace-follow");
	struct rmap_family fam = { .n = 0 };
	struct vm_area_struct *vma;
	struct page *page;
	char *text = NULL;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 2, 0, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	pagetrace_follow_mm(fam.mm[0], RMAP_TEST_ADDR);
	page_referenced(page);
	rmap_touch(fam.mm[1], RMAP_TEST_ADDR);
	page_referenced(page);
	KASSERT_TRUE(trylock_page(page));
	KEXPECT_EQ(try_to_unmap(page), SWAP_SUCCESS);
	unlock_page(page);
	vma = find_vma(fam.mm[0], RMAP_TEST_ADDR);
	KEXPECT_GE(handle_mm_fault(fam.mm[0], vma, RMAP_TEST_ADDR, false), 0);
	text = events();
	pagetrace_unfollow();
	if (!KEXPECT_TRUE(text))
		goto out;
	KEXPECT_GE(count(text, " referenced pfn"), 1);
	KEXPECT_EQ(count(text, " unmapped pfn"), 2);
	KEXPECT_EQ(count(text, " mapped pfn"), 1);
	KEXPECT_EQ(count(text, " freed pfn"), 0);
	kfree(text);
	/* Following again starts a new ring: only the header line. */
	pagetrace_follow_mm(fam.mm[0], RMAP_TEST_ADDR);
	text = events();
	pagetrace_unfollow();
	if (KEXPECT_TRUE(text))
		KEXPECT_EQ(count(text, "\n"), 1);
out:
	kfree(text);
	rmap_family_free(&fam);
	if (f)
		fput(f);
	vfs_unlink(NULL, "/pagetrace-follow");
}
