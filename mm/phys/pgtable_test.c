/*
 * mm/phys/pgtable_test.c - ktests for the page tables and the direct map.
 *
 * The mapping test works in the user half of swapper_pg_dir (empty since
 * mm_init) with a supervisor-only PTE, and removes its page table again.
 * The fault at the end is caught by the cpu helper's ktest_catch_fault.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/cpu/trap.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/pgtable.h"
#include "mm/phys/tlb.h"
#include "mm/vmstat.h"

#define TEST_VA 0x40000000u

extern char _text[];

KTEST(direct_map_covers_low_memory_and_no_identity_map)
{
	u32 i, user_pdes = 0;
	volatile u32 *last = __va((max_low_pfn - 1) << PAGE_SHIFT);

	KEXPECT_EQ(read_cr3(), __pa(swapper_pg_dir));
	for (i = 0; i < USER_PTRS_PER_PGD; i++)
		user_pdes += !pgd_none(swapper_pg_dir[i]);
	KEXPECT_EQ(user_pdes, 0);
	(void)*last;	/* the last frame of low memory is mapped */
	KEXPECT_EQ(__pa(__va(0x123000)), 0x123000);
	KEXPECT_EQ(page_to_pfn(virt_to_page(_text)), __pa(_text) >> PAGE_SHIFT);
	KEXPECT_TRUE(page_address(pfn_to_page(0xB8)) == (void *)0xC00B8000);
}

/*
 * Accesses through TEST_VA with a compiler barrier: the MMU sets A and D
 * in *ptep behind the compiler's back, so it must re-read the PTE after.
 */
static u32 read_va(void)
{
	u32 v = *(volatile u32 *)TEST_VA;

	asm volatile("" : : : "memory");
	return v;
}

static void write_va(u32 v)
{
	*(volatile u32 *)TEST_VA = v;
	asm volatile("" : : : "memory");
}

static void read_test_va(void *arg)
{
	*(u32 *)arg = *(volatile u32 *)TEST_VA;
}

KTEST(map_write_read_unmap_fault)
{
	u32 free0 = nr_free_pages(), ptp = page_state.nr_page_table_pages;
	pgd_t *pgd = pgd_offset_k(TEST_VA);
	struct page *table, *page;
	struct caught_fault f;
	pte_t *ptep, old;
	u32 sink;

	KASSERT_TRUE(pgd_none(*pgd));
	table = pte_alloc_one();
	page = alloc_page(GFP_KERNEL);
	KASSERT_TRUE(table && page);
	KEXPECT_EQ(page_state.nr_page_table_pages, ptp + 1);
	pgd_populate(pgd, table);
	ptep = pte_offset_map(pgd, TEST_VA);	/* a user table: maybe high */
	KEXPECT_TRUE(pte_none(*ptep));
	set_pte(ptep, mk_pte(page, __pgprot(_PAGE_PRESENT | _PAGE_RW)));
	flush_tlb_page(NULL, TEST_VA);
	KEXPECT_FALSE(pte_young(*ptep));
	KEXPECT_FALSE(pte_dirty(*ptep));

	sink = read_va();			/* read: A, not D */
	KEXPECT_TRUE(pte_young(*ptep));
	KEXPECT_FALSE(pte_dirty(*ptep));
	write_va(0x5ca1ab1e);			/* write: D */
	KEXPECT_TRUE(pte_dirty(*ptep));
	KEXPECT_EQ(*(volatile u32 *)page_address(page), 0x5ca1ab1e);

	/* Clearing A and flushing: the next access sets it again. */
	KEXPECT_TRUE(ptep_test_and_clear_young(ptep));
	KEXPECT_FALSE(pte_young(*ptep));
	KEXPECT_TRUE(pte_dirty(*ptep));
	flush_tlb_page(NULL, TEST_VA);
	KEXPECT_EQ(read_va(), 0x5ca1ab1e);
	KEXPECT_TRUE(pte_young(*ptep));

	old = ptep_get_and_clear(ptep);
	flush_tlb_page(NULL, TEST_VA);
	KEXPECT_TRUE(pte_none(*ptep));
	KEXPECT_EQ(pte_pfn(old), page_to_pfn(page));
	KEXPECT_TRUE(pte_present(old) && pte_dirty(old) && pte_write(old));
	KEXPECT_EQ(ktest_catch_fault(read_test_va, &sink, &f), T_PGFLT);
	KEXPECT_EQ(f.cr2, TEST_VA);
	KEXPECT_EQ(f.err & PF_PROT, 0);		/* not present */

	pte_unmap(ptep);
	pgd_clear(pgd);
	flush_tlb_all();
	pte_free(table);
	__free_page(page);
	KEXPECT_EQ(page_state.nr_page_table_pages, ptp);
	KEXPECT_EQ(nr_free_pages(), free0);
}

