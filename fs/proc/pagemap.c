/*
 * fs/proc/pagemap.c - /proc/PID/pagemap: one 64-bit word per virtual page
 * of the process, in Linux 6.1's format (Documentation/admin-guide/mm/
 * pagemap.rst there), read at offset (address / 4096) * 8.
 *
 *	bit 63     the page is present in memory
 *	bit 62     the page is on swap
 *	bit 61     a file page (Linux: file page or shared anonymous)
 *	bit 56     mapped by exactly one PTE (page_mapcount == 1)
 *	bit 55     soft-dirty: 0, i386 Linux has none
 *	bits 0-54  present: the page frame number; on swap: the swap type
 *	           in bits 0-4 and the slot offset from bit 5
 *
 * Frame numbers and swap slots are shown only to a reader with
 * CAP_SYS_ADMIN (pagemap_show_pfn).  Reads and offsets must be multiples
 * of 8 bytes (EINVAL); offsets past the user address space read as end of
 * file.  The file is read in place, a word at a time from the page
 * tables under page_table_lock, never made whole at open.
 */
#include "fs/proc/procfs.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/sched/spinlock.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "fs/proc/task_mmu.h"
#include "mm/phys/pgtable.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/mm_struct.h"

#define PM_ENTRY_BYTES 8
#define PM_PFRAME_MASK ((1ULL << 55) - 1)
#define PM_MMAP_EXCLUSIVE (1ULL << 56)
#define PM_FILE (1ULL << 61)
#define PM_SWAP (1ULL << 62)
#define PM_PRESENT (1ULL << 63)
#define PM_SWAP_TYPE_BITS 5 /* Linux's MAX_SWAPFILES_SHIFT */

/*
 * Linux shows frames only to CAP_SYS_ADMIN (euid 0): the one place that
 * decides.  Linux asks of the opener's credentials; Mapback asks of the
 * reader's, the same process unless the descriptor was passed on.
 */
static bool pagemap_show_pfn(void)
{
	return capable(CAP_SYS_ADMIN);
}

/* The word for a PTE; the caller holds page_table_lock. */
static u64 pte_to_pagemap_entry(pte_t pte, bool show_pfn)
{
	u64 frame = 0, flags = 0;

	if (pte_present(pte)) {
		flags |= PM_PRESENT;
		if (show_pfn)
			frame = pte_pfn(pte);
		if (pfn_valid(pte_pfn(pte)) && !PageReserved(pte_page(pte))) {
			struct page *page = pte_page(pte);

			if (!PageAnon(page))
				flags |= PM_FILE;
			if (page_mapcount(page) == 1)
				flags |= PM_MMAP_EXCLUSIVE;
		}
	} else if (!pte_none(pte) && !pte_file(pte)) {
		swp_entry_t entry = pte_to_swp_entry(pte);

		flags |= PM_SWAP;
		if (show_pfn)
			frame = swp_type(entry) |
				((u64)swp_offset(entry) << PM_SWAP_TYPE_BITS);
	}
	return (frame & PM_PFRAME_MASK) | flags;
}

/* The words of pages [first, first + nr) into out. */
static void pagemap_fill(struct mm_struct *mm, unsigned long first,
			 unsigned int nr, u64 *out)
{
	bool show_pfn = pagemap_show_pfn();
	unsigned int i;
	u32 flags;

	spin_lock_irqsave(&mm->page_table_lock, flags);
	for (i = 0; i < nr; i++) {
		pte_t pte;

		out[i] = pte_read(mm, (first + i) << PAGE_SHIFT, &pte) ?
				 pte_to_pagemap_entry(pte, show_pfn) : 0;
	}
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
}

ssize_t proc_pid_pagemap_read(struct task_struct *t, char *buf, size_t n,
			      loff_t *pos)
{
	struct mm_struct *mm = get_task_mm(t);
	unsigned long first, last = TASK_SIZE >> PAGE_SHIFT;
	unsigned int nr;

	if (!mm)
		return 0;
	if (*pos % PM_ENTRY_BYTES || n % PM_ENTRY_BYTES) {
		mmput(mm);
		return -EINVAL;
	}
	if (*pos / PM_ENTRY_BYTES >= last || !n) {
		mmput(mm);
		return 0;
	}
	first = (unsigned long)(*pos / PM_ENTRY_BYTES);
	nr = min((unsigned long)(n / PM_ENTRY_BYTES), last - first);
	/* mmap_sem: no page table goes away under the walk. */
	down(&mm->mmap_sem);
	pagemap_fill(mm, first, nr, (u64 *)buf);
	up(&mm->mmap_sem);
	mmput(mm);
	*pos += (loff_t)nr * PM_ENTRY_BYTES;
	return (ssize_t)nr * PM_ENTRY_BYTES;
}
