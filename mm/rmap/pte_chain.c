/*
 * mm/rmap/pte_chain.c - pte_chain nodes: allocation, add, remove, count.
 *
 * Nodes come from their own kmem cache ("pte_chain"), so /proc/slabinfo
 * and the rmap counters show exactly what this bookkeeping costs; the
 * objrmap mode exists to make that number small.  See mm/rmap/pte_chain.h for
 * the layout and its invariant.
 */
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/phys/slab.h"
#include "mm/locking.h"

struct lockdep_map pte_chain_lock_map = STATIC_LOCKDEP_MAP_INIT("PG_chainlock");
static struct kmem_cache *pte_chain_cache;

void pte_chain_init(void)
{
	pte_chain_cache = kmem_cache_create("pte_chain",
					    sizeof(struct pte_chain),
					    L1_CACHE_BYTES, NULL);
	BUG_ON(!pte_chain_cache);
}

/*
 * One node kept aside for the fault path.  Nodes are added under
 * page_table_lock, so GFP_ATOMIC; under heavy reclaim that can fail, and
 * a fault would then kill its process although memory could be had by
 * waiting.  handle_mm_fault refills the spare first, where it may sleep.
 * Interrupts off around it: the init thread (the ktests) is preemptible.
 */
static struct pte_chain *spare;

void pte_chain_preload(gfp_t gfp)
{
	struct pte_chain *pc;
	u32 flags;

	if (spare)
		return;
	pc = kmem_cache_alloc(pte_chain_cache, gfp);
	flags = preempt_disable_irqsave();
	if (!spare) {
		spare = pc;
		pc = NULL;
	}
	preempt_enable_irqrestore(flags);
	if (pc)
		kmem_cache_free(pte_chain_cache, pc);
}

static struct pte_chain *take_spare(void)
{
	u32 flags = preempt_disable_irqsave();
	struct pte_chain *pc = spare;

	spare = NULL;
	preempt_enable_irqrestore(flags);
	return pc;
}

void pte_chain_drop_spare(void)
{
	struct pte_chain *pc = take_spare();

	if (pc)
		kmem_cache_free(pte_chain_cache, pc);
}

static struct pte_chain *pte_chain_alloc(gfp_t gfp)
{
	struct pte_chain *pc = kmem_cache_alloc(pte_chain_cache, gfp);

	if (!pc)
		pc = take_spare();
	if (!pc)
		return NULL;
	memset(pc, 0, sizeof(*pc));
	stat_inc(&rmap_stats.pte_chains);
	if (rmap_stats.pte_chains > rmap_stats.pte_chains_peak)
		rmap_stats.pte_chains_peak = rmap_stats.pte_chains;
	return pc;
}

static void pte_chain_free(struct pte_chain *pc)
{
	stat_dec(&rmap_stats.pte_chains);
	kmem_cache_free(pte_chain_cache, pc);
}

int pte_chain_first(const struct pte_chain *pc)
{
	int i = 0;

	while (i < (int)NRPTE && !pc->ptes[i])
		i++;
	return i;
}

/* Turn the single direct PTE into a one-node chain holding it and ptep. */
static int direct_to_chain(struct page *page, pte_addr_t ptep, gfp_t gfp)
{
	struct pte_chain *pc = pte_chain_alloc(gfp);

	if (!pc)
		return -ENOMEM;
	pc->ptes[NRPTE - 1] = page->pte.direct;
	pc->ptes[NRPTE - 2] = ptep;
	ClearPageDirect(page);
	page->pte.chain = pc;
	return 0;
}

/* Add ptep to a page that has a chain: into the head's free slots, which
 * are at its front, or into a new head when it is full. */
static int chain_add(struct page *page, pte_addr_t ptep, gfp_t gfp)
{
	/* LAB 3 BEGIN: add ptep to the chain; stub: (void)page; (void)ptep; (void)gfp; return -ENOMEM; */
	struct pte_chain *head = page->pte.chain;
	int first = pte_chain_first(head);

	if (first == 0) {
		struct pte_chain *pc = pte_chain_alloc(gfp);

		if (!pc)
			return -ENOMEM;
		pc->next = head;
		pc->ptes[NRPTE - 1] = ptep;
		page->pte.chain = pc;
		return 0;
	}
	head->ptes[first - 1] = ptep;
	return 0;
	/* LAB 3 END */
}

int pte_chain_add(struct page *page, pte_addr_t ptep, gfp_t gfp)
{
	if (!page->pte.direct) {
		page->pte.direct = ptep;
		SetPageDirect(page);
		return 0;
	}
	if (PageDirect(page))
		return direct_to_chain(page, ptep, gfp);
	return chain_add(page, ptep, gfp);
}

void pte_chain_drop_slot(struct page *page, struct pte_chain *pc, int i)
{
	struct pte_chain *head = page->pte.chain;
	int first = pte_chain_first(head);

	pc->ptes[i] = head->ptes[first];
	head->ptes[first] = 0;
	if (first == (int)NRPTE - 1) {
		page->pte.chain = head->next;
		pte_chain_free(head);
	}
}

void pte_chain_remove(struct page *page, pte_addr_t ptep)
{
	/* LAB 3 BEGIN: take ptep off the page's chain; stub: (void)page; (void)ptep; */
	struct pte_chain *pc;
	int i;

	if (PageDirect(page)) {
		if (page->pte.direct != ptep)
			panic("page_remove_rmap: pfn 0x%x direct PTE 0x%x, not 0x%x",
			      page_to_pfn(page), page->pte.direct, ptep);
		page->pte.direct = 0;
		ClearPageDirect(page);
		return;
	}
	for (pc = page->pte.chain; pc; pc = pc->next)
		for (i = 0; i < (int)NRPTE; i++)
			if (pc->ptes[i] == ptep) {
				pte_chain_drop_slot(page, pc, i);
				return;
			}
	panic("page_remove_rmap: pfn 0x%x has no PTE 0x%x on its chain",
	      page_to_pfn(page), ptep);
	/* LAB 3 END */
}

bool pte_chain_contains(struct page *page, pte_addr_t ptep)
{
	struct pte_chain *pc;
	int i;

	if (PageDirect(page))
		return page->pte.direct == ptep;
	for (pc = page->pte.chain; pc; pc = pc->next)
		for (i = 0; i < (int)NRPTE; i++)
			if (pc->ptes[i] == ptep)
				return true;
	return false;
}

int pte_chain_count(struct page *page)
{
	struct pte_chain *pc;
	int i, n = 0;

	if (PageDirect(page))
		return 1;
	for (pc = page->pte.chain; pc; pc = pc->next)
		for (i = 0; i < (int)NRPTE; i++)
			n += pc->ptes[i] != 0;
	return n;
}

void pte_chain_collapse(struct page *page)
{
	struct pte_chain *head = page->pte.chain;
	int first;

	if (PageDirect(page) || !head || head->next)
		return;
	first = pte_chain_first(head);
	if (first != (int)NRPTE - 1)
		return;
	page->pte.direct = head->ptes[first];
	SetPageDirect(page);
	pte_chain_free(head);
}