static void write_test_va(void *arg)
{
	*(volatile u32 *)TEST_VA = (u32)arg;
}

KTEST(readonly_pte_faults_on_kernel_write_with_wp)
{
	pgd_t *pgd = pgd_offset_k(TEST_VA);
	struct page *table = pte_alloc_one();
	struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	struct caught_fault f;
	pte_t *ptep;
	int vector;

	KASSERT_TRUE(table && page);
	pgd_populate(pgd, table);
	ptep = pte_offset_map(pgd, TEST_VA);
	set_pte(ptep, pte_wrprotect(mk_pte(page, PAGE_KERNEL)));
	flush_tlb_page(NULL, TEST_VA);
	vector = ktest_catch_fault(write_test_va, (void *)1, &f);
	/* A 386 ignores WP: the write goes through there. */
	KEXPECT_EQ(vector, boot_cpu.has_wp ? T_PGFLT : -1);
	if (vector == T_PGFLT)
		KEXPECT_EQ(f.err & (PF_PROT | PF_WRITE), PF_PROT | PF_WRITE);
	KEXPECT_EQ(*(u32 *)page_address(page), boot_cpu.has_wp ? 0 : 1);
	ptep_get_and_clear(ptep);
	pte_unmap(ptep);
	pgd_clear(pgd);
	flush_tlb_all();
	pte_free(table);
	__free_page(page);
}

KTEST(pgd_alloc_shares_the_kernel_half)
{
	u32 ptp = page_state.nr_page_table_pages;
	pgd_t *pgd = pgd_alloc();
	u32 i, same = 0, user = 0;

	KASSERT_TRUE(pgd != NULL);
	for (i = USER_PTRS_PER_PGD; i < PTRS_PER_PGD; i++)
		same += pgd_val(pgd[i]) == pgd_val(swapper_pg_dir[i]);
	for (i = 0; i < USER_PTRS_PER_PGD; i++)
		user += !pgd_none(pgd[i]);
	KEXPECT_EQ(same, PTRS_PER_PGD - USER_PTRS_PER_PGD);
	KEXPECT_EQ(user, 0);
	/* A user page table hooked in is freed with the directory. */
	pgd_populate(pgd_offset(pgd, TEST_VA), pte_alloc_one());
	KEXPECT_EQ(page_state.nr_page_table_pages, ptp + 2);
	pgd_free(pgd);
	KEXPECT_EQ(page_state.nr_page_table_pages, ptp);
}

KTEST(pte_bit_helpers_and_swap_entries)
{
	pte_t pte = pfn_pte(0x1234, PAGE_SHARED);
	swp_entry_t e = swp_entry(3, 0xABCDE);
	pte_t swp = swp_entry_to_pte(e);

	KEXPECT_EQ(pte_pfn(pte), 0x1234);
	KEXPECT_TRUE(pte_present(pte) && pte_write(pte) && pte_user(pte));
	KEXPECT_FALSE(pte_write(pte_wrprotect(pte)));
	KEXPECT_TRUE(pte_write(pte_mkwrite(pte_wrprotect(pte))));
	KEXPECT_TRUE(pte_dirty(pte_mkdirty(pte)));
	KEXPECT_FALSE(pte_dirty(pte_mkclean(pte_mkdirty(pte))));
	KEXPECT_FALSE(pte_young(pte_mkold(pte)));
	KEXPECT_FALSE(pte_present(swp));
	KEXPECT_FALSE(pte_none(swp));
	KEXPECT_EQ(swp_type(pte_to_swp_entry(swp)), 3);
	KEXPECT_EQ(swp_offset(pte_to_swp_entry(swp)), 0xABCDE);
}
