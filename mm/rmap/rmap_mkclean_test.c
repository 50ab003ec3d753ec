/*
 * mm/rmap/rmap_mkclean_test.c - ktests for dirty tracking of shared file
 * mappings: page_mkclean write-protects and cleans the page in every
 * address space that maps it shared (through the object or the chain, by
 * the boot's rmap mode) and says whether any PTE was dirty; the next
 * write faults, calls page_mkwrite and dirties the page again; a store
 * made while the page's write is in flight is never lost.
 *
 * The file is mm/vm/file_test.h's, whose pages are copies of a "disk"
 * (not memory_backed), so its shared writable mappings map read-only
 * until written (vma_wants_writenotify); the hardware dirty bit test uses
 * a ramfs file, which maps writable at once.
 */
#include "kernel/ktest.h"
#include "mm/phys/tlb.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_test.h"
#include "mm/vm/mmu_context.h"
#include "mm/vm/file_test.h"
#include "mm/vm/filemap.h"
#include "mm/vm/memory.h"
#include "mm/writeback/writeback.h"

#define MK_SHARED 4 /* address spaces mapping the page shared */
#define MK_MMS (MK_SHARED + 1) /* ... and one more mapping it private */
#define MK_PRIVATE (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE)

static struct test_file mk_file;

/* Map f at RMAP_TEST_ADDR in a new mm as mmap would (vm_page_prot set
 * once the VMA has its file and vm_ops). */
static struct mm_struct *mk_map(struct file *f, unsigned long flags,
				const struct vm_operations_struct *ops)
{
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma;

	if (!mm)
		return NULL;
	vma = vma_alloc(mm);
	if (!vma) {
		mmput(mm);
		return NULL;
	}
	vma->vm_start = RMAP_TEST_ADDR;
	vma->vm_end = RMAP_TEST_ADDR + PAGE_SIZE;
	vma->vm_flags = flags;
	vma->vm_file = get_file(f);
	vma->vm_ops = ops;
	vma_set_page_prot(vma, flags);
	vma_link(mm, vma);
	return mm;
}

static int mk_fault(struct mm_struct *mm, bool write)
{
	return handle_mm_fault(mm, find_vma(mm, RMAP_TEST_ADDR), RMAP_TEST_ADDR,
			       write);
}

static pte_t mk_pte_of(struct mm_struct *mm)
{
	return pte_at(mm, RMAP_TEST_ADDR);
}

/* Store v through mm's own page tables, so the CPU sets the dirty bit
 * (the PTE must be writable). */
static void mk_cpu_store(struct mm_struct *mm, u32 v)
{
	u32 flags = irq_save();
	struct tlb_state saved = enter_mm(mm);

	*(volatile u32 *)RMAP_TEST_ADDR = v;
	restore_mm(mm, saved);
	irq_restore(flags);
}

static int mk_clean(struct page *page)
{
	int ret;

	lock_page(page);
	ret = page_mkclean(page);
	unlock_page(page);
	return ret;
}

static void mk_free(struct mm_struct **mm, int n)
{
	while (n-- > 0)
		if (mm[n])
			mmput(mm[n]);
}

