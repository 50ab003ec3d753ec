/*
 * mm/phys/kmap_types.h - the kmap_atomic slots (mm/phys/highmem.h).
 *
 * Each context that may map a page atomically has its own slot, so an
 * interrupt handler that maps a page never takes the slot of the code it
 * interrupted.  The fixmap (mm/phys/fixmap.h) reserves one page of kernel
 * address space per slot and CPU.
 */
#ifndef MM_PHYS_KMAP_TYPES_H
#define MM_PHYS_KMAP_TYPES_H

enum km_type {
	KM_BOUNCE_READ, /* bounce-buffer copies (block layer) */
	KM_USER0, /* process context: first page of a copy */
	KM_USER1, /* process context: second page of a copy */
	KM_PTE0, /* a page table being walked (pte_offset_map) */
	KM_PTE1, /* a second page table (mremap, fork's copy) */
	KM_PTE2, /* a page table in a reverse-map walk (rmap_ptep_map) */
	KM_IRQ0, /* interrupt handlers (PIO transfers) */
	KM_TYPE_NR
};

#endif
