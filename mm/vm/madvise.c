/*
 * mm/vm/madvise.c - madvise(2): what a program tells the kernel about a
 * range of its memory, as Linux 6.1 answers it.
 *
 * Advice about pages:
 *   DONTNEED  drop the range's pages now (the next touch gets zeroes for
 *             private anonymous memory, the file's data for file mappings);
 *   FREE      private anonymous memory only: the pages may go; here they
 *             go at once, as DONTNEED (Linux frees them lazily, at reclaim,
 *             unless written again first: either way a read after it sees
 *             the old data or zeroes, and a write is kept);
 *   WILLNEED  read a file mapping's pages into the page cache now;
 *   COLD      pages only this mapping uses move to the inactive list, their
 *             accessed bits cleared: reclaim takes them first;
 *   PAGEOUT   the same pages are reclaimed now (reclaim_page): unmapped
 *             through the reverse map and written to swap or their file,
 *             or dropped when clean.  File pages only of a file the caller
 *             could open for writing, as Linux.
 * Advice about the VMA, a flag set on the range (split off as mprotect
 * does):
 *   DONTFORK / DOFORK          VM_DONTCOPY: fork leaves it out of the child;
 *   WIPEONFORK / KEEPONFORK    VM_WIPEONFORK: the child gets it empty
 *                              (private anonymous memory only);
 *   DONTDUMP / DODUMP          VM_DONTDUMP: core dumps leave it out;
 *   HUGEPAGE / NOHUGEPAGE      VM_HUGEPAGE, VM_NOHUGEPAGE, and
 *   MERGEABLE / UNMERGEABLE    VM_MERGEABLE: recorded (smaps shows them)
 *                              and nothing more: Mapback has no huge pages
 *                              and no KSM, as a Linux whose THP is "never"
 *                              and whose KSM is not running;
 *   NORMAL, RANDOM, SEQUENTIAL accepted; Mapback's readahead does not
 *                              tune itself by them.
 * Other advice (poisoning, populating) is EINVAL.  Holes in the range give
 * ENOMEM after the rest is done.
 */
#include "fs/file.h"
#include "fs/namei.h"
#include "mm/vm/filemap.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/phys/tlb.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/vmscan.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"
#include "mm/vm/pt_walk.h"

static long willneed(struct vm_area_struct *vma, unsigned long start,
		     unsigned long end)
{
	struct file *file = vma->vm_file;
	unsigned long pgoff;
	struct page *page;

	if (!file)
		return 0;
	pgoff = vma->vm_pgoff + ((start - vma->vm_start) >> PAGE_SHIFT);
	for (; start < end; start += PAGE_SIZE, pgoff++) {
		if (read_mapping_page(file->f_mapping, pgoff, file, &page))
			break;	/* beyond EOF: nothing more to read */
		put_page(page);
	}
	return 0;
}

static long dontneed(struct vm_area_struct *vma, unsigned long start,
		     unsigned long end)
{
	if (vma->vm_flags & VM_LOCKED)
		return -EINVAL;
	zap_page_range(vma, start, end);
	return 0;
}

/*
 * The page mapped at addr with a reference, its PTE made old, or NULL:
 * nothing mapped, or a page other PTEs map too (COLD and PAGEOUT leave
 * those alone, as Linux: another process may be using it).  Nothing
 * sleeps between the PTE read and get_page.
 */
static struct page *private_page(struct vm_area_struct *vma,
				 unsigned long addr)
{
	struct mm_struct *mm = vma->vm_mm;
	struct page *page;
	unsigned long flags;
	pte_t entry, *pte;

	if (!pte_read(mm, addr, &entry) || !pte_present(entry))
		return NULL;
	pte = pte_offset_map_lock(mm, addr, &flags);
	page = pte_present(*pte) && pfn_valid(pte_pfn(*pte)) ?
		       pfn_to_page(pte_pfn(*pte)) : NULL;
	if (page && page_mapcount(page) == 1) {
		ptep_test_and_clear_young(pte);
		get_page(page);
	} else {
		page = NULL;
	}
	pte_unmap_unlock(mm, pte, flags);
	if (page)
		flush_tlb_page(mm, addr);
	return page;
}

/* COLD (pageout false) or PAGEOUT (true) on [start, end) of vma. */
static long cold_or_pageout(struct vm_area_struct *vma, unsigned long start,
			    unsigned long end, bool pageout)
{
	struct page *page;

	if (vma->vm_flags & VM_LOCKED)
		return -EINVAL;
	if (pageout && vma->vm_file &&
	    !inode_owner_or_capable(vma->vm_file->f_inode) &&
	    inode_permission(vma->vm_file->f_inode, MAY_WRITE))
		return 0;	/* another's file: no side channel */
	for (; start < end; start += PAGE_SIZE) {
		page = private_page(vma, start);
		if (!page)
			continue;
		if (pageout)
			reclaim_page(page);
		else
			deactivate_page(page);
		put_page(page);
	}
	return 0;
}

