/*
 * mm/vm/pt_walk.h - finding, creating and freeing the user page tables of an
 * mm (the two-level i386 walk: page directory -> page table -> PTE).
 *
 * A page table may be in high memory (highpte), so a PTE pointer is good
 * only while its table is mapped: the calls that return one map the table
 * (mm/phys/pgtable.h says with which kmap_atomic slot), and the caller
 * unmaps it, before anything that may sleep, with the matching pte_unmap.
 */
#ifndef MM_VM_PT_WALK_H
#define MM_VM_PT_WALK_H

#include "mm/vm/mm_struct.h"

/* Bytes mapped by one page table (one page directory entry): 4 MiB. */
#define PGDIR_SPAN	(1UL << PGDIR_SHIFT)

/* The PTE of addr mapped until pte_unmap, or NULL if its page table does
 * not exist. */
pte_t *pte_lookup_map(struct mm_struct *mm, unsigned long addr);
/* The same for a second table held at once, until pte_unmap_nested. */
pte_t *pte_lookup_map_nested(struct mm_struct *mm, unsigned long addr);
/* The PTE of addr, allocating its page table, mapped until pte_unmap;
 * NULL when out of memory.  May sleep: call without page_table_lock and
 * with no table mapped. */
pte_t *pte_alloc_map(struct mm_struct *mm, unsigned long addr);
/* Take page_table_lock, then map the PTE of addr, whose page table
 * exists (the caller made it and holds mmap_sem, so it stays). */
pte_t *pte_offset_map_lock(struct mm_struct *mm, unsigned long addr,
			   unsigned long *flags);
void pte_unmap_unlock(struct mm_struct *mm, pte_t *pte, unsigned long flags);
/* The value of the PTE of addr; false, with *pte none, if its page table
 * does not exist. */
bool pte_read(struct mm_struct *mm, unsigned long addr, pte_t *pte);
/* The same value, for expressions (the ktests). */
static inline pte_t pte_at(struct mm_struct *mm, unsigned long addr)
{
	pte_t pte;

	pte_read(mm, addr, &pte);
	return pte;
}
/* Where the PTE of addr is, for a reverse-map walk (rmap_ptep_map), or 0
 * if its page table does not exist. */
pte_addr_t pte_lookup_paddr(struct mm_struct *mm, unsigned long addr);
/* Free the page tables wholly inside [start, end) that no VMA covers;
 * their PTEs must already be clear (zap_page_range). */
void free_pgtables(struct mm_struct *mm, unsigned long start,
		   unsigned long end);
/* Number of user page tables the mm has (tests and /proc). */
int nr_pgtables(struct mm_struct *mm);

#endif
