/*
 * mm/phys/tlb.c - TLB flushes.
 *
 * A single page is flushed with cpu_invlpg (kernel/cpu/cpu.c), which issues
 * invlpg on a 486+ and reloads CR3 on a 386.  Before cpu_init has run
 * boot_cpu.has_invlpg is false, so mm_init's flushes are CR3 reloads:
 * correct on any CPU.  Reloading CR3 drops every non-global entry, which is
 * all of them: Mapback does not set CR4.PGE.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "mm/phys/page.h"
#include "mm/phys/tlb.h"

/* Above this many pages a range flush reloads CR3 instead. */
#define FLUSH_RANGE_MAX_PAGES 32

void flush_tlb_all(void)
{
	write_cr3(read_cr3());
}

void flush_tlb_mm(struct mm_struct *mm)
{
	(void)mm;	/* uniprocessor: only the loaded mm is in the TLB */
	flush_tlb_all();
}

void flush_tlb_page(struct mm_struct *mm, u32 va)
{
	(void)mm;
	cpu_invlpg(va);
}

void flush_tlb_range(struct mm_struct *mm, u32 start, u32 end)
{
	u32 va;

	if ((end - start) >> PAGE_SHIFT > FLUSH_RANGE_MAX_PAGES) {
		flush_tlb_mm(mm);
		return;
	}
	for (va = start & PAGE_MASK; va < end; va += PAGE_SIZE)
		flush_tlb_page(mm, va);
}
