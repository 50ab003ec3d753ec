/*
 * mm/vm/dup_mmap_test.c - ktests for demand paging, dup_mm's copy-on-write and
 * complete teardown, on mm_structs built by the test (no user process
 * needed: faults are driven through handle_mm_fault, pages read through
 * kmap_atomic).
 */
#include "kernel/ktest.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/pt_walk.h"
#include "mm/vm/vma.h"
#include "mm/vm/vm_test.h"

#define ADDR 0x20000000UL
#define NPAGES 6
#define RW (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)

static struct vm_area_struct *anon_vma(struct mm_struct *mm)
{
	return add_anon(mm, ADDR, NPAGES, RW);
}

static pte_t pte_of(struct mm_struct *mm, unsigned long addr)
{
	return pte_at(mm, addr);
}

/* The word at addr of a mapped page, which may be high. */
static u32 word_at(struct mm_struct *mm, unsigned long addr)
{
	u32 v;

	memcpy_from_page(&v, pte_page(pte_of(mm, addr)), addr & ~PAGE_MASK,
			 sizeof(v));
	return v;
}

static void set_word_at(struct mm_struct *mm, unsigned long addr, u32 v)
{
	memcpy_to_page(pte_page(pte_of(mm, addr)), addr & ~PAGE_MASK, &v,
		       sizeof(v));
}

