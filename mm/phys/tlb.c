/*
 * mm/phys/tlb.c - TLB flushes on every CPU that needs one (TLB shootdown).
 *
 * A flush runs here first, then on the other CPUs of the mask through
 * smp_call_function_mask with wait, so when it returns no CPU holds the
 * old translation and the caller may free the page:
 *
 *   this CPU                            each other CPU in the mask
 *   change the PTE
 *   flush its own entry
 *   IPI(flush_tlb_ipi, {mm, range}) --> count it (TLB row, vmstat)
 *                                       mm not loaded: nothing
 *                                       lazy on mm: leave_mm
 *                                       else invlpg each page / CR3
 *   wait until all finished   <-------- call_finished
 *   free the page
 *
 * A single page is flushed with cpu_invlpg (kernel/cpu/cpu.c), which issues
 * invlpg on a 486+ and reloads CR3 on a 386.  Before cpu_init has run
 * boot_cpu.has_invlpg is false, so mm_init's flushes are CR3 reloads:
 * correct on any CPU.  Reloading CR3 drops every non-global entry, which is
 * all of them: Mapback does not set CR4.PGE.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "kernel/smp/smp.h"
#include "mm/phys/page.h"
#include "mm/phys/tlb.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mmu_context.h"

/* Above this many pages a range flush reloads CR3 instead. */
#define FLUSH_RANGE_MAX_PAGES 32
/* A page count that means "every entry". */
#define TLB_FLUSH_ALL 0xffffffffu

struct tlb_events tlb_events;
u32 irq_tlb_count[NR_CPUS];

/* One flush request: pages pages of mm's (NULL: the kernel's) from
 * start; a count, not an end, so the fixmap's last page does not wrap. */
struct flush_tlb_info {
	struct mm_struct *mm;
	u32 start, pages;
};

void __flush_tlb(void)
{
	write_cr3(read_cr3());
}

void __flush_tlb_one(u32 va)
{
	cpu_invlpg(va);
}

/* Flush pages pages from start out of this CPU's TLB, one by one or
 * all at once. */
static void local_flush_range(u32 start, u32 pages)
{
	u32 i;

	if (pages > FLUSH_RANGE_MAX_PAGES) {
		stat_inc(&tlb_events.local_flush_all);
		__flush_tlb();
		return;
	}
	stat_add(&tlb_events.local_flush_one, pages);
	for (i = 0; i < pages; i++)
		__flush_tlb_one(start + i * PAGE_SIZE);
}

/*
 * This CPU's part of f, interrupts off.  A CPU that only borrows the mm
 * for a kernel thread leaves it rather than flushing: its user entries
 * are never used again before a switch_mm reloads CR3.
 */
static void flush_tlb_func(struct flush_tlb_info *f, int cpu)
{
	struct tlb_state *t = &cpu_tlbstate[cpu];

	if (f->mm && t->active_mm != f->mm)
		return;
	if (f->mm && t->state == TLBSTATE_LAZY) {
		leave_mm(cpu);
		return;
	}
	local_flush_range(f->start, f->pages);
}

static void flush_tlb_ipi(void *info)
{
	int cpu = smp_processor_id();

	irq_tlb_count[cpu]++; /* this CPU's own: no other writer */
	stat_inc(&tlb_events.remote_flush_received);
	flush_tlb_func(info, cpu);
}

/* Flush here and on the other CPUs of mask; back when all are done. */
static void flush_tlb_mask(cpumask_t mask, struct mm_struct *mm, u32 start,
			   u32 pages)
{
	struct flush_tlb_info f = { mm, start, pages };
	u32 flags = irq_save();
	int cpu = smp_processor_id();

	flush_tlb_func(&f, cpu);
	mask &= cpu_online_map & ~cpumask_of(cpu);
	if (mask) {
		stat_inc(&tlb_events.remote_flush);
		smp_call_function_mask(mask, flush_tlb_ipi, &f, 1);
	}
	irq_restore(flags);
}

void flush_tlb_all(void)
{
	flush_tlb_mask(cpu_online_map, NULL, 0, TLB_FLUSH_ALL);
}

/* The pages of [start, end), end 0 being the top of the address space. */
static u32 range_pages(u32 start, u32 end)
{
	return (end - (start & PAGE_MASK) + PAGE_SIZE - 1) >> PAGE_SHIFT;
}

void flush_tlb_kernel_range(u32 start, u32 end)
{
	flush_tlb_mask(cpu_online_map, NULL, start & PAGE_MASK,
		       range_pages(start, end));
}

void flush_tlb_mm(struct mm_struct *mm)
{
	if (!mm)
		flush_tlb_all();
	else
		flush_tlb_mask(mm->cpu_vm_mask, mm, 0, TLB_FLUSH_ALL);
}

void flush_tlb_page(struct mm_struct *mm, u32 va)
{
	flush_tlb_range(mm, va, va + PAGE_SIZE);
}

void flush_tlb_range(struct mm_struct *mm, u32 start, u32 end)
{
	if (!mm)
		flush_tlb_kernel_range(start, end);
	else
		flush_tlb_mask(mm->cpu_vm_mask, mm, start & PAGE_MASK,
			       range_pages(start, end));
}