KTEST(page_mkclean_write_protects_and_cleans_every_shared_pte)
{
	struct mm_struct *mm[MK_MMS] = { NULL };
	struct page *page;
	int i, clean = 0, ro = 0;
	u32 v = RMAP_TEST_MAGIC;

	make_test_file(&mk_file, PAGE_SIZE);
	KASSERT_EQ(fill_test_file(&mk_file, 0, &v, sizeof(v)), 0);
	for (i = 0; i < MK_MMS; i++) {
		mm[i] = mk_map(&mk_file.file,
			       i < MK_SHARED ? RMAP_SHARED_FLAGS : MK_PRIVATE,
			       &generic_file_vm_ops);
		if (!KEXPECT_TRUE(mm[i]))
			goto out;
	}
	/* A read fault of a disk file's shared mapping maps it read-only. */
	if (!KEXPECT_GT(mk_fault(mm[0], false), 0))
		goto out;
	KEXPECT_FALSE(pte_write(mk_pte_of(mm[0])));
	page = rmap_page_at(mm[0], RMAP_TEST_ADDR);
	KEXPECT_FALSE(PageDirty(page));
	for (i = 0; i < MK_SHARED; i++)
		if (!KEXPECT_GT(mk_fault(mm[i], true), 0))
			goto out;
	if (!KEXPECT_GT(mk_fault(mm[MK_SHARED], false), 0))
		goto out;
	KEXPECT_EQ(page_mapcount(page), MK_MMS);
	KEXPECT_TRUE(PageDirty(page));
	for (i = 0; i < MK_SHARED; i++)
		KEXPECT_TRUE(pte_write(mk_pte_of(mm[i])) &&
			     pte_dirty(mk_pte_of(mm[i])));

	/* Writeback's order: page_mkclean, then PG_dirty is cleared. */
	KEXPECT_EQ(mk_clean(page), MK_SHARED);
	lock_page(page);
	cancel_dirty_page(page);
	unlock_page(page);
	for (i = 0; i < MK_MMS; i++) {
		pte_t pte = mk_pte_of(mm[i]);

		clean += pte_present(pte) && !pte_dirty(pte);
		ro += pte_present(pte) && !pte_write(pte);
	}
	KEXPECT_EQ(clean, MK_MMS);
	KEXPECT_EQ(ro, MK_MMS);
	KEXPECT_EQ(page_mapcount(page), MK_MMS); /* still mapped */
	KEXPECT_EQ(mk_clean(page), 0); /* nothing to clean */

	/* The next store faults and dirties the page again, in one mm. */
	v = RMAP_TEST_MAGIC + 2;
	KEXPECT_TRUE(rmap_access_word(mm[2], find_vma(mm[2], RMAP_TEST_ADDR),
				      RMAP_TEST_ADDR, &v, true));
	KEXPECT_TRUE(PageDirty(page));
	KEXPECT_TRUE(pte_write(mk_pte_of(mm[2])) &&
		     pte_dirty(mk_pte_of(mm[2])));
	KEXPECT_FALSE(pte_write(mk_pte_of(mm[1])));
	KEXPECT_EQ(rmap_touch(mm[1], RMAP_TEST_ADDR), RMAP_TEST_MAGIC + 2);
	KEXPECT_EQ(mk_clean(page), 1);
	KEXPECT_EQ(rmap_audit(), 0);
out:
	mk_free(mm, MK_MMS);
	free_test_file(&mk_file);
}

/* The CPU's own dirty bit, in a mapping writable from its read fault (a
 * ramfs file has no writeback to notify), is what page_mkclean returns. */
KTEST(page_mkclean_returns_the_hardware_dirty_bit)
{
	struct file *f = one_page_file("/mkclean-hw-test");
	struct mm_struct *mm = NULL;
	struct page *page;

	KASSERT_TRUE(f);
	mm = mk_map(f, RMAP_SHARED_FLAGS, &generic_file_vm_ops);
	if (!KEXPECT_TRUE(mm))
		goto out;
	if (!KEXPECT_GT(mk_fault(mm, false), 0))
		goto out;
	page = rmap_page_at(mm, RMAP_TEST_ADDR);
	KEXPECT_TRUE(pte_write(mk_pte_of(mm)));
	KEXPECT_FALSE(pte_dirty(mk_pte_of(mm)));
	mk_cpu_store(mm, RMAP_TEST_MAGIC + 7);
	KEXPECT_TRUE(pte_dirty(mk_pte_of(mm)));
	KEXPECT_EQ(mk_clean(page), 1);
	KEXPECT_FALSE(pte_dirty(mk_pte_of(mm)) || pte_write(mk_pte_of(mm)));
	KEXPECT_EQ(mk_clean(page), 0);
	/* a write fault makes it writable again, the store in place */
	if (!KEXPECT_GT(mk_fault(mm, true), 0))
		goto out;
	KEXPECT_TRUE(pte_write(mk_pte_of(mm)));
	KEXPECT_EQ(rmap_touch(mm, RMAP_TEST_ADDR), RMAP_TEST_MAGIC + 7);
	KEXPECT_EQ(rmap_audit(), 0);
out:
	if (mm)
		mmput(mm);
	fput(f);
	vfs_unlink(NULL, "/mkclean-hw-test");
}

static int mkwrite_calls, mkwrite_error;

static int test_page_mkwrite(struct vm_area_struct *vma, struct page *page)
{
	(void)vma;
	(void)page;
	mkwrite_calls++;
	return mkwrite_error;
}

static const struct vm_operations_struct mkwrite_vm_ops = {
	.nopage = filemap_nopage,
	.populate = filemap_populate,
	.page_mkwrite = test_page_mkwrite,
};

/*
 * page_mkwrite is asked before each first store: on a write fault of an
 * empty PTE, on a read-mapped page, and after page_mkclean; its error is
 * SIGBUS with the page left clean and read-only.
 */
