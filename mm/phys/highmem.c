/*
 * mm/phys/highmem.c - kmap and kmap_atomic (mm/phys/highmem.h).
 *
 * kmap: LAST_PKMAP persistent entries in the PKMAP area, Linux's scheme.
 * pkmap_count[nr] is 0 for an entry that is free and flushed, 1 for one
 * nobody uses whose PTE (and perhaps a TLB entry, on any CPU) is still
 * there, and 1 + users otherwise.  Entries are taken round-robin; when the
 * search wraps to entry 0, every entry at 1 is cleared and the TLB of
 * every CPU is flushed once (flush_tlb_all), so an unmapped entry costs no
 * flush of its own and is never reused while a stale TLB entry anywhere
 * may point at its old page.  When every entry is in use, kmap sleeps on
 * pkmap_map_wait until a kunmap drops one to 1.  A small hash finds the
 * entry of a page that is already mapped.  kmap_lock, a spinlock taken
 * with interrupts on as Linux's (neither call is allowed in an
 * interrupt), guards all of it; kmap drops it to sleep.
 *
 * kmap_atomic: a high page gets the fixmap slot FIX_KMAP_BEGIN +
 * KM_TYPE_NR * smp_processor_id() + type, so each CPU has slots of its own
 * and only its own TLB ever holds them.  Mapping sets the PTE, which was
 * clear; unmapping clears it and flushes that one address on this CPU
 * (invlpg, or a CR3 reload on a 386).  Every slot taken and released goes
 * through the checker on this CPU's stack of held slots.  A low page
 * takes no slot: kmap_atomic returns its direct-map address and only
 * counts it in this CPU's kmap_atomic_stack (direct), so sleeping or being
 * preempted with it held is still caught on a machine without high
 * memory; kunmap_atomic tells the two apart by the address.  The state of
 * CPU n is km_cpu[n], changed only by CPU n with interrupts off.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/panic.h"
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/spinlock.h"
#include "kernel/sched/wait.h"
#include "kernel/smp/smp.h"
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
static DEFINE_SPINLOCK(kmap_lock);

static struct kmap_atomic_stack km_cpu[NR_CPUS];

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
	/* Any CPU may have used any entry: flush every TLB. */
	if (need_flush)
		flush_tlb_all();
}

/* Sleep until a kunmap frees an entry.  Called and returns with
 * kmap_lock held. */
static void pkmap_wait(void)
{
	wait_queue_t w;

	init_wait(&w);
	prepare_to_wait(&pkmap_map_wait, &w, TASK_UNINTERRUPTIBLE);
	spin_unlock(&kmap_lock);
	schedule();
	spin_lock(&kmap_lock);
	finish_wait(&pkmap_map_wait, &w);
}

/* An entry for page, which has none: its number.  kmap_lock held. */
static int map_new_virtual(struct page *page)
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
		pkmap_wait();
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
	int nr;

	/* kmap may sleep: not from an interrupt, nor inside kmap_atomic. */
	BUG_ON(in_irq() || kmap_atomic_depth());
	spin_lock(&kmap_lock);
	nr = pkmap_lookup(page);
	if (nr < 0)
		nr = map_new_virtual(page);
	pkmap_count[nr]++;
	spin_unlock(&kmap_lock);
	return (void *)PKMAP_ADDR(nr);
}

void kunmap_high(struct page *page)
{
	bool need_wakeup = false;
	int nr;

	BUG_ON(in_irq());
	spin_lock(&kmap_lock);
	nr = pkmap_lookup(page);
	BUG_ON(nr < 0 || pkmap_count[nr] < 2);
	if (--pkmap_count[nr] == 1)
		need_wakeup = waitqueue_active(&pkmap_map_wait);
	spin_unlock(&kmap_lock);
	if (need_wakeup)
		wake_up(&pkmap_map_wait);
}

u32 kmap_pool_in_use(void)
{
	u32 n = 0;
	int i;

	spin_lock(&kmap_lock);
	for (i = 0; i < LAST_PKMAP; i++)
		n += pkmap_count[i] > 1;
	spin_unlock(&kmap_lock);
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

/* This CPU's state; interrupts are off, so it stays this CPU's. */
static struct kmap_atomic_stack *this_km(void)
{
	return &km_cpu[smp_processor_id()];
}

int kmap_atomic_depth(void)
{
	u32 flags = irq_save();
	struct kmap_atomic_stack *s = this_km();
	int depth = s->depth + s->direct;

	irq_restore(flags);
	return depth;
}

u32 kmap_atomic_vaddr(int cpu, enum km_type type)
{
	return fix_to_virt((enum fixed_addresses)(FIX_KMAP_BEGIN +
						  KM_TYPE_NR * cpu + type));
}

static void *kmap_atomic_high(struct page *page, enum km_type type)
{
	u32 flags = irq_save();
	int cpu = smp_processor_id();
	struct kmap_atomic_stack *s = &km_cpu[cpu];
	const char *why = kmap_atomic_take_error(s, type);
	u32 vaddr;
	pte_t *pte;

	if (why)
		panic("kmap_atomic(type %d): %s", type, why);
	vaddr = kmap_atomic_vaddr(cpu, type);
	pte = fixmap_pte(virt_to_fix(vaddr));
	BUG_ON(!pte_none(*pte));
	set_pte(pte, mk_pte(page, PAGE_KERNEL));
	s->type[s->depth] = type;
	s->vaddr[s->depth] = vaddr;
	s->depth++;
	irq_restore(flags);
	return (void *)vaddr;
}

void *kmap_atomic(struct page *page, enum km_type type)
{
	u32 flags;

	if (PageHighMem(page))
		return kmap_atomic_high(page, type);
	if ((unsigned int)type >= KM_TYPE_NR)
		panic("kmap_atomic(type %d): no such kmap_atomic type", type);
	flags = irq_save();
	this_km()->direct++;
	irq_restore(flags);
	return page_address(page);
}

static void kunmap_atomic_high(void *kvaddr, enum km_type type)
{
	u32 flags = irq_save();
	struct kmap_atomic_stack *s = this_km();
	u32 vaddr = (u32)kvaddr & PAGE_MASK;
	const char *why = kmap_atomic_release_error(s, vaddr, type);

	if (why)
		panic("kunmap_atomic(%p, type %d): %s", kvaddr, type, why);
	pte_clear(fixmap_pte(virt_to_fix(vaddr)));
	/* This CPU's own slot: no other TLB can hold it. */
	cpu_invlpg(vaddr);
	s->depth--;
	irq_restore(flags);
}

void kunmap_atomic(void *kvaddr, enum km_type type)
{
	struct kmap_atomic_stack *s;
	u32 flags;

	if (!kmap_atomic_is_direct(kvaddr)) {
		kunmap_atomic_high(kvaddr, type);
		return;
	}
	if ((unsigned int)type >= KM_TYPE_NR)
		panic("kunmap_atomic(%p, type %d): no such kmap_atomic type",
		      kvaddr, type);
	flags = irq_save();
	s = this_km();
	if (!s->direct)
		panic("kunmap_atomic(%p, type %d): no low page mapped", kvaddr,
		      type);
	s->direct--;
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
