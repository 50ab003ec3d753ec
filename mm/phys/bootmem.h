/*
 * mm/phys/bootmem.h - the early allocator, used only while mm_init() runs.
 *
 * It hands out page-aligned, zeroed, physically contiguous memory for the
 * direct-map page tables and mem_map, before the buddy allocator exists.
 * It never frees; mm_init() keeps what it handed out PG_reserved.
 */
#ifndef MM_PHYS_BOOTMEM_H
#define MM_PHYS_BOOTMEM_H

#include "kernel/types.h"

/* Start after the kernel image; hand out only memory below limit_pa. */
void bootmem_init(u32 limit_pa);
/* Raise the limit once more memory is mapped. */
void bootmem_set_limit(u32 limit_pa);
/* size bytes, page aligned and zeroed; panics when nothing fits. */
void *bootmem_alloc(u32 size);
/* The same, at or above physical address goal when it fits there. */
void *bootmem_alloc_above(u32 size, u32 goal);
/* True if the frame was handed out by bootmem_alloc. */
bool bootmem_owns(u32 pfn);
/* Pages handed out so far. */
u32 bootmem_pages(void);

/* Physical start and end of the kernel image (from the linker). */
u32 kernel_start_pa(void);
u32 kernel_end_pa(void);

#endif
