/*
 * mm/phys/tlb_test.c - ktests for TLB shootdown: a flush reaches every
 * other CPU that may cache the translation, and only those.
 *
 * An AP reads through its TLB in a function call (smp_call_function_single),
 * on the directory it has loaded; it is then in a kernel thread (its idle
 * task, while the ktests run), which may be lazily on a user mm, so it
 * first moves to swapper_pg_dir where the test's mappings are.  A read
 * before the change puts the old translation in the AP's TLB; the read
 * after the flush must go through the new PTE.  With only CPU 0 online the
 * tests skip.  TEST_VA is in the user half of swapper_pg_dir, empty since
 * mm_init, as in mm/phys/pgtable_test.c.
 */
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/process/task.h"
#include "kernel/smp/smp.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/pgtable.h"
#include "mm/phys/tlb.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mmu_context.h"
#include "mm/vm/pt_walk.h"

#define TEST_VA 0x40000000u
#define OLD_WORD 0x01d01d01u
#define NEW_WORD 0x4e44e44eu

static bool need_aps(void)
{
	if (num_online_cpus() > 1)
		return true;
	ktest_skip("only CPU 0 online");
	return false;
}

/* On an AP in a kernel thread: TEST_VA's word, read on swapper_pg_dir
 * (leave_mm reloads CR3 only if the AP was on another directory). */
static void read_test_va(void *arg)
{
	if (current->mm)
		return; /* a user task's directory: leave it alone */
	leave_mm(smp_processor_id());
	*(u32 *)arg = *(volatile u32 *)TEST_VA;
}

/* What cpu reads at TEST_VA, through its own TLB. */
static u32 read_on(int cpu)
{
	u32 v = 0;

	smp_call_function_single(cpu, read_test_va, &v, 1);
	return v;
}

/* Two pages holding OLD_WORD and NEW_WORD. */
static bool two_pages(struct page **old, struct page **new)
{
	*old = alloc_page(GFP_KERNEL);
	*new = alloc_page(GFP_KERNEL);
	if (!*old || !*new)
		return false;
	*(u32 *)page_address(*old) = OLD_WORD;
	*(u32 *)page_address(*new) = NEW_WORD;
	return true;
}

KTEST(tlb_kernel_range_flush_reaches_every_cpu)
{
	pgd_t *pgd = pgd_offset_k(TEST_VA);
	struct page *table, *old, *new;
	u32 got[NR_CPUS], before[NR_CPUS], flags;
	pte_t *ptep;
	int cpu;

	if (!need_aps())
		return;
	flags = irq_save();
	leave_mm(smp_processor_id()); /* run on swapper_pg_dir itself */
	irq_restore(flags);
	KASSERT_TRUE(pgd_none(*pgd));
	table = pte_alloc_one();
	KASSERT_TRUE(table && two_pages(&old, &new));
	pgd_populate(pgd, table);
	ptep = pte_offset_map(pgd, TEST_VA);
	set_pte(ptep, mk_pte(old, PAGE_KERNEL));
	flush_tlb_kernel_range(TEST_VA, TEST_VA + PAGE_SIZE);
	for_each_online_cpu(cpu) {
		if (cpu)
			KEXPECT_EQ(read_on(cpu), OLD_WORD); /* now cached */
		before[cpu] = irq_tlb_count[cpu];
	}

	set_pte(ptep, mk_pte(new, PAGE_KERNEL));
	flush_tlb_kernel_range(TEST_VA, TEST_VA + PAGE_SIZE);
	for_each_online_cpu(cpu) {
		if (!cpu)
			continue;
		got[cpu] = read_on(cpu);
		KEXPECT_EQ(got[cpu], NEW_WORD);
		KEXPECT_EQ(irq_tlb_count[cpu] - before[cpu], 1);
	}
	KEXPECT_EQ(irq_tlb_count[0], before[0]); /* its own is no IPI */

	ptep_get_and_clear(ptep);
	pte_unmap(ptep);
	pgd_clear(pgd);
	flush_tlb_all();
	pte_free(table);
	__free_page(old);
	__free_page(new);
}

#define USER_VA 0x08000000u

/* On an AP in a kernel thread, which may borrow any mm: load mm. */
static void ap_switch_to(void *mm)
{
	int cpu = smp_processor_id();

	if (!current->mm)
		switch_mm(cpu_tlbstate[cpu].active_mm, mm, cpu);
}

static void ap_go_lazy(void *mm)
{
	enter_lazy_tlb(mm, smp_processor_id());
}

static void read_user_va(void *arg)
{
	*(u32 *)arg = *(volatile u32 *)USER_VA;
}

static u32 read_user_on(int cpu)
{
	u32 v = 0;

	smp_call_function_single(cpu, read_user_va, &v, 1);
	return v;
}

/*
 * The odd CPUs load an mm and read a page of it; a flush for the mm must
 * be received by exactly them, each must then read the new page, and a
 * CPU that only borrows the mm (lazy) leaves it on the next flush.
 */
KTEST(tlb_flush_for_an_mm_reaches_exactly_the_cpus_in_its_mask)
{
	struct mm_struct *mm = mm_alloc();
	struct page *old, *new;
	u32 before[NR_CPUS], sent;
	cpumask_t odd = 0;
	pte_t *ptep;
	int cpu;

	if (!need_aps()) {
		if (mm)
			mmput(mm);
		return;
	}
	KASSERT_TRUE(mm && two_pages(&old, &new));
	ptep = pte_alloc_map(mm, USER_VA);
	KASSERT_TRUE(ptep != NULL);
	set_pte(ptep, mk_pte(old, PAGE_KERNEL));
	for_each_online_cpu(cpu) {
		if (cpu % 2 == 0)
			continue;
		odd |= cpumask_of(cpu);
		smp_call_function_single(cpu, ap_switch_to, mm, 1);
		KEXPECT_EQ(read_user_on(cpu), OLD_WORD);
	}
	KEXPECT_EQ(mm->cpu_vm_mask, odd);

	for_each_online_cpu(cpu)
		before[cpu] = irq_tlb_count[cpu];
	sent = tlb_events.remote_flush;
	set_pte(ptep, mk_pte(new, PAGE_KERNEL));
	flush_tlb_page(mm, USER_VA);
	KEXPECT_EQ(tlb_events.remote_flush - sent, 1);
	for_each_online_cpu(cpu) {
		KEXPECT_EQ(irq_tlb_count[cpu] - before[cpu],
			   (u32)cpu_isset(cpu, odd));
		if (cpu_isset(cpu, odd))
			KEXPECT_EQ(read_user_on(cpu), NEW_WORD);
	}

	/* CPU 1 runs a kernel thread on the mm: the flush makes it leave. */
	smp_call_function_single(1, ap_go_lazy, mm, 1);
	KEXPECT_EQ(cpu_tlbstate[1].state, TLBSTATE_LAZY);
	flush_tlb_page(mm, USER_VA);
	KEXPECT_TRUE(cpu_tlbstate[1].active_mm == NULL);
	KEXPECT_EQ(mm->cpu_vm_mask, odd & ~cpumask_of(1));

	leave_mm_all(mm);
	KEXPECT_EQ(mm->cpu_vm_mask, 0);
	for_each_online_cpu(cpu)
		KEXPECT_TRUE(cpu_tlbstate[cpu].active_mm != mm);

	pte_clear(ptep);
	pte_unmap(ptep);
	__free_page(old);
	__free_page(new);
	mmput(mm);
}
