/*
 * mm/vm/mmu_gather_test.c - ktests for the gather (mm/vm/mmu_gather.h): a
 * page keeps the reference its PTE had until the gather's flush, one
 * flush covers every page gathered, and a full gather flushes by itself.
 */
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/tlb.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mmu_context.h"
#include "mm/vm/mmu_gather.h"

#define GATHER_VA 0x40000000u

/* n pages with two references each: the test's and the one a PTE would
 * hand to the gather. */
static bool alloc_held(struct page **pages, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		if (!pages[i])
			return false;
		get_page(pages[i]);
	}
	return true;
}

static void free_held(struct page **pages, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (pages[i])
			__free_page(pages[i]);
}

/* The flushes this CPU made, one by one or all at once. */
static u32 local_flushes(void)
{
	return tlb_events.local_flush_one + tlb_events.local_flush_all;
}

KTEST(mmu_gather_holds_pages_until_one_flush)
{
	struct page *pages[3] = { NULL };
	struct mm_struct *mm = mm_alloc();
	struct mmu_gather tlb;
	struct tlb_state saved;
	u32 before, flags;
	int i;

	KASSERT_TRUE(mm != NULL);
	if (!alloc_held(pages, 3)) {
		free_held(pages, 3);
		mmput(mm);
		KASSERT_TRUE(false);
	}
	flags = irq_save();
	saved = enter_mm(mm); /* so the flush has this CPU's TLB to do */
	tlb_gather_mmu(&tlb, mm);
	for (i = 0; i < 3; i++)
		tlb_remove_page(&tlb, GATHER_VA + i * PAGE_SIZE, pages[i]);
	for (i = 0; i < 3; i++)
		KEXPECT_EQ(page_count(pages[i]), 2);
	before = local_flushes();
	tlb_finish_mmu(&tlb);
	KEXPECT_EQ(local_flushes() - before, 3); /* one range: 3 invlpg */
	restore_mm(mm, saved);
	irq_restore(flags);
	for (i = 0; i < 3; i++)
		KEXPECT_EQ(page_count(pages[i]), 1);
	free_held(pages, 3);
	mmput(mm);
}

KTEST(mmu_gather_flushes_when_full)
{
	struct page *pages[MMU_GATHER_PAGES + 1] = { NULL };
	struct mm_struct *mm = mm_alloc();
	struct mmu_gather tlb;
	int i;

	KASSERT_TRUE(mm != NULL);
	if (!alloc_held(pages, MMU_GATHER_PAGES + 1)) {
		free_held(pages, MMU_GATHER_PAGES + 1);
		mmput(mm);
		KASSERT_TRUE(false);
	}
	tlb_gather_mmu(&tlb, mm);
	for (i = 0; i < MMU_GATHER_PAGES - 1; i++)
		tlb_remove_page(&tlb, GATHER_VA + i * PAGE_SIZE, pages[i]);
	KEXPECT_EQ(page_count(pages[0]), 2);
	tlb_remove_page(&tlb, GATHER_VA + i * PAGE_SIZE, pages[i]);
	KEXPECT_EQ(tlb.nr, 0);
	KEXPECT_EQ(page_count(pages[0]), 1);
	KEXPECT_EQ(page_count(pages[MMU_GATHER_PAGES - 1]), 1);
	i++;
	tlb_remove_page(&tlb, GATHER_VA + i * PAGE_SIZE, pages[i]);
	KEXPECT_EQ(page_count(pages[i]), 2);
	tlb_finish_mmu(&tlb);
	KEXPECT_EQ(page_count(pages[i]), 1);
	free_held(pages, MMU_GATHER_PAGES + 1);
	mmput(mm);
}
