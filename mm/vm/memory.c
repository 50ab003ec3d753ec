/*
 * mm/vm/memory.c - handle_mm_fault: making the PTE a fault asked for.
 *
 * mm/vm/fault.c has decided the access is allowed by the VMA (growing a
 * VM_GROWSDOWN stack if the address is just below one); handle_mm_fault
 * then makes the PTE:
 *   - empty PTE, anonymous VMA: a new zeroed page (demand zero);
 *   - empty PTE, file VMA: the page cache page from vm_ops->nopage,
 *     or a private copy of it at once if this is a write to MAP_PRIVATE;
 *     a read also maps the cached neighbours (mm/vm/fault_around.c);
 *   - a swap entry: the page back from the swap cache or disk
 *     (do_swap_page);
 *   - a file PTE of a nonlinear VMA: that file page (do_file_pte);
 *   - present but read-only, write allowed: copy-on-write (do_wp_page);
 *     a write to a MAP_SHARED page marks it dirty and makes the PTE
 *     writable, after the file system's page_mkwrite.  A shared
 *     mapping of a file on disk maps pages read-only until written
 *     (vma_wants_writenotify), so writeback hears of every first store.
 * Pages are allocated and read with no lock held but mmap_sem; the PTE is
 * re-checked under page_table_lock before it is set.  Linux 2.6 keeps
 * these cases in mm/memory.c under the same names; Mapback keeps the
 * range walks that file also holds in mm/vm/page_range.c.
 */
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "mm/vm/memory.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/pt_walk.h"
#include "mm/vm/filemap.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/pte_map.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/rmap/rmap.h"
#include "mm/phys/tlb.h"
#include "mm/rmap/pagetrace_events.h"
#include "fs/file.h"
#include "mm/writeback/writeback.h"

static bool pte_same(pte_t a, pte_t b)
{
	return pte_val(a) == pte_val(b);
}

/* Swap in a new page for the old one at *pte (still == orig); 0, or
 * -ENOMEM with the PTE left empty and new still the caller's. */
/* LAB 2 BEGIN: replace_page, used by your do_wp_page */
static int replace_page(struct vm_area_struct *vma, unsigned long addr,
			pte_t *pte, struct page *new, pte_t entry)
{
	vm_clear_pte(vma, addr, pte);
	return vm_install_pte(vma, addr, pte, new, entry);
}
/* LAB 2 END */

static pte_t writable_pte(struct page *page, struct vm_area_struct *vma)
{
	return pte_mkyoung(pte_mkdirty(pte_mkwrite(mk_pte(page,
							 vma->vm_page_prot))));
}

/* A private, anonymous copy of src. */
static struct page *copy_to_new_page(struct page *src)
{
	struct page *new = alloc_page(GFP_HIGHUSER);

	if (!new)
		return NULL;
	copy_highpage(new, src);
	return new;
}

/*
 * Before a shared file page's PTE becomes writable, the file system may
 * reserve what writing it back will need (vm_ops->page_mkwrite).  No lock
 * held but mmap_sem; 0, or the fault's result.
 */
static int page_mkwrite_fault(struct vm_area_struct *vma, struct page *page)
{
	int err;

	if (!vma->vm_ops || !vma->vm_ops->page_mkwrite)
		return 0;
	err = vma->vm_ops->page_mkwrite(vma, page);
	if (!err)
		return 0;
	return err == -ENOMEM ? VM_FAULT_OOM : VM_FAULT_SIGBUS;
}

/*
 * A write to a present read-only PTE of a shared mapping: the first store
 * since a read fault of a file on disk mapped the page, or page_mkclean
 * cleaned it for writeback.  Tell the file system, mark the page dirty and
 * make the PTE writable; the page is never copied.  Then, as after a
 * write(2), the writer is held back when too much memory is dirty
 * (balance_dirty_pages): reclaim must find clean pages to take.
 */
static int do_shared_wp_page(struct mm_struct *mm, struct vm_area_struct *vma,
			     unsigned long addr, pte_t orig)
{
	struct page *page = pfn_to_page(pte_pfn(orig));
	unsigned long flags;
	pte_t *pte;
	int ret;

	pte = pte_offset_map_lock(mm, addr, &flags);
	if (!pte_same(*pte, orig)) {
		pte_unmap_unlock(mm, pte, flags);
		return VM_FAULT_MINOR;
	}
	get_page(page);		/* keep it while page_mkwrite may sleep */
	pte_unmap_unlock(mm, pte, flags);
	ret = page_mkwrite_fault(vma, page);
	if (!ret) {
		pte = pte_offset_map_lock(mm, addr, &flags);
		if (pte_same(*pte, orig)) {	/* else truncated or unmapped */
			set_page_dirty(page);
			set_pte(pte, pte_mkyoung(pte_mkdirty(pte_mkwrite(orig))));
			flush_tlb_page(mm, addr);
		}
		pte_unmap_unlock(mm, pte, flags);
		ret = VM_FAULT_MINOR;
	}
	put_page(page);
	/* Shared anonymous memory has no file (its page came back from
	 * swap read-only): swap, not writeback, takes its dirty pages. */
	if (ret == VM_FAULT_MINOR && vma->vm_file)
		balance_dirty_pages_ratelimited(vma->vm_file->f_mapping);
	return ret;
}

