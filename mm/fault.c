/*
 * mm/fault.c - the page fault handler: demand paging and copy-on-write.
 *
 * do_page_fault (vector 14) decides whether the access is allowed by the
 * VMA that covers the address (growing a VM_GROWSDOWN stack if the address
 * is just below one); handle_mm_fault then makes the PTE:
 *   - empty PTE, anonymous VMA: a new zeroed page (demand zero);
 *   - empty PTE, file VMA: the page cache page from vm_ops->nopage,
 *     or a private copy of it at once if this is a write to MAP_PRIVATE;
 *   - present but read-only, write allowed: copy-on-write (do_wp_page);
 *     a write to a MAP_SHARED file page marks it dirty.
 * Anything else is SIGSEGV (SEGV_MAPERR: no VMA; SEGV_ACCERR: the VMA
 * forbids it) for user mode, or the exception-table fixup for the kernel's
 * copy_*_user.  Pages are allocated and read with no lock held but
 * mmap_sem; the PTE is re-checked under page_table_lock before it is set.
 */
#include "kernel/errno.h"
#include "kernel/extable.h"
#include "kernel/io.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/signal.h"
#include "kernel/trap.h"
#include "kernel/task.h"
#include "mm/memory.h"
#include "mm/page_alloc.h"
#include "mm/pt_walk.h"
#include "fs/pagecache.h"
#include "mm/lru.h"
#include "mm/pte_chain.h"
#include "mm/pte_map.h"
#include "mm/swap.h"
#include "mm/swap_state.h"
#include "mm/vmscan.h"
#include "mm/rmap.h"
#include "mm/tlb.h"

static bool pte_same(pte_t a, pte_t b)
{
	return pte_val(a) == pte_val(b);
}

/* Swap in a new page for the old one at *pte (still == orig); 0, or
 * -ENOMEM with the PTE left empty and new still the caller's. */
static int replace_page(struct vm_area_struct *vma, unsigned long addr,
			pte_t *pte, struct page *new, pte_t entry)
{
	vm_clear_pte(vma, addr, pte);
	return vm_install_pte(vma, addr, pte, new, entry);
}

static pte_t writable_pte(struct page *page, struct vm_area_struct *vma)
{
	return pte_mkyoung(pte_mkdirty(pte_mkwrite(mk_pte(page,
							 vma->vm_page_prot))));
}

/* A private, anonymous copy of src. */
static struct page *copy_to_new_page(struct page *src)
{
	struct page *new = alloc_page(GFP_KERNEL);

	if (!new)
		return NULL;
	memcpy(page_address(new), page_address(src), PAGE_SIZE);
	return new;
}

/*
 * Write to a present read-only PTE in a writable VMA.  If the page is
 * anonymous and ours alone (its one reference is this PTE's), write-enable
 * it in place; a shared mapping's page is written in place too.  Otherwise
 * copy it and point the PTE at the copy.
 */
static int do_wp_page(struct mm_struct *mm, struct vm_area_struct *vma,
		      unsigned long addr, pte_t *pte, pte_t orig)
{
	struct page *old = pfn_to_page(pte_pfn(orig)), *new;
	unsigned long flags;
	int ret = VM_FAULT_MINOR;

	spin_lock_irqsave(&mm->page_table_lock, flags);
	if (!pte_same(*pte, orig))
		goto out_unlock;	/* changed while we were away */
	if ((vma->vm_flags & VM_SHARED) ||
	    (PageAnon(old) && page_count(old) == 1) ||
	    (PageAnon(old) && reuse_swap_page(old) && page_count(old) == 1)) {
		if (vma->vm_flags & VM_SHARED)
			SetPageDirty(old);
		set_pte(pte, pte_mkyoung(pte_mkdirty(pte_mkwrite(orig))));
		flush_tlb_page(mm, addr);
		goto out_unlock;
	}
	get_page(old);		/* keep it while we copy, unlocked */
	spin_unlock_irqrestore(&mm->page_table_lock, flags);

	new = copy_to_new_page(old);
	if (!new) {
		put_page(old);
		return VM_FAULT_OOM;
	}
	spin_lock_irqsave(&mm->page_table_lock, flags);
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
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	put_page(old);
	return ret;

out_unlock:
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return VM_FAULT_MINOR;
}

