/*
 * mm/phys/highmem.c - kmap and kmap_atomic (mm/phys/highmem.h).
 *
 * kmap: LAST_PKMAP persistent entries in the PKMAP area, Linux's scheme.
 * pkmap_count[nr] is 0 for an entry that is free and flushed, 1 for one
 * nobody uses whose PTE (and perhaps a TLB entry) is still there, and
 * 1 + users otherwise.  Entries are taken round-robin; when the search
 * wraps to entry 0, every entry at 1 is cleared and the whole TLB is
 * flushed once (a CR3 reload, which any 386 has), so an unmapped entry
 * costs no flush of its own and is never reused while a stale TLB entry
 * may point at its old page.  When every entry is in use, kmap sleeps on
 * pkmap_map_wait until a kunmap drops one to 1.  A small hash finds the
 * entry of a page that is already mapped.  Interrupts off is the lock
 * (uniprocessor); kmap sleeps with them on.
 *
 * kmap_atomic: the fixmap slot FIX_KMAP_BEGIN + type (+ KM_TYPE_NR per
 * CPU).  Mapping sets the PTE, which was clear; unmapping clears it and
 * flushes that one address (invlpg, or a CR3 reload on a 386).  Every
 * call, low page or high, goes through the checker on this CPU's stack of
 * held slots.
 */
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/panic.h"
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/wait.h"
#include "mm/phys/fixmap.h"
#include "mm/phys/highmem.h"
#include "mm/phys/tlb.h"

#define PA_HASH_BITS 7

static int pkmap_count[LAST_PKMAP];
static struct page *pkmap_page[LAST_PKMAP];
static u16 pa_hash[1u << PA_HASH_BITS]; /* first entry + 1, 0: none */
static u16 pa_next[LAST_PKMAP]; /* next entry + 1 in the bucket */
static unsigned int last_pkmap_nr;
static DECLARE_WAIT_QUEUE_HEAD(pkmap_map_wait);

static struct kmap_atomic_stack km_stack; /* this CPU's held slots */

static unsigned int pa_hashfn(const struct page *page)
{
	return (page_to_pfn(page) * 0x9E370001u) >> (32 - PA_HASH_BITS);
}

static int pkmap_lookup(const struct page *page)
{
	u16 e;

	for (e = pa_hash[pa_hashfn(page)]; e; e = pa_next[e - 1])
		if (pkmap_page[e - 1] == page)
			return e - 1;
	return -1;
}

static void pkmap_hash_add(int nr, struct page *page)
{
	u16 *head = &pa_hash[pa_hashfn(page)];

	pkmap_page[nr] = page;
	pa_next[nr] = *head;
	*head = (u16)(nr + 1);
}

static void pkmap_hash_del(int nr)
{
	u16 *link = &pa_hash[pa_hashfn(pkmap_page[nr])];

	while (*link != nr + 1)
		link = &pa_next[*link - 1];
	*link = pa_next[nr];
	pkmap_page[nr] = NULL;
}

static void flush_all_zero_pkmaps(void)
{
	bool need_flush = false;
	int i;

	for (i = 0; i < LAST_PKMAP; i++) {
		if (pkmap_count[i] != 1)
			continue;
		pkmap_count[i] = 0;
		pte_clear(&pkmap_page_table[i]);
		pkmap_hash_del(i);
		need_flush = true;
	}
	if (need_flush)
		flush_tlb_all();
}

/* Sleep until a kunmap frees an entry.  Called and returns with the
 * lock (interrupts off) held in *flags. */
static void pkmap_wait(u32 *flags)
{
	wait_queue_t w;

	init_wait(&w);
	prepare_to_wait(&pkmap_map_wait, &w, TASK_UNINTERRUPTIBLE);
	irq_restore(*flags);
	schedule();
	*flags = irq_save();
	finish_wait(&pkmap_map_wait, &w);
}

/* An entry for page, which has none: its number. */
static int map_new_virtual(struct page *page, u32 *flags)
{
	int count, nr;

start:
	count = LAST_PKMAP;
	for (;;) {
		last_pkmap_nr = (last_pkmap_nr + 1) & LAST_PKMAP_MASK;
		if (!last_pkmap_nr) {
			flush_all_zero_pkmaps();
			count = LAST_PKMAP;
		}
		if (!pkmap_count[last_pkmap_nr])
			break;
		if (--count)
			continue;
		pkmap_wait(flags);
		/* Someone else may have mapped it while we slept. */
		nr = pkmap_lookup(page);
		if (nr >= 0)
			return nr;
		goto start;
	}
	nr = (int)last_pkmap_nr;
	set_pte(&pkmap_page_table[nr], mk_pte(page, PAGE_KERNEL));
	pkmap_count[nr] = 1;
	pkmap_hash_add(nr, page);
	return nr;
}

