/*
 * mm/vm/pt_walk.c - the user half of an mm's page directory.
 *
 * A page table page, once installed in a PDE, stays until free_pgtables:
 * the fault handler may look its PTE up again after a sleep (it holds
 * mmap_sem, which free_pgtables' callers hold too), and the rmap walks
 * only read PDEs under page_table_lock.  A PTE pointer, though, lasts
 * only as long as the mapping of its table (mm/vm/pt_walk.h).
 */
#include "kernel/panic.h"
#include "mm/phys/highmem.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/rmap.h"
#include "mm/phys/tlb.h"
#include "mm/vm/vma.h"

u32 pgtable_maps, pgtable_maps_high;

static void *pgtable_kmap(struct page *table, enum km_type type)
{
	stat_inc(&pgtable_maps);
	if (PageHighMem(table))
		stat_inc(&pgtable_maps_high);
	return kmap_atomic(table, type);
}

/* A table is unmapped by any of its PTEs' addresses. */
static void pgtable_kunmap(pte_t *ptep, enum km_type type)
{
	kunmap_atomic((void *)((u32)ptep & PAGE_MASK), type);
}

pte_t *pte_offset_map(pgd_t *pgdp, u32 va)
{
	return (pte_t *)pgtable_kmap(pgd_page(*pgdp), KM_PTE0) + pte_index(va);
}

void pte_unmap(pte_t *ptep)
{
	pgtable_kunmap(ptep, KM_PTE0);
}

pte_t *pte_offset_map_nested(pgd_t *pgdp, u32 va)
{
	return (pte_t *)pgtable_kmap(pgd_page(*pgdp), KM_PTE1) + pte_index(va);
}

void pte_unmap_nested(pte_t *ptep)
{
	pgtable_kunmap(ptep, KM_PTE1);
}

pte_addr_t ptep_to_paddr(pte_t *ptep)
{
	return page_to_phys(kmap_atomic_to_page(ptep)) |
	       ((u32)ptep & ~PAGE_MASK);
}

pte_t *rmap_ptep_map(pte_addr_t paddr)
{
	return (pte_t *)((char *)pgtable_kmap(pte_addr_page(paddr), KM_PTE2) +
			 (paddr & ~PAGE_MASK));
}

void rmap_ptep_unmap(pte_t *ptep)
{
	pgtable_kunmap(ptep, KM_PTE2);
}

static pgd_t *pgd_entry(struct mm_struct *mm, unsigned long addr)
{
	return pgd_offset(mm->pgd, addr);
}

pte_t *pte_lookup_map(struct mm_struct *mm, unsigned long addr)
{
	pgd_t *pgd = pgd_entry(mm, addr);

	if (!pgd_present(*pgd))
		return NULL;
	return pte_offset_map(pgd, addr);
}

pte_t *pte_lookup_map_nested(struct mm_struct *mm, unsigned long addr)
{
	pgd_t *pgd = pgd_entry(mm, addr);

	if (!pgd_present(*pgd))
		return NULL;
	return pte_offset_map_nested(pgd, addr);
}

pte_t *pte_alloc_map(struct mm_struct *mm, unsigned long addr)
{
	pgd_t *pgd = pgd_entry(mm, addr);
	struct page *pt;
	unsigned long flags;

	BUG_ON(addr >= TASK_SIZE);
	if (pgd_present(*pgd))
		return pte_offset_map(pgd, addr);
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
	return pte_offset_map(pgd, addr);
}

pte_t *pte_offset_map_lock(struct mm_struct *mm, unsigned long addr,
			   unsigned long *flags)
{
	pgd_t *pgd = pgd_entry(mm, addr);

	spin_lock_irqsave(&mm->page_table_lock, *flags);
	BUG_ON(!pgd_present(*pgd));
	return pte_offset_map(pgd, addr);
}

void pte_unmap_unlock(struct mm_struct *mm, pte_t *pte, unsigned long flags)
{
	pte_unmap(pte);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
}

bool pte_read(struct mm_struct *mm, unsigned long addr, pte_t *pte)
{
	pte_t *ptep = pte_lookup_map(mm, addr);

	*pte = __pte(0);
	if (!ptep)
		return false;
	*pte = *ptep;
	pte_unmap(ptep);
	return true;
}

pte_addr_t pte_lookup_paddr(struct mm_struct *mm, unsigned long addr)
{
	pgd_t *pgd = pgd_entry(mm, addr);

	if (!pgd_present(*pgd))
		return 0;
	return page_to_phys(pgd_page(*pgd)) + pte_index(addr) * sizeof(pte_t);
}

/*
 * No entry of the table is in use.  Every exit and exec checks each table
 * it frees, all 1024 entries, so the entries are ORed eight at a time:
 * about a third of the instructions of a test per entry.
 */
static bool pgtable_empty(const pte_t *pte)
{
	u32 used = 0;
	int i;

	for (i = 0; i < PTRS_PER_PTE; i += 8)
		used |= entries_or8(&pte[i]);
	return used == 0;
}

static void free_one_pgtable(struct mm_struct *mm, pgd_t *pgd)
{
	struct page *pt = pgd_page(*pgd);
	unsigned long flags;
	pte_t *pte = pte_offset_map(pgd, 0);

	BUG_ON(!pgtable_empty(pte));	/* zap first */
	pte_unmap(pte);
	spin_lock_irqsave(&mm->page_table_lock, flags);
	pgd_clear(pgd);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	/* A CPU may still cache the directory entry (its page walk keeps
	 * them too): every one lets go of the table before it is reused. */
	flush_tlb_mm(mm);
	pte_free(pt);
}

void free_pgtables(struct mm_struct *mm, unsigned long start,
		   unsigned long end)
{
	u32 i = pgd_index(start);
	u32 last = end >= TASK_SIZE ? USER_PTRS_PER_PGD
				    : (end + PGDIR_SPAN - 1) >> PGDIR_SHIFT;

	for (; (i = pgd_next_used(mm->pgd, i, last)) < last; i++) {
		unsigned long a = (unsigned long)i << PGDIR_SHIFT;

		if (find_vma_intersection(mm, a, a + PGDIR_SPAN))
			continue;
		free_one_pgtable(mm, &mm->pgd[i]);
	}
}

int nr_pgtables(struct mm_struct *mm)
{
	u32 i = 0;
	int n = 0;

	for (; (i = pgd_next_used(mm->pgd, i, USER_PTRS_PER_PGD)) <
	       USER_PTRS_PER_PGD;
	     i++)
		n++;
	return n;
}
