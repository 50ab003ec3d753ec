/*
 * mm/phys/tlb.h - keeping every CPU's TLB in step with the page tables.
 *
 * After changing or removing a present PTE, flush it, and only then free
 * or reuse the page or the page table it pointed to.  A flush for an mm
 * reaches every CPU that may cache its translations, mm->cpu_vm_mask
 * (mm/vm/mmu_context.h): this CPU directly, the others by a function
 * call IPI (kernel/smp/smp.c), and returns once every one of them has
 * flushed, or left the mm if it only ran a kernel thread on it (lazy
 * TLB).  mm NULL stands for kernel mappings, which every directory
 * shares: those flushes reach every online CPU, as flush_tlb_all and
 * flush_tlb_kernel_range do.  The kernel sets no global pages
 * (CR4.PGE stays off), so a CR3 reload flushes kernel entries too.
 *
 * A flush that reaches other CPUs waits for them: call it in process
 * context, never from an interrupt handler; what only this CPU maps (a
 * kmap_atomic slot) is flushed with __flush_tlb_one.  flush_tlb_page uses
 * invlpg on a 486 or later and reloads CR3 on a 386, which has no invlpg.
 */
#ifndef MM_PHYS_TLB_H
#define MM_PHYS_TLB_H

#include "kernel/types.h"

struct mm_struct;
struct seq_buf;

void flush_tlb_all(void);
void flush_tlb_mm(struct mm_struct *mm);
void flush_tlb_page(struct mm_struct *mm, u32 va);
void flush_tlb_range(struct mm_struct *mm, u32 start, u32 end);
void flush_tlb_kernel_range(u32 start, u32 end);

/* This CPU only: one page, or every entry. */
void __flush_tlb_one(u32 va);
void __flush_tlb(void);

/*
 * Linux's CONFIG_DEBUG_TLBFLUSH counters, /proc/vmstat's nr_tlb_* lines:
 * flushes sent to other CPUs (one per call, however many CPUs), flushes
 * received from one, and this CPU's own full and single-page flushes.
 */
struct tlb_events {
	u32 remote_flush;
	u32 remote_flush_received;
	u32 local_flush_all;
	u32 local_flush_one;
};

extern struct tlb_events tlb_events;

/* Flush requests each CPU received by IPI: /proc/interrupts' TLB row. */
extern u32 irq_tlb_count[];

#endif
