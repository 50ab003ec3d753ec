/*
 * mm/reclaim/swap_audit.c - the proof that every swap slot's count is
 * accounted for, beside the reverse-map audit (mm/rmap/rmap_audit.c).
 *
 * A slot's swap_map count is the number of references to it, and each
 * lives in one of four places:
 *   - a PTE holding the entry (an anonymous page swapped out);
 *   - the swap cache (one reference while the page is in it);
 *   - a ramfs file's swap tree (a ramfs page swapped out);
 *   - a task between get_swap_page and one of the above, the write to
 *     disk perhaps in flight (task_struct.swap_inflight).
 * The audit counts all four for every slot of every area and checks that
 * they equal its count: a count too high is a leaked slot, one too low a
 * slot that will be freed while still in use.  It also checks that no
 * holder names a free, bad or nonexistent slot and that inuse_pages is
 * the number of slots in use.  A count saturated at SWAP_MAP_MAX only
 * needs one holder.  Everything whose reference is handed over does so
 * with interrupts off (see swap_inflight_take), and the audit runs with
 * them off, so it never sees a reference in mid-air.
 *
 * The counts go into one page at a time (PAGE_SIZE / 2 slots), so at
 * 8 MiB with a large area the audit still finds its memory: each window
 * of slots is one more walk over the page tables and trees.
 */
#include "mm/reclaim/shmem_swap.h"
#include "kernel/lib/radix_tree.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/pt_walk.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/exit_zap.h"

#define AUDIT_REPORT_MAX 8
#define WINDOW (PAGE_SIZE / sizeof(u16))

struct swap_audit {
	unsigned int type;	/* the area counted now */
	u32 first;		/* its slots [first, first + WINDOW) */
	u16 *holders;		/* per slot of the window */
	int errors;
	bool report_strays;	/* the first walk: entries of no area */
	bool count_totals;	/* an area's first walk: its holders */
	u32 ptes, cache, ramfs, inflight;	/* holders, over all areas */
};

static void __printf(2, 3) violation(struct swap_audit *a, const char *fmt, ...)
{
	va_list ap;

	if (a->errors++ >= AUDIT_REPORT_MAX)
		return;
	printk("swap_audit: ");
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n");
}

/* One reference to entry, held by what; counted if in the window. */
static void hold(struct swap_audit *a, swp_entry_t entry, u32 *total,
		 const char *what)
{
	struct swap_info_struct *p = swap_info_get(entry);
	u32 off = swp_offset(entry);

	if (!p) {
		if (a->report_strays)
			violation(a, "%s holds entry %08x of no area", what,
				  entry.val);
		return;
	}
	if (swp_type(entry) != a->type)
		return;
	if (a->count_totals)
		(*total)++;
	if (off >= a->first && off - a->first < WINDOW)
		a->holders[off - a->first]++;
}

/* Each page table is mapped as the reverse-map walks map one. */
static void count_ptes(struct swap_audit *a, struct mm_struct *mm)
{
	u32 i = 0, j;
	pte_t *ptes;

	for (; (i = pgd_next_used(mm->pgd, i, USER_PTRS_PER_PGD)) <
	       USER_PTRS_PER_PGD;
	     i++) {
		ptes = rmap_ptep_map(pte_lookup_paddr(mm, i << PGDIR_SHIFT));
		for (j = 0; j < PTRS_PER_PTE; j++)
			if (!pte_none(ptes[j]) && !pte_present(ptes[j]) &&
			    !pte_file(ptes[j]))
				hold(a, pte_to_swp_entry(ptes[j]), &a->ptes,
				     "a PTE");
		rmap_ptep_unmap(ptes);
	}
}

static void count_swap_cache(struct swap_audit *a)
{
	unsigned long index;
	struct page *page;

	for (index = 0; (page = radix_tree_next(&swapper_space.page_tree,
						&index)); index++) {
		if (!PageSwapCache(page) || page->private != index)
			violation(a, "swap cache page at %08lx is not that entry's (flags 0x%x private %08x)",
				  index, page->flags, page->private);
		hold(a, (swp_entry_t){ index }, &a->cache, "the swap cache");
	}
}

