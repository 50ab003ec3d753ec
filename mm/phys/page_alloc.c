/*
 * mm/phys/page_alloc.c - the binary buddy allocator (Knuth; Linux 2.6's shape).
 *
 * A free block of 2^order pages starting at pfn has its buddy at
 * pfn ^ 2^order.  Freeing merges with the buddy while the buddy is itself a
 * free block of the same order (PG_buddy and private == order) inside the
 * same zone, so the free lists always hold maximal blocks.  Allocating takes
 * the smallest free block that fits and splits off the unused halves.
 *
 * All list and counter updates run with interrupts off (Mapback is
 * uniprocessor, so that is the zone lock), so interrupt handlers may
 * allocate with GFP_ATOMIC.
 */
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/fault_inject.h"
#include "mm/phys/highmem.h"
#include "mm/phys/mmzone.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/oom_kill.h"
#include "mm/reclaim/vmscan.h"
#include "mm/phys/page_alloc.h"
#include "mm/vmstat.h"
#include "mm/locking.h"
#include "mm/rmap/pagetrace_events.h"

struct page_state page_state;
bool bad_page_catch;
u32 bad_page_caught;

/* Flags that must be clear on a page entering or leaving the free lists. */
#define PAGE_FLAGS_CHECK                                                  \
	(1u << PG_locked | 1u << PG_lru | 1u << PG_active | 1u << PG_slab | \
	 1u << PG_reserved | 1u << PG_direct | 1u << PG_compound |        \
	 1u << PG_swapcache | 1u << PG_buddy | 1u << PG_chainlock | \
	 1u << PG_writeback)

void bad_page(const char *function, const char *why, struct page *page)
{
	printk("Bad page state at %s: %s\n", function, why);
	printk("  page:%p pfn:0x%x flags:0x%08x count:%d mapping:%p index:%u"
	       " private:0x%x pte:0x%x\n",
	       (void *)page, page_to_pfn(page), page->flags, page_count(page),
	       (void *)page->mapping, page->index, page->private,
	       page->pte.direct);
	if (bad_page_catch) {
		bad_page_caught++;
		return;
	}
	BUG();
}

static bool free_pages_check(const char *function, struct page *page)
{
	/* rmap=anon_vma leaves an anonymous page's tagged anon_vma in place
	 * after its last unmap (the page may still be in the swap cache). */
	if (PageAnon(page) && ((unsigned long)page->mapping & 1UL))
		page->mapping = NULL;
	if (page->mapping)
		bad_page(function, "page still has a mapping", page);
	else if (page->pte.direct)	/* a PTE, a chain or a count */
		bad_page(function, "page still mapped by PTEs", page);
	else if (page->flags & PAGE_FLAGS_CHECK)
		bad_page(function, "page flags in use", page);
	else {
		/* An anonymous page stops being one when it is freed (the
		 * objrmap patch's free_pages_check). */
		ClearPageAnon(page);
		return true;
	}
	return false;
}

static void add_free_block(struct zone *z, struct page *page,
			   unsigned int order)
{
	SetPageBuddy(page);
	page->private = order;
	list_add(&page->lru, &z->free_area[order].free_list);
	z->free_area[order].nr_free++;
}

static void del_free_block(struct zone *z, struct page *page,
			   unsigned int order)
{
	list_del(&page->lru);
	ClearPageBuddy(page);
	page->private = 0;
	z->free_area[order].nr_free--;
}

/* LAB 1 BEGIN: page_is_buddy, is the block at pfn a free buddy of this order? */
static bool page_is_buddy(struct zone *z, u32 pfn, unsigned int order)
{
	struct page *p = pfn_to_page(pfn);

	return zone_contains(z, pfn) && pfn < max_pfn && PageBuddy(p) &&
	       p->private == order;
}
/* LAB 1 END */

/* Put a checked block on the free lists, merging it with free buddies. */
static void free_block(struct page *page, unsigned int order)
{
	struct zone *z = page_zone(page);
	u32 pfn = page_to_pfn(page);
	u32 flags;

	spin_lock_irqsave(&z->lock, flags);
	z->free_pages += 1u << order;
	stat_add(&page_state.pgfree, 1u << order);
	/* LAB 1 BEGIN: merge the freed block with its free buddies */
	while (order < MAX_ORDER - 1) {
		u32 buddy = pfn ^ (1u << order);

		if (!page_is_buddy(z, buddy, order))
			break;
		del_free_block(z, pfn_to_page(buddy), order);
		pfn &= buddy;
		order++;
	}
	/* LAB 1 END */
	add_free_block(z, pfn_to_page(pfn), order);
	spin_unlock_irqrestore(&z->lock, flags);
}

/* Take a block of `order` from z, splitting a bigger one if needed. */
static struct page *rmqueue(struct zone *z, unsigned int order)
{
	unsigned int o;