/*
 * Install page at the empty *pte unless someone beat us to it; ret is the
 * fault's result, VM_FAULT_OOM instead if the reverse map had no memory.
 */
static int install_new(struct vm_area_struct *vma, unsigned long addr,
		       pte_t *pte, struct page *page, pte_t entry, int ret)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long flags;

	spin_lock_irqsave(&mm->page_table_lock, flags);
	if (!pte_none(*pte)) {
		put_page(page);
	} else if (vm_install_pte(vma, addr, pte, page, entry)) {
		put_page(page);
		ret = VM_FAULT_OOM;
	}
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return ret;
}

/* Demand zero: a fresh page, writable at once if the VMA is. */
static int do_anonymous_page(struct vm_area_struct *vma, unsigned long addr,
			     pte_t *pte)
{
	struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	pte_t entry;

	if (!page)
		return VM_FAULT_OOM;
	SetPageAnon(page);
	lru_cache_add_active(page);
	entry = mk_pte(page, vma->vm_page_prot);
	if (vma->vm_flags & VM_WRITE)
		entry = pte_mkwrite(entry);
	return install_new(vma, addr, pte, page, pte_mkyoung(entry),
			   VM_FAULT_MINOR);
}

/*
 * A file page.  A write to a private mapping gets its own anonymous copy
 * right away (the page cache page is never mapped writable there); a write
 * to a shared one maps the cache page writable and dirty.
 */