/*
 * Write to a present read-only PTE in a writable private VMA.  If the
 * page is anonymous and ours alone (its one reference is this PTE's),
 * write-enable it in place.  Otherwise copy it and point the PTE at the
 * copy.  (A shared VMA's page is written in place: do_shared_wp_page.)
 */
static int do_wp_page(struct mm_struct *mm, struct vm_area_struct *vma,
		      unsigned long addr, pte_t orig)
{
	/* LAB 2 BEGIN: copy-on-write: reuse the page or copy it; stub: (void)mm; (void)vma; (void)addr; (void)orig; return VM_FAULT_SIGBUS; */
	struct page *old = pfn_to_page(pte_pfn(orig)), *new;
	unsigned long flags;
	int ret = VM_FAULT_MINOR;
	pte_t *pte;

	pte = pte_offset_map_lock(mm, addr, &flags);
	if (!pte_same(*pte, orig))
		goto out_unlock;	/* changed while we were away */
	if ((PageAnon(old) && page_count(old) == 1) ||
	    (PageAnon(old) && reuse_swap_page(old) && page_count(old) == 1)) {
		set_pte(pte, pte_mkyoung(pte_mkdirty(pte_mkwrite(orig))));
		flush_tlb_page(mm, addr);
		goto out_unlock;
	}
	get_page(old);		/* keep it while we copy, unlocked */
	pte_unmap_unlock(mm, pte, flags);

	new = anon_vma_prepare(vma) ? NULL : copy_to_new_page(old);
	if (!new) {
		put_page(old);
		return VM_FAULT_OOM;
	}
	pte = pte_offset_map_lock(mm, addr, &flags);
	if (pte_same(*pte, orig)) {
		SetPageAnon(new);
		lru_cache_add_active(new);
		if (replace_page(vma, addr, pte, new, writable_pte(new, vma))) {
			put_page(new);
			ret = VM_FAULT_OOM;
		}
	} else {
		put_page(new);
	}
	pte_unmap_unlock(mm, pte, flags);
	put_page(old);
	return ret;

out_unlock:
	pte_unmap_unlock(mm, pte, flags);
	return VM_FAULT_MINOR;
	/* LAB 2 END */
}

/* A write to a present read-only PTE the VMA allows. */
static int do_write_protected(struct mm_struct *mm, struct vm_area_struct *vma,
			      unsigned long addr, pte_t orig)
{
	if (vma->vm_flags & VM_SHARED)
		return do_shared_wp_page(mm, vma, addr, orig);
	return do_wp_page(mm, vma, addr, orig);
}

/*
 * Install page at addr's empty PTE, unless it is no longer empty (nothing
 * fills an empty PTE without mmap_sem today; the test keeps every fault
 * path rechecking under page_table_lock); ret is the fault's result,
 * VM_FAULT_OOM instead if the reverse map had no memory.
 */
static int install_new(struct vm_area_struct *vma, unsigned long addr,
		       struct page *page, pte_t entry, int ret)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long flags;
	pte_t *pte = pte_offset_map_lock(mm, addr, &flags);

	if (!pte_none(*pte)) {
		put_page(page);
	} else if (vm_install_pte(vma, addr, pte, page, entry)) {
		put_page(page);
		ret = VM_FAULT_OOM;
	}
	pte_unmap_unlock(mm, pte, flags);
	return ret;
}

/* Demand zero: a fresh page, writable at once if the VMA is. */
static int do_anonymous_page(struct vm_area_struct *vma, unsigned long addr)
{
	/* LAB 2 BEGIN: demand zero: a fresh zeroed page; stub: (void)vma; (void)addr; return VM_FAULT_SIGBUS; */
	struct page *page;
	pte_t entry;

	if (anon_vma_prepare(vma))
		return VM_FAULT_OOM;
	page = alloc_page(GFP_HIGHUSER);
	if (!page)
		return VM_FAULT_OOM;
	clear_highpage(page);
	SetPageAnon(page);
	lru_cache_add_active(page);
	entry = mk_pte(page, vma->vm_page_prot);
	if (vma->vm_flags & VM_WRITE)
		entry = pte_mkwrite(entry);
	return install_new(vma, addr, page, pte_mkyoung(entry),
			   VM_FAULT_MINOR);
	/* LAB 2 END */
}

