/*
 * mm/rmap/rmap_obj_test.c - ktests for the object-based walk on file pages:
 * one ramfs page mapped MAP_SHARED by 8 address spaces is unmapped from
 * all of them through its address_space (or its pte_chain in
 * rmap=pte_chain mode), faults back with the same data, reports the
 * accessed bits the CPU set, and stays put when one mapping is VM_LOCKED.
 */
#include "fs/file.h"
#include "mm/vm/filemap.h"
#include "fs/vfs.h"
#include "fs/fcntl.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_test.h"
#include "mm/vm/mmu_context.h"

#define NR_MAPPERS 8

static int nr_present(struct rmap_family *fam)
{
	int i, n = 0;

	for (i = 0; i < fam->n; i++) {
		n += pte_present(pte_at(fam->mm[i], RMAP_TEST_ADDR));
	}
	return n;
}

static void done(struct rmap_family *fam, struct file *f, const char *name)
{
	rmap_family_free(fam);
	if (f)
		fput(f);
	vfs_unlink(NULL, name);
}

KTEST(rmap_file_page_unmapped_from_8_spaces_and_faults_back)
{
	struct file *f = one_page_file("/rmap-file-test");
	struct rmap_family fam = { .n = 0 };
	u32 visited = rmap_stats.vmas_scanned;
	struct page *page;
	int i, same = 0;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, NR_MAPPERS, 0, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	KEXPECT_FALSE(PageAnon(page));
	KEXPECT_TRUE(page->mapping == f->f_mapping);
	KEXPECT_EQ(rmap_map_count(page), NR_MAPPERS);
	KEXPECT_EQ(rmap_audit(), 0);

	KASSERT_TRUE(trylock_page(page));
	KEXPECT_EQ(try_to_unmap(page), SWAP_SUCCESS);
	unlock_page(page);
	KEXPECT_FALSE(page_mapped(page));
	KEXPECT_EQ(nr_present(&fam), 0);
	if (!page_uses_chain(page))	/* found by the object walk */
		KEXPECT_EQ(rmap_stats.vmas_scanned - visited, NR_MAPPERS);

	for (i = 0; i < fam.n; i++) {
		struct vm_area_struct *vma = find_vma(fam.mm[i], RMAP_TEST_ADDR);

		KEXPECT_GE(handle_mm_fault(fam.mm[i], vma, RMAP_TEST_ADDR, false), 0);
		same += rmap_touch(fam.mm[i], RMAP_TEST_ADDR) == RMAP_TEST_MAGIC &&
			rmap_page_at(fam.mm[i], RMAP_TEST_ADDR) == page;
	}
	KEXPECT_EQ(same, NR_MAPPERS);
	KEXPECT_EQ(rmap_audit(), 0);
out:
	done(&fam, f, "/rmap-file-test");
}

KTEST(rmap_file_page_referenced_sees_accessed_bits)
{
	struct file *f = one_page_file("/rmap-ref-test");
	struct rmap_family fam = { .n = 0 };
	struct page *page;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 4, 0, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	page_referenced(page);
	KEXPECT_EQ(page_referenced(page), 0);
	rmap_touch(fam.mm[0], RMAP_TEST_ADDR);
	rmap_touch(fam.mm[3], RMAP_TEST_ADDR);
	KEXPECT_EQ(page_referenced(page), 2);
	KEXPECT_EQ(page_referenced(page), 0);
out:
	done(&fam, f, "/rmap-ref-test");
}

/*
 * The process keeps using its page with its address space loaded, no
 * CR3 load between (as the task reclaim's walk interrupts would): its
 * next access must set the accessed bit again, so page_referenced must
 * flush the TLB entry whose bit it cleared, else the CPU goes on using
 * the cached entry and the page looks idle while in use.
 */
KTEST(rmap_page_referenced_flushes_the_entry_it_clears)
{
	struct file *f = one_page_file("/rmap-flush-test");
	struct rmap_family fam = { .n = 0 };
	struct page *page;
	struct tlb_state saved;
	u32 flags;
	int second;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 1, 0, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	flags = irq_save();
	saved = enter_mm(fam.mm[0]);
	(void)*(volatile u32 *)RMAP_TEST_ADDR;	/* the TLB holds it now */
	page_referenced(page);			/* clears the bit */
	(void)*(volatile u32 *)RMAP_TEST_ADDR;
	second = page_referenced(page);
	restore_mm(fam.mm[0], saved);
	irq_restore(flags);
	KEXPECT_EQ(second, 1);
out:
	done(&fam, f, "/rmap-flush-test");
}

