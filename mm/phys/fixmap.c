/*
 * mm/phys/fixmap.c - the fixmap and the PKMAP area's page tables
 * (mm/phys/fixmap.h).
 *
 * Both tables come from bootmem, so they are in low memory and reached
 * through the direct map; they are hooked into swapper_pg_dir by
 * paging_init, before any page directory copies its kernel half, and are
 * never unhooked.  A fixmap entry changes with interrupts off around the
 * PTE write and its flush, so an interrupt handler never sees the new PTE
 * with a stale TLB entry of the old one.
 */
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "mm/phys/bootmem.h"
#include "mm/phys/fixmap.h"
#include "mm/phys/tlb.h"

pte_t *pkmap_page_table;
static pte_t *fixmap_page_table;

static pte_t *kernel_table_init(u32 va)
{
	pte_t *table = bootmem_alloc(PAGE_SIZE);

	BUG_ON(!pgd_none(*pgd_offset_k(va)));
	set_pgd(pgd_offset_k(va), __pgd(__pa(table) | _KERNPG_TABLE));
	return table;
}

void kernel_tables_init(void)
{
	pkmap_page_table = kernel_table_init(PKMAP_BASE);
	fixmap_page_table = kernel_table_init(FIXADDR_BOOT_START);
}

pte_t *fixmap_pte(enum fixed_addresses idx)
{
	BUG_ON((u32)idx >= __end_of_fixed_addresses);
	return fixmap_page_table + pte_index(fix_to_virt(idx));
}

void __set_fixmap(enum fixed_addresses idx, u32 phys, pgprot_t prot)
{
	u32 va = fix_to_virt(idx);
	pte_t *pte = fixmap_pte(idx);
	u32 flags;

	BUG_ON(idx == FIX_HOLE);
	flags = irq_save();
	if (pgprot_val(prot))
		set_pte(pte, pfn_pte(phys >> PAGE_SHIFT, prot));
	else
		pte_clear(pte);
	flush_tlb_page(NULL, va);
	irq_restore(flags);
}