static int do_file_page(struct vm_area_struct *vma, unsigned long addr,
			pte_t *pte, bool write)
{
	struct page *page = vma->vm_ops->nopage(vma, addr);
	pte_t entry;

	if (page == NOPAGE_SIGBUS)
		return VM_FAULT_SIGBUS;
	if (page == NOPAGE_OOM)
		return VM_FAULT_OOM;
	if (write && !(vma->vm_flags & VM_SHARED)) {
		struct page *copy = copy_to_new_page(page);

		put_page(page);
		if (!copy)
			return VM_FAULT_OOM;
		SetPageAnon(copy);
		lru_cache_add_active(copy);
		return install_new(vma, addr, pte, copy,
				   writable_pte(copy, vma), VM_FAULT_MAJOR);
	}
	entry = pte_mkyoung(mk_pte(page, vma->vm_page_prot));
	if (write) {
		SetPageDirty(page);
		entry = pte_mkdirty(entry);
	}
	/* VM_NONLINEAR pages are anonymous to rmap, as in the 2.5.62 patch. */
	if ((vma->vm_flags & VM_NONLINEAR) && page_convert_anon(page)) {
		put_page(page);
		return VM_FAULT_OOM;
	}
	return install_new(vma, addr, pte, page, entry, VM_FAULT_MAJOR);
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

/* Read the page of a swap entry back, or find it still in the swap cache.
 * NULL with *err set when it cannot be had. */
static struct page *swapin_page(swp_entry_t entry, int *ret, int *err)
{
	struct page *page = lookup_swap_cache(entry);

	if (page)
		return page;
	page = read_swap_cache(entry, err);
	if (!page)
		return NULL;
	*ret = VM_FAULT_MAJOR;
	vm_events.pgmajfault++;
	return page;
}

/* Is the PTE still orig?  Another thread of the mm may have faulted the
 * page back meanwhile, and freed the slot: then our failure is no error. */
static bool pte_unchanged(struct mm_struct *mm, pte_t *pte, pte_t orig)
{
	unsigned long flags;
	bool same;

	spin_lock_irqsave(&mm->page_table_lock, flags);
	same = pte_same(*pte, orig);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
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
 * again, on the pte_chain through vm_install_pte) and give the PTE's slot
 * reference back.  The page stays in the swap cache, so a clean page can
 * be evicted again without a write; a write fault then breaks that link
 * (reuse_swap_page) or copies, through do_wp_page.
 */
static int do_swap_page(struct mm_struct *mm, struct vm_area_struct *vma,
			unsigned long addr, pte_t *pte, pte_t orig, bool write)
{
	swp_entry_t entry = pte_to_swp_entry(orig);
	int ret = VM_FAULT_MINOR, err = 0;
	struct page *page = swapin_page(entry, &ret, &err);
	unsigned long flags;
	pte_t new;

	if (!page)
		return pte_unchanged(mm, pte, orig) ? swapin_failed(entry, err) :
						      VM_FAULT_MINOR;
	lock_page(page);		/* not while reclaim writes it */
	if (!PageUptodate(page)) {
		/* found in the swap cache while another fault's read of it
		 * was failing: that read's SIGBUS is ours too */
		unlock_page(page);
		put_page(page);
		return VM_FAULT_SIGBUS;
	}
	spin_lock_irqsave(&mm->page_table_lock, flags);
	if (!pte_same(*pte, orig)) {
		/* another fault of this mm brought it back first */
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
		unlock_page(page);
		put_page(page);
		return ret;
	}
	SetPageAnon(page);
	new = pte_mkyoung(mk_pte(page, vma->vm_page_prot));
	if (vm_install_pte(vma, addr, pte, page, new)) {
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
		unlock_page(page);
		put_page(page);
		return VM_FAULT_OOM;
	}
	swap_free(entry);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	unlock_page(page);
	if (write && (vma->vm_flags & VM_WRITE))
		return do_wp_page(mm, vma, addr, pte, new) == VM_FAULT_OOM ?
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
	pte = pte_alloc(mm, addr);
	if (!pte)
		return VM_FAULT_OOM;
	vm_events.pgfault++;
	entry = *pte;
	if (pte_file(entry))
		return do_file_pte(vma, addr, entry);
	if (!pte_none(entry) && !pte_present(entry))
		return do_swap_page(mm, vma, addr, pte, entry, write);
	if (pte_none(entry)) {
		if (vma->vm_ops && vma->vm_ops->nopage)
			return do_file_page(vma, addr, pte, write);
		return do_anonymous_page(vma, addr, pte);
	}
	BUG_ON(!pte_present(entry));
	if (write && !pte_write(entry))
		return do_wp_page(mm, vma, addr, pte, entry);

	/* Present and allowed: another fault won, or a PROT_NONE->RW race. */
	spin_lock_irqsave(&mm->page_table_lock, flags);
	if (pte_same(*pte, entry)) {
		entry = pte_mkyoung(entry);
		if (write)
			entry = pte_mkdirty(entry);
		set_pte(pte, entry);
		flush_tlb_page(mm, addr);
	}
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return VM_FAULT_MINOR;
}

/*
 * Extend the stack VMA down to cover addr.  It may not run into the VMA
 * below nor grow beyond the stack limit.
 */
static int expand_stack(struct vm_area_struct *vma, unsigned long addr)
{
	struct mm_struct *mm = vma->vm_mm;
	struct vm_area_struct *prev = vma_prev(vma);
	unsigned long grow;

	addr &= PAGE_MASK;
	if (prev && prev->vm_end > addr)
		return -ENOMEM;
	if (vma->vm_end - addr > STACK_LIMIT)
		return -ENOMEM;
	grow = (vma->vm_start - addr) >> PAGE_SHIFT;
	vma_unlink_tree(mm, vma);
	vma->vm_start = addr;
	vma->vm_pgoff -= grow;
	vma_link_tree(mm, vma);
	mm->total_vm += grow;
	if (vma->vm_flags & VM_LOCKED)
		mm->locked_vm += grow;
	return 0;
}

/* Does vma allow this access?  err is the CPU's page fault error code. */
static bool access_allowed(struct vm_area_struct *vma, u32 err)
{
	if (err & PF_WRITE)
		return vma->vm_flags & VM_WRITE;
	/* A read of a present page that faulted: PROT_NONE. */
	if (err & PF_PROT)
		return false;
	return vma->vm_flags & (VM_READ | VM_EXEC);
}

/*
 * Find the VMA for addr, growing a stack if addr is just below one.  For a
 * user fault the address must not be far below esp (Linux allows 64 KiB +
 * 32 words: enter and pusha may touch memory below esp).
 */
static struct vm_area_struct *fault_vma(struct mm_struct *mm,
					unsigned long addr,
					struct trapframe *tf)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	if (!vma)
		return NULL;
	if (vma->vm_start <= addr)
		return vma;
	if (!(vma->vm_flags & VM_GROWSDOWN))
		return NULL;
	if (tf && user_mode(tf) && addr + 65536 + 32 * 4 < tf->esp)
		return NULL;
	if (expand_stack(vma, addr))
		return NULL;
	return vma;
}

