/*
 * fs/proc/smaps.c - /proc/PID/smaps and /proc/PID/smaps_rollup, in Linux
 * 6.1's format (fs/proc/task_mmu.c there).
 *
 * smaps is maps with a block of counts under each VMA line; smaps_rollup
 * is one block of their sums under a line for the whole range.  The
 * counts come from a walk of the VMA's PTEs under page_table_lock:
 *
 *  - a present PTE is a resident page: Rss, Referenced (the accessed bit
 *    or PG_referenced, neither cleared), dirty or clean (the dirty bit or
 *    PG_dirty), Anonymous for PageAnon;
 *  - the reverse map says how many PTEs map that page (page_mapcount):
 *    with 2 or more the page is Shared_*, else Private_*, and its
 *    proportional share, Pss, is PAGE_SIZE / mapcount;
 *  - a swap PTE is Swap, and SwapPss shares the page among the slot's
 *    references from PTEs (its swap count less the swap cache's own);
 *  - an empty PTE of a ramfs file VMA whose page went to swap is Swap, as
 *    Linux counts a tmpfs (shmem) page on swap.
 *
 * Pss is summed in 1/4096ths of a byte (PSS_SHIFT), as Linux does, so the
 * shares of many pages add up before the division by 1024 rounds.
 */
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/namei.h"
#include "fs/proc/task_mmu.h"
#include "fs/proc/procfs.h"
#include "mm/reclaim/shmem_swap.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/sched/spinlock.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/phys/pgtable.h"
#include "mm/vm/pt_walk.h"
#include "mm/phys/slab.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

#define PSS_SHIFT 12

/* Linux's struct mem_size_stats: bytes, and Pss in bytes << PSS_SHIFT. */
struct mem_size_stats {
	unsigned long resident, shared_clean, shared_dirty, private_clean,
		private_dirty, referenced, anonymous, swap;
	u64 pss, pss_anon, pss_file, pss_shmem, pss_dirty, pss_locked, swap_pss;
};

/* A page's share among n mappers, in PSS_SHIFT units (fits 32 bits). */
static u32 share(int n)
{
	return n >= 2 ? (PAGE_SIZE << PSS_SHIFT) / (u32)n :
			PAGE_SIZE << PSS_SHIFT;
}

/*
 * A resident page (Linux's smaps_account and smaps_page_accumulate).
 * Every file Mapback can map is in ramfs, which like tmpfs keeps its pages
 * in memory or in swap: Linux counts such pages as Pss_Shmem.
 */
static void account_page(struct mem_size_stats *mss, struct page *page,
			 pte_t pte, bool locked)
{
	int mapcount = page_mapcount(page);
	bool dirty = pte_dirty(pte) || PageDirty(page);
	u32 pss = share(mapcount);

	mss->resident += PAGE_SIZE;
	if (pte_young(pte) || PageReferenced(page))
		mss->referenced += PAGE_SIZE;
	mss->pss += pss;
	if (PageAnon(page)) {
		mss->anonymous += PAGE_SIZE;
		mss->pss_anon += pss;
	} else if (page_mapping(page) && page_mapping(page)->a_ops &&
		   page_mapping(page)->a_ops->writepage) {
		mss->pss_shmem += pss;
	} else {
		mss->pss_file += pss;
	}
	if (locked)
		mss->pss_locked += pss;
	if (dirty) {
		mss->pss_dirty += pss;
		if (mapcount >= 2)
			mss->shared_dirty += PAGE_SIZE;
		else
			mss->private_dirty += PAGE_SIZE;
	} else if (mapcount >= 2) {
		mss->shared_clean += PAGE_SIZE;
	} else {
		mss->private_clean += PAGE_SIZE;
	}
}

/* A swap PTE: the slot's references from PTEs share it (Linux's
 * swp_swapcount); the swap cache's reference is not a mapper. */
static void account_swap(struct mem_size_stats *mss, swp_entry_t entry)
{
	struct page *cached = lookup_swap_cache(entry);
	int n = swap_count(entry);

	if (cached) {
		n--;
		put_page(cached); /* the cache keeps its own reference */
	}
	mss->swap += PAGE_SIZE;
	mss->swap_pss += share(n);
}

/* One PTE of vma; the caller holds page_table_lock. */
static void smaps_pte(struct mem_size_stats *mss, struct vm_area_struct *vma,
		      pte_t pte)
{
	bool locked = vma->vm_flags & VM_LOCKED;
	struct page *page;

	if (pte_present(pte)) {
		/* Linux's vm_normal_page: no struct page behind I/O maps. */
		if (vma->vm_flags & (VM_IO | VM_RESERVED) ||
		    !pfn_valid(pte_pfn(pte)))
			return;
		page = pte_page(pte);
		if (!PageReserved(page))
			account_page(mss, page, pte, locked);
	} else if (!pte_none(pte) && !pte_file(pte)) {
		account_swap(mss, pte_to_swp_entry(pte));
	}
}