KTEST(rmap_vm_locked_mapping_makes_unmap_fail)
{
	struct file *f = one_page_file("/rmap-locked-test");
	struct rmap_family fam = { .n = 0 };
	struct page *page;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 3, VM_LOCKED, 1), 0))
		goto out;
	page = rmap_family_page(&fam);
	KASSERT_TRUE(trylock_page(page));
	KEXPECT_EQ(try_to_unmap(page), SWAP_FAIL);
	unlock_page(page);
	KEXPECT_TRUE(pte_present(pte_at(fam.mm[0], RMAP_TEST_ADDR)));
	KEXPECT_EQ(rmap_audit(), 0);
out:
	done(&fam, f, "/rmap-locked-test");
}

/*
 * remap_file_pages: file page 1 sits linearly in mm[0] and at the start of
 * a VM_NONLINEAR VMA in mm[1] (and, where fault-around mapped it, linearly
 * in mm[1] too).  It becomes PageAnon with all its PTEs on its chain, or,
 * in rmap=anon_vma, stays a file page that a cluster scan of the nonlinear
 * VMA unmaps (young PTEs get a second chance first); unmapping leaves
 * mm[1] a file PTE that faults page 1 back.
 */
KTEST(rmap_nonlinear_page_moves_to_chain_and_keeps_its_offset)
{
	struct file *f = one_page_file("/rmap-nonlinear-test");
	struct rmap_family fam = { .n = 0 };
	u32 second = RMAP_TEST_MAGIC + 1;
	struct vm_area_struct *lin, *nl;
	struct page *page;
	loff_t pos = PAGE_SIZE;
	int i, ret = SWAP_FAIL;
	pte_t pte;

	KASSERT_TRUE(f);
	KASSERT_EQ(vfs_write(f, (const char *)&second, 4, &pos), 4);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 2, 0, 2), 0))
		goto out;
	lin = find_vma(fam.mm[0], RMAP_TEST_ADDR);
	nl = find_vma(fam.mm[1], RMAP_TEST_ADDR);
	nl->vm_flags |= VM_NONLINEAR;
	KEXPECT_GE(handle_mm_fault(fam.mm[0], lin, RMAP_TEST_ADDR + PAGE_SIZE, false), 0);
	page = rmap_page_at(fam.mm[0], RMAP_TEST_ADDR + PAGE_SIZE);
	/* Replace mm[1]'s page 0 by page 1, as remap_file_pages does. */
	KEXPECT_EQ(nl->vm_ops->populate(nl, RMAP_TEST_ADDR, PAGE_SIZE,
					nl->vm_page_prot, 1, false), 0);
	KEXPECT_TRUE(rmap_page_at(fam.mm[1], RMAP_TEST_ADDR) == page);
	KEXPECT_EQ(PageAnon(page), rmap_mode != RMAP_ANON_VMA);
	KEXPECT_EQ(rmap_map_count(page),
		   2 + (rmap_page_at(fam.mm[1], RMAP_TEST_ADDR + PAGE_SIZE) ==
			page));
	KEXPECT_EQ(rmap_audit(), 0);

	KASSERT_TRUE(trylock_page(page));
	for (i = 0; i < 3 && (ret = try_to_unmap(page)) == SWAP_AGAIN; i++)
		;
	KEXPECT_EQ(ret, SWAP_SUCCESS);
	unlock_page(page);
	pte = pte_at(fam.mm[1], RMAP_TEST_ADDR);
	KEXPECT_TRUE(pte_file(pte));
	KEXPECT_EQ(pte_to_pgoff(pte), 1);
	KEXPECT_GE(handle_mm_fault(fam.mm[1], nl, RMAP_TEST_ADDR, false), 0);
	KEXPECT_EQ(rmap_touch(fam.mm[1], RMAP_TEST_ADDR), RMAP_TEST_MAGIC + 1);
	KEXPECT_EQ(rmap_audit(), 0);
out:
	done(&fam, f, "/rmap-nonlinear-test");
}
