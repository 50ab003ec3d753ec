/*
 * mm/tlb.c - TLB flushes and CR0.WP.
 *
 * TEMPORARY: the cpu helper's kernel/cpu.h (boot_cpu.has_invlpg,
 * cpu_invlpg, has_wp, cpu_test_wp) is not on main yet, so every flush
 * reloads CR3 (correct on any CPU, just slower) and WP is left off.
 */
#include "kernel/io.h"
#include "mm/page.h"
#include "mm/tlb.h"

/* Above this many pages a range flush reloads CR3 instead. */
#define FLUSH_RANGE_MAX_PAGES 32

void flush_tlb_all(void)
{
	write_cr3(read_cr3());
}

void flush_tlb_mm(struct mm_struct *mm)
{
	(void)mm;
	flush_tlb_all();
}

void flush_tlb_page(struct mm_struct *mm, u32 va)
{
	(void)mm;
	(void)va;
	flush_tlb_all();
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

void enable_write_protect(void)
{
}
