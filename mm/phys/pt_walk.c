/*
 * mm/phys/pt_walk.c - the user half of an mm's page directory.
 *
 * A page table page, once installed in a PDE, stays until free_pgtables:
 * the fault handler may hold a PTE pointer across a sleep (it holds
 * mmap_sem, which free_pgtables' callers hold too), and the rmap walks
 * only read PDEs under page_table_lock.
 */
#include "kernel/panic.h"
#include "mm/phys/pt_walk.h"
#include "mm/rmap/rmap.h"
#include "mm/phys/tlb.h"
#include "mm/vm/vma.h"

static pgd_t *pgd_entry(struct mm_struct *mm, unsigned long addr)
{
	return pgd_offset(mm->pgd, addr);
}

pte_t *pte_lookup(struct mm_struct *mm, unsigned long addr)
{
	pgd_t *pgd = pgd_entry(mm, addr);

	if (!pgd_present(*pgd))
		return NULL;
	return pte_offset(pgd, addr);
}

pte_t *pte_alloc(struct mm_struct *mm, unsigned long addr)
{
	pgd_t *pgd = pgd_entry(mm, addr);
	struct page *pt;
	unsigned long flags;

	BUG_ON(addr >= TASK_SIZE);
	if (pgd_present(*pgd))
		return pte_offset(pgd, addr);
	pt = pte_alloc_one();
	if (!pt)
		return NULL;
	spin_lock_irqsave(&mm->page_table_lock, flags);
	if (pgd_present(*pgd))
		pte_free(pt);	/* someone else won while we slept */
	else {
		pgtable_add_rmap(pt, mm, addr);
		pgd_populate(pgd, pt);
	}
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return pte_offset(pgd, addr);
}

static void free_one_pgtable(struct mm_struct *mm, pgd_t *pgd)
{
	struct page *pt = pgd_page(*pgd);
	pte_t *pte = pte_offset(pgd, 0);
	unsigned long flags;
	int i;

	for (i = 0; i < PTRS_PER_PTE; i++)
		BUG_ON(!pte_none(pte[i]));	/* zap first */
	spin_lock_irqsave(&mm->page_table_lock, flags);
	pgd_clear(pgd);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	pte_free(pt);
}

void free_pgtables(struct mm_struct *mm, unsigned long start,
		   unsigned long end)
{
	unsigned long a = ALIGN_DOWN(start, PGDIR_SPAN);
	bool freed = false;

	for (; a < end && a < TASK_SIZE; a += PGDIR_SPAN) {
		pgd_t *pgd = pgd_entry(mm, a);

		if (!pgd_present(*pgd))
			continue;
		if (find_vma_intersection(mm, a, a + PGDIR_SPAN))
			continue;
		free_one_pgtable(mm, pgd);
		freed = true;
	}
	if (freed)
		flush_tlb_all();
}

int nr_pgtables(struct mm_struct *mm)
{
	unsigned long a;
	int n = 0;

	for (a = 0; a < TASK_SIZE; a += PGDIR_SPAN)
		if (pgd_present(*pgd_entry(mm, a)))
			n++;
	return n;
}
