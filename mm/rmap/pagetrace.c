/*
 * mm/rmap/pagetrace.c - the page tracer's report (see mm/rmap/pagetrace.h).
 *
 * The report follows the chain of the LWN objrmap article: PTE, struct
 * page, mapping, then each stop of the reverse map.  It never walks on its
 * own: the stops are the rmap walks' (mm/rmap/rmap_walk.h), called with a
 * visitor that looks at the PTE the walk would look at and says what it
 * found, without changing it.
 *
 * Locks (mm/locking.h), outermost first: mm's mmap_sem keeps the VMA of
 * addr and its page tables; a reference and the page lock keep the page,
 * its mapping and its index (truncate and reclaim's unmap lock the page);
 * then the walk's own locks, taken as the walk takes them: i_shared_sem
 * (waited for, not tried: a reader is no reclaimer) or anon_vma->lock or
 * the chain lock, and each mm's page_table_lock only tried, as reclaim
 * does.
 */
#include "fs/address_space.h"
#include "fs/inode.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/vm/pt_walk.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/pagetrace.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/rmap/rmap_walk.h"
#include "mm/vm/filemap.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

/* What the visitors carry from stop to stop. */
struct trace_walk {
	struct seq_buf *m;
	int stops, maps;	/* VMAs or chain entries seen; those mapping */
};

static const struct { int bit; const char *name; } page_flag_names[] = {
	{ PG_locked, "locked" },	{ PG_error, "error" },
	{ PG_referenced, "referenced" }, { PG_uptodate, "uptodate" },
	{ PG_dirty, "dirty" },		{ PG_lru, "lru" },
	{ PG_active, "active" },	{ PG_slab, "slab" },
	{ PG_reserved, "reserved" },	{ PG_direct, "direct" },
	{ PG_anon, "anon" },		{ PG_swapcache, "swapcache" },
	{ PG_writeback, "writeback" },
};

/* The tgid of a task using mm, or 0 (an mm the ktests built). */
static int mm_pid(struct mm_struct *mm)
{
	struct task_struct *t;
	int pid = 0;
	u32 flags = tasklist_lock_irqsave();

	list_for_each_entry(t, &task_list, tasks)
		if (t->mm == mm) {
			pid = t->tgid;
			break;
		}
	tasklist_unlock_irqrestore(flags);
	return pid;
}

static void show_pte(struct seq_buf *m, pte_addr_t paddr, pte_t pte)
{
	seq_printf(m, "pte: table pfn 0x%x slot %u value 0x%08x",
		   paddr >> PAGE_SHIFT,
		   (u32)(paddr & ~PAGE_MASK) / (u32)sizeof(pte_t),
		   pte_val(pte));
	if (pte_present(pte))
		seq_printf(m, " P%s%s%s%s\n", pte_write(pte) ? " RW" : "",
			   pte_user(pte) ? " US" : "",
			   pte_young(pte) ? " A" : "", pte_dirty(pte) ? " D" : "");
	else if (pte_none(pte))
		seq_puts(m, " none\n");
	else if (pte_file(pte))
		seq_printf(m, " file offset %u\n", pte_val(pte) >> 8);
	else
		seq_puts(m, " swap\n");
}

/* Flags, counts and LRU list; count leaves out the tracer's reference. */
static void show_page(struct seq_buf *m, struct page *page)
{
	const char *sep = "";
	unsigned int i;

	seq_printf(m, "page: pfn 0x%x flags", page_to_pfn(page));
	for (i = 0; i < ARRAY_SIZE(page_flag_names); i++)
		if (test_bit(page_flag_names[i].bit, &page->flags)) {
			seq_printf(m, "%s%s", sep[0] ? sep : " ",
				   page_flag_names[i].name);
			sep = ",";
		}
	if (!sep[0])
		seq_puts(m, " none");
	seq_printf(m, " count %d", page_count(page) - 1);
	if (page_uses_chain(page)) {
		u32 flags = pte_chain_lock(page);

		seq_printf(m, " chained %d", pte_chain_count(page));
		pte_chain_unlock(page, flags);
	} else
		seq_printf(m, " mapcount %d", obj_mapcount(page));
	seq_printf(m, " lru %s\n", !PageLRU(page) ? "none" :
		   PageActive(page) ? "active" : "inactive");
}