static void count_fault(int result)
{
	if (result == VM_FAULT_MAJOR)
		current->maj_flt++;
	else if (result == VM_FAULT_MINOR)
		current->min_flt++;
}

static void user_fault_failed(struct trapframe *tf, int sig, int code,
			      unsigned long addr)
{
	if (!user_mode(tf)) {
		kernel_fault(tf);	/* copy_*_user: fixup, or die */
		return;
	}
	force_sig_fault(sig, code, addr);
}

void do_page_fault(struct trapframe *tf)
{
	unsigned long addr = read_cr2();
	struct mm_struct *mm = current ? current->mm : NULL;
	struct vm_area_struct *vma;
	int result;

	/* CR2 is read: a nested fault may now overwrite it. */
	if (tf->eflags & EFLAGS_IF)
		sti();
	if (addr >= TASK_SIZE || !mm) {
		user_fault_failed(tf, SIGSEGV, SEGV_MAPERR, addr);
		return;
	}
	if (user_mode(tf)) {
		down(&mm->mmap_sem);
	} else if (down_trylock(&mm->mmap_sem)) {
		/* Only copy_*_user may fault on user memory in the kernel. */
		if (!search_exception_table(tf->eip))
			die(tf);
		down(&mm->mmap_sem);
	}
	vma = fault_vma(mm, addr, tf);
	if (!vma) {
		up(&mm->mmap_sem);
		user_fault_failed(tf, SIGSEGV, SEGV_MAPERR, addr);
		return;
	}
	if (!access_allowed(vma, tf->err)) {
		up(&mm->mmap_sem);
		user_fault_failed(tf, SIGSEGV, SEGV_ACCERR, addr);
		return;
	}
	result = handle_mm_fault(mm, vma, addr, tf->err & PF_WRITE);
	up(&mm->mmap_sem);
	count_fault(result);
	if (result == VM_FAULT_SIGBUS) {
		user_fault_failed(tf, SIGBUS, BUS_ADRERR, addr);
	} else if (result == VM_FAULT_OOM) {
		/* SIGKILL pending: the OOM killer chose us and said so */
		if (!fatal_signal_pending(current))
			printk("Out of memory: killing pid %d (%s) at %08lx\n",
			       current->pid, current->comm, addr);
		if (user_mode(tf))
			force_sig(SIGKILL, current);
		else
			kernel_fault(tf);
	}
}

int fault_in_user_writeable(u32 uaddr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	pte_t *pte;
	int result = VM_FAULT_MINOR;

	if (uaddr >= TASK_SIZE || !mm)
		return -EFAULT;
	down(&mm->mmap_sem);
	vma = fault_vma(mm, uaddr, NULL);
	if (!vma || !(vma->vm_flags & VM_WRITE)) {
		up(&mm->mmap_sem);
		return -EFAULT;
	}
	pte = pte_lookup(mm, uaddr);
	if (!pte || !pte_present(*pte) || !pte_write(*pte))
		result = handle_mm_fault(mm, vma, uaddr, true);
	up(&mm->mmap_sem);
	count_fault(result);
	return result > 0 ? 0 : -EFAULT;
}

int make_pages_present(struct mm_struct *mm, unsigned long start,
		       unsigned long end)
{
	unsigned long addr;

	for (addr = start & PAGE_MASK; addr < end; addr += PAGE_SIZE) {
		struct vm_area_struct *vma = find_vma(mm, addr);
		pte_t *pte;
		int r;

		if (!vma || vma->vm_start > addr)
			return -ENOMEM;
		if (!(vma->vm_flags & (VM_READ | VM_WRITE | VM_EXEC)))
			continue;
		pte = pte_lookup(mm, addr);
		if (pte && pte_present(*pte))
			continue;
		r = handle_mm_fault(mm, vma, addr, false);
		if (r < 0)
			return r == VM_FAULT_OOM ? -ENOMEM : -EFAULT;
	}
	return 0;
}

void vm_init(void)
{
	mm_struct_init();
	vma_cache_init();
	set_trap_handler(T_PGFLT, do_page_fault);
}
