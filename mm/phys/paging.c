/*
 * mm/phys/paging.c - the kernel's page directory and the direct map.
 *
 * boot/boot.asm mapped only 16 MiB, at 0 and at PAGE_OFFSET.  paging_init
 * builds swapper_pg_dir mapping every frame below end_pfn at PAGE_OFFSET +
 * its physical address, with page tables from bootmem, then loads it.
 * bootmem may only hand out mapped memory, so each table beyond the boot
 * mapping is also hooked into the live boot_pgdir as soon as it is built,
 * and bootmem's limit grows with it: a large initramfs filling the first
 * 16 MiB does not leave the allocator stranded.
 * The directory's user half is empty, so the identity mapping at 0 is gone:
 * a NULL pointer now faults, and user space can live there.
 *
 * test_wp_bit checks CR0.WP on a direct-map page made read-only for the
 * moment of the probe.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "kernel/printk.h"
#include "mm/phys/bootmem.h"
#include "mm/phys/fixmap.h"
#include "mm/mm.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/pgtable.h"
#include "mm/phys/tlb.h"

pgd_t swapper_pg_dir[PTRS_PER_PGD] __attribute__((aligned(PAGE_SIZE)));
u32 direct_map_end_pfn = MAXMEM_PFN;
extern pgd_t boot_pgdir[PTRS_PER_PGD];	/* boot/boot.asm, live until the switch */

void paging_init(u32 end_pfn)
{
	u32 pfn;

	for (pfn = 0; pfn < end_pfn; pfn += PTRS_PER_PTE) {
		u32 va = PAGE_OFFSET + (pfn << PAGE_SHIFT);
		pte_t *table = bootmem_alloc(PAGE_SIZE);
		pgd_t pgd = __pgd(__pa(table) | _KERNPG_TABLE);
		u32 i;

		for (i = 0; i < PTRS_PER_PTE && pfn + i < end_pfn; i++)
			set_pte(&table[i], pfn_pte(pfn + i, PAGE_KERNEL));
		set_pgd(pgd_offset_k(va), pgd);
		/* Not-present entries are never cached: no flush needed. */
		if (pgd_none(boot_pgdir[pgd_index(va)])) {
			set_pgd(&boot_pgdir[pgd_index(va)], pgd);
			bootmem_set_limit(min(pfn + PTRS_PER_PTE, max_low_pfn)
					  << PAGE_SHIFT);
		}
	}
	kernel_tables_init();
	write_cr3(__pa(swapper_pg_dir));
	direct_map_end_pfn = end_pfn;
}

void test_wp_bit(void)
{
	struct page *page = alloc_page(GFP_KERNEL);
	u32 va;
	pte_t *ptep;

	if (!page) {
		printk("test_wp_bit: no page, WP left untested\n");
		return;
	}
	va = (u32)page_address(page);
	ptep = pte_offset_kernel(pgd_offset_k(va), va);
	set_pte(ptep, pte_wrprotect(*ptep));
	flush_tlb_page(NULL, va);
	cpu_test_wp(va);
	set_pte(ptep, pte_mkwrite(*ptep));
	flush_tlb_page(NULL, va);
	__free_page(page);
}