/* The advice that sets or clears a VMA flag. */
static const struct {
	unsigned long advice, set, clear;
} flag_advice[] = {
	{ MADV_DONTFORK, VM_DONTCOPY, 0 },
	{ MADV_DOFORK, 0, VM_DONTCOPY },
	{ MADV_WIPEONFORK, VM_WIPEONFORK, 0 },
	{ MADV_KEEPONFORK, 0, VM_WIPEONFORK },
	{ MADV_DONTDUMP, VM_DONTDUMP, 0 },
	{ MADV_DODUMP, 0, VM_DONTDUMP },
	{ MADV_HUGEPAGE, VM_HUGEPAGE, VM_NOHUGEPAGE },
	{ MADV_NOHUGEPAGE, VM_NOHUGEPAGE, VM_HUGEPAGE },
	{ MADV_MERGEABLE, VM_MERGEABLE, 0 },
	{ MADV_UNMERGEABLE, 0, VM_MERGEABLE },
};

/* The flags the range should have after advice, in *flags; 0, or
 * -EINVAL where Linux refuses the advice for this kind of VMA. */
static int advised_flags(struct vm_area_struct *vma, unsigned long advice,
			 unsigned long *flags)
{
	unsigned long f = vma->vm_flags;
	unsigned int i;

	if (advice == MADV_WIPEONFORK && (vma->vm_file || (f & VM_SHARED)))
		return -EINVAL;		/* private anonymous memory only */
	if ((advice == MADV_DOFORK || advice == MADV_DODUMP) && (f & VM_IO))
		return -EINVAL;
	/* Linux's KSM ignores the advice for shared memory. */
	if (advice == MADV_MERGEABLE &&
	    (f & (VM_SHARED | VM_MAYSHARE | VM_IO | VM_DONTEXPAND)))
		advice = MADV_NORMAL;
	for (i = 0; i < ARRAY_SIZE(flag_advice); i++)
		if (flag_advice[i].advice == advice)
			f = (f & ~flag_advice[i].clear) | flag_advice[i].set;
	*flags = f;	/* NORMAL, RANDOM, SEQUENTIAL: unchanged */
	return 0;
}

static long advise_one(struct vm_area_struct *vma, unsigned long start,
		       unsigned long end, unsigned long advice)
{
	unsigned long flags;
	int err;

	switch (advice) {
	case MADV_FREE:
		if (vma->vm_file || (vma->vm_flags & VM_SHARED))
			return -EINVAL;
		return dontneed(vma, start, end);	/* freed at once */
	case MADV_DONTNEED:
		return dontneed(vma, start, end);
	case MADV_WILLNEED:
		return willneed(vma, start, end);
	case MADV_COLD:
	case MADV_PAGEOUT:
		return cold_or_pageout(vma, start, end,
				       advice == MADV_PAGEOUT);
	default:
		err = advised_flags(vma, advice, &flags);
		if (err)
			return err;
		return change_vma_flags(vma->vm_mm, vma, start, end, flags);
	}
}

static bool advice_known(unsigned long advice)
{
	switch (advice) {
	case MADV_NORMAL: case MADV_RANDOM: case MADV_SEQUENTIAL:
	case MADV_WILLNEED: case MADV_DONTNEED: case MADV_FREE:
	case MADV_DONTFORK: case MADV_DOFORK:
	case MADV_DONTDUMP: case MADV_DODUMP:
	case MADV_MERGEABLE: case MADV_UNMERGEABLE:
	case MADV_HUGEPAGE: case MADV_NOHUGEPAGE:
	case MADV_WIPEONFORK: case MADV_KEEPONFORK:
	case MADV_COLD: case MADV_PAGEOUT:
		return true;
	default:
		return false;
	}
}

long sys_madvise(unsigned long start, unsigned long len, unsigned long advice)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long end, tmp;
	long err = 0, r;

	if (!advice_known(advice))
		return -EINVAL;
	if (start & ~PAGE_MASK)
		return -EINVAL;
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	down(&mm->mmap_sem);
	vma = find_vma(mm, start);
	while (start < end) {
		if (!vma || vma->vm_start >= end) {
			err = -ENOMEM;
			break;
		}
		if (start < vma->vm_start) {
			err = -ENOMEM;
			start = vma->vm_start;
		}
		tmp = min(end, vma->vm_end);
		r = advise_one(vma, start, tmp, advice);
		if (r) {
			err = r;
			break;
		}
		/* A flag change may have split or merged vma: look again. */
		start = tmp;
		vma = find_vma(mm, start);
	}
	up(&mm->mmap_sem);
	return err;
}
