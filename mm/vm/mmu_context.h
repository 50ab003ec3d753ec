/*
 * mm/vm/mmu_context.h - which address space each CPU has loaded, and
 * which CPUs may cache an address space's translations.
 *
 * mm->cpu_vm_mask holds CPU n while CPU n's CR3 holds mm's directory:
 * those are the CPUs a TLB flush for mm must reach (mm/phys/tlb.c).
 * cpu_tlbstate[n].active_mm is that mm (NULL: swapper_pg_dir), so
 *
 *	cpu_tlbstate[n].active_mm == mm  <=>  n is in mm->cpu_vm_mask
 *
 * Both change together, on CPU n only: switch_mm sets n in the next mm
 * and clears it in the previous one, leave_mm clears it and loads
 * swapper_pg_dir.
 *
 * Lazy TLB, as Linux i386: a kernel thread has no mm of its own and
 * keeps running on the directory the CPU had (its kernel half is the
 * same in all), which saves a CR3 load and the TLB refill on each side
 * (enter_lazy_tlb).  The CPU stays in the mask, but its user entries are
 * never used, so the first flush it receives for that mm makes it leave
 * the mm (leave_mm) instead of flushing: the flushes after that skip it.
 * A lazy CPU holds no reference: mmput of the last user makes every CPU
 * still on the mm leave it (leave_mm_all) before the page tables go,
 * and mmdrop checks that none is left before the directory is freed.
 */
#ifndef MM_VM_MMU_CONTEXT_H
#define MM_VM_MMU_CONTEXT_H

#include "kernel/smp/smp.h"

struct mm_struct;

#define TLBSTATE_OK 0 /* a task of active_mm runs: flush on request */
#define TLBSTATE_LAZY 1 /* a kernel thread borrows it: leave on a flush */

struct tlb_state {
	struct mm_struct *active_mm; /* whose directory CR3 holds, or NULL */
	int state;
};

/* Written by each CPU for itself only, with interrupts off. */
extern struct tlb_state cpu_tlbstate[NR_CPUS];

/* Load next's directory on this CPU (cpu), which had prev (or NULL);
 * interrupts off. */
void switch_mm(struct mm_struct *prev, struct mm_struct *next, int cpu);
/* A kernel thread runs next on cpu, keeping mm (or NULL) loaded. */
void enter_lazy_tlb(struct mm_struct *mm, int cpu);
/* cpu drops its mm, if any, for swapper_pg_dir; interrupts off. */
void leave_mm(int cpu);
/* Every CPU that has mm loaded leaves it; returns once all have. */
void leave_mm_all(struct mm_struct *mm);

/*
 * Run on mm's page tables for a moment and go back (code that must touch
 * another mm's user addresses through its own PTEs, e.g. tests), with
 * interrupts off throughout: enter_mm returns what restore_mm needs.
 */
struct tlb_state enter_mm(struct mm_struct *mm);
void restore_mm(struct mm_struct *mm, struct tlb_state saved);

#endif
