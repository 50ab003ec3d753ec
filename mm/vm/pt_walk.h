/*
 * mm/vm/pt_walk.h - finding, creating and freeing the user page tables of an
 * mm (the two-level i386 walk: page directory -> page table -> PTE).
 */
#ifndef MM_VM_PT_WALK_H
#define MM_VM_PT_WALK_H

#include "mm/vm/mm_struct.h"

/* Bytes mapped by one page table (one page directory entry): 4 MiB. */
#define PGDIR_SPAN	(1UL << PGDIR_SHIFT)

/* The PTE of addr, or NULL if its page table does not exist. */
pte_t *pte_lookup(struct mm_struct *mm, unsigned long addr);
/* The PTE of addr, allocating its page table; NULL when out of memory.
 * May sleep: call without page_table_lock. */
pte_t *pte_alloc(struct mm_struct *mm, unsigned long addr);
/* Free the page tables wholly inside [start, end) that no VMA covers;
 * their PTEs must already be clear (zap_page_range). */
void free_pgtables(struct mm_struct *mm, unsigned long start,
		   unsigned long end);
/* Number of user page tables the mm has (tests and /proc). */
int nr_pgtables(struct mm_struct *mm);

#endif