/* An empty PTE of a file VMA: is its page on swap (a ramfs page)? */
static void smaps_hole(struct mem_size_stats *mss, struct vm_area_struct *vma,
		       unsigned long addr)
{
	unsigned long index =
		vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);

	if (vma->vm_file && !(vma->vm_flags & VM_NONLINEAR) &&
	    mapping_swapped(vma->vm_file->f_inode->i_mapping, index))
		mss->swap += PAGE_SIZE;
}

/* Every PTE of vma, one page table at a time under page_table_lock. */
static void smaps_walk(struct mm_struct *mm, struct vm_area_struct *vma,
		       struct mem_size_stats *mss)
{
	unsigned long addr = vma->vm_start;

	while (addr < vma->vm_end) {
		unsigned long end = (addr & ~(PGDIR_SPAN - 1)) + PGDIR_SPAN;
		pte_t *table, *pte;
		u32 flags;

		end = min(end, vma->vm_end);
		spin_lock_irqsave(&mm->page_table_lock, flags);
		table = pte = pte_lookup_map(mm, addr);	/* one map per table */
		for (; addr < end; addr += PAGE_SIZE) {
			if (pte && !pte_none(*pte))
				smaps_pte(mss, vma, *pte);
			else
				smaps_hole(mss, vma, addr);
			if (pte)
				pte++;
		}
		if (table)
			pte_unmap(table);
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
	}
}

static void put_kb(struct seq_buf *m, const char *label, u64 bytes)
{
	seq_printf(m, "%s%8lu kB\n", label, (unsigned long)(bytes >> 10));
}

/* Linux's __show_smap; rollup adds the three Pss_* lines. */
static void show_counts(struct seq_buf *m, const struct mem_size_stats *mss,
			bool rollup)
{
	put_kb(m, "Rss:            ", mss->resident);
	put_kb(m, "Pss:            ", mss->pss >> PSS_SHIFT);
	put_kb(m, "Pss_Dirty:      ", mss->pss_dirty >> PSS_SHIFT);
	if (rollup) {
		put_kb(m, "Pss_Anon:       ", mss->pss_anon >> PSS_SHIFT);
		put_kb(m, "Pss_File:       ", mss->pss_file >> PSS_SHIFT);
		put_kb(m, "Pss_Shmem:      ", mss->pss_shmem >> PSS_SHIFT);
	}
	put_kb(m, "Shared_Clean:   ", mss->shared_clean);
	put_kb(m, "Shared_Dirty:   ", mss->shared_dirty);
	put_kb(m, "Private_Clean:  ", mss->private_clean);
	put_kb(m, "Private_Dirty:  ", mss->private_dirty);
	put_kb(m, "Referenced:     ", mss->referenced);
	put_kb(m, "Anonymous:      ", mss->anonymous);
	/* No MADV_FREE, huge pages or hugetlbfs: always 0. */
	put_kb(m, "LazyFree:       ", 0);
	put_kb(m, "AnonHugePages:  ", 0);
	put_kb(m, "ShmemPmdMapped: ", 0);
	put_kb(m, "FilePmdMapped:  ", 0);
	put_kb(m, "Shared_Hugetlb: ", 0);
	seq_printf(m, "Private_Hugetlb: %7lu kB\n", 0UL);
	put_kb(m, "Swap:           ", mss->swap);
	put_kb(m, "SwapPss:        ", mss->swap_pss >> PSS_SHIFT);
	put_kb(m, "Locked:         ", mss->pss_locked >> PSS_SHIFT);
}

/*
 * Linux 6.1's mnemonics, in the order of Linux's bit numbers, for the
 * flags Mapback has.  VM_ACCOUNT is Linux's mark of a private writable
 * mapping charged to the commit limit; Mapback keeps no such charge, so
 * "ac" is shown where Linux would have set it: private and writable.
 */
