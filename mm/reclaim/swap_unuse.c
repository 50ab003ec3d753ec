/*
 * mm/reclaim/swap_unuse.c - swapoff's hard part: bring every page of a swap
 * area back into memory (try_to_unuse, called with the area already closed to
 * new slots).
 *
 * As Linux 2.6 does it: walk every address space; each PTE that holds an
 * entry of the area gets the page back, read through the swap cache (so a
 * page shared by several processes after fork is read once and shared
 * again), then the swap cache lets go of the area's pages.  The pages stay
 * in memory as ordinary dirty anonymous pages.  If memory runs out on the
 * way, what was brought back stays back, the rest stays on the device, and
 * swapoff fails with -ENOMEM: nothing is lost.
 */
#include "mm/vm/filemap.h"
#include "mm/reclaim/shmem_swap.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/printk.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/pte_map.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/vm/vma.h"
#include "mm/locking.h"
#include "mm/vm/exit_zap.h"

static bool is_area_entry(pte_t pte, unsigned int type)
{
	return !pte_none(pte) && !pte_present(pte) && !pte_file(pte) &&
	       swp_type(pte_to_swp_entry(pte)) == type;
}

/* Put the page of the swap PTE orig at addr back; 0 or -ENOMEM/-EIO. */
static int unuse_pte(struct vm_area_struct *vma, unsigned long addr,
		     pte_t orig)
{
	/* LAB 7 BEGIN: bring the page of one swap PTE back; stub: (void)vma; (void)addr; (void)orig; return -EIO; */
	struct mm_struct *mm = vma->vm_mm;
	swp_entry_t entry = pte_to_swp_entry(orig);
	unsigned long flags;
	struct page *page;
	pte_t *ptep;
	int err = 0;

	if (anon_vma_prepare(vma))
		return -ENOMEM;
	page = read_swap_cache(entry, &err);
	if (!page)
		return err;
	lock_page(page);
	wait_on_page_writeback(page);	/* before it may leave the cache */
	if (!PageUptodate(page)) {	/* a read that failed while we waited */
		unlock_page(page);
		put_page(page);
		return -EIO;
	}
	ptep = pte_offset_map_lock(mm, addr, &flags);
	if (pte_val(*ptep) == pte_val(orig)) {
		SetPageAnon(page);
		get_page(page);
		err = vm_install_pte(vma, addr, ptep, page,
				     mk_pte(page, vma->vm_page_prot));
		if (err)
			put_page(page);
		else
			swap_free(entry);
	}
	pte_unmap_unlock(mm, ptep, flags);
	/* The page leaves the swap cache once no PTE holds the entry. */
	if (PageSwapCache(page) && swap_count(entry) == 1) {
		SetPageDirty(page);
		delete_from_swap_cache(page);
	}
	unlock_page(page);
	put_page(page);
	return err;
	/* LAB 7 END */
}

static int unuse_vma(struct vm_area_struct *vma, unsigned int type)
{
	unsigned long addr;
	pte_t pte;
	int err;

	for (addr = vma->vm_start; addr < vma->vm_end; addr += PAGE_SIZE) {
		if (!pte_read(vma->vm_mm, addr, &pte) ||
		    !is_area_entry(pte, type))
			continue;
		err = unuse_pte(vma, addr, pte);
		if (err)
			return err;
	}
	return 0;
}

static int unuse_mm(struct mm_struct *mm, unsigned int type)
{
	struct vm_area_struct *vma;
	int err = 0;

	down(&mm->mmap_sem);		/* the VMAs stay as they are */
	list_for_each_entry(vma, &mm->mmap, vm_list) {
		err = unuse_vma(vma, type);
		if (err)
			break;
	}
	up(&mm->mmap_sem);
	return err;
}

/* The next live mm after prev (or the first), pinned with mmget. */
static struct mm_struct *next_mm(struct mm_struct *prev)
{
	struct list_head *pos = prev ? prev->mmlist.next : all_mm_list.next;
	struct mm_struct *mm = NULL;
	u32 flags;

	spin_lock_irqsave(&mmlist_lock, flags);
	for (; pos != &all_mm_list; pos = pos->next) {
		mm = list_entry(pos, struct mm_struct, mmlist);
		if (mm->mm_users > 0) {
			mmget(mm);
			break;
		}
		mm = NULL;
	}
	spin_unlock_irqrestore(&mmlist_lock, flags);
	return mm;
}

/* Swap cache pages of the area that no PTE wants any more. */
static void drop_cached(struct swap_info_struct *si, unsigned int type)
{
	unsigned int i;

	for (i = 1; i < si->max; i++) {
		swp_entry_t entry = swp_entry(type, i);
		struct page *page;

		if (si->swap_map[i] == 0 || si->swap_map[i] == SWAP_MAP_BAD)
			continue;
		page = lookup_swap_cache(entry);
		if (!page)
			continue;
		lock_page(page);
		wait_on_page_writeback(page);
		if (PageSwapCache(page) && swap_count(entry) == 1)
			delete_from_swap_cache(page);
		unlock_page(page);
		put_page(page);
	}
}

int try_to_unuse(unsigned int type)
{
	struct swap_info_struct *si = &swap_info[type];
	struct mm_struct *mm, *prev = NULL;
	int err = 0;

	while (!err && (mm = next_mm(prev))) {
		if (prev)
			mmput(prev);
		err = unuse_mm(mm, type);
		prev = mm;
	}
	if (prev)
		mmput(prev);
	if (!err)
		err = ramfs_unuse(type);
	if (err)
		return err;
	/* next_mm passed over dying mms: their swap PTEs must be gone
	 * before the count says what is still in use. */
	stop_exit_zaps();
	drop_cached(si, type);
	resume_exit_zaps();
	if (si->inuse_pages) {
		printk("swapoff: /dev/%s: %u pages still in use elsewhere\n",
		       si->bdev->name, si->inuse_pages);
		return -EBUSY;
	}
	return 0;
}
