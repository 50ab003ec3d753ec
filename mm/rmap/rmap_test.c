/*
 * mm/rmap/rmap_test.c - ktests for the reverse map: the pte_chain structure,
 * chains built by fork, page_referenced on real accessed bits,
 * try_to_unmap's refusals, and the audit catching a broken count.
 * (The file-page tests, which need a ramfs file, are in
 * mm/rmap/rmap_obj_test.c.)
 */
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_test.h"
#include "mm/vm/vm_test.h"

KTEST(pte_chain_add_remove_keeps_invariant)
{
	static pte_t slots[20];
	struct page page;
	u32 chains = rmap_stats.pte_chains;
	int i;

	memset(&page, 0, sizeof(page));
	KEXPECT_EQ(pte_chain_add(&page, __pa(&slots[0]), GFP_KERNEL), 0);
	KEXPECT_TRUE(PageDirect(&page));
	KEXPECT_EQ(rmap_stats.pte_chains, chains);	/* direct: no node */
	for (i = 1; i < 20; i++)
		KEXPECT_EQ(pte_chain_add(&page, __pa(&slots[i]), GFP_KERNEL), 0);
	KEXPECT_FALSE(PageDirect(&page));
	KEXPECT_EQ(pte_chain_count(&page), 20);
	/* 20 PTEs in nodes of 7: three nodes, only the head not full. */
	KEXPECT_EQ(rmap_stats.pte_chains, chains + 3);
	KEXPECT_NE(pte_chain_first(page.pte.chain), 0);
	KEXPECT_EQ(pte_chain_first(page.pte.chain->next), 0);
	for (i = 0; i < 20; i++)
		KEXPECT_TRUE(pte_chain_contains(&page, __pa(&slots[i])));

	/* Remove from the middle, the tail node and the head. */
	for (i = 0; i < 20; i += 2)
		pte_chain_remove(&page, __pa(&slots[i]));
	KEXPECT_EQ(pte_chain_count(&page), 10);
	for (i = 0; i < 20; i++)
		KEXPECT_EQ(pte_chain_contains(&page, __pa(&slots[i])), i & 1);
	KEXPECT_EQ(rmap_stats.pte_chains, chains + 2);
	for (i = 1; i < 19; i += 2)
		pte_chain_remove(&page, __pa(&slots[i]));
	KEXPECT_EQ(pte_chain_count(&page), 1);
	pte_chain_collapse(&page);
	KEXPECT_TRUE(PageDirect(&page));
	KEXPECT_TRUE(page.pte.direct == __pa(&slots[19]));
	pte_chain_remove(&page, __pa(&slots[19]));
	KEXPECT_FALSE(page_mapped(&page));
	KEXPECT_EQ(rmap_stats.pte_chains, chains);
}

KTEST(rmap_fork_chains_anonymous_page_and_audit_passes)
{
	struct rmap_family f;
	struct page *page;
	int i;

	KASSERT_EQ(rmap_family_anon(&f, 8, 1), 0);
	page = rmap_family_page(&f);
	KEXPECT_TRUE(PageAnon(page));
	KEXPECT_EQ(rmap_map_count(page), 8);
	for (i = 0; i < 8 && page_uses_chain(page); i++)
		KEXPECT_TRUE(pte_chain_contains(page, pte_lookup_paddr(f.mm[i], RMAP_TEST_ADDR)));
	KEXPECT_EQ(rmap_audit(), 0);
	rmap_family_free(&f);
	KEXPECT_EQ(rmap_audit(), 0);
}

KTEST(rmap_page_referenced_sees_hardware_accessed_bits)
{
	struct rmap_family f;
	struct page *page;

	KASSERT_EQ(rmap_family_anon(&f, 3, 1), 0);
	page = rmap_family_page(&f);
	page_referenced(page);			/* all PTEs old now */
	KEXPECT_EQ(page_referenced(page), 0);
	rmap_touch(f.mm[1], RMAP_TEST_ADDR);	/* the CPU sets A */
	rmap_touch(f.mm[2], RMAP_TEST_ADDR);
	KEXPECT_TRUE(pte_young(pte_at(f.mm[1], RMAP_TEST_ADDR)));
	KEXPECT_EQ(page_referenced(page), 2);
	KEXPECT_FALSE(pte_young(pte_at(f.mm[1], RMAP_TEST_ADDR)));
	KEXPECT_EQ(page_referenced(page), 0);
	/* After the TLB flush the CPU sets A again on the next access. */
	rmap_touch(f.mm[1], RMAP_TEST_ADDR);
	KEXPECT_EQ(page_referenced(page), 1);
	rmap_family_free(&f);
}

KTEST(rmap_anonymous_page_without_swap_slot_is_not_unmapped)
{
	struct rmap_family f;
	struct page *page;
	u32 fails = rmap_stats.unmap_fail;

	KASSERT_EQ(rmap_family_anon(&f, 2, 1), 0);
	page = rmap_family_page(&f);
	KASSERT_TRUE(!TestSetPageLocked(page));
	/* Its data would be lost: it must reach the swap cache first. */
	KEXPECT_EQ(try_to_unmap(page), SWAP_FAIL);
	KEXPECT_EQ(rmap_stats.unmap_fail, fails + 1);
	KEXPECT_EQ(rmap_map_count(page), 2);
	KEXPECT_TRUE(pte_present(pte_at(f.mm[0], RMAP_TEST_ADDR)));
	ClearPageLocked(page);
	KEXPECT_EQ(rmap_audit(), 0);
	rmap_family_free(&f);
}

KTEST(rmap_audit_catches_a_missing_chain_entry)
{
	struct rmap_family f;
	struct page *page;
	pte_addr_t ptep;
	u32 flags;

	KASSERT_EQ(rmap_family_anon(&f, 2, 1), 0);
	page = rmap_family_page(&f);
	if (!page_uses_chain(page)) {
		/* rmap=anon_vma: a count that disagrees with the PTEs. */
		obj_map_add(page);
		KEXPECT_EQ(rmap_audit(), 1);
		obj_map_remove(page);
		KEXPECT_EQ(rmap_audit(), 0);
		rmap_family_free(&f);
		return;
	}
	ptep = pte_lookup_paddr(f.mm[1], RMAP_TEST_ADDR);
	flags = pte_chain_lock(page);
	pte_chain_remove(page, ptep);		/* the bug: a PTE not on the chain */
	pte_chain_unlock(page, flags);
	KEXPECT_EQ(rmap_audit(), 2);		/* unlisted PTE, and the count */
	flags = pte_chain_lock(page);
	KEXPECT_EQ(pte_chain_add(page, ptep, GFP_KERNEL), 0);
	pte_chain_unlock(page, flags);
	KEXPECT_EQ(rmap_audit(), 0);
	rmap_family_free(&f);
}
