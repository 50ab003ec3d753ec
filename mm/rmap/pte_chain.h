/*
 * mm/rmap/pte_chain.h - the per-page list of PTEs that map it.
 *
 * An anonymous page (PageAnon) cannot be found through a file, so it keeps
 * the addresses of the PTEs that map it: physical addresses (pte_addr_t),
 * since a page table in high memory has no lasting kernel address; a walk
 * maps each with rmap_ptep_map (mm/phys/pgtable.h).  One PTE is stored in
 * page->pte.direct (PG_direct set: no allocation, the common case);
 * two or more live in a chain of pte_chain nodes, each one 32-byte cache
 * line: a next pointer and NRPTE slots.
 *
 *   page->pte.chain -> [next | 0 0 p p p p p] -> [next=0 | p p p p p p p]
 *                        head: free slots first    every later node full
 *
 * Invariant: only the head node has
 * empty slots, and they are its lowest-numbered ones.  Adding fills the
 * highest empty slot of the head (or pushes a new head); removing moves
 * the head's first used slot into the hole, and frees the head once empty.
 *
 * Callers hold the page's pte_chain lock (pte_chain_lock below).
 */
#ifndef MM_RMAP_PTE_CHAIN_H
#define MM_RMAP_PTE_CHAIN_H

#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/locking/bit_spinlock.h"
#include "kernel/locking/lockdep.h"
#include "mm/phys/gfp.h"
#include "mm/phys/page.h"

#define L1_CACHE_BYTES 32
#define NRPTE ((L1_CACHE_BYTES - sizeof(void *)) / sizeof(pte_addr_t))

struct pte_chain {
	struct pte_chain *next;
	pte_addr_t ptes[NRPTE];
};

/*
 * The per-page lock of the chain (PG_chainlock), a bit lock
 * (kernel/locking/bit_spinlock.h) taken with interrupts off: neither a
 * fault nor kswapd can change the chain under a walker, on this CPU or
 * another.  Every page's lock is one class for the validator.
 */
extern struct lockdep_map pte_chain_lock_map;

static inline u32 pte_chain_lock(struct page *page)
{
	u32 flags = irq_save();

	lock_acquire_obj(&pte_chain_lock_map, page, 0, false, 0);
	bit_spin_lock(PG_chainlock, &page->flags);
	return flags;
}

static inline void pte_chain_unlock(struct page *page, u32 flags)
{
	lock_release_obj_irq(&pte_chain_lock_map, page, flags & EFLAGS_IF, 0);
	bit_spin_unlock(PG_chainlock, &page->flags);
	irq_restore(flags);
}

void pte_chain_init(void);
/* Keep a node aside for an atomic pte_chain_add; may sleep with GFP_KERNEL. */
void pte_chain_preload(gfp_t gfp);
/* Free the node kept aside, so a leak check sees only what others hold. */
void pte_chain_drop_spare(void);
/* Record the PTE at ptep on page's chain; 0, or -ENOMEM when no node
 * could be had. */
int pte_chain_add(struct page *page, pte_addr_t ptep, gfp_t gfp);
/* Forget ptep; BUGs if the chain does not hold it. */
void pte_chain_remove(struct page *page, pte_addr_t ptep);
/* Does the chain (or the direct slot) hold ptep? */
bool pte_chain_contains(struct page *page, pte_addr_t ptep);
/* Number of PTEs on the chain (or 1 for PG_direct, 0 when unmapped). */
int pte_chain_count(struct page *page);
/* If exactly one PTE is left on a chain, move it back to pte.direct. */
void pte_chain_collapse(struct page *page);
/* Empty slot i of node pc by moving the head's first entry into it (and
 * freeing the head if that emptied it).  Walkers use it to drop the entry
 * they stand on: the entry moved in was already visited. */
void pte_chain_drop_slot(struct page *page, struct pte_chain *pc, int i);
/* Index of the first used slot of a (head) node. */
int pte_chain_first(const struct pte_chain *pc);

#endif
