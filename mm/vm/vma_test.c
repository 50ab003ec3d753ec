/*
 * mm/vm/vma_test.c - ktests for the VMA list and AVL tree, split and merge.
 *
 * The mm_structs here are built by the tests and never run: VMAs are
 * linked directly, and vma_tree_check() verifies after every step that the
 * list and the tree hold the same VMAs, sorted, balanced, map_count right.
 */
#include "kernel/ktest.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/vma.h"
#include "mm/vm/vm_test.h"
#include "fs/proc/task_mmu.h"
#include "mm/phys/slab.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"

#define NVMAS 4000
#define BASE 0x10000000UL

#define RW (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)
#define RO (VM_READ | VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)

/* Slot i of NVMAS one-page VMAs with a one-page gap after each. */
static unsigned long slot(unsigned long i)
{
	return BASE + i * 2 * PAGE_SIZE;
}

KTEST(vma_tree_thousands_insert_find_remove)
{
	u32 free_before = settled_free_pages();
	struct mm_struct *mm = mm_alloc();
	unsigned long i, j;
	bool all_found = true;

	KASSERT_TRUE(mm);
	/* Insert in a scrambled order: 2579 is coprime with 4000. */
	for (i = 0; i < NVMAS; i++) {
		j = (i * 2579) % NVMAS;
		KASSERT_TRUE(add_anon(mm, slot(j), 1, RW));
	}
	KEXPECT_EQ(mm->map_count, NVMAS);
	KEXPECT_EQ(vma_tree_check(mm), 0);
	/* A perfectly balanced AVL tree of 4000 nodes has height 12;
	 * AVL guarantees < 1.44 log2(n + 2), i.e. at most 17. */
	KEXPECT_LE(mm->mm_avl->vm_avl_height, 17);
	for (i = 0; i < NVMAS; i++) {
		struct vm_area_struct *v = find_vma(mm, slot(i) + 100);
		struct vm_area_struct *g = find_vma(mm, slot(i) + PAGE_SIZE);

		if (!v || v->vm_start != slot(i))
			all_found = false;
		/* An address in a gap finds the next VMA, or none. */
		if (i + 1 < NVMAS ? (!g || g->vm_start != slot(i + 1)) : !!g)
			all_found = false;
	}
	KEXPECT_TRUE(all_found);
	KEXPECT_TRUE(find_vma(mm, 0)->vm_start == BASE);
	KEXPECT_TRUE(find_vma_intersection(mm, slot(5) + PAGE_SIZE,
					   slot(6)) == NULL);

	/* Remove every odd slot; the even ones must all still be found. */
	for (i = 1; i < NVMAS; i += 2) {
		struct vm_area_struct *v = find_vma(mm, slot(i));

		vma_unlink(mm, v);
		vma_free(v);
	}
	KEXPECT_EQ(mm->map_count, NVMAS / 2);
	KEXPECT_EQ(vma_tree_check(mm), 0);
	KEXPECT_TRUE(find_vma(mm, slot(1))->vm_start == slot(2));
	KEXPECT_EQ(mm->total_vm, NVMAS / 2);
	mmput(mm);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

KTEST(vma_split_merge_munmap_mprotect)
{
	u32 free_before = settled_free_pages();
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma, *prev;
	unsigned long a = BASE;

	KASSERT_TRUE(mm);
	KASSERT_TRUE(add_anon(mm, a, 10, RW));

	/* munmap of the middle: three pieces, two VMAs. */
	KEXPECT_EQ(do_munmap(mm, a + 3 * PAGE_SIZE, 2 * PAGE_SIZE), 0);
	KEXPECT_EQ(mm->map_count, 2);
	KEXPECT_EQ(vma_tree_check(mm), 0);
	KEXPECT_EQ(find_vma(mm, a)->vm_end, a + 3 * PAGE_SIZE);
	KEXPECT_EQ(find_vma(mm, a + 3 * PAGE_SIZE)->vm_start, a + 5 * PAGE_SIZE);
	KEXPECT_EQ(mm->total_vm, 8);

	/* Filling the hole with an equal anonymous range merges all three. */
	find_vma_prev(mm, a + 3 * PAGE_SIZE, &prev);
	vma = vma_merge(mm, prev, a + 3 * PAGE_SIZE, a + 5 * PAGE_SIZE, RW,
			NULL, (a + 3 * PAGE_SIZE) >> PAGE_SHIFT);
	KEXPECT_TRUE(vma == prev);
	KEXPECT_EQ(mm->map_count, 1);
	KEXPECT_EQ(find_vma(mm, a)->vm_end, a + 10 * PAGE_SIZE);
	KEXPECT_EQ(mm->total_vm, 10);

	/* A flag change in the middle splits in three ... */
	vma = find_vma(mm, a);
	KEXPECT_EQ(change_vma_flags(mm, vma, a + 2 * PAGE_SIZE,
				    a + 4 * PAGE_SIZE, RO), 0);
	KEXPECT_EQ(mm->map_count, 3);
	KEXPECT_EQ(vma_tree_check(mm), 0);
	KEXPECT_EQ(find_vma(mm, a + 2 * PAGE_SIZE)->vm_flags, RO);
	KEXPECT_EQ(find_vma(mm, a + 4 * PAGE_SIZE)->vm_flags, RW);
	/* ... and changing it back merges them into one again. */
	vma = find_vma(mm, a + 2 * PAGE_SIZE);
	KEXPECT_EQ(change_vma_flags(mm, vma, vma->vm_start, vma->vm_end, RW),
		   0);
	KEXPECT_EQ(mm->map_count, 1);
	KEXPECT_EQ(vma_tree_check(mm), 0);

	/* munmap errors, as Linux: unaligned start, zero length. */
	KEXPECT_EQ(do_munmap(mm, a + 1, PAGE_SIZE), -EINVAL);
	KEXPECT_EQ(do_munmap(mm, a, 0), -EINVAL);
	KEXPECT_EQ(do_munmap(mm, TASK_SIZE - PAGE_SIZE, 2 * PAGE_SIZE),
		   -EINVAL);
	/* Unmapping across the end and beyond removes the rest. */
	KEXPECT_EQ(do_munmap(mm, a + 8 * PAGE_SIZE, 100 * PAGE_SIZE), 0);
	KEXPECT_EQ(find_vma(mm, a)->vm_end, a + 8 * PAGE_SIZE);
	KEXPECT_EQ(mm->total_vm, 8);
	mmput(mm);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

/*
 * A length no gap can hold is ENOMEM.  For the walk below
 * TASK_UNMAPPED_BASE, hi - len wraps when len is above 1 GiB: unchecked,
 * it would offer the end of the VMA at 0xa0000000, a range wrapping past
 * 4 GiB, which mmap would merge into that VMA, leaving an inverted VMA
 * whose PTEs exit_mmap never zaps (free_pgtables' BUG).
 */
KTEST(get_unmapped_area_len_above_every_gap)
{
	struct mm_struct *mm = mm_alloc(), *old = current->mm;
	unsigned long len = 0x60000000UL, addr;

	KASSERT_TRUE(mm);
	KASSERT_TRUE(add_anon(mm, 0x50000000UL, 1, RW));
	KASSERT_TRUE(add_anon(mm, 0xa0000000UL, 1, RW));
	KASSERT_TRUE(add_anon(mm, TASK_SIZE - 16 * PAGE_SIZE, 16,
			      RW | VM_GROWSDOWN));
	current->mm = mm;
	KEXPECT_EQ((long)get_unmapped_area(NULL, 0, len, 0, MAP_PRIVATE),
		   -ENOMEM);
	KEXPECT_EQ(do_mmap_pgoff(NULL, 0, len, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, 0),
		   -ENOMEM);
	/* A gap that does hold it is found, inside the user half. */
	addr = get_unmapped_area(NULL, 0, 0x40000000UL, 0, MAP_PRIVATE);
	KEXPECT_EQ(addr, 0x50001000UL);
	current->mm = old;
	KEXPECT_EQ(mm->map_count, 3);
	KEXPECT_EQ(find_vma(mm, 0xa0000000UL)->vm_end, 0xa0001000UL);
	KEXPECT_EQ(vma_tree_check(mm), 0);
	mmput(mm);
}

KTEST(proc_maps_statm_format)
{
	struct task_struct *t = kzalloc(sizeof(*t), GFP_KERNEL);
	struct mm_struct *mm = mm_alloc();
	char *buf = kmalloc(512, GFP_KERNEL);
	loff_t pos = 0;
	int n;

	KASSERT_TRUE(t && mm && buf);
	t->mm = mm;
	KASSERT_TRUE(add_anon(mm, 0x0804a000, 3, RW));
	mm->start_brk = 0x0804a000;
	mm->brk = 0x0804c800;
	KASSERT_TRUE(add_anon(mm, 0x40000000, 1, RO));
	n = proc_pid_maps(t, buf, 512, &pos);
	KASSERT_TRUE(n > 0);
	buf[n] = 0;
	KEXPECT_STREQ(buf,
		      /* the name starts at column 49, as on i386 Linux */
		      "0804a000-0804d000 rw-p 00000000 00:00 0          [heap]\n"
		      "40000000-40001000 r--p 00000000 00:00 0 \n");
	KEXPECT_EQ(pos, 2);
	KEXPECT_EQ(proc_pid_maps(t, buf, 512, &pos), 0);
	/* A buffer too small for the second line stops after the first. */
	pos = 0;
	KEXPECT_EQ(proc_pid_maps(t, buf, 80, &pos), 56);
	KEXPECT_EQ(pos, 1);
	n = proc_pid_statm(t, buf, 512);
	buf[n] = 0;
	KEXPECT_STREQ(buf, "4 0 0 0 0 3 0\n");
	t->mm = NULL;
	mmput(mm);
	kfree(buf);
	kfree(t);
}
