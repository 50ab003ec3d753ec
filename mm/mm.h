/*
 * mm/mm.h - bringing the memory manager up, and giving boot memory back.
 *
 * kmain calls mm_init() right after printing the memory map.  Afterwards
 * the direct map covers all low memory, the identity mapping at 0 is gone,
 * mem_map describes every frame, and the page and slab allocators work.
 */
#ifndef MM_MM_H
#define MM_MM_H

#include "kernel/multiboot.h"
#include "kernel/types.h"

void mm_init(void);
/*
 * After cpu_init: write-protect one direct-map page and let cpu_test_wp()
 * find out whether supervisor writes honour it (boot_cpu.has_wp).  Copy-on-
 * write in the kernel's own user accesses relies on it; a 386 never does.
 */
void test_wp_bit(void);

/* Give the frames of physical [start, end) back to the page allocator.
 * Only PG_reserved frames are freed; returns the number freed. */
u32 free_reserved_area(u32 start, u32 end);
/* Free a Multiboot module's frames once its contents are no longer needed
 * (the initramfs after unpacking); a second call does nothing. */
u32 free_boot_module(struct boot_module *m);

#endif