	for (o = order; o < MAX_ORDER; o++) {
		struct free_area *area = &z->free_area[o];
		struct page *page;

		if (list_empty(&area->free_list))
			continue;
		page = list_first_entry(&area->free_list, struct page, lru);
		del_free_block(z, page, o);
		/* LAB 1 BEGIN: split the bigger block, putting the unused halves back */
		while (o > order) {
			o--;
			add_free_block(z, page + (1u << o), o);
		}
		/* LAB 1 END */
		z->free_pages -= 1u << order;
		return page;
	}
	return NULL;
}

/*
 * Would taking 2^order pages leave at least `mark` free, above what the
 * zone keeps back from allocations that could have used classzone?
 * __GFP_HIGH (atomic) callers may use half of the reserve below the
 * watermark, as in Linux, but never the lowmem reserve.
 */
bool zone_watermark_ok(struct zone *z, unsigned int order, u32 mark,
		       int classzone, gfp_t gfp)
{
	if (gfp & __GFP_HIGH)
		mark -= mark / 2;
	return z->free_pages >= mark + z->lowmem_reserve[classzone] +
				       (1u << order);
}

/*
 * The zones an allocation may use, best first, ending with -1: the first
 * is its class zone.  __GFP_HIGHMEM: HighMem, then Normal, then DMA;
 * plain: Normal, then DMA; __GFP_DMA: DMA only.
 */
const int *gfp_zonelist(gfp_t gfp)
{
	static const int highmem_list[] = { ZONE_HIGHMEM, ZONE_NORMAL,
					    ZONE_DMA, -1 };
	static const int normal_list[] = { ZONE_NORMAL, ZONE_DMA, -1 };
	static const int dma_list[] = { ZONE_DMA, -1 };

	if (gfp & __GFP_DMA)
		return dma_list;
	return (gfp & __GFP_HIGHMEM) ? highmem_list : normal_list;
}

static struct page *get_page_from_zones(gfp_t gfp, unsigned int order,
					bool at_min)
{
	const int *list = gfp_zonelist(gfp);
	int i;

	for (i = 0; list[i] >= 0; i++) {
		struct zone *z = &zones[list[i]];
		u32 mark = at_min ? z->pages_min : z->pages_low;
		struct page *page = NULL;
		u32 flags;

		if (!z->present_pages)
			continue;
		spin_lock_irqsave(&z->lock, flags);
		if (zone_watermark_ok(z, order, mark, list[0],
				      at_min ? gfp : 0))
			page = rmqueue(z, order);
		if (page)
			page_state.pgalloc[list[i]] += 1u << order;
		spin_unlock_irqrestore(&z->lock, flags);
		if (page)
			return page;
	}
	return NULL;
}

static void prep_new_page(struct page *page, unsigned int order, gfp_t gfp)
{
	u32 i;

	for (i = 0; i < (1u << order); i++) {
		struct page *p = page + i;

		if (page_count(p))
			bad_page(__func__, "free page has references", p);
		else
			free_pages_check(__func__, p);
		p->flags &= ~(1u << PG_referenced | 1u << PG_dirty |
			      1u << PG_uptodate | 1u << PG_error |
			      1u << PG_anon | 1u << PG_readahead);
		p->private = 0;
		p->index = 0;
	}
	set_page_count(page, 1);
	if (gfp & __GFP_ZERO)
		for (i = 0; i < (1u << order); i++)
			clear_highpage(page + i);
}

/*
 * First pass: any allowed zone that stays above pages_low.  When that
 * fails every zone tried is below pages_low: wake kswapd.
 *
 * Second pass: dip down to pages_min (half of it for __GFP_HIGH).  The
 * reserve below that is what keeps atomic allocations and reclaim itself
 * working when memory is short.
 *
 * Then, if the caller may sleep, reclaim synchronously and try again, for
 * as long as reclaim frees something: pages freed here may be taken by
 * another task first, and under heavy swapping a short write() or a
 * SIGBUS for that would lose the user's data.  Only NO_PROGRESS_PASSES
 * passes in a row that free nothing mean memory is really gone (one pass
 * may find every page referenced, and clears those bits for the next):
 * then the OOM killer kills the largest process and we wait for it to
 * exit.  A single page fails only when there is nothing left to kill,
 * when the caller itself is dying (killed, or exiting: it may then use the
 * atomic reserve), or when a victim would not exit.  A block of several
 * pages (a kernel stack) also fails after
 * RECLAIM_ROUNDS: freeing single pages need never make a block that big,
 * and its callers (fork) fail cleanly with an error.
 */
#define NO_PROGRESS_PASSES 3
#define OOM_RETRIES 3
#define RECLAIM_ROUNDS 16

static bool may_reclaim(gfp_t gfp)
{
	return (gfp & __GFP_WAIT) && (read_eflags() & EFLAGS_IF) &&
	       current && !(current->flags & PF_MEMALLOC);
}

/* Killed, or already in do_exit (which dequeued the SIGKILL): a dying
 * task must not wait for memory, least of all for its own exit. */