static void show_vm_flags(struct seq_buf *m, struct vm_area_struct *vma)
{
	static const struct {
		unsigned long flag;
		char name[3];
	} mnemonics[] = {
		{ VM_READ, "rd" },	 { VM_WRITE, "wr" },
		{ VM_EXEC, "ex" },	 { VM_SHARED, "sh" },
		{ VM_MAYREAD, "mr" },	 { VM_MAYWRITE, "mw" },
		{ VM_MAYEXEC, "me" },	 { VM_MAYSHARE, "ms" },
		{ VM_GROWSDOWN, "gd" },	 { VM_LOCKED, "lo" },
		{ VM_IO, "io" },	 { VM_SEQ_READ, "sr" },
		{ VM_RAND_READ, "rr" },	 { VM_DONTCOPY, "dc" },
		{ VM_DONTEXPAND, "de" }, { VM_ACCOUNT, "ac" },
		{ VM_WIPEONFORK, "wf" }, { VM_DONTDUMP, "dd" },
		{ VM_HUGEPAGE, "hg" },	 { VM_NOHUGEPAGE, "nh" },
		{ VM_MERGEABLE, "mg" },
	};
	unsigned long flags = vma->vm_flags;
	unsigned int i;

	if ((flags & (VM_WRITE | VM_SHARED)) == VM_WRITE)
		flags |= VM_ACCOUNT;
	seq_puts(m, "VmFlags: ");
	for (i = 0; i < ARRAY_SIZE(mnemonics); i++)
		if (flags & mnemonics[i].flag)
			seq_printf(m, "%s ", mnemonics[i].name);
	seq_putc(m, '\n');
}

static void show_smap(struct seq_buf *m, struct mm_struct *mm,
		      struct vm_area_struct *vma, char *line)
{
	struct mem_size_stats mss;

	memset(&mss, 0, sizeof(mss));
	smaps_walk(mm, vma, &mss);
	seq_write(m, line, maps_line(mm, vma, line));
	put_kb(m, "Size:           ", vma->vm_end - vma->vm_start);
	put_kb(m, "KernelPageSize: ", PAGE_SIZE);
	put_kb(m, "MMUPageSize:    ", PAGE_SIZE);
	show_counts(m, &mss, false);
	seq_printf(m, "THPeligible:    %d\n", 0); /* no huge pages */
	show_vm_flags(m, vma);
}

void proc_pid_smaps_show(struct seq_buf *m, struct task_struct *t)
{
	struct mm_struct *mm = get_task_mm(t);
	struct vm_area_struct *vma;
	char *line;

	if (!mm)
		return;
	line = kmalloc(MAPS_LINE_MAX, GFP_KERNEL);
	if (!line) {
		m->len = m->size; /* procfs gives up with -ENOMEM */
		mmput(mm);
		return;
	}
	down(&namespace_sem); /* maps_line's d_path; before mmap_sem */
	down(&mm->mmap_sem);
	for_each_vma(vma, mm) {
		show_smap(m, mm, vma, line);
		if (seq_overflow(m))
			break; /* procfs runs us again, bigger */
	}
	up(&mm->mmap_sem);
	up(&namespace_sem);
	kfree(line);
	mmput(mm);
}

static void add_stats(struct mem_size_stats *sum,
		      const struct mem_size_stats *s)
{
	sum->resident += s->resident;
	sum->shared_clean += s->shared_clean;
	sum->shared_dirty += s->shared_dirty;
	sum->private_clean += s->private_clean;
	sum->private_dirty += s->private_dirty;
	sum->referenced += s->referenced;
	sum->anonymous += s->anonymous;
	sum->swap += s->swap;
	sum->pss += s->pss;
	sum->pss_anon += s->pss_anon;
	sum->pss_file += s->pss_file;
	sum->pss_shmem += s->pss_shmem;
	sum->pss_dirty += s->pss_dirty;
	sum->pss_locked += s->pss_locked;
	sum->swap_pss += s->swap_pss;
}

/* The sums, under "FIRST-LAST ---p 00000000 00:00 0 ... [rollup]". */
void proc_pid_smaps_rollup_show(struct seq_buf *m, struct task_struct *t)
{
	struct mm_struct *mm = get_task_mm(t);
	struct mem_size_stats sum, one;
	struct vm_area_struct *vma;
	unsigned long start = 0, end = 0;
	char head[MAPS_NAME_COLUMN + 1];
	int n;

	if (!mm)
		return;
	memset(&sum, 0, sizeof(sum));
	down(&mm->mmap_sem);
	for_each_vma(vma, mm) {
		if (!end)
			start = vma->vm_start;
		end = vma->vm_end;
		memset(&one, 0, sizeof(one));
		smaps_walk(mm, vma, &one);
		add_stats(&sum, &one);
	}
	up(&mm->mmap_sem);
	mmput(mm);
	n = snprintf(head, sizeof(head), "%08lx-%08lx ---p 00000000 00:00 0",
		     start, end);
	while (n < MAPS_NAME_COLUMN)
		head[n++] = ' ';
	seq_write(m, head, n);
	seq_puts(m, "[rollup]\n");
	show_counts(m, &sum, true);
}
