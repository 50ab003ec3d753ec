/*
 * mm/rmap/rmap_walk.h - the halves of page_referenced and try_to_unmap,
 * shared by mm/rmap/rmap.c (which chooses) and the files that walk:
 * mm/rmap/rmap_obj.c (through page->mapping's VMAs), mm/rmap/rmap_anon.c
 * (through the page's anon_vma), mm/rmap/rmap_cluster.c (nonlinear VMAs in
 * rmap=anon_vma) and mm/rmap/rmap_chain.c (through the page's pte_chain).
 *
 * Each walk is written once, as rmap_walk_file, rmap_walk_anon and
 * rmap_walk_chain, which visit what may map a page with the walk's locks
 * held and call a visitor for each; reclaim's questions and the page
 * tracer (mm/rmap/pagetrace.c) are visitors.  Linux 3.9 made the same
 * cut (struct rmap_walk_control).
 */
#ifndef MM_RMAP_RMAP_WALK_H
#define MM_RMAP_RMAP_WALK_H

#include "mm/phys/page.h"
#include "mm/trylock_stat.h"

struct vm_area_struct;

int page_referenced_obj(struct page *page);
int try_to_unmap_obj(struct page *page);
int page_referenced_anon(struct page *page);
int try_to_unmap_anon(struct page *page);
/* rmap=anon_vma: unmap page (and its neighbours) from nonlinear VMAs. */
int try_to_unmap_cluster(struct page *page);

/*
 * An object walk: every VMA that may map page, from its file's VMAs
 * (for_each_mapping_vma over page->index) or its anon_vma's list.
 */
struct rmap_walk_control {
	/* One VMA, with the object's lock held; a non-zero return ends the
	 * walk, and is its result. */
	int (*rmap_one)(struct vm_area_struct *vma, struct page *page,
			void *arg);
	/* Or NULL: after the last VMA, the lock still held; given the
	 * walk's result, returns the final one. */
	int (*done)(struct page *page, int ret, void *arg);
	void *arg;
	/* Wait for i_shared_sem (a process asking, never reclaim, which
	 * only tries: mm/locking.h). */
	bool wait;
	/* Unless wait: the counter a busy i_shared_sem goes up in. */
	enum trylock_site busy;
};
/* The walk's result when it could not take the object's lock. */
#define RMAP_WALK_BUSY (-1)
int rmap_walk_file(struct page *page, struct rmap_walk_control *rwc);
int rmap_walk_anon(struct page *page, struct rmap_walk_control *rwc);
/* The chain walk: one call per PTE location on page's chain (or its
 * direct PTE), under pte_chain_lock, with the PTE mapped at ptep
 * (rmap_ptep_map); a non-zero return ends the walk. */
typedef int (*rmap_pte_fn)(pte_t *ptep, pte_addr_t paddr, struct page *page,
			   void *arg);
int rmap_walk_chain(struct page *page, rmap_pte_fn pte_one, void *arg);

/* One VMA of an object walk (file or anon_vma): the page's PTE there. */
int page_referenced_one(struct vm_area_struct *vma, struct page *page);
int try_to_unmap_one(struct vm_area_struct *vma, struct page *page);
/* The visitors of reclaim's two questions: arg is an int that counts
 * the references, or unused. */
int page_referenced_visit(struct vm_area_struct *vma, struct page *page,
			  void *referenced);
int try_to_unmap_visit(struct vm_area_struct *vma, struct page *page,
		       void *unused);
int page_referenced_chain(struct page *page);
int try_to_unmap_chain(struct page *page);

/* Clear one PTE (mapped) for try_to_unmap: SWAP_SUCCESS or SWAP_FAIL. */
int unmap_one_pte(struct vm_area_struct *vma, unsigned long addr,
		  pte_t *ptep, struct page *page);

#endif