/*
 * A file page.  A write to a private mapping gets its own anonymous copy
 * right away (the page cache page is never mapped writable there); a write
 * to a shared one maps the cache page writable and dirty, once the file
 * system has had its say (page_mkwrite).
 */
static int do_file_page(struct vm_area_struct *vma, unsigned long addr,
			bool write)
{
	struct page *page = vma->vm_ops->nopage(vma, addr);
	pte_t entry;
	int ret;

	if (page == NOPAGE_SIGBUS)
		return VM_FAULT_SIGBUS;
	if (page == NOPAGE_OOM)
		return VM_FAULT_OOM;
	if (write && !(vma->vm_flags & VM_SHARED)) {
		struct page *copy = anon_vma_prepare(vma) ? NULL :
				    copy_to_new_page(page);

		put_page(page);
		if (!copy)
			return VM_FAULT_OOM;
		SetPageAnon(copy);
		lru_cache_add_active(copy);
		return install_new(vma, addr, copy, writable_pte(copy, vma),
				   VM_FAULT_MAJOR);
	}
	entry = pte_mkyoung(mk_pte(page, vma->vm_page_prot));
	if (write) {
		ret = page_mkwrite_fault(vma, page);
		if (ret) {
			put_page(page);
			return ret;
		}
		set_page_dirty(page);
		entry = pte_mkdirty(pte_mkwrite(entry));
	}
	/* The object walk cannot find a nonlinear PTE: chain the page. */
	if ((vma->vm_flags & VM_NONLINEAR) && page_convert_anon(page)) {
		put_page(page);
		return VM_FAULT_OOM;
	}
	/* Reading the page, page_mkwrite and the conversion may sleep, and
	 * a truncate meanwhile may have taken the page out of its file:
	 * then map nothing and let the access fault again (SIGBUS past the
	 * end, a fresh page in a hole).  From here to the PTE nothing
	 * sleeps. */
	if (!page->mapping) {
		put_page(page);
		return VM_FAULT_MINOR;
	}
	ret = install_new(vma, addr, page, entry, VM_FAULT_MAJOR);
	if (ret > 0 && !write)
		do_fault_around(vma, addr);
	/* A store through a shared mapping dirties a page as write(2) does,
	 * and is held back the same way when too much memory is dirty. */
	if (ret > 0 && write)
		balance_dirty_pages_ratelimited(vma->vm_file->f_mapping);
	return ret;
}

/*
 * A nonlinear PTE that reclaim emptied kept its file offset: bring that
 * page back the way remap_file_pages put it there.
 */
static int do_file_pte(struct vm_area_struct *vma, unsigned long addr,
		       pte_t entry)
{
	int err;

	BUG_ON(!(vma->vm_flags & VM_NONLINEAR) || !vma->vm_ops->populate);
	err = vma->vm_ops->populate(vma, addr, PAGE_SIZE, vma->vm_page_prot,
				    pte_to_pgoff(entry), false);
	if (err == -ENOMEM)
		return VM_FAULT_OOM;
	return err ? VM_FAULT_SIGBUS : VM_FAULT_MAJOR;
}

/* Read the page of a swap entry back, with its neighbours on disk
 * (swapin_readahead), or find it still in the swap cache.  NULL with *err
 * set when it cannot be had. */
static struct page *swapin_page(swp_entry_t entry, int *ret, int *err)
{
	struct page *page = lookup_swap_cache(entry);

	if (page)
		return page;
	page = read_swap_cache(entry, err);
	if (!page)
		return NULL;
	swapin_readahead(entry);
	*ret = VM_FAULT_MAJOR;
	stat_inc(&vm_events.pgmajfault);
	return page;
}

/* Is the PTE still orig?  Other faults of the mm wait for our mmap_sem,
 * but truncation (unmap_mapping_range) zaps PTEs without it: if it took
 * this swap PTE and its slot while we read, our failure is no error. */
static bool pte_unchanged(struct mm_struct *mm, unsigned long addr,
			  pte_t orig)
{
	unsigned long flags;
	pte_t *pte = pte_offset_map_lock(mm, addr, &flags);
	bool same = pte_same(*pte, orig);

	pte_unmap_unlock(mm, pte, flags);
	return same;
}