static void show_mapping(struct seq_buf *m, struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (mapping)
		seq_printf(m, "mapping: file inode %lu index %u\n",
			   mapping->host ? mapping->host->i_ino : 0,
			   page->index);
	else if (page_anon_vma(page))
		seq_printf(m, "mapping: anon anon_vma %p index %u\n",
			   page_anon_vma(page), page->index);
	else
		seq_puts(m, "mapping: anon\n");
	if (PageSwapCache(page))
		seq_printf(m, "swapcache: type %u offset %u\n",
			   swp_type(page_swp_entry(page)),
			   swp_offset(page_swp_entry(page)));
}

static const char maps_it[] = "maps it";

/* What the PTE at ptep says about page: the visitors' verdict. */
static const char *pte_verdict(pte_t *ptep, struct page *page)
{
	if (!ptep)
		return "no page table";
	if (!pte_present(*ptep))
		return "PTE not present";
	if (pte_pfn(*ptep) != page_to_pfn(page))
		return "maps another page";
	return maps_it;
}

static void show_vma(struct seq_buf *m, struct vm_area_struct *vma)
{
	seq_printf(m, "pid %d vma 0x%08lx-0x%08lx pgoff %lu %s%s",
		   mm_pid(vma->vm_mm), vma->vm_start, vma->vm_end,
		   vma->vm_pgoff, vma->vm_flags & VM_SHARED ? "shared" : "private",
		   vma->vm_flags & VM_NONLINEAR ? " nonlinear" : "");
}

/* The verdict on mm's PTE for addr; the caller holds page_table_lock. */
static const char *obj_verdict(struct mm_struct *mm, unsigned long addr,
			       struct page *page)
{
	pte_addr_t paddr = pte_lookup_paddr(mm, addr);
	const char *verdict;
	pte_t *ptep;

	if (!paddr)
		return pte_verdict(NULL, page);
	ptep = rmap_ptep_map(paddr);
	verdict = pte_verdict(ptep, page);
	rmap_ptep_unmap(ptep);
	return verdict;
}

/* One stop of an object walk: where vma_address says the page is. */
static int trace_vma(struct vm_area_struct *vma, struct page *page, void *arg)
{
	struct trace_walk *w = arg;
	unsigned long addr = vma_address(page, vma);
	const char *verdict;
	unsigned long flags;

	w->stops++;
	seq_puts(w->m, "vma: ");
	show_vma(w->m, vma);
	if (addr == (unsigned long)-EFAULT) {
		seq_puts(w->m, ": address outside the VMA\n");
		return 0;
	}
	if (!spin_trylock_irqsave(&vma->vm_mm->page_table_lock, flags)) {
		trylock_failed(TRYLOCK_PTL_PAGETRACE);
		seq_printf(w->m, " at 0x%08lx: page_table_lock busy\n", addr);
		return 0;
	}
	verdict = obj_verdict(vma->vm_mm, addr, page);
	spin_unlock_irqrestore(&vma->vm_mm->page_table_lock, flags);
	w->maps += verdict == maps_it;
	seq_printf(w->m, " at 0x%08lx: %s\n", addr, verdict);
	return 0;
}

/* One entry of a pte_chain: the PTE location leads to mm and address. */
static int trace_chain_pte(pte_t *ptep, pte_addr_t paddr, struct page *page,
			   void *arg)
{
	struct trace_walk *w = arg;
	struct mm_struct *mm = ptep_to_mm(paddr);
	unsigned long addr = ptep_to_address(paddr);
	struct vm_area_struct *vma = find_vma(mm, addr);
	const char *verdict = pte_verdict(ptep, page);

	w->stops++;
	w->maps += verdict == maps_it;
	seq_printf(w->m, "chain: pte 0x%08x address 0x%08lx ", paddr, addr);
	if (vma && addr >= vma->vm_start)
		show_vma(w->m, vma);
	else
		seq_printf(w->m, "pid %d no vma", mm_pid(mm));
	seq_printf(w->m, ": %s\n", verdict);
	return 0;
}

