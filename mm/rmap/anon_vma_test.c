/*
 * mm/rmap/anon_vma_test.c - ktests for rmap=anon_vma (they skip in the
 * other modes): an anonymous page points at the anon_vma its VMA, the
 * forked copy and both halves of a split share, by its linear index, with
 * no pte_chain anywhere; and VMAs merge only when their anon_vmas and
 * offsets allow it, adopting the anon_vma of the one that goes.
 */
#include "kernel/ktest.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/rmap_test.h"

#define RW (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE)
#define RO (VM_READ | VM_MAYREAD | VM_MAYWRITE)

static bool anon_vma_mode(void)
{
	if (rmap_mode == RMAP_ANON_VMA)
		return true;
	ktest_skip("not rmap=anon_vma");
	return false;
}

KTEST(anon_vma_shared_by_fork_and_split)
{
	struct vm_area_struct *v0, *v1, *low, *high;
	struct rmap_family f;
	struct anon_vma *av;
	struct page *page;

	if (!anon_vma_mode())
		return;
	KASSERT_EQ(rmap_family_anon(&f, 2, 4), 0);
	v0 = find_vma(f.mm[0], RMAP_TEST_ADDR);
	v1 = find_vma(f.mm[1], RMAP_TEST_ADDR);
	av = v0->anon_vma;
	KASSERT_TRUE(av != NULL);
	KEXPECT_TRUE(v1->anon_vma == av);
	KEXPECT_TRUE(anon_vma_has_vma(av, v0) && anon_vma_has_vma(av, v1));

	page = rmap_page_at(f.mm[0], RMAP_TEST_ADDR + 3 * PAGE_SIZE);
	KEXPECT_TRUE(page_anon_vma(page) == av);
	KEXPECT_EQ(page->index, (RMAP_TEST_ADDR >> PAGE_SHIFT) + 3);
	KEXPECT_EQ(obj_mapcount(page), 2);
	KEXPECT_EQ(rmap_stats.pte_chains, 0);

	/* Split mm[0]'s VMA: both halves stay on the list, the page's index
	 * still leads to it through the upper half. */
	KEXPECT_EQ(change_vma_flags(f.mm[0], v0, RMAP_TEST_ADDR + 2 * PAGE_SIZE,
				    RMAP_TEST_ADDR + 4 * PAGE_SIZE, RO), 0);
	low = find_vma(f.mm[0], RMAP_TEST_ADDR);
	high = find_vma(f.mm[0], RMAP_TEST_ADDR + 2 * PAGE_SIZE);
	KASSERT_TRUE(low != high);
	KEXPECT_TRUE(low->anon_vma == av && high->anon_vma == av);
	KEXPECT_TRUE(anon_vma_has_vma(av, low) && anon_vma_has_vma(av, high));
	KEXPECT_EQ(vma_address(page, high), RMAP_TEST_ADDR + 3 * PAGE_SIZE);
	page_referenced(page);
	rmap_touch(f.mm[0], RMAP_TEST_ADDR + 3 * PAGE_SIZE);
	rmap_touch(f.mm[1], RMAP_TEST_ADDR + 3 * PAGE_SIZE);
	KEXPECT_EQ(page_referenced(page), 2);	/* both PTEs, through av */
	KEXPECT_EQ(rmap_audit(), 0);

	/* And back: the halves merge again. */
	KEXPECT_EQ(change_vma_flags(f.mm[0], high, high->vm_start,
				    high->vm_end, RW), 0);
	KEXPECT_EQ(f.mm[0]->map_count, 1);
	KEXPECT_EQ(rmap_audit(), 0);
	rmap_family_free(&f);
}

/* Read-fault one page in, so the VMA gets its own anon_vma. */
static bool touch(struct mm_struct *mm, unsigned long addr)
{
	u32 v;

	return rmap_access_word(mm, find_vma(mm, addr), addr, &v, false);
}

KTEST(anon_vma_merge_rules)
{
	unsigned long a = RMAP_TEST_ADDR, b = a + 2 * PAGE_SIZE;
	unsigned long c = a + 8 * PAGE_SIZE, d = c + 2 * PAGE_SIZE;
	unsigned long e = a + 16 * PAGE_SIZE;
	struct mm_struct *mm;
	struct vm_area_struct *va, *vb, *vc, *vd;

	if (!anon_vma_mode())
		return;
	mm = mm_alloc();
	KASSERT_TRUE(mm);
	/* Two neighbours whose pages went in while their flags differed in
	 * more than access (one was mlocked) have anon_vmas of their own:
	 * they may not become one even when their flags agree. */
	va = add_anon(mm, a, 2, RW);
	vb = add_anon(mm, b, 2, RO | VM_LOCKED);
	KASSERT_TRUE(va && vb);
	KASSERT_TRUE(touch(mm, a) && touch(mm, b));
	KEXPECT_TRUE(va->anon_vma && vb->anon_vma &&
		     va->anon_vma != vb->anon_vma);
	change_vma_flags(mm, vb, b, b + 2 * PAGE_SIZE, RW);
	KEXPECT_TRUE(find_vma(mm, a) != find_vma(mm, b));
	KEXPECT_EQ(find_vma(mm, b)->vm_flags, RW);

	/* A neighbour whose offsets do not run on (as after mremap moved it)
	 * may not merge either; one that never held a page merges and takes
	 * over the other's anon_vma. */
	vc = add_anon(mm, c, 2, RO);
	vd = add_anon(mm, d, 2, RW);
	KASSERT_TRUE(vc && vd);
	KASSERT_TRUE(touch(mm, d));
	vc->vm_pgoff += 100;
	change_vma_flags(mm, vc, c, d, RW);
	KEXPECT_TRUE(find_vma(mm, c) != find_vma(mm, d));
	vc = find_vma(mm, c);
	vc->vm_pgoff -= 100;
	change_vma_flags(mm, vc, c, d, RO);
	change_vma_flags(mm, find_vma(mm, c), c, d, RW);
	vc = find_vma(mm, c);
	KEXPECT_TRUE(vc == find_vma(mm, d));
	KEXPECT_TRUE(vc->anon_vma != NULL && anon_vma_has_vma(vc->anon_vma, vc));

	/* A neighbour that differs only in access shares the anon_vma of
	 * the other (find_mergeable_anon_vma), so an mprotect that makes
	 * them equal merges them, as on Linux. */
	va = add_anon(mm, e, 2, RW);
	vb = add_anon(mm, e + 2 * PAGE_SIZE, 2, RO);
	KASSERT_TRUE(va && vb);
	KASSERT_TRUE(touch(mm, e) && touch(mm, e + 2 * PAGE_SIZE));
	KEXPECT_TRUE(va->anon_vma && va->anon_vma == vb->anon_vma);
	change_vma_flags(mm, vb, vb->vm_start, vb->vm_end, RW);
	KEXPECT_TRUE(find_vma(mm, e) == find_vma(mm, e + 2 * PAGE_SIZE));
	KEXPECT_EQ(rmap_audit(), 0);
	mmput(mm);
}
