/*
 * mm/phys/tlb.h - keeping the TLB in step with the page tables.
 *
 * After changing or removing a present PTE, flush it.  Mapback is
 * uniprocessor and the TLB holds only the loaded address space (kernel
 * entries are the same in all), so a flush for an mm whose directory is
 * not loaded does nothing, as Linux's uniprocessor flushes skip an mm
 * that is not the active one; callers pass NULL for kernel mappings.
 * flush_tlb_page uses invlpg on a 486 or later and reloads CR3 on a 386,
 * which has no invlpg.
 */
#ifndef MM_PHYS_TLB_H
#define MM_PHYS_TLB_H

#include "kernel/types.h"

struct mm_struct;

void flush_tlb_all(void);
void flush_tlb_mm(struct mm_struct *mm);
void flush_tlb_page(struct mm_struct *mm, u32 va);
void flush_tlb_range(struct mm_struct *mm, u32 start, u32 end);

#endif