static void ramfs_hold(swp_entry_t entry, void *arg)
{
	struct swap_audit *a = arg;

	hold(a, entry, &a->ramfs, "a ramfs swap tree");
}

static void count_holders(struct swap_audit *a)
{
	struct task_struct *t;
	struct mm_struct *mm;

	list_for_each_entry(mm, &all_mm_list, mmlist)
		count_ptes(a, mm);
	count_swap_cache(a);
	ramfs_for_each_swapped(ramfs_hold, a);
	list_for_each_entry(t, &task_list, tasks)
		if (t->swap_inflight)
			hold(a, (swp_entry_t){ t->swap_inflight }, &a->inflight,
			     "a task in flight");
}

/* Compare the window's slots with their counts; returns the slots used. */
static u32 check_window(struct swap_audit *a, struct swap_info_struct *p)
{
	u32 i, used = 0;

	for (i = 0; i < WINDOW && a->first + i < p->max; i++) {
		u32 off = a->first + i;
		u16 count = p->swap_map[off], found = a->holders[i];

		if (count & SWAP_MAP_BAD) {
			if (found)
				violation(a, "area %u slot %u is bad but has %u holders",
					  a->type, off, found);
			continue;
		}
		used += count != 0;
		if (count == SWAP_MAP_MAX ? !found : count != found)
			violation(a, "area %u slot %u: swap_map %u, holders %u",
				  a->type, off, count, found);
	}
	return used;
}

static void audit_area(struct swap_audit *a, unsigned int type)
{
	struct swap_info_struct *p = &swap_info[type];
	u32 used = 0;

	a->type = type;
	a->count_totals = true;
	for (a->first = 0; a->first < p->max; a->first += WINDOW) {
		memset(a->holders, 0, PAGE_SIZE);
		count_holders(a);
		a->report_strays = a->count_totals = false;
		used += check_window(a, p);
	}
	if (used != p->inuse_pages)
		violation(a, "area %u: inuse_pages %u, slots in use %u", type,
			  p->inuse_pages, used);
}

u32 swap_audit_failed_runs;

int swap_audit(void)
{
	struct page *window = alloc_page(GFP_KERNEL);
	struct swap_audit a;
	unsigned int type, areas = 0;
	u32 flags;

	if (!window) {
		printk("swap_audit: no memory for the counts\n");
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.holders = page_address(window);
	a.report_strays = true;
	/* swap_lock, with interrupts off: on one CPU that keeps every other
	 * leaf's structure still too, and the counts must be taken from one
	 * still picture (several CPUs will need those leaves' locks). */
	stop_exit_zaps(); /* no mm's swap PTEs going meanwhile */
	spin_lock_irqsave(&swap_lock, flags);
	for (type = 0; type < nr_swapfiles; type++)
		if (swap_info[type].flags & SWP_USED) {
			audit_area(&a, type);
			areas++;
		}
	/* No area at all: every holder names a slot of no area. */
	if (!areas) {
		a.type = MAX_SWAPFILES;
		count_holders(&a);
	}
	spin_unlock_irqrestore(&swap_lock, flags);
	resume_exit_zaps();
	__free_page(window);
	if (a.errors)
		swap_audit_failed_runs++;
	if (a.errors > AUDIT_REPORT_MAX)
		printk("swap_audit: %d more violations not shown\n",
		       a.errors - AUDIT_REPORT_MAX);
	printk("swap_audit: %s, %u areas, %u entries in PTEs, %u in the swap cache, %u in ramfs, %u in flight: %d violations\n",
	       a.errors ? "FAILED" : "ok", areas, a.ptes, a.cache, a.ramfs,
	       a.inflight, a.errors);
	return a.errors;
}