KTEST(page_mkwrite_called_before_a_shared_page_becomes_writable)
{
	struct mm_struct *mm[2] = { NULL, NULL };
	struct page *page;
	u32 v = RMAP_TEST_MAGIC;
	int i;

	make_test_file(&mk_file, PAGE_SIZE);
	KASSERT_EQ(fill_test_file(&mk_file, 0, &v, sizeof(v)), 0);
	mkwrite_calls = 0;
	mkwrite_error = 0;
	for (i = 0; i < 2; i++) {
		mm[i] = mk_map(&mk_file.file, RMAP_SHARED_FLAGS,
			       &mkwrite_vm_ops);
		if (!KEXPECT_TRUE(mm[i]))
			goto out;
	}
	KEXPECT_TRUE(vma_wants_writenotify(find_vma(mm[0], RMAP_TEST_ADDR),
					   RMAP_SHARED_FLAGS));
	if (!KEXPECT_GT(mk_fault(mm[0], true), 0)) /* empty PTE */
		goto out;
	KEXPECT_EQ(mkwrite_calls, 1);
	page = rmap_page_at(mm[0], RMAP_TEST_ADDR);
	if (!KEXPECT_GT(mk_fault(mm[1], false), 0))
		goto out;
	KEXPECT_EQ(mkwrite_calls, 1); /* reads: none */
	if (!KEXPECT_GT(mk_fault(mm[1], true), 0)) /* read-mapped */
		goto out;
	KEXPECT_EQ(mkwrite_calls, 2);
	if (!KEXPECT_GT(mk_fault(mm[1], true), 0)) /* writable now */
		goto out;
	KEXPECT_EQ(mkwrite_calls, 2);

	KEXPECT_EQ(mk_clean(page), 2);
	lock_page(page);
	cancel_dirty_page(page);
	unlock_page(page);
	mkwrite_error = -ENOSPC;
	KEXPECT_EQ(mk_fault(mm[0], true), VM_FAULT_SIGBUS);
	KEXPECT_EQ(mkwrite_calls, 3);
	KEXPECT_FALSE(PageDirty(page));
	KEXPECT_FALSE(pte_write(mk_pte_of(mm[0])));
	mkwrite_error = -ENOMEM;
	KEXPECT_EQ(mk_fault(mm[0], true), VM_FAULT_OOM);
	mkwrite_error = 0;
	if (!KEXPECT_GT(mk_fault(mm[0], true), 0))
		goto out;
	KEXPECT_EQ(mkwrite_calls, 5);
	KEXPECT_TRUE(PageDirty(page) && pte_write(mk_pte_of(mm[0])));
	KEXPECT_EQ(rmap_audit(), 0);
out:
	mk_free(mm, 2);
	free_test_file(&mk_file);
}

/*
 * The redirty race (Linux 2.6.19.2's fix): writeback cleans the PTEs and
 * then PG_dirty, and writes; a store made while that write is in flight
 * faults, dirties the page again, and so is written by the next pass.
 * Cleaning PG_dirty before the PTEs would lose it.
 */
KTEST(store_during_writeback_leaves_the_page_dirty)
{
	struct mm_struct *mm[2] = { NULL, NULL };
	struct page *page;
	u32 v = RMAP_TEST_MAGIC;
	int i;

	make_test_file(&mk_file, PAGE_SIZE);
	KASSERT_EQ(fill_test_file(&mk_file, 0, &v, sizeof(v)), 0);
	for (i = 0; i < 2; i++) {
		mm[i] = mk_map(&mk_file.file, RMAP_SHARED_FLAGS,
			       &generic_file_vm_ops);
		if (!KEXPECT_TRUE(mm[i]))
			goto out;
		if (!KEXPECT_GT(mk_fault(mm[i], true), 0))
			goto out;
	}
	page = rmap_page_at(mm[0], RMAP_TEST_ADDR);
	KEXPECT_TRUE(PageDirty(page));

	/* clear_page_dirty_for_io, and the write set going */
	lock_page(page);
	KEXPECT_TRUE(clear_page_dirty_for_io(page));
	KEXPECT_TRUE(test_set_page_writeback(page));
	unlock_page(page);

	/* a store while the write is in flight */
	v = RMAP_TEST_MAGIC + 1;
	KEXPECT_TRUE(rmap_access_word(mm[1], find_vma(mm[1], RMAP_TEST_ADDR),
				      RMAP_TEST_ADDR, &v, true));
	KEXPECT_TRUE(PageDirty(page));
	end_page_writeback(page, 0); /* the write ends: still dirty */
	KEXPECT_TRUE(PageDirty(page));
	memcpy_from_page(&v, page, 0, sizeof(v));
	KEXPECT_EQ(v, RMAP_TEST_MAGIC + 1);

	/* the next pass: cleaned again, nothing left after it */
	lock_page(page);
	KEXPECT_EQ(page_mkclean(page), 1);
	KEXPECT_TRUE(PageDirty(page));
	cancel_dirty_page(page);
	KEXPECT_EQ(page_mkclean(page), 0);
	unlock_page(page);
	KEXPECT_EQ(rmap_audit(), 0);
out:
	mk_free(mm, 2);
	free_test_file(&mk_file);
}
