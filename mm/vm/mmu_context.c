/*
 * mm/vm/mmu_context.c - switching a CPU between address spaces, keeping
 * mm->cpu_vm_mask and cpu_tlbstate in step (see mm/vm/mmu_context.h).
 *
 * A CPU changes its own bit in a mask while another CPU may change its
 * own bit in the same word (a flush IPI making it leave), so the bits
 * are set and cleared with the locked set_bit / clear_bit
 * (kernel/cpu/bitops.h).  The bit
 * is set before CR3 is loaded: a CPU that flushes mm's PTEs afterwards
 * sees it and sends the flush; one that flushed before wrote its PTEs
 * before this CPU could walk them.
 */
#include "kernel/cpu/bitops.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "mm/phys/page.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mmu_context.h"

struct tlb_state cpu_tlbstate[NR_CPUS];

void switch_mm(struct mm_struct *prev, struct mm_struct *next, int cpu)
{
	struct tlb_state *t = &cpu_tlbstate[cpu];

	BUG_ON(t->active_mm != prev);
	t->state = TLBSTATE_OK;
	if (prev == next)
		return; /* lazy on it until now: still loaded, still flushed */
	t->active_mm = next;
	set_bit(cpu, &next->cpu_vm_mask);
	write_cr3(__pa(next->pgd));
	if (prev)
		clear_bit(cpu, &prev->cpu_vm_mask);
}

void enter_lazy_tlb(struct mm_struct *mm, int cpu)
{
	BUG_ON(cpu_tlbstate[cpu].active_mm != mm);
	if (mm)
		cpu_tlbstate[cpu].state = TLBSTATE_LAZY;
}

void leave_mm(int cpu)
{
	struct tlb_state *t = &cpu_tlbstate[cpu];
	struct mm_struct *mm = t->active_mm;

	if (!mm)
		return;
	t->active_mm = NULL;
	t->state = TLBSTATE_OK;
	write_cr3(__pa(swapper_pg_dir));
	clear_bit(cpu, &mm->cpu_vm_mask);
}

/* On each CPU of the mask: leave mm if it is still the one loaded. */
static void leave_mm_ipi(void *info)
{
	int cpu = smp_processor_id();

	if (cpu_tlbstate[cpu].active_mm == info)
		leave_mm(cpu);
}

void leave_mm_all(struct mm_struct *mm)
{
	u32 flags = irq_save();

	leave_mm_ipi(mm);
	if (mm->cpu_vm_mask)
		smp_call_function_mask(mm->cpu_vm_mask, leave_mm_ipi, mm, 1);
	BUG_ON(mm->cpu_vm_mask);
	irq_restore(flags);
}

struct tlb_state enter_mm(struct mm_struct *mm)
{
	int cpu = smp_processor_id();
	struct tlb_state saved = cpu_tlbstate[cpu];

	switch_mm(saved.active_mm, mm, cpu);
	return saved;
}

void restore_mm(struct mm_struct *mm, struct tlb_state saved)
{
	int cpu = smp_processor_id();

	if (!saved.active_mm) {
		leave_mm(cpu);
		return;
	}
	switch_mm(mm, saved.active_mm, cpu);
	cpu_tlbstate[cpu].state = saved.state;
}
