/*
 * mm/vmscan_test.c - ktests for reclaim: anonymous pages go to swap
 * through the reverse map and come back intact, also when forked address
 * spaces share them.  They need the swap disk the test boots attach as
 * hdb (tools/mkswap-image.sh) and skip without it.
 */
#include "kernel/block/blkdev.h"
#include "kernel/ktest.h"
#include "mm/lru.h"
#include "mm/memory.h"
#include "mm/page_alloc.h"
#include "mm/pt_walk.h"
#include "mm/pte_chain.h"
#include "mm/rmap.h"
#include "mm/rmap_test.h"
#include "mm/swap.h"
#include "mm/swap_state.h"
#include "mm/vmscan.h"

#define NR_TEST_PAGES 48

static bool swap_disk_on(void)
{
	if (!blkdev_lookup("hdb")) {
		ktest_skip("no hdb (attach build/swap.img)");
		return false;
	}
	return KEXPECT_EQ(do_swapon("/dev/hdb", 0), 0);
}

/* mm[0] with NR_TEST_PAGES anonymous pages, each holding its number. */
static int family_many(struct rmap_family *f, int n)
{
	unsigned long flags = VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE;
	struct vm_area_struct *vma;
	int i;

	f->n = 0;
	f->mm[0] = mm_alloc();
	if (!f->mm[0])
		return -1;
	f->n = 1;
	vma = vma_alloc(f->mm[0]);
	if (!vma)
		return -1;
	vma->vm_start = RMAP_TEST_ADDR;
	vma->vm_end = RMAP_TEST_ADDR + NR_TEST_PAGES * PAGE_SIZE;
	vma->vm_flags = flags;
	vma->vm_page_prot = vm_get_page_prot(flags);
	vma_link(f->mm[0], vma);
	for (i = 0; i < NR_TEST_PAGES; i++) {
		unsigned long a = RMAP_TEST_ADDR + i * PAGE_SIZE;

		if (handle_mm_fault(f->mm[0], vma, a, true) < 0)
			return -1;
		*(u32 *)page_address(rmap_page_at(f->mm[0], a)) =
			RMAP_TEST_MAGIC + i;
	}
	while (f->n < n) {
		f->mm[f->n] = dup_mm(f->mm[0]);
		if (!f->mm[f->n])
			return -1;
		f->n++;
	}
	return 0;
}

/* Reclaim until mm has no resident page left (or give up). */
static void evict_all(struct mm_struct *mm)
{
	int round, i;

	for (round = 0; round < 20 && mm->rss; round++)
		for (i = 0; i < MAX_NR_ZONES; i++)
			shrink_zone(&zones[i], zones[i].nr_active +
						       zones[i].nr_inactive);
}

static int swap_ptes(struct mm_struct *mm)
{
	int i, n = 0;

	for (i = 0; i < NR_TEST_PAGES; i++) {
		pte_t *pte = pte_lookup(mm, RMAP_TEST_ADDR + i * PAGE_SIZE);

		n += pte && !pte_none(*pte) && !pte_present(*pte);
	}
	return n;
}

/* Fault every page back in (reading) and count the right contents. */
static int pages_intact(struct mm_struct *mm)
{
	struct vm_area_struct *vma = find_vma(mm, RMAP_TEST_ADDR);
	int i, ok = 0;

	for (i = 0; i < NR_TEST_PAGES; i++) {
		unsigned long a = RMAP_TEST_ADDR + i * PAGE_SIZE;

		if (handle_mm_fault(mm, vma, a, false) < 0)
			break;
		ok += rmap_touch(mm, a) == RMAP_TEST_MAGIC + i;
	}
	return ok;
}

