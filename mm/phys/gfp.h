/*
 * mm/phys/gfp.h - what an allocation may do to get memory ("get free pages").
 *
 * __GFP_WAIT: the caller can sleep, so when zones run low the allocator may
 * reclaim memory on its behalf (alloc_pages in mm/phys/page_alloc.c, and
 * mm/reclaim/vmscan.c).  __GFP_HIGH: an allocation that cannot
 * wait may dig deeper into the reserve below pages_min.  __GFP_DMA: the
 * memory must be below 16 MiB (ISA DMA).  __GFP_HIGHMEM: the memory may be
 * above the direct map (mm/phys/highmem.h: reach it with kmap).  __GFP_ZERO:
 * clear it.
 */
#ifndef MM_PHYS_GFP_H
#define MM_PHYS_GFP_H

typedef unsigned int gfp_t;

#define __GFP_DMA 0x01u
#define __GFP_HIGHMEM 0x02u
#define __GFP_WAIT 0x10u
#define __GFP_HIGH 0x20u
#define __GFP_ZERO 0x100u

#define GFP_ATOMIC (__GFP_HIGH)
#define GFP_KERNEL (__GFP_WAIT)
#define GFP_DMA (__GFP_DMA)
#define GFP_HIGHUSER (__GFP_WAIT | __GFP_HIGHMEM)

#endif
