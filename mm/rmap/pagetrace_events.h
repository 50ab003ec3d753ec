/*
 * mm/rmap/pagetrace_events.h - following one page's life (the page
 * tracer's follow mode, `pagetrace -f PID ADDR`).
 *
 * pagetrace_follow(pid, addr) picks the page process pid maps at addr;
 * from then on, the hooks below record each event of its life into a
 * small ring that /proc/pagetrace_events lists: mapped by a PTE (a fault,
 * fork's copy, a swap-in), referenced (page_referenced found an accessed
 * bit), deactivated (moved to the inactive list), unmapped from one VMA
 * by try_to_unmap, written to swap, freed, and read back from swap.  A
 * fault at (mm, addr) after the page was freed follows the new page: the
 * page that came back.
 *
 * The hooks sit where Linux 2.6.3x has tracepoints, one line each, and
 * cost one compare while nothing is followed.
 */
#ifndef MM_RMAP_PAGETRACE_EVENTS_H
#define MM_RMAP_PAGETRACE_EVENTS_H

#include "kernel/lib/seq_buf.h"
#include "mm/phys/page.h"

struct mm_struct;
struct vm_area_struct;

enum pagetrace_event {
	PTE_MAPPED,		/* vm_install_pte: vma, addr */
	PAGE_REFERENCED,	/* page_referenced: arg = young PTEs found */
	PAGE_DEACTIVATED,	/* refill_inactive */
	PTE_UNMAPPED,		/* try_to_unmap, one VMA: vma, addr */
	PAGE_SWAPOUT,		/* swap_writepage: arg = the swap entry */
	PAGE_FREED,		/* the last reference went */
	PAGE_SWAPIN,		/* do_swap_page mapped it back: vma, addr */
};

extern bool pagetrace_following;

void __pagetrace_event(enum pagetrace_event ev, struct page *page,
		       struct vm_area_struct *vma, unsigned long arg);

/* The hook: vma may be NULL; arg is the address when vma is given. */
static inline void pagetrace_event(enum pagetrace_event ev,
				   struct page *page,
				   struct vm_area_struct *vma, unsigned long arg)
{
	if (unlikely(pagetrace_following))
		__pagetrace_event(ev, page, vma, arg);
}

/* Follow what pid maps at addr (pid 0: stop).  0, -ESRCH or -EINVAL.
 * Following starts a new ring. */
int pagetrace_follow(int pid, unsigned long addr);
void pagetrace_follow_mm(struct mm_struct *mm, unsigned long addr);
void pagetrace_unfollow(void);
/* /proc/pagetrace_events: what is followed, then one line per event. */
void pagetrace_events_show(struct seq_buf *m);

#endif
