/*
 * mm/vm/pt_walk_test.c - ktests for walks over page tables that may be in
 * high memory (the boot option highpte): mapping a table, changing a PTE
 * through the mapping and unmapping it; fork's copy from one table into
 * another; and the reverse map reaching PTEs through the locations it
 * stores, in whichever rmap mode the boot chose.  Without highpte (or
 * without high memory) the same walks run over low tables, and the tests
 * check that too.  Data goes in and out through the CPU with the test mm
 * loaded, so the MMU itself walks the tables.
 */
#include "kernel/cmdline.h"
#include "kernel/ktest.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/rmap/rmap_test.h"
#include "mm/vm/mmu_context.h"

#define RW (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE)
#define ADDR RMAP_TEST_ADDR
#define NPAGES 3

/* Should a new user page table be in high memory?  With highpte, when a
 * high page can be had at all. */
static bool tables_high(void)
{
	struct page *probe;
	bool high;

	if (!cmdline_has("highpte"))
		return false;
	probe = alloc_page(GFP_HIGHUSER);
	if (!probe)
		return false;
	high = PageHighMem(probe);
	__free_page(probe);
	return high;
}

static struct page *table_of(struct mm_struct *mm, unsigned long addr)
{
	return pgd_page(*pgd_offset(mm->pgd, addr));
}

/* Store v at addr through mm's own page tables (the PTE must allow it). */
static void cpu_store(struct mm_struct *mm, unsigned long addr, u32 v)
{
	u32 flags = irq_save();
	struct tlb_state saved = enter_mm(mm);

	*(volatile u32 *)addr = v;
	restore_mm(mm, saved);
	irq_restore(flags);
}

/* An mm with NPAGES anonymous pages at ADDR, page i holding magic + i. */
static struct mm_struct *filled_mm(void)
{
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma;
	int i;

	if (!mm)
		return NULL;
	vma = add_anon(mm, ADDR, NPAGES, RW);
	for (i = 0; vma && i < NPAGES; i++) {
		unsigned long a = ADDR + i * PAGE_SIZE;

		if (handle_mm_fault(mm, vma, a, true) < 0)
			break;
		cpu_store(mm, a, RMAP_TEST_MAGIC + i);
	}
	if (!vma || i < NPAGES) {
		mmput(mm);
		return NULL;
	}
	return mm;
}

KTEST(pt_walk_maps_changes_and_unmaps_a_table)
{
	struct mm_struct *mm = filled_mm();
	struct page *table;
	pte_addr_t paddr;
	pte_t *ptep, *next, second;
	u32 maps, high;

	KASSERT_TRUE(mm != NULL);
	table = table_of(mm, ADDR);
	KEXPECT_EQ(PageHighMem(table), tables_high());
	paddr = pte_lookup_paddr(mm, ADDR);
	KEXPECT_EQ(paddr >> PAGE_SHIFT, page_to_pfn(table));
	KEXPECT_EQ(pte_lookup_paddr(mm, ADDR + 8 * PGDIR_SPAN), 0u);
	KEXPECT_TRUE(pte_lookup_map(mm, ADDR + 8 * PGDIR_SPAN) == NULL);

	/* Two mappings of one table at once: the second slot's.  (No other
	 * walk may take a slot while they are held, not even pte_at.) */
	second = pte_at(mm, ADDR + PAGE_SIZE);
	maps = pgtable_maps;
	high = pgtable_maps_high;
	ptep = pte_lookup_map(mm, ADDR);
	KASSERT_TRUE(ptep != NULL);
	next = pte_lookup_map_nested(mm, ADDR + PAGE_SIZE);
	KEXPECT_EQ(ptep_to_paddr(ptep), paddr);
	KEXPECT_EQ(ptep_to_paddr(next), paddr + sizeof(pte_t));
	KEXPECT_TRUE(pte_present(*ptep) && pte_write(*ptep));
	KEXPECT_EQ(pte_val(*next), pte_val(second));
	set_pte(ptep, pte_wrprotect(*ptep));
	pte_unmap_nested(next);
	pte_unmap(ptep);
	KEXPECT_EQ(pgtable_maps - maps, 2u);
	KEXPECT_EQ(pgtable_maps_high - high, PageHighMem(table) ? 2u : 0u);

	/* The change is in the table the MMU walks: a write faults, and the
	 * page (ours alone) is made writable in place. */
	KEXPECT_FALSE(pte_write(pte_at(mm, ADDR)));
	KEXPECT_GE(handle_mm_fault(mm, find_vma(mm, ADDR), ADDR, true), 0);
	KEXPECT_TRUE(pte_write(pte_at(mm, ADDR)));
	cpu_store(mm, ADDR, 0x600d);
	KEXPECT_EQ(rmap_touch(mm, ADDR), 0x600du);
	KEXPECT_EQ(rmap_touch(mm, ADDR + 2 * PAGE_SIZE), RMAP_TEST_MAGIC + 2);
	KEXPECT_EQ(rmap_audit(), 0);

	/* munmap's walk clears the table through its mapping. */
	zap_page_range(find_vma(mm, ADDR), ADDR, ADDR + NPAGES * PAGE_SIZE);
	KEXPECT_TRUE(pte_none(pte_at(mm, ADDR)));
	KEXPECT_EQ(mm->rss, 0ul);
	mmput(mm);
}