static bool dying(struct task_struct *t)
{
	return fatal_signal_pending(t) || (t->flags & PF_EXITING);
}

/* Reclaim found nothing to free, again: kill someone and wait for the
 * memory.  False when the allocation should give up. */
static bool oom_and_wait(int *stuck)
{
	if (out_of_memory() == OOM_NO_VICTIM || dying(current))
		return false;
	if (!oom_wait_for_victim())
		return !dying(current) && ++*stuck < OOM_RETRIES;
	return !dying(current);
}

static struct page *alloc_pages_slow(gfp_t gfp, unsigned int order)
{
	struct page *page = NULL;
	int idle = 0, stuck = 0, rounds = 0;

	while (!page && may_reclaim(gfp) && !fatal_signal_pending(current)) {
		if (order > 0 && rounds++ >= RECLAIM_ROUNDS)
			break;
		if (try_to_free_pages(gfp))
			idle = 0;
		else if (++idle >= NO_PROGRESS_PASSES) {
			if (!oom_and_wait(&stuck))
				break;
			idle = 0;
		}
		page = get_page_from_zones(gfp, order, true);
	}
	/* A dying task frees memory as it goes: let it have the atomic
	 * reserve rather than fail what it needs on its way out. */
	if (!page && current && dying(current))
		page = get_page_from_zones(gfp | __GFP_HIGH, order, true);
	return page;
}

struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	struct page *page;
	int i;

	if (order >= MAX_ORDER || should_fail(&fail_page_alloc))
		goto fail;
	page = get_page_from_zones(gfp, order, false);
	if (!page) {
		const int *list = gfp_zonelist(gfp);

		for (i = 0; list[i] >= 0; i++)
			wakeup_kswapd(&zones[list[i]]);
		page = get_page_from_zones(gfp, order, true);
	}
	if (!page)
		page = alloc_pages_slow(gfp, order);
	if (!page)
		goto fail;
	prep_new_page(page, order, gfp);
	return page;
fail:
	stat_inc(&page_state.pgalloc_fail);
	return NULL;
}

/*
 * Drop a reference; true if it was the last.  The LRU lists hold no
 * reference, so the last put takes the page off them, in the same
 * interrupts-off section: kswapd may be preempted anywhere, and reclaim
 * must never find (and get_page) a page whose count already reached 0.
 */
static bool put_page_testzero(struct page *page, unsigned int order)
{
	struct zone *z = page_zone(page);
	u32 flags;
	bool last;

	spin_lock_irqsave(&z->lru_lock, flags);
	last = atomic_dec_and_test(&page->_count);
	if (last && order == 0 && PageLRU(page))
		__lru_cache_del(z, page);
	spin_unlock_irqrestore(&z->lru_lock, flags);
	return last;
}

void __free_pages(struct page *page, unsigned int order)
{
	u32 i;

	if (PageReserved(page)) {
		bad_page(__func__, "freeing a reserved page", page);
		return;
	}
	if (page_count(page) <= 0) {
		bad_page(__func__, "freeing a free page", page);
		return;
	}
	if (!put_page_testzero(page, order))
		return;
	pagetrace_event(PAGE_FREED, page, NULL, 0);
	for (i = 0; i < (1u << order); i++)
		if (!free_pages_check(__func__, page + i)) {
			/* refused: leave it allocated */
			set_page_count(page, 1);
			return;
		}
	for (i = 0; i < (1u << order); i++)
		page[i].flags &= ~(1u << PG_dirty | 1u << PG_anon |
				   1u << PG_referenced | 1u << PG_readahead);
	free_block(page, order);
}

void put_page(struct page *page)
{
	if (!PageReserved(page))
		__free_pages(page, 0);
}

void free_reserved_page(struct page *page)
{
	ClearPageReserved(page);
	set_page_count(page, 0);
	totalram_pages++;
	if (PageHighMem(page))
		totalhigh_pages++;
	page_zone(page)->present_pages++;
	free_block(page, 0);
}

unsigned long __get_free_pages(gfp_t gfp, unsigned int order)
{
	struct page *page;

	/* A high page has no address to return. */
	BUG_ON(gfp & __GFP_HIGHMEM);
	page = alloc_pages(gfp, order);

	return page ? (unsigned long)page_address(page) : 0;
}

unsigned long get_zeroed_page(gfp_t gfp)
{
	return __get_free_pages(gfp | __GFP_ZERO, 0);
}

void free_pages(unsigned long addr, unsigned int order)
{
	if (addr)
		__free_pages(virt_to_page(addr), order);
}

u32 nr_free_pages(void)
{
	u32 n = 0;
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++)
		n += zones[i].free_pages;
	return n;
}

u32 nr_free_highpages(void)
{
	return zones[ZONE_HIGHMEM].free_pages;
}

unsigned int get_order(u32 size)
{
	unsigned int order = 0;

	while ((PAGE_SIZE << order) < size)
		order++;
	return order;
}
