/*
 * mm/rmap_test.h - helpers for the reverse-map ktests: a "family" of
 * address spaces built by the test (no user process needed) that all map
 * one page at RMAP_TEST_ADDR, and a way to make the CPU itself touch a
 * user address of one of them so that it sets the accessed bit.
 */
#ifndef MM_RMAP_TEST_H
#define MM_RMAP_TEST_H

#include "kernel/io.h"
#include "mm/memory.h"
#include "mm/mm_struct.h"
#include "mm/pt_walk.h"
#include "mm/vma.h"

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

/* mm[0] faults in one anonymous page and writes to it; mm[1..n-1] are
 * dup_mm copies of it (fork without the tasks).  0 or -1. */
static inline int rmap_family_anon(struct rmap_family *f, int n)
{
	unsigned long flags = VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE;
	struct vm_area_struct *vma;

	f->n = 0;
	f->mm[0] = mm_alloc();
	if (!f->mm[0])
		return -1;
	f->n = 1;
	vma = vma_alloc(f->mm[0]);
	if (!vma)
		return -1;
	vma->vm_start = RMAP_TEST_ADDR;
	vma->vm_end = RMAP_TEST_ADDR + PAGE_SIZE;
	vma->vm_flags = flags;
	vma->vm_page_prot = vm_get_page_prot(flags);
	vma_link(f->mm[0], vma);
	if (handle_mm_fault(f->mm[0], vma, RMAP_TEST_ADDR, true) != VM_FAULT_MINOR)
		return -1;
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
	return pte_page(*pte_lookup(mm, addr));
}

static inline struct page *rmap_family_page(struct rmap_family *f)
{
	return rmap_page_at(f->mm[0], RMAP_TEST_ADDR);
}

/* Read addr through mm's own page tables, so the CPU walks them and sets
 * the accessed bit; interrupts stay off while CR3 is borrowed. */
static inline u32 rmap_touch(struct mm_struct *mm, unsigned long addr)
{
	u32 flags = irq_save(), cr3 = read_cr3(), v;

	activate_mm(mm);
	v = *(volatile u32 *)addr;
	write_cr3(cr3);
	irq_restore(flags);
	return v;
}

#endif