KTEST(pt_walk_fork_copies_between_two_tables)
{
	struct mm_struct *parent = filled_mm(), *child;
	int i, same = 0;

	KASSERT_TRUE(parent != NULL);
	child = dup_mm(parent);
	if (!KEXPECT_TRUE(child != NULL)) {
		mmput(parent);
		return;
	}
	KEXPECT_EQ(PageHighMem(table_of(child, ADDR)), tables_high());
	KEXPECT_TRUE(table_of(child, ADDR) != table_of(parent, ADDR));
	for (i = 0; i < NPAGES; i++) {
		unsigned long a = ADDR + i * PAGE_SIZE;
		pte_t p = pte_at(parent, a), c = pte_at(child, a);
		struct page *page = pte_page(p);

		/* One page, read-only on both sides, on the reverse map twice
		 * (its chain holds both locations when it has one). */
		same += pte_present(c) && pte_pfn(c) == pte_pfn(p) &&
			!pte_write(c) && !pte_write(p) &&
			page_mapcount(page) == 2 &&
			rmap_touch(child, a) == RMAP_TEST_MAGIC + i;
		if (page_uses_chain(page)) {
			KEXPECT_TRUE(pte_chain_contains(
				page, pte_lookup_paddr(parent, a)));
			KEXPECT_TRUE(pte_chain_contains(
				page, pte_lookup_paddr(child, a)));
		}
	}
	KEXPECT_EQ(same, NPAGES);
	/* The child's write copies; the parent keeps its data. */
	KEXPECT_GE(handle_mm_fault(child, find_vma(child, ADDR), ADDR, true),
		   0);
	cpu_store(child, ADDR, 0xc0ffee);
	KEXPECT_NE(pte_pfn(pte_at(child, ADDR)), pte_pfn(pte_at(parent, ADDR)));
	KEXPECT_EQ(rmap_touch(parent, ADDR), RMAP_TEST_MAGIC);
	KEXPECT_EQ(rmap_touch(child, ADDR), 0xc0ffeeu);
	KEXPECT_EQ(rmap_audit(), 0);
	mmput(child);
	mmput(parent);
	KEXPECT_EQ(rmap_audit(), 0);
}

/* How many of the family's mms map page at ADDR. */
static int mapping_mms(struct rmap_family *fam, struct page *page)
{
	int i, n = 0;

	for (i = 0; i < fam->n; i++) {
		pte_t pte = pte_at(fam->mm[i], ADDR);

		n += pte_present(pte) && pte_page(pte) == page;
	}
	return n;
}

KTEST(pt_walk_reverse_map_reaches_ptes_in_those_tables)
{
	struct file *f = one_page_file("/pt-walk-test");
	struct rmap_family fam = { .n = 0 }, anon = { .n = 0 };
	struct page *page;
	int i, high = 0;

	KASSERT_TRUE(f);
	if (!KEXPECT_EQ(rmap_map_file(&fam, f, 3, 0, 1), 0))
		goto out;
	for (i = 0; i < fam.n; i++)
		high += PageHighMem(table_of(fam.mm[i], ADDR));
	KEXPECT_EQ(high, tables_high() ? 3 : 0);
	page = rmap_family_page(&fam);
	KEXPECT_EQ(mapping_mms(&fam, page), 3);

	/* page_referenced: the accessed bits the MMU set in each table. */
	page_referenced(page);
	rmap_touch(fam.mm[0], ADDR);
	rmap_touch(fam.mm[2], ADDR);
	KEXPECT_EQ(page_referenced(page), 2);

	/* try_to_unmap clears each PTE through the location it found. */
	KASSERT_TRUE(trylock_page(page));
	KEXPECT_EQ(try_to_unmap(page), SWAP_SUCCESS);
	unlock_page(page);
	KEXPECT_FALSE(page_mapped(page));
	KEXPECT_EQ(mapping_mms(&fam, page), 0);
	KEXPECT_TRUE(pte_none(pte_at(fam.mm[1], ADDR)));
	KEXPECT_EQ(rmap_audit(), 0);

	/* An anonymous page: by its chain, or by its anon_vma. */
	if (!KEXPECT_EQ(rmap_family_anon(&anon, 3, 1), 0))
		goto out;
	page = rmap_family_page(&anon);
	page_referenced(page);
	rmap_touch(anon.mm[1], ADDR);
	rmap_touch(anon.mm[2], ADDR);
	KEXPECT_EQ(page_referenced(page), 2);
	KEXPECT_EQ(page_referenced(page), 0);
	KEXPECT_EQ(rmap_audit(), 0);
out:
	rmap_family_free(&anon);
	rmap_family_free(&fam);
	if (f)
		fput(f);
	vfs_unlink(NULL, "/pt-walk-test");
}
