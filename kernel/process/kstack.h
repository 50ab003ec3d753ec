/*
 * kernel/process/kstack.h - kernel stacks in their own area, each with an unmapped
 * guard below it.
 *
 * A task's kernel stack (THREAD_SIZE, two pages) is not in the direct map,
 * where the page below belongs to someone else, but in KSTACK_AREA: a range
 * of kernel virtual addresses above the largest direct map, cut into slots
 * of KSTACK_SLOT bytes.  The top THREAD_SIZE of a slot is the stack, mapped
 * to two pages from the page allocator; the rest below it is never mapped.
 * A kernel stack overflow therefore faults on the guard instead of
 * silently overwriting the next page, and since the CPU cannot push the
 * page fault's frame on that same stack, the fault becomes a double fault,
 * which kernel/cpu/doublefault.c handles on a stack of its own.
 *
 * The area's page tables are made once at boot (kstack_init, from mm_init)
 * and hooked into swapper_pg_dir before any other page directory exists,
 * so every directory pgd_alloc copies shares them: mapping a stack later
 * touches no directory.  The boot stack (the idle task's, in the kernel
 * image) has no guard.
 */
#ifndef KERNEL_PROCESS_KSTACK_H
#define KERNEL_PROCESS_KSTACK_H

#include "kernel/types.h"

#define KSTACK_AREA_START 0xFF000000u	/* above the 896 MiB direct map */
#define KSTACK_AREA_SIZE (8u << 20)	/* two page tables */
#define KSTACK_SLOT 16384u		/* guard pages, then THREAD_SIZE */
#define KSTACK_SLOTS (KSTACK_AREA_SIZE / KSTACK_SLOT)

/* Make the area's page tables; before the first pgd_alloc. */
void kstack_init(void);
/* A mapped THREAD_SIZE stack (its lowest address), or NULL. */
void *kstack_alloc(void);
/* Unmap it (flushing every CPU's TLB) and give its pages back. */
void kstack_free(void *stack);
/* A task's stack: one a dead task left, still mapped, or kstack_alloc's.
 * Its contents are what they were. */
void *alloc_thread_stack(void);
/* A dead task's stack: kept mapped for the next alloc_thread_stack when
 * the cache has room, else kstack_free. */
void free_thread_stack(void *stack);
/* kstack_free every cached stack (drop_caches: the memory the tests'
 * leak check counts). */
void kstack_drop_cached(void);
/* True when addr is in the unmapped guard of some slot. */
bool kstack_in_guard(u32 addr);

#endif
