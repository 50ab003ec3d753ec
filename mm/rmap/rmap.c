/*
 * mm/rmap/rmap.c - keeping the reverse map: page_add_rmap, page_remove_rmap,
 * the rmap mode, and the page-table-page back pointers.
 *
 * The walks that use the map live beside this file: mm/rmap/rmap_obj.c (file
 * pages, through the object), mm/rmap/rmap_anon.c (anonymous pages through
 * their anon_vma, rmap=anon_vma) and mm/rmap/rmap_chain.c (pages on
 * pte_chains); page_referenced and try_to_unmap choose one
 * (after the add and remove functions).
 *
 * Locks: callers of page_add_rmap/page_remove_rmap hold the mm's
 * page_table_lock; the chain itself is changed under pte_chain_lock.
 */
#include "fs/address_space.h"
#include "kernel/cmdline.h"
#include "kernel/cpu/cpu.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/pte_map.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/vm/vma.h"
#include "mm/rmap/pagetrace_events.h"
#include "mm/vm/exit_zap.h"

KERNEL_PARAM("rmap", "objrmap (default), pte_chain or anon_vma: how pages find their PTEs");

enum rmap_mode rmap_mode = RMAP_OBJRMAP;
struct rmap_stats rmap_stats;

void rmap_init(void)
{
	const char *mode = cmdline_get("rmap");

	if (mode && !strcmp(mode, "pte_chain"))
		rmap_mode = RMAP_PTE_CHAIN;
	else if (mode && !strcmp(mode, "anon_vma"))
		rmap_mode = RMAP_ANON_VMA;
	else if (mode && strcmp(mode, "objrmap"))
		printk("rmap: unknown mode '%s', using objrmap\n", mode);
	i_mmap_init();
	anon_vma_init();
	pte_chain_init();
	printk("rmap: %s, i_mmap %s (pte_chain nodes of %u PTEs)\n",
	       rmap_mode_name(), i_mmap_mode_name(), (u32)NRPTE);
}

const char *rmap_mode_name(void)
{
	static const char *const names[] = {
		[RMAP_OBJRMAP] = "objrmap",
		[RMAP_PTE_CHAIN] = "pte_chain",
		[RMAP_ANON_VMA] = "anon_vma",
	};

	return names[rmap_mode];
}

void pgtable_add_rmap(struct page *pt, struct mm_struct *mm,
		      unsigned long addr)
{
	pt->private = (u32)mm;
	pt->index = addr & ~((1UL << PGDIR_SHIFT) - 1);
}

struct mm_struct *ptep_to_mm(pte_addr_t ptep)
{
	return (struct mm_struct *)pte_addr_page(ptep)->private;
}

unsigned long ptep_to_address(pte_addr_t ptep)
{
	struct page *pt = pte_addr_page(ptep);
	u32 slot = (ptep & ~PAGE_MASK) / sizeof(pte_t);

	return pt->index + (slot << PAGE_SHIFT);
}

/* A file page must be in its file's page cache, never in the swap cache.
 * Inline: every PTE of a file or anonymous page passes here twice. */
static inline void check_object_page(struct page *page)
{
	BUG_ON(!page->mapping);
	if (!PageAnon(page))
		BUG_ON(PageSwapCache(page));
}

/*
 * rmap=anon_vma: the first PTE of an anonymous page tags it with vma's
 * anon_vma and its linear index; every later PTE (fork's copy, mremap's
 * move, a swap-in by the other process) must agree, or the walk would
 * look for it in the wrong place.
 */
static void anon_vma_add(struct page *page, struct vm_area_struct *vma,
			 unsigned long addr)
{
	if (!page_mapped(page)) {
		page_set_anon_rmap(page, vma, addr);
		return;
	}
	BUG_ON(page_anon_vma(page) != vma->anon_vma);
	BUG_ON(page->index != linear_page_index(vma, addr));
}

/*
 * nr_mapped counts a page when its first PTE comes and when its last one
 * goes, told by the count's own locked add (obj_map_add) or, for a chain,
 * under the chain lock: never by a look before or after, which another
 * CPU's map or unmap of the same page could fall between.
 */