static int swapin_failed(swp_entry_t entry, int err)
{
	if (err == -ENOMEM)
		return VM_FAULT_OOM;
	printk("swap: cannot read slot %u of area %u: pid %d (%s) gets SIGBUS\n",
	       swp_offset(entry), swp_type(entry), current->pid, current->comm);
	return VM_FAULT_SIGBUS;
}

/*
 * The PTE holds a swap entry: bring the page back (an anonymous page
 * again, on the reverse map through vm_install_pte: its pte_chain, or
 * its VMA's anon_vma in rmap=anon_vma) and give the PTE's slot
 * reference back.  The page stays in the swap cache, so a clean page can
 * be evicted again without a write; a write fault then breaks that link
 * (reuse_swap_page) or copies, through do_wp_page.
 */
static int do_swap_page(struct mm_struct *mm, struct vm_area_struct *vma,
			unsigned long addr, pte_t orig, bool write)
{
	swp_entry_t entry = pte_to_swp_entry(orig);
	int ret = VM_FAULT_MINOR, err = 0;
	bool retried = false;
	struct page *page;
	unsigned long flags;
	pte_t new, *pte;

	if (anon_vma_prepare(vma))
		return VM_FAULT_OOM;
again:
	page = swapin_page(entry, &ret, &err);
	if (!page)
		return pte_unchanged(mm, addr, orig) ?
			       swapin_failed(entry, err) : VM_FAULT_MINOR;
	lock_page(page);		/* not while reclaim writes it */
	if (!PageUptodate(page)) {
		/* found in the swap cache while another fault's read of it
		 * was failing: that read's SIGBUS is ours too.  Unless it
		 * was readahead's, which nobody needed: read it ourselves. */
		bool ahead = PageReadahead(page) && !retried;

		unlock_page(page);
		put_page(page);
		if (ahead) {
			retried = true;
			goto again;
		}
		return VM_FAULT_SIGBUS;
	}
	if (TestClearPageReadahead(page))
		stat_inc(&vm_events.swap_ra_hit);
	pte = pte_offset_map_lock(mm, addr, &flags);
	if (!pte_same(*pte, orig)) {
		/* zapped while we read (truncation does not take
		 * mmap_sem): the page is no longer this PTE's */
		pte_unmap_unlock(mm, pte, flags);
		unlock_page(page);
		put_page(page);
		return ret;
	}
	SetPageAnon(page);
	new = pte_mkyoung(mk_pte(page, vma->vm_page_prot));
	if (vm_install_pte(vma, addr, pte, page, new)) {
		pte_unmap_unlock(mm, pte, flags);
		unlock_page(page);
		put_page(page);
		return VM_FAULT_OOM;
	}
	swap_free(entry);
	pagetrace_event(PAGE_SWAPIN, page, vma, addr);
	pte_unmap_unlock(mm, pte, flags);
	unlock_page(page);
	if (write && (vma->vm_flags & VM_WRITE))
		return do_write_protected(mm, vma, addr, new) ==
				       VM_FAULT_OOM ?
			       VM_FAULT_OOM : ret;
	return ret;
}

int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    unsigned long addr, bool write)
{
	pte_t *pte, entry;
	unsigned long flags;

	addr &= PAGE_MASK;
	pte_chain_preload(GFP_KERNEL);	/* before page_table_lock */
	pte = pte_alloc_map(mm, addr);
	if (!pte)
		return VM_FAULT_OOM;
	stat_inc(&vm_events.pgfault);
	/* Each handler maps the PTE again under page_table_lock after it
	 * has slept (mm/vm/pt_walk.h), and checks that it still holds entry. */
	entry = *pte;
	pte_unmap(pte);
	if (pte_file(entry))
		return do_file_pte(vma, addr, entry);
	if (!pte_none(entry) && !pte_present(entry))
		return do_swap_page(mm, vma, addr, entry, write);
	if (pte_none(entry)) {
		if (vma->vm_ops && vma->vm_ops->nopage)
			return do_file_page(vma, addr, write);
		return do_anonymous_page(vma, addr);
	}
	BUG_ON(!pte_present(entry));
	if (write && !pte_write(entry))
		return do_write_protected(mm, vma, addr, entry);

	/* Present and allowed: another thread's fault installed it while we
	 * waited for mmap_sem, or a PROT_NONE->RW race. */
	pte = pte_offset_map_lock(mm, addr, &flags);
	if (pte_same(*pte, entry)) {
		entry = pte_mkyoung(entry);
		if (write)
			entry = pte_mkdirty(entry);
		set_pte(pte, entry);
		flush_tlb_page(mm, addr);
	}
	pte_unmap_unlock(mm, pte, flags);
	return VM_FAULT_MINOR;
}

