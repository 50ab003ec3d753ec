/*
 * mm/phys/pgtable.c - page directories and page tables for address spaces.
 *
 * They are ordinary pages from the buddy allocator, counted in
 * page_state.nr_page_table_pages for /proc/meminfo.  A new directory
 * shares the kernel's page tables by copying swapper_pg_dir's kernel half.
 */
#include "kernel/cmdline.h"
#include "kernel/lib/string.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/pgtable.h"
#include "mm/vmstat.h"

KERNEL_PARAM("highpte", "user page tables in high memory (walks map them)");

/* A zeroed page for a table or directory, counted in nr_page_table_pages. */
static struct page *pgtable_page(gfp_t gfp)
{
	struct page *page = alloc_page(gfp | __GFP_ZERO);

	if (page)
		stat_inc(&page_state.nr_page_table_pages);
	return page;
}

/* Only user page tables may be high: the MMU reads a directory, and the
 * kernel its own tables, through physical and direct-map addresses. */
struct page *pte_alloc_one(void)
{
	gfp_t gfp = GFP_KERNEL;

	if (cmdline_has("highpte"))	/* a new table is rare: no cache */
		gfp |= __GFP_HIGHMEM;
	return pgtable_page(gfp);
}

void pte_free(struct page *pte_page)
{
	stat_dec(&page_state.nr_page_table_pages);
	__free_page(pte_page);
}

pgd_t *pgd_alloc(void)
{
	struct page *page = pgtable_page(GFP_KERNEL);
	pgd_t *pgd;

	if (!page)
		return NULL;
	pgd = page_address(page);
	memcpy(pgd + USER_PTRS_PER_PGD, swapper_pg_dir + USER_PTRS_PER_PGD,
	       (PTRS_PER_PGD - USER_PTRS_PER_PGD) * sizeof(pgd_t));
	return pgd;
}

/*
 * A program's text, heap and stack use a few of the 768 user entries, and
 * every exec and exit scans them all (free_pgtables, pgd_free): runs of
 * empty entries go eight at a time.
 */
u32 pgd_next_used(const pgd_t *pgd, u32 i, u32 end)
{
	for (; i < end; i++) {
		if ((i & 7) == 0)
			while (i + 8 <= end && !entries_or8(&pgd[i]))
				i += 8;
		if (i < end && !pgd_none(pgd[i]))
			return i;
	}
	return end;
}

void pgd_free(pgd_t *pgd)
{
	u32 i = 0;

	while ((i = pgd_next_used(pgd, i, USER_PTRS_PER_PGD)) <
	       USER_PTRS_PER_PGD)
		pte_free(pgd_page(pgd[i++]));
	pte_free(virt_to_page(pgd));
}