/* The reverse map's walk for page in this rmap mode, stop by stop. */
static void show_walk(struct seq_buf *m, struct page *page)
{
	struct trace_walk w = { m, 0, 0 };
	struct rmap_walk_control rwc = {
		.rmap_one = trace_vma, .arg = &w, .wait = true,
	};
	int mapcount = 0;

	if (page_uses_chain(page)) {
		seq_printf(m, "walk: pte_chain (%s)\n",
			   PageDirect(page) ? "direct" : "chain nodes");
		if (page_mapped(page))
			rmap_walk_chain(page, trace_chain_pte, &w);
		mapcount = w.maps;
	} else if (PageAnon(page) && page_anon_vma(page)) {
		seq_printf(m, "walk: anon_vma %p\n", page_anon_vma(page));
		rmap_walk_anon(page, &rwc);
		mapcount = obj_mapcount(page);
	} else if (page_mapping(page)) {
		seq_printf(m, "walk: objrmap inode %lu index %u i_mmap %s\n",
			   page->mapping->host ? page->mapping->host->i_ino : 0,
			   page->index, i_mmap_mode_name());
		rmap_walk_file(page, &rwc);
		mapcount = obj_mapcount(page);
	} else {
		seq_puts(m, "walk: none (no object and no chain)\n");
	}
	seq_printf(m, "found: %d of %d stops map the page, mapcount %d%s\n",
		   w.maps, w.stops, mapcount,
		   page_mapped(page) ? "" : " (unmapped: reclaim would not walk)");
}

/* A swap PTE: the slot, its count, and the swap cache's page if any. */
static struct page *show_swap(struct seq_buf *m, pte_t pte)
{
	swp_entry_t entry = pte_to_swp_entry(pte);
	struct page *page;

	if (!swap_info_get(entry)) {
		seq_puts(m, "swap: no such slot\n");
		return NULL;
	}
	page = lookup_swap_cache(entry);
	seq_printf(m, "swap: type %u offset %u swap_map %d swapcache %s\n",
		   swp_type(entry), swp_offset(entry), swap_count(entry),
		   page ? "yes" : "no");
	return page;
}

void pagetrace_show(struct seq_buf *m, struct mm_struct *mm,
		    unsigned long addr)
{
	struct vm_area_struct *vma;
	struct page *page = NULL;
	pte_addr_t paddr;
	pte_t *ptep, pte = __pte(0);
	unsigned long flags;

	seq_printf(m, "address: 0x%08lx pid %d rmap %s i_mmap %s\n", addr,
		   mm_pid(mm), rmap_mode_name(), i_mmap_mode_name());
	down(&mm->mmap_sem);
	vma = find_vma(mm, addr);
	if (!vma || addr < vma->vm_start) {
		seq_puts(m, "vma: none\n");
		goto out;
	}
	seq_puts(m, "vma: ");
	show_vma(m, vma);
	seq_puts(m, vma->vm_file ? " file\n" : " anon\n");
	spin_lock_irqsave(&mm->page_table_lock, flags);
	paddr = pte_lookup_paddr(mm, addr);
	if (paddr) {
		ptep = rmap_ptep_map(paddr);
		pte = *ptep;
		rmap_ptep_unmap(ptep);
	}
	if (paddr && pte_present(pte) && pfn_valid(pte_pfn(pte))) {
		page = pte_page(pte);
		get_page(page);
	}
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	if (!paddr) {
		seq_puts(m, "pte: no page table\n");
		goto out;
	}
	show_pte(m, paddr, pte);
	if (!pte_present(pte) && !pte_none(pte) && !pte_file(pte))
		page = show_swap(m, pte);
	if (!page) {
		seq_puts(m, "page: none (a fault would bring one)\n");
		goto out;
	}
	show_page(m, page);
	if (PageReserved(page)) {
		seq_puts(m, "walk: none (a reserved page has no reverse map)\n");
		put_page(page);
		goto out;
	}
	lock_page(page);
	show_mapping(m, page);
	show_walk(m, page);
	unlock_page(page);
	put_page(page);
out:
	up(&mm->mmap_sem);
}
