/*
 * kernel/process/kstack.c - kernel stacks with a guard below each (kernel/process/kstack.h).
 *
 * A bitmap says which slots are taken; interrupts off around it is the
 * lock (uniprocessor).  Stack pages are single pages, so a fork never
 * needs a physically contiguous pair.  Unmapping flushes the TLB entry:
 * a later overflow into a freed slot must fault, not reach the old page.
 *
 * That flush reaches every CPU (the area is in every address space), and
 * on several CPUs it is an IPI each other CPU must answer before the
 * page is freed.  A task is forked and reaped for every command a shell
 * runs, so the stacks of the last NR_CACHED_STACKS dead tasks stay mapped
 * (free_thread_stack) and the next forks take them (alloc_thread_stack):
 * no unmapping, no flush, no pages freed and allocated again.  A cached
 * stack is nobody's, and its slot's guard is still unmapped.  The cache
 * is guarded as the bitmap is, and the big kernel lock serializes the
 * forks and reapings of several CPUs.
 */
#include "kernel/cpu/io.h"
#include "kernel/process/kstack.h"
#include "kernel/panic.h"
#include "kernel/process/task.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/pgtable.h"
#include "mm/phys/tlb.h"

#define STACK_PAGES ((int)(THREAD_SIZE / PAGE_SIZE))
#define STACK_OFFSET (KSTACK_SLOT - THREAD_SIZE)	/* guard below it */

#define NR_CACHED_STACKS 2

static u32 slot_used[KSTACK_SLOTS / 32];
static void *cached_stacks[NR_CACHED_STACKS];
static int nr_cached_stacks;

void kstack_init(void)
{
	u32 va;

	for (va = KSTACK_AREA_START; va - KSTACK_AREA_START < KSTACK_AREA_SIZE;
	     va += PTRS_PER_PTE * PAGE_SIZE) {
		struct page *table = alloc_page(GFP_KERNEL | __GFP_ZERO);

		if (!table)
			panic("kstack_init: no page for the stack area's tables");
		set_pgd(pgd_offset_k(va),
			__pgd(page_to_phys(table) | _KERNPG_TABLE));
	}
}

static pte_t *kstack_pte(u32 va)
{
	return pte_offset_kernel(pgd_offset_k(va), va);
}

static int take_slot(void)
{
	u32 flags = irq_save();
	int i;

	for (i = 0; i < (int)KSTACK_SLOTS; i++)
		if (!(slot_used[i / 32] & (1u << (i % 32)))) {
			slot_used[i / 32] |= 1u << (i % 32);
			break;
		}
	irq_restore(flags);
	return i < (int)KSTACK_SLOTS ? i : -1;
}

static void put_slot(int i)
{
	u32 flags = irq_save();

	slot_used[i / 32] &= ~(1u << (i % 32));
	irq_restore(flags);
}

static void unmap_stack(u32 stack, int mapped)
{
	int i;

	for (i = 0; i < mapped; i++) {
		u32 va = stack + i * PAGE_SIZE;
		pte_t *pte = kstack_pte(va);
		struct page *page = pte_page(*pte);

		pte_clear(pte);
		flush_tlb_page(NULL, va);
		__free_page(page);
	}
}

void *kstack_alloc(void)
{
	int slot = take_slot(), i;
	u32 stack;

	if (slot < 0)
		return NULL;
	stack = KSTACK_AREA_START + slot * KSTACK_SLOT + STACK_OFFSET;
	for (i = 0; i < STACK_PAGES; i++) {
		struct page *page = alloc_page(GFP_KERNEL);

		if (!page) {
			unmap_stack(stack, i);
			put_slot(slot);
			return NULL;
		}
		/* Not present before: nothing cached to flush. */
		set_pte(kstack_pte(stack + i * PAGE_SIZE),
			mk_pte(page, PAGE_KERNEL));
	}
	return (void *)stack;
}

void kstack_free(void *stack)
{
	u32 s = (u32)stack;

	BUG_ON(s < KSTACK_AREA_START || (s - KSTACK_AREA_START) % KSTACK_SLOT !=
					      STACK_OFFSET);
	unmap_stack(s, STACK_PAGES);
	put_slot((s - KSTACK_AREA_START) / KSTACK_SLOT);
}

/* The cached stack put there last, or NULL. */
static void *alloc_cached_stack(void)
{
	u32 flags = irq_save();
	void *stack = nr_cached_stacks ? cached_stacks[--nr_cached_stacks] :
					 NULL;

	irq_restore(flags);
	return stack;
}

void *alloc_thread_stack(void)
{
	void *stack = alloc_cached_stack();

	return stack ? stack : kstack_alloc();
}

void free_thread_stack(void *stack)
{
	u32 flags = irq_save();
	bool kept = nr_cached_stacks < NR_CACHED_STACKS;

	if (kept)
		cached_stacks[nr_cached_stacks++] = stack;
	irq_restore(flags);
	if (!kept)
		kstack_free(stack);
}

void kstack_drop_cached(void)
{
	void *stack;

	while ((stack = alloc_cached_stack()))
		kstack_free(stack);
}

bool kstack_in_guard(u32 addr)
{
	return addr >= KSTACK_AREA_START &&
	       addr - KSTACK_AREA_START < KSTACK_AREA_SIZE &&
	       (addr - KSTACK_AREA_START) % KSTACK_SLOT < STACK_OFFSET;
}