int page_add_rmap(struct page *page, struct vm_area_struct *vma,
		  unsigned long addr, pte_t *ptep)
{
	bool first;
	u32 flags;
	int err;

	BUG_ON(PageReserved(page));
	if (!page_uses_chain(page)) {
		if (PageAnon(page))
			anon_vma_add(page, vma, addr);
		check_object_page(page);
		if (obj_map_add(page))
			stat_inc(&rmap_stats.nr_mapped);
		return 0;
	}
	flags = pte_chain_lock(page);
	first = !page_mapped(page);
	err = pte_chain_add(page, ptep_to_paddr(ptep), GFP_ATOMIC);
	if (!err && first)
		stat_inc(&rmap_stats.nr_mapped);
	pte_chain_unlock(page, flags);
	return err;
}

void page_remove_rmap(struct page *page, pte_t *ptep)
{
	u32 flags;

	BUG_ON(!page_mapped(page));
	if (!page_uses_chain(page)) {
		check_object_page(page);
		if (obj_map_remove(page))
			stat_dec(&rmap_stats.nr_mapped);
		return;
	}
	flags = pte_chain_lock(page);
	pte_chain_remove(page, ptep_to_paddr(ptep));
	if (!page_mapped(page))
		stat_dec(&rmap_stats.nr_mapped);
	pte_chain_unlock(page, flags);
}

int page_mapcount(struct page *page)
{
	u32 flags;
	int n;

	if (!page_uses_chain(page))
		return obj_mapcount(page);
	flags = pte_chain_lock(page);
	n = pte_chain_count(page);
	pte_chain_unlock(page, flags);
	return n;
}

unsigned long vma_address(struct page *page, struct vm_area_struct *vma)
{
	/* LAB 4 BEGIN: where page is in vma, or -EFAULT; stub: (void)page; (void)vma; return -EFAULT; */
	unsigned long addr;

	if (page->index < vma->vm_pgoff)
		return -EFAULT;
	addr = vma->vm_start + ((page->index - vma->vm_pgoff) << PAGE_SHIFT);
	if (addr >= vma->vm_end)
		return -EFAULT;
	return addr;
	/* LAB 4 END */
}

/* The walks' cost for make bench: no walk sleeps, so it is all work. */
static u64 walk_clock(void)
{
	return boot_cpu.has_tsc ? cpu_rdtsc() : 0;
}

static int page_referenced_walk(struct page *page)
{
	if (page_uses_chain(page))
		return page_referenced_chain(page);
	if (PageAnon(page))
		return page_referenced_anon(page);
	return page_referenced_obj(page);
}

int page_referenced(struct page *page)
{
	int referenced = TestClearPageReferenced(page), young;
	u64 t0;

	stat_inc(&rmap_stats.referenced_calls);
	if (!page_mapped(page))
		return referenced;
	t0 = walk_clock();
	young = page_referenced_walk(page);
	rmap_stats.walk_ticks += walk_clock() - t0;
	pagetrace_event(PAGE_REFERENCED, page, NULL, young);
	return referenced + young;
}

int try_to_unmap(struct page *page)
{
	int ret;
	u64 t0;

	BUG_ON(PageReserved(page));
	BUG_ON(!PageLocked(page));
	stat_inc(&rmap_stats.unmap_calls);
	if (!page_mapped(page))
		return SWAP_SUCCESS;
	t0 = walk_clock();
	if (page_uses_chain(page))
		ret = try_to_unmap_chain(page);
	else if (PageAnon(page))
		ret = try_to_unmap_anon(page);
	else
		ret = try_to_unmap_obj(page);
	rmap_stats.walk_ticks += walk_clock() - t0;
	if (ret == SWAP_SUCCESS)
		stat_inc(&rmap_stats.unmap_success);
	else if (ret == SWAP_AGAIN)
		stat_inc(&rmap_stats.unmap_again);
	else
		stat_inc(&rmap_stats.unmap_fail);
	return ret;
}