KTEST(reclaim_swaps_anonymous_pages_out_and_back_hdb)
{
	struct rmap_family f;
	u32 out = vm_events.pswpout;

	if (!swap_disk_on())
		return;
	if (KEXPECT_EQ(family_many(&f, 1), 0)) {
		evict_all(f.mm[0]);
		KEXPECT_EQ(f.mm[0]->rss, 0);
		KEXPECT_EQ(swap_ptes(f.mm[0]), NR_TEST_PAGES);
		KEXPECT_GE(vm_events.pswpout - out, NR_TEST_PAGES);
		KEXPECT_EQ(pages_intact(f.mm[0]), NR_TEST_PAGES);
		KEXPECT_EQ(f.mm[0]->rss, NR_TEST_PAGES);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);	/* every slot freed */
}

KTEST(reclaim_shared_swapped_page_returns_to_every_fork_hdb)
{
	struct rmap_family f;
	struct page *p0, *p3;
	int i;

	if (!swap_disk_on())
		return;
	if (KEXPECT_EQ(family_many(&f, 4), 0)) {
		for (i = 0; i < 4; i++)
			evict_all(f.mm[i]);
		for (i = 0; i < 4; i++)
			KEXPECT_EQ(swap_ptes(f.mm[i]), NR_TEST_PAGES);
		for (i = 0; i < 4; i++)
			KEXPECT_EQ(pages_intact(f.mm[i]), NR_TEST_PAGES);
		/* One read from swap, then the swap cache shares the page. */
		p0 = rmap_page_at(f.mm[0], RMAP_TEST_ADDR);
		p3 = rmap_page_at(f.mm[3], RMAP_TEST_ADDR);
		KEXPECT_TRUE(p0 == p3);
		KEXPECT_TRUE(PageAnon(p0) && PageSwapCache(p0));
		KEXPECT_EQ(pte_chain_count(p0), 4);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
}

KTEST(swapoff_brings_swapped_pages_back_hdb)
{
	struct rmap_family f;
	int i, present = 0;

	if (!swap_disk_on())
		return;
	if (KEXPECT_EQ(family_many(&f, 2), 0)) {
		evict_all(f.mm[0]);
		evict_all(f.mm[1]);
		KEXPECT_EQ(swap_ptes(f.mm[0]), NR_TEST_PAGES);
		KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
		for (i = 0; i < NR_TEST_PAGES; i++) {
			pte_t *pte = pte_lookup(f.mm[1], RMAP_TEST_ADDR + i * PAGE_SIZE);

			present += pte && pte_present(*pte);
		}
		KEXPECT_EQ(present, NR_TEST_PAGES);
		KEXPECT_EQ(swap_ptes(f.mm[0]), 0);
		KEXPECT_EQ(pages_intact(f.mm[0]), NR_TEST_PAGES);
		KEXPECT_EQ(pages_intact(f.mm[1]), NR_TEST_PAGES);
		KEXPECT_TRUE(rmap_page_at(f.mm[0], RMAP_TEST_ADDR) ==
			     rmap_page_at(f.mm[1], RMAP_TEST_ADDR));
		KEXPECT_EQ(rmap_audit(), 0);
	} else {
		do_swapoff("/dev/hdb");
	}
	rmap_family_free(&f);
}

/* Write v at addr of mm, faulting the page in; interrupts off between the
 * fault and the store so that reclaim cannot take the page in between. */
static bool store_word(struct mm_struct *mm, struct vm_area_struct *vma,
		       unsigned long addr, u32 v)
{
	int tries;

	for (tries = 0; tries < 8; tries++) {
		pte_t *pte;
		u32 flags;
		bool done = false;

		if (handle_mm_fault(mm, vma, addr, true) < 0)
			return false;
		flags = irq_save();
		pte = pte_lookup(mm, addr);
		if (pte && pte_present(*pte) && pte_write(*pte)) {
			*(u32 *)page_address(pte_page(*pte)) = v;
			done = true;
		}
		irq_restore(flags);
		if (done)
			return true;
	}
	return false;
}

static bool load_word(struct mm_struct *mm, struct vm_area_struct *vma,
		      unsigned long addr, u32 *v)
{
	int tries;

	for (tries = 0; tries < 8; tries++) {
		pte_t *pte;
		u32 flags;
		bool done = false;

		if (handle_mm_fault(mm, vma, addr, false) < 0)
			return false;
		flags = irq_save();
		pte = pte_lookup(mm, addr);
		if (pte && pte_present(*pte)) {
			*v = *(u32 *)page_address(pte_page(*pte));
			done = true;
		}
		irq_restore(flags);
		if (done)
			return true;
	}
	return false;
}

/* More anonymous memory than is free: the allocator itself must reclaim. */
KTEST(reclaim_under_pressure_keeps_every_page_hdb)
{
	unsigned long flags = VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE;
	u32 n = nr_free_pages() + 512, i, v, good = 0, stored = 0;
	struct vm_area_struct *vma;
	struct mm_struct *mm;

	if (!swap_disk_on())
		return;
	if ((long)n > nr_swap_pages - 256) {
		ktest_skip("RAM larger than the swap disk: boot with mem=8M");
		do_swapoff("/dev/hdb");
		return;
	}
	mm = mm_alloc();
	vma = mm ? vma_alloc(mm) : NULL;
	if (KEXPECT_TRUE(vma)) {
		vma->vm_start = RMAP_TEST_ADDR;
		vma->vm_end = RMAP_TEST_ADDR + n * PAGE_SIZE;
		vma->vm_flags = flags;
		vma->vm_page_prot = vm_get_page_prot(flags);
		vma_link(mm, vma);
		for (i = 0; i < n; i++)
			stored += store_word(mm, vma, RMAP_TEST_ADDR + i * PAGE_SIZE,
					     RMAP_TEST_MAGIC + i);
		KEXPECT_EQ(stored, n);
		KEXPECT_LT(mm->rss, n);		/* some of it had to go */
		for (i = 0; i < n; i++)
			good += load_word(mm, vma, RMAP_TEST_ADDR + i * PAGE_SIZE, &v) &&
				v == RMAP_TEST_MAGIC + i;
		KEXPECT_EQ(good, n);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	if (mm)
		mmput(mm);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
}

/* A failed swap write keeps the page dirty in memory: nothing is lost.
 * A failed read fails only the fault that needed the page (SIGBUS). */
KTEST(swap_io_errors_lose_nothing_hdb)
{
	struct rmap_family f;
	struct vm_area_struct *vma;
	u32 errors = vm_events.swap_write_error, v;
	int i, good = 0;

	if (!swap_disk_on())
		return;
	if (KEXPECT_EQ(family_many(&f, 1), 0)) {
		vma = find_vma(f.mm[0], RMAP_TEST_ADDR);
		blk_inject_error(blk_nr_requests() + 1);	/* the next one fails */
		evict_all(f.mm[0]);
		KEXPECT_EQ(vm_events.swap_write_error, errors + 1);
		for (i = 0; i < NR_TEST_PAGES; i++)
			good += load_word(f.mm[0], vma, RMAP_TEST_ADDR + i * PAGE_SIZE,
					  &v) && v == RMAP_TEST_MAGIC + i;
		KEXPECT_EQ(good, NR_TEST_PAGES);

		evict_all(f.mm[0]);
		KEXPECT_EQ(f.mm[0]->rss, 0);
		blk_inject_error(blk_nr_requests() + 1);
		KEXPECT_EQ(handle_mm_fault(f.mm[0], vma, RMAP_TEST_ADDR, false),
			   VM_FAULT_SIGBUS);
		KEXPECT_TRUE(load_word(f.mm[0], vma, RMAP_TEST_ADDR + PAGE_SIZE, &v));
		KEXPECT_EQ(v, RMAP_TEST_MAGIC + 1);
		KEXPECT_EQ(rmap_audit(), 0);
	}
	rmap_family_free(&f);
	KEXPECT_EQ(do_swapoff("/dev/hdb"), 0);
}
