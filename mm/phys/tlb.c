/*
 * mm/phys/tlb.c - TLB flushes.
 *
 * A single page is flushed with cpu_invlpg (kernel/cpu/cpu.c), which issues
 * invlpg on a 486+ and reloads CR3 on a 386.  Before cpu_init has run
 * boot_cpu.has_invlpg is false, so mm_init's flushes are CR3 reloads:
 * correct on any CPU.  Reloading CR3 drops every non-global entry, which is
 * all of them: Mapback does not set CR4.PGE.
 *
 * With several CPUs online, each flush also reloads CR3 on every other
 * CPU (smp_call_function, waiting for all): any of them may hold the
 * entry, kernel half or user half, and the page or page table must not
 * be reused while one does.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "mm/phys/page.h"
#include "mm/phys/tlb.h"
#include "mm/vm/mm_struct.h"
#include "kernel/smp/smp.h"

/* Above this many pages a range flush reloads CR3 instead. */
#define FLUSH_RANGE_MAX_PAGES 32

/*
 * Whether the TLB may hold entries of mm: only if its directory is the
 * loaded one (uniprocessor; a CR3 load drops every entry, none is
 * global).  NULL stands for the kernel half, which is in every directory.
 * An mm torn down after its last user left it (exec's old image, an exit
 * once mmput has switched away) needs no flush at all.
 */
static bool tlb_holds(struct mm_struct *mm)
{
	return !mm || read_cr3() == __pa(mm->pgd);
}

static void flush_local_all(void *unused)
{
	(void)unused;
	write_cr3(read_cr3());
}

static void flush_others(void)
{
	if (cpu_online_map != cpumask_of(smp_processor_id()))
		smp_call_function(flush_local_all, NULL, 1);
}

void flush_tlb_all(void)
{
	flush_local_all(NULL);
	flush_others();
}

void flush_tlb_mm(struct mm_struct *mm)
{
	if (tlb_holds(mm))
		flush_local_all(NULL);
	flush_others();
}

void flush_tlb_page(struct mm_struct *mm, u32 va)
{
	if (tlb_holds(mm))
		cpu_invlpg(va);
	flush_others();
}

void flush_tlb_range(struct mm_struct *mm, u32 start, u32 end)
{
	u32 va;

	flush_others();
	if (!tlb_holds(mm))
		return;
	if ((end - start) >> PAGE_SHIFT > FLUSH_RANGE_MAX_PAGES) {
		flush_tlb_all();
		return;
	}
	for (va = start & PAGE_MASK; va < end; va += PAGE_SIZE)
		cpu_invlpg(va);
}