/*
 * What a PTE becomes when try_to_unmap takes the page out of it.  A file
 * page can always be found again: its PTE becomes empty, or, in a
 * nonlinear VMA where the address does not give the offset, a file PTE.
 * An anonymous page in the swap cache leaves its swap entry (one more
 * reference on the slot); one with no slot yet has nowhere else to be.
 */
static bool unmapped_pte(struct vm_area_struct *vma, unsigned long addr,
			 struct page *page, pte_t *pte)
{
	unsigned long linear;

	if (PageSwapCache(page)) {
		if (swap_duplicate(page_swp_entry(page)))
			return false;
		*pte = swp_entry_to_pte(page_swp_entry(page));
		return true;
	}
	if (!page_mapping(page))
		return false;
	linear = vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);
	if ((vma->vm_flags & VM_NONLINEAR) && page->index != linear)
		*pte = pgoff_to_pte(page->index);
	else
		*pte = __pte(0);
	return true;
}

int unmap_one_pte(struct vm_area_struct *vma, unsigned long addr,
		  pte_t *ptep, struct page *page)
{
	pte_t after;

	if (vma->vm_flags & VM_LOCKED)
		return SWAP_FAIL;
	if (!unmapped_pte(vma, addr, page, &after))
		return SWAP_FAIL;
	vm_zap_pte(vma, addr, ptep);
	pagetrace_event(PTE_UNMAPPED, page, vma, addr);
	if (!pte_none(after))
		set_pte(ptep, after);
	stat_inc(&rmap_stats.pages_unmapped);
	return SWAP_SUCCESS;
}

/* Find the PTEs of page through its mapping and put them on its chain. */
static int chain_mapping_ptes(struct page *page, int *found)
{
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;
	unsigned long addr;
	pte_addr_t paddr;
	pte_t *ptep;
	bool maps;

	for_each_mapping_vma(vma, &it, page->mapping, page->index,
			     page->index) {
		addr = vma_address(page, vma);
		if (addr == (unsigned long)-EFAULT)
			continue;
		paddr = pte_lookup_paddr(vma->vm_mm, addr);
		if (!paddr)
			continue;
		ptep = rmap_ptep_map(paddr);
		maps = pte_present(*ptep) && pte_pfn(*ptep) == page_to_pfn(page);
		rmap_ptep_unmap(ptep);
		if (!maps)
			continue;
		if (pte_chain_add(page, paddr, GFP_ATOMIC))
			return -ENOMEM;
		(*found)++;
	}
	return 0;
}

/* Undo a half-built chain: drop every entry, leaving the union zero. */
static void chain_discard(struct page *page)
{
	pte_addr_t first;

	while (page_mapped(page)) {
		if (PageDirect(page))
			first = page->pte.direct;
		else
			first = page->pte.chain->ptes[pte_chain_first(page->pte.chain)];
		pte_chain_remove(page, first);
	}
}

int page_convert_anon(struct page *page)
{
	struct address_space *mapping = page->mapping;
	int mapcount, found = 0, err = 0;
	u32 flags;

	if (PageAnon(page) || rmap_mode == RMAP_ANON_VMA)
		return 0;	/* anon_vma: stays a file page (rmap_cluster.c) */
	if (rmap_mode == RMAP_PTE_CHAIN || !page_mapped(page)) {
		SetPageAnon(page);
		return 0;
	}
	check_object_page(page);
	/* i_shared_sem keeps the VMA lists still; the chain lock and the BKL
	 * keep every PTE still while the union changes meaning, and no exit
	 * zap runs without the BKL meanwhile (its page_remove_rmap would add
	 * to a word that no longer holds the count). */
	stop_exit_zaps();
	down(&mapping->i_shared_sem);
	flags = pte_chain_lock(page);
	mapcount = obj_mapcount(page);
	atomic_set(&page->pte.mapcount, 0);
	err = chain_mapping_ptes(page, &found);
	if (err) {
		chain_discard(page);
		atomic_set(&page->pte.mapcount, -mapcount);
	} else {
		BUG_ON(found != mapcount);
		SetPageAnon(page);
	}
	pte_chain_unlock(page, flags);
	up(&mapping->i_shared_sem);
	resume_exit_zaps();
	return err;
}
