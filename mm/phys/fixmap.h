/*
 * mm/phys/fixmap.h - the kernel's virtual layout above the direct map, and
 * the fixmap: kernel addresses fixed at compile time whose physical page is
 * chosen at run time.
 *
 *  0xC0000000 +---------------------------+ PAGE_OFFSET
 *             | direct map: low memory    | __va(pa) = pa + PAGE_OFFSET,
 *             | (at most 896 MiB)         | up to high_memory
 *  0xF8000000 +---------------------------+ PAGE_OFFSET + MAXMEM
 *             | unused: never mapped      | a stray pointer past the
 *             | (112 MiB)                 | direct map faults here
 *  0xFF000000 +---------------------------+ KSTACK_AREA_START
 *             | kernel stacks, guarded    | kernel/process/kstack.h
 *             | (8 MiB, two page tables)  |
 *  0xFF800000 +---------------------------+ PKMAP_BASE
 *             | PKMAP: kmap's persistent  | LAST_PKMAP pages, one page
 *             | mappings (4 MiB)          | table (mm/phys/highmem.h)
 *  0xFFC00000 +---------------------------+ FIXADDR_BOOT_START
 *             | fixmap, growing down from | fix_to_virt(idx), one page
 *             | FIXADDR_TOP (4 MiB)       | each (this file)
 *  0xFFFFF000 +---------------------------+ FIXADDR_TOP = fix_to_virt(0):
 *             | FIX_HOLE, never mapped    | the top page stays a hole
 *  0xFFFFFFFF +---------------------------+
 *
 * The page tables of the kstack area, PKMAP and the fixmap are made at boot
 * and hooked into swapper_pg_dir before the first pgd_alloc copies its
 * kernel half, so every page directory shares them: setting or clearing a
 * fixmap or PKMAP entry later touches one PTE, never a directory.  The
 * tables themselves are in low memory.
 *
 * What the interface promises:
 *  - fix_to_virt(idx) is a constant address (idx is an enum constant), the
 *    same in every address space and on every CPU; index 0 is at
 *    FIXADDR_TOP and higher indices go down a page each, as in Linux.
 *  - set_fixmap(idx, phys) maps the page of physical address phys there,
 *    cached (PAGE_KERNEL); set_fixmap_nocache maps it uncached (PCD|PWT),
 *    for device registers such as the local APIC at 0xFEE00000.  phys may
 *    be any 32-bit physical address, RAM or not, inside the direct map or
 *    above it.  Both flush this CPU's TLB entry for the address (a CR3
 *    reload on a 386).  clear_fixmap(idx) unmaps it.
 *  - The entry is there from the call on and stays until changed; a
 *    mapping made before the first pgd_alloc or after it is seen by every
 *    address space.
 *  - FIX_KMAP_BEGIN..FIX_KMAP_END belong to kmap_atomic (mm/phys/highmem.h):
 *    no one else maps them.
 */
#ifndef MM_PHYS_FIXMAP_H
#define MM_PHYS_FIXMAP_H

#include "kernel/smp/smp.h"
#include "mm/phys/kmap_types.h"
#include "mm/phys/pgtable.h"

/* Up to this many I/O APICs. */
#define MAX_IO_APICS 8
/* Pages a firmware table may span while it is read (bt_ioremap). */
#define NR_FIX_BTMAPS 4

enum fixed_addresses {
	FIX_HOLE, /* the top page: never mapped */
	FIX_APIC_BASE, /* the local APIC's registers */
	FIX_IO_APIC_BASE_0,
	FIX_IO_APIC_BASE_END = FIX_IO_APIC_BASE_0 + MAX_IO_APICS - 1,
	FIX_BTMAP_END, /* boot-time table reading (kernel/smp/mpparse.h) */
	FIX_BTMAP_BEGIN = FIX_BTMAP_END + NR_FIX_BTMAPS - 1,
	FIX_KMAP_BEGIN, /* kmap_atomic: KM_TYPE_NR slots for each of NR_CPUS */
	FIX_KMAP_END = FIX_KMAP_BEGIN + KM_TYPE_NR * NR_CPUS - 1,
	__end_of_fixed_addresses
};

#define FIXADDR_TOP 0xFFFFF000u
#define FIXADDR_SIZE ((u32)__end_of_fixed_addresses << PAGE_SHIFT)
#define FIXADDR_START (FIXADDR_TOP - FIXADDR_SIZE + PAGE_SIZE)
/* The fixmap's page table maps [FIXADDR_BOOT_START, 4 GiB). */
#define FIXADDR_BOOT_START 0xFFC00000u

/* kmap's persistent mappings: one page table just below the fixmap. */
#define PKMAP_BASE 0xFF800000u
#define LAST_PKMAP PTRS_PER_PTE
#define LAST_PKMAP_MASK (LAST_PKMAP - 1)
#define PKMAP_NR(virt) (((u32)(virt)-PKMAP_BASE) >> PAGE_SHIFT)
#define PKMAP_ADDR(nr) (PKMAP_BASE + ((u32)(nr) << PAGE_SHIFT))

_Static_assert(FIXADDR_START >= FIXADDR_BOOT_START, "fixmap fits one table");
_Static_assert(PKMAP_BASE + (LAST_PKMAP << PAGE_SHIFT) == FIXADDR_BOOT_START,
	       "PKMAP ends where the fixmap's table begins");
_Static_assert(PAGE_OFFSET + MAXMEM <= 0xFF000000u,
	       "the direct map ends below the kstack area");

#define __fix_to_virt(x) (FIXADDR_TOP - ((u32)(x) << PAGE_SHIFT))
#define __virt_to_fix(x) ((FIXADDR_TOP - ((u32)(x)&PAGE_MASK)) >> PAGE_SHIFT)

static inline u32 fix_to_virt(enum fixed_addresses idx)
{
	return __fix_to_virt(idx);
}

static inline enum fixed_addresses virt_to_fix(u32 vaddr)
{
	return (enum fixed_addresses)__virt_to_fix(vaddr);
}

#define FIXMAP_PAGE_NORMAL PAGE_KERNEL
#define FIXMAP_PAGE_NOCACHE \
	__pgprot(pgprot_val(PAGE_KERNEL) | _PAGE_PCD | _PAGE_PWT)

/* Map (or, with prot PAGE_NONE, unmap) fixmap entry idx; flushes it. */
void __set_fixmap(enum fixed_addresses idx, u32 phys, pgprot_t prot);
/* The PTE of fixmap entry idx (the table is in low memory). */
pte_t *fixmap_pte(enum fixed_addresses idx);

#define set_fixmap(idx, phys) __set_fixmap(idx, phys, FIXMAP_PAGE_NORMAL)
#define set_fixmap_nocache(idx, phys) \
	__set_fixmap(idx, phys, FIXMAP_PAGE_NOCACHE)
#define clear_fixmap(idx) __set_fixmap(idx, 0, PAGE_NONE)

/* The PKMAP area's page table (kmap, mm/phys/highmem.c). */
extern pte_t *pkmap_page_table;

/* Make the PKMAP and fixmap page tables and hook them into swapper_pg_dir;
 * paging_init calls it, before any page directory is copied. */
void kernel_tables_init(void);

#endif
