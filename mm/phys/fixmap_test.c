/*
 * mm/phys/fixmap_test.c - ktests for the fixmap (mm/phys/fixmap.h).
 *
 * The tests borrow the last I/O APIC entry and put back what was there.
 */
#include "kernel/ktest.h"
#include "mm/phys/fixmap.h"
#include "mm/phys/page_alloc.h"

#define TEST_IDX FIX_IO_APIC_BASE_END

KTEST(fixmap_layout_is_linux_shaped)
{
	KEXPECT_EQ(fix_to_virt(FIX_HOLE), FIXADDR_TOP);
	KEXPECT_EQ(fix_to_virt(FIX_APIC_BASE), FIXADDR_TOP - PAGE_SIZE);
	KEXPECT_EQ(virt_to_fix(fix_to_virt(FIX_KMAP_END)), FIX_KMAP_END);
	KEXPECT_GE(FIXADDR_START, FIXADDR_BOOT_START);
	KEXPECT_EQ(FIXADDR_START, fix_to_virt(FIX_KMAP_END));
	KEXPECT_GE(PKMAP_BASE, 0xFF800000u);
}

KTEST(fixmap_set_maps_a_page_in_every_directory)
{
	struct page *page = alloc_page(GFP_KERNEL);
	pte_t saved = *fixmap_pte(TEST_IDX);
	volatile u32 *low, *fixed = (u32 *)fix_to_virt(TEST_IDX);
	pgd_t *pgd;

	KASSERT_TRUE(page != NULL);
	low = page_address(page);
	low[5] = 0x5EEDF1C5;
	set_fixmap(TEST_IDX, page_to_phys(page));
	KEXPECT_EQ(fixed[5], 0x5EEDF1C5);
	fixed[6] = 0xC0FFEE;
	KEXPECT_EQ(low[6], 0xC0FFEE);
	KEXPECT_EQ(pte_val(*fixmap_pte(TEST_IDX)) & (_PAGE_PCD | _PAGE_PWT), 0);

	pgd = pgd_alloc();
	KASSERT_TRUE(pgd != NULL);
	KEXPECT_EQ(pgd_val(*pgd_offset(pgd, (u32)fixed)),
		   pgd_val(*pgd_offset_k((u32)fixed)));
	KEXPECT_EQ(pgd_val(*pgd_offset(pgd, PKMAP_BASE)),
		   pgd_val(*pgd_offset_k(PKMAP_BASE)));
	pgd_free(pgd);

	set_fixmap_nocache(TEST_IDX, page_to_phys(page));
	KEXPECT_EQ(pte_val(*fixmap_pte(TEST_IDX)) & (_PAGE_PCD | _PAGE_PWT),
		   _PAGE_PCD | _PAGE_PWT);
	KEXPECT_EQ(fixed[6], 0xC0FFEE);
	clear_fixmap(TEST_IDX);
	KEXPECT_TRUE(pte_none(*fixmap_pte(TEST_IDX)));
	set_pte(fixmap_pte(TEST_IDX), saved);
	__free_page(page);
}
