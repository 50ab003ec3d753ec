/*
 * mm/rmap/rmap_test.h - helpers for the reverse-map ktests: a "family" of
 * address spaces built by the test (no user process needed) that all map
 * one page at RMAP_TEST_ADDR, and a way to make the CPU itself touch a
 * user address of one of them so that it sets the accessed bit.
 */
#ifndef MM_RMAP_RMAP_TEST_H
#define MM_RMAP_RMAP_TEST_H

#include "kernel/block/blkdev.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "mm/phys/highmem.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mmu_context.h"
#include "mm/vm/pt_walk.h"
#include "fs/fcntl.h"
#include "fs/file.h"
#include "fs/vfs.h"
#include "mm/vm/filemap.h"
#include "mm/reclaim/swap.h"
#include "mm/rmap/pte_chain.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/vm_test.h"
#include "mm/vm/vma.h"
#include "mm/reclaim/vmscan.h"

#define RMAP_TEST_ADDR 0x30000000UL
#define RMAP_FAMILY_MAX 16
#define RMAP_TEST_MAGIC 0x5EED0000u

struct rmap_family {
	struct mm_struct *mm[RMAP_FAMILY_MAX];
	int n;
};

static inline void rmap_family_free(struct rmap_family *f)
{
	while (f->n > 0)
		mmput(f->mm[--f->n]);
}

/*
 * A word of user memory in mm, through a fault and the direct map, with
 * interrupts off between the fault and the access so that reclaim cannot
 * take the page in between.  write stores *v, else *v is loaded.
 */
static inline bool rmap_access_word(struct mm_struct *mm,
				    struct vm_area_struct *vma,
				    unsigned long addr, u32 *v, bool write)
{
	int tries;

	for (tries = 0; tries < 8; tries++) {
		bool done = false;
		u32 flags;
		pte_t pte;

		if (handle_mm_fault(mm, vma, addr, write) < 0)
			return false;
		flags = irq_save();
		pte_read(mm, addr, &pte);
		if (pte_present(pte) && (!write || pte_write(pte))) {
			if (write)
				memcpy_to_page(pte_page(pte), 0, v, sizeof(*v));
			else
				memcpy_from_page(v, pte_page(pte), 0,
						 sizeof(*v));
			done = true;
		}
		irq_restore(flags);
		if (done)
			return true;
	}
	return false;
}

/*
 * mm[0] writes RMAP_TEST_MAGIC + i into anonymous page i of pages; mm[1]
 * to mm[n-1] are dup_mm copies of it (fork without the tasks).  0 or -1.
 */
static inline int rmap_family_anon(struct rmap_family *f, int n,
				   unsigned long pages)
{
	struct vm_area_struct *vma;
	unsigned long i;
	u32 v;

	f->n = 0;
	f->mm[0] = mm_alloc();
	if (!f->mm[0])
		return -1;
	f->n = 1;
	vma = add_anon(f->mm[0], RMAP_TEST_ADDR, pages,
		       VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE);
	if (!vma)
		return -1;
	for (i = 0; i < pages; i++) {
		v = RMAP_TEST_MAGIC + i;
		if (!rmap_access_word(f->mm[0], vma, RMAP_TEST_ADDR + i * PAGE_SIZE,
				      &v, true))
			return -1;
	}
	while (f->n < n) {
		f->mm[f->n] = dup_mm(f->mm[0]);
		if (!f->mm[f->n])
			return -1;
		f->n++;
	}
	return 0;
}

/* The page mm maps at addr (the PTE must be present). */
static inline struct page *rmap_page_at(struct mm_struct *mm, unsigned long addr)
{
	return pte_page(pte_at(mm, addr));
}

static inline struct page *rmap_family_page(struct rmap_family *f)
{
	return rmap_page_at(f->mm[0], RMAP_TEST_ADDR);
}

/* How many PTEs the reverse map says map page, whichever way it keeps them. */
static inline int rmap_map_count(struct page *page)
{
	return page_mapcount(page);
}

/* Read addr through mm's own page tables, so the CPU walks them and sets
 * the accessed bit; interrupts stay off while CR3 is borrowed. */
static inline u32 rmap_touch(struct mm_struct *mm, unsigned long addr)
{
	u32 flags = irq_save(), v;
	struct tlb_state saved = enter_mm(mm);

	v = *(volatile u32 *)addr;
	restore_mm(mm, saved);
	irq_restore(flags);
	return v;
}

#define RMAP_SHARED_FLAGS (VM_READ | VM_WRITE | VM_SHARED | VM_MAYREAD | \
			   VM_MAYWRITE | VM_MAYSHARE)

/* n address spaces, each with pages of f mapped shared at RMAP_TEST_ADDR
 * and the first page faulted in; extra_flags go on mm[0]'s VMA. */
static inline int rmap_map_file(struct rmap_family *fam, struct file *f,
				int n, unsigned long extra_flags, int pages)
{
	struct vm_area_struct *vma;

	for (fam->n = 0; fam->n < n; fam->n++) {
		struct mm_struct *mm = mm_alloc();

		if (!mm)
			return -1;
		fam->mm[fam->n] = mm;
		vma = add_file_vma(
			mm, f, RMAP_SHARED_FLAGS | (fam->n ? 0 : extra_flags),
			RMAP_TEST_ADDR, pages);
		if (!vma)
			return -1;
		if (handle_mm_fault(mm, vma, RMAP_TEST_ADDR, false) < 0)
			return -1;
	}
	return 0;
}

/* Swap on hdb for a test; false (and the test skipped) without a disk. */
static inline bool rmap_swap_on(void)
{
	if (!blkdev_lookup("hdb")) {
		ktest_skip("no hdb (attach build/swap.img)");
		return false;
	}
	return KEXPECT_EQ(do_swapon("/dev/hdb", 0), 0);
}

/* One reclaim pass over every page of every zone. */
static inline void rmap_shrink_all(void)
{
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++)
		shrink_zone(&zones[i], zones[i].nr_active + zones[i].nr_inactive);
}

/* A one-page ramfs file holding RMAP_TEST_MAGIC, open read-write. */
static inline struct file *one_page_file(const char *name)
{
	u32 magic = RMAP_TEST_MAGIC;
	struct file *f = NULL;
	loff_t pos = 0;

	if (vfs_open(NULL, name, O_RDWR | O_CREAT | O_TRUNC, 0600, &f))
		return NULL;
	if (vfs_write(f, (const char *)&magic, sizeof(magic), &pos) != sizeof(magic)) {
		fput(f);
		return NULL;
	}
	return f;
}

#endif