void *kmap_high(struct page *page)
{
	u32 flags;
	int nr;

	/* kmap may sleep: not from an interrupt, nor inside kmap_atomic. */
	BUG_ON(in_irq() || kmap_atomic_depth());
	flags = irq_save();
	nr = pkmap_lookup(page);
	if (nr < 0)
		nr = map_new_virtual(page, &flags);
	pkmap_count[nr]++;
	irq_restore(flags);
	return (void *)PKMAP_ADDR(nr);
}

void kunmap_high(struct page *page)
{
	u32 flags = irq_save();
	int nr = pkmap_lookup(page);
	bool need_wakeup = false;

	BUG_ON(nr < 0 || pkmap_count[nr] < 2);
	if (--pkmap_count[nr] == 1)
		need_wakeup = waitqueue_active(&pkmap_map_wait);
	irq_restore(flags);
	if (need_wakeup)
		wake_up(&pkmap_map_wait);
}

u32 kmap_pool_in_use(void)
{
	u32 flags = irq_save(), n = 0;
	int i;

	for (i = 0; i < LAST_PKMAP; i++)
		n += pkmap_count[i] > 1;
	irq_restore(flags);
	return n;
}

const char *kmap_atomic_take_error(const struct kmap_atomic_stack *s,
				   enum km_type type)
{
	int i;

	if ((unsigned int)type >= KM_TYPE_NR)
		return "no such kmap_atomic type";
	for (i = 0; i < s->depth; i++)
		if (s->type[i] == type)
			return "slot taken twice";
	return NULL;
}

const char *kmap_atomic_release_error(const struct kmap_atomic_stack *s,
				      u32 vaddr, enum km_type type)
{
	int top = s->depth - 1;

	if ((unsigned int)type >= KM_TYPE_NR)
		return "no such kmap_atomic type";
	if (top < 0)
		return "no slot held";
	if (s->type[top] != type)
		return kmap_atomic_take_error(s, type) ?
			       "slots released out of order" :
			       "slot not held";
	if (s->vaddr[top] != (vaddr & PAGE_MASK))
		return "wrong address for the slot";
	return NULL;
}

int kmap_atomic_depth(void)
{
	return km_stack.depth;
}

static enum fixed_addresses kmap_atomic_idx(enum km_type type)
{
	return (enum fixed_addresses)(FIX_KMAP_BEGIN + type);
}

void *kmap_atomic(struct page *page, enum km_type type)
{
	u32 flags = irq_save();
	const char *why = kmap_atomic_take_error(&km_stack, type);
	u32 vaddr;

	if (why)
		panic("kmap_atomic(type %d): %s", type, why);
	if (PageHighMem(page)) {
		pte_t *pte = fixmap_pte(kmap_atomic_idx(type));

		BUG_ON(!pte_none(*pte));
		set_pte(pte, mk_pte(page, PAGE_KERNEL));
		vaddr = fix_to_virt(kmap_atomic_idx(type));
	} else {
		vaddr = (u32)page_address(page);
	}
	km_stack.type[km_stack.depth] = type;
	km_stack.vaddr[km_stack.depth] = vaddr;
	km_stack.depth++;
	irq_restore(flags);
	return (void *)vaddr;
}

void kunmap_atomic(void *kvaddr, enum km_type type)
{
	u32 flags = irq_save();
	u32 vaddr = (u32)kvaddr & PAGE_MASK;
	const char *why = kmap_atomic_release_error(&km_stack, vaddr, type);

	if (why)
		panic("kunmap_atomic(%p, type %d): %s", kvaddr, type, why);
	if (vaddr == fix_to_virt(kmap_atomic_idx(type))) {
		pte_clear(fixmap_pte(kmap_atomic_idx(type)));
		__flush_tlb_one(vaddr);	/* only this CPU maps the slot */
	}
	km_stack.depth--;
	irq_restore(flags);
}

struct page *kmap_atomic_to_page(const void *kvaddr)
{
	u32 va = (u32)kvaddr;

	if (va >= FIXADDR_BOOT_START)
		return pte_page(*fixmap_pte(virt_to_fix(va)));
	if (va >= PKMAP_BASE)
		return pte_page(pkmap_page_table[PKMAP_NR(va)]);
	return virt_to_page(va);
}