KTEST(fault_demand_zero_then_cow_fork_and_teardown)
{
	u32 free_before = settled_free_pages();
	int mms_before = nr_mm_structs;
	struct mm_struct *parent = mm_alloc(), *child;
	struct vm_area_struct *vma;
	struct page *shared;
	int i;

	KASSERT_TRUE(parent);
	vma = anon_vma(parent);
	KASSERT_TRUE(vma);

	/* Demand zero: a read fault maps a zeroed page, writable at once. */
	KEXPECT_TRUE(pte_none(pte_of(parent, ADDR)));
	KEXPECT_EQ(handle_mm_fault(parent, vma, ADDR, false), VM_FAULT_MINOR);
	KEXPECT_TRUE(pte_present(pte_of(parent, ADDR)));
	KEXPECT_EQ(word_at(parent, ADDR + 8), 0);
	KEXPECT_TRUE(PageAnon(pte_page(pte_of(parent, ADDR))));
	for (i = 0; i < NPAGES; i++) {
		handle_mm_fault(parent, vma, ADDR + i * PAGE_SIZE, true);
		set_word_at(parent, ADDR + i * PAGE_SIZE, 0x1000 + i);
	}
	KEXPECT_EQ(parent->rss, NPAGES);

	child = dup_mm(parent);
	KASSERT_TRUE(child);
	KEXPECT_EQ(child->map_count, 1);
	KEXPECT_EQ(child->rss, NPAGES);
	KEXPECT_EQ(vma_tree_check(child), 0);
	shared = pte_page(pte_of(parent, ADDR));
	/* Same frame in both, read-only in both, one reference per PTE. */
	KEXPECT_EQ(pte_pfn(pte_of(child, ADDR)), page_to_pfn(shared));
	KEXPECT_FALSE(pte_write(pte_of(parent, ADDR)));
	KEXPECT_FALSE(pte_write(pte_of(child, ADDR)));
	KEXPECT_EQ(page_count(shared), 2);

	/* The child writes: it gets its own copy, the parent keeps its own. */
	KEXPECT_EQ(handle_mm_fault(child, find_vma(child, ADDR), ADDR, true),
		   VM_FAULT_MINOR);
	KEXPECT_NE(pte_pfn(pte_of(child, ADDR)), page_to_pfn(shared));
	KEXPECT_TRUE(pte_write(pte_of(child, ADDR)));
	KEXPECT_EQ(word_at(child, ADDR), 0x1000);
	set_word_at(child, ADDR, 0xC0FFEE);
	KEXPECT_EQ(word_at(parent, ADDR), 0x1000);
	KEXPECT_EQ(page_count(shared), 1);

	/* The parent writes the now unshared page: reused in place. */
	KEXPECT_EQ(handle_mm_fault(parent, vma, ADDR, true), VM_FAULT_MINOR);
	KEXPECT_EQ(pte_pfn(pte_of(parent, ADDR)), page_to_pfn(shared));
	KEXPECT_TRUE(pte_write(pte_of(parent, ADDR)));

	/* The parent writes a still shared page: copied, child unaffected. */
	handle_mm_fault(parent, vma, ADDR + PAGE_SIZE, true);
	set_word_at(parent, ADDR + PAGE_SIZE, 0xBEEF);
	KEXPECT_EQ(word_at(child, ADDR + PAGE_SIZE), 0x1001);
	KEXPECT_NE(pte_pfn(pte_of(parent, ADDR + PAGE_SIZE)),
		   pte_pfn(pte_of(child, ADDR + PAGE_SIZE)));

	/* Both go: every page, page table, VMA and the mm_structs freed. */
	mmput(child);
	KEXPECT_EQ(parent->rss, NPAGES);
	mmput(parent);
	KEXPECT_EQ(nr_mm_structs, mms_before);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

/*
 * With high memory, demand zero and copy-on-write give high pages, and
 * clear_highpage and copy_highpage reach all of each (first and last
 * word) through kmap_atomic: a page_address of a high page would stop
 * with BUG.
 */
KTEST(fault_cow_of_high_page_copies_whole_page)
{
	u32 free_before = settled_free_pages();
	unsigned long last = ADDR + PAGE_SIZE - sizeof(u32);
	struct mm_struct *parent, *child;
	struct vm_area_struct *vma;
	struct page *page;

	if (!high_pages_handed_out()) {
		ktest_skip("no high memory");
		return;
	}
	parent = mm_alloc();
	KASSERT_TRUE(parent);
	vma = anon_vma(parent);
	KASSERT_TRUE(vma);
	KEXPECT_EQ(handle_mm_fault(parent, vma, ADDR, true), VM_FAULT_MINOR);
	page = pte_page(pte_of(parent, ADDR));
	KEXPECT_TRUE(PageHighMem(page));
	KEXPECT_EQ(word_at(parent, ADDR), 0);
	KEXPECT_EQ(word_at(parent, last), 0);
	set_word_at(parent, ADDR, 0xA11CE);
	set_word_at(parent, last, 0xB0B);

	child = dup_mm(parent);
	KASSERT_TRUE(child);
	KEXPECT_EQ(handle_mm_fault(child, find_vma(child, ADDR), ADDR, true),
		   VM_FAULT_MINOR);
	KEXPECT_NE(pte_pfn(pte_of(child, ADDR)), page_to_pfn(page));
	KEXPECT_TRUE(PageHighMem(pte_page(pte_of(child, ADDR))));
	KEXPECT_EQ(word_at(child, ADDR), 0xA11CE);
	KEXPECT_EQ(word_at(child, last), 0xB0B);
	set_word_at(child, last, 0xC0DE);
	KEXPECT_EQ(word_at(parent, last), 0xB0B);
	mmput(child);
	mmput(parent);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

KTEST(zap_range_frees_pages_and_pgtables)
{
	u32 free_before = settled_free_pages();
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma;
	int i;

	KASSERT_TRUE(mm);
	vma = anon_vma(mm);
	KASSERT_TRUE(vma);
	for (i = 0; i < NPAGES; i++)
		handle_mm_fault(mm, vma, ADDR + i * PAGE_SIZE, true);
	KEXPECT_EQ(nr_pgtables(mm), 1);
	zap_page_range(vma, ADDR + PAGE_SIZE, ADDR + 3 * PAGE_SIZE);
	KEXPECT_EQ(mm->rss, NPAGES - 2);
	KEXPECT_TRUE(pte_none(pte_of(mm, ADDR + PAGE_SIZE)));
	KEXPECT_TRUE(pte_present(pte_of(mm, ADDR + 3 * PAGE_SIZE)));
	/* munmap of everything frees the page table too. */
	KEXPECT_EQ(do_munmap(mm, ADDR, NPAGES * PAGE_SIZE), 0);
	KEXPECT_EQ(mm->rss, 0);
	KEXPECT_EQ(nr_pgtables(mm), 0);
	KEXPECT_EQ(mm->map_count, 0);
	mmput(mm);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

/* Reclaim finds a page only through the LRU lists: a page the fault made
 * and left off them (demand zero, or the copy a write to a shared page
 * gets) could never be evicted.  Both start on the active list. */
KTEST(fault_new_anonymous_pages_start_on_the_active_lru)
{
	u32 free_before = settled_free_pages();
	struct mm_struct *parent = mm_alloc(), *child;
	struct vm_area_struct *vma;
	struct page *page;

	KASSERT_TRUE(parent);
	vma = anon_vma(parent);
	KASSERT_TRUE(vma);
	KEXPECT_EQ(handle_mm_fault(parent, vma, ADDR, true), VM_FAULT_MINOR);
	page = pte_page(pte_of(parent, ADDR));
	KEXPECT_TRUE(PageLRU(page));
	KEXPECT_TRUE(PageActive(page));

	child = dup_mm(parent);
	KASSERT_TRUE(child);
	KEXPECT_EQ(handle_mm_fault(child, find_vma(child, ADDR), ADDR, true),
		   VM_FAULT_MINOR);
	page = pte_page(pte_of(child, ADDR));
	KEXPECT_NE(page_to_pfn(page), pte_pfn(pte_of(parent, ADDR)));
	KEXPECT_TRUE(PageLRU(page));
	KEXPECT_TRUE(PageActive(page));

	mmput(child);
	mmput(parent);
	KEXPECT_EQ(settled_free_pages(), free_before);
}
