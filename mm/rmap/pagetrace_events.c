/*
 * mm/rmap/pagetrace_events.c - the follow mode's ring of events (see
 * mm/rmap/pagetrace_events.h).
 *
 * What is followed is a page (struct page *, while it lives) and the
 * place it was found at (mm, addr).  The place serves to recognise the
 * page's successor when it faults back in.  The follower holds an
 * mm_count reference (as a lazy-TLB user does): after the process exits
 * the mm_struct stays, with no VMAs, so a new process never reuses its
 * address and passes for it.  Events come from
 * faults, reclaim (kswapd, direct reclaim), I/O completion and exit's
 * teardown without the big kernel lock (mm/vm/exit_zap.c) alike, so the
 * ring and the followed page change under pagetrace_lock, with
 * interrupts off.  It is taken last, inside any mm lock.
 */
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/pagetrace_events.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

#define NR_EVENTS 64	/* a power of two */

struct pagetrace_record {
	u32 seq;		/* from 1; 0: the slot was never used */
	u32 jiffies;
	enum pagetrace_event ev;
	u32 pfn;
	int pid;		/* of vma's mm, or 0 */
	unsigned long addr;	/* in vma, or the event's argument */
};

bool pagetrace_following;
static DEFINE_SPINLOCK(pagetrace_lock);
static struct page *followed_page;
static struct mm_struct *followed_mm;
static unsigned long followed_addr;
static struct pagetrace_record ring[NR_EVENTS];
static u32 next_seq = 1;

static const char *const event_names[] = {
	[PTE_MAPPED] = "mapped",
	[PAGE_REFERENCED] = "referenced",
	[PAGE_DEACTIVATED] = "deactivated",
	[PTE_UNMAPPED] = "unmapped",
	[PAGE_SWAPOUT] = "swapout",
	[PAGE_FREED] = "freed",
	[PAGE_SWAPIN] = "swapin",
};

/* The tgid of a task using mm, or 0.  A task using mm holds a user of it:
 * with none (exit's teardown, which may run without the big kernel lock
 * that keeps the task list still) there is nothing to look for. */
static int owner_pid(struct mm_struct *mm)
{
	struct task_struct *t;

	if (!mm->mm_users)
		return 0;
	list_for_each_entry(t, &task_list, tasks)
		if (t->mm == mm)
			return t->tgid;
	return 0;
}

void __pagetrace_event(enum pagetrace_event ev, struct page *page,
		       struct vm_area_struct *vma, unsigned long arg)
{
	struct pagetrace_record *r;
	unsigned long flags;

	spin_lock_irqsave(&pagetrace_lock, flags);

	/* Mapped at the followed place: the page itself, or its successor. */
	if (ev == PTE_MAPPED && vma->vm_mm == followed_mm &&
	    arg == followed_addr)
		followed_page = page;
	if (page != followed_page ||
	    (ev == PAGE_REFERENCED && arg == 0)) {
		spin_unlock_irqrestore(&pagetrace_lock, flags);
		return;
	}
	r = &ring[next_seq % NR_EVENTS];
	r->seq = next_seq++;
	r->jiffies = jiffies;
	r->ev = ev;
	r->pfn = page_to_pfn(page);
	r->pid = vma ? owner_pid(vma->vm_mm) : 0;
	r->addr = arg;
	if (ev == PAGE_FREED)
		followed_page = NULL;
	spin_unlock_irqrestore(&pagetrace_lock, flags);
}

void pagetrace_follow_mm(struct mm_struct *mm, unsigned long addr)
{
	struct mm_struct *old;
	struct page *page = NULL;
	unsigned long flags;
	pte_t pte;

	mmgrab(mm);
	spin_lock_irqsave(&mm->page_table_lock, flags);
	pte_read(mm, addr, &pte);
	if (pte_present(pte) && pfn_valid(pte_pfn(pte)))
		page = pte_page(pte);
	spin_lock(&pagetrace_lock);
	old = followed_mm;
	followed_page = page;
	followed_mm = mm;
	followed_addr = addr & PAGE_MASK;
	next_seq = 1;
	memset(ring, 0, sizeof(ring));
	pagetrace_following = true;
	spin_unlock(&pagetrace_lock);
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	if (old)
		mmdrop(old);
}

void pagetrace_unfollow(void)
{
	struct mm_struct *old;
	unsigned long flags;

	spin_lock_irqsave(&pagetrace_lock, flags);
	old = followed_mm;
	pagetrace_following = false;
	followed_page = NULL;
	followed_mm = NULL;
	spin_unlock_irqrestore(&pagetrace_lock, flags);
	if (old)
		mmdrop(old);
}

int pagetrace_follow(int pid, unsigned long addr)
{
	struct task_struct *t;

	if (pid == 0) {
		pagetrace_unfollow();
		return 0;
	}
	t = find_task_by_pid(pid);
	if (!t)
		return -ESRCH;
	if (!t->mm)
		return -EINVAL;
	pagetrace_follow_mm(t->mm, addr);
	return 0;
}

void pagetrace_events_show(struct seq_buf *m)
{
	unsigned long flags;
	u32 first, seq;

	if (!pagetrace_following) {
		seq_puts(m, "# following nothing: echo PID ADDR > /proc/pagetrace_events\n");
		return;
	}
	/* Printing does not sleep: the ring stays still while it is read. */
	spin_lock_irqsave(&pagetrace_lock, flags);
	seq_printf(m, "# following address 0x%08lx, page pfn ", followed_addr);
	if (followed_page)
		seq_printf(m, "0x%x\n", page_to_pfn(followed_page));
	else
		seq_puts(m, "none (freed or not yet faulted)\n");
	first = next_seq > NR_EVENTS ? next_seq - NR_EVENTS : 1;
	for (seq = first; seq < next_seq; seq++) {
		struct pagetrace_record *r = &ring[seq % NR_EVENTS];

		seq_printf(m, "%u %u.%02u %s pfn 0x%x", r->seq, r->jiffies / HZ,
			   r->jiffies % HZ * 100 / HZ, event_names[r->ev], r->pfn);
		if (r->pid || r->ev == PTE_MAPPED || r->ev == PTE_UNMAPPED ||
		    r->ev == PAGE_SWAPIN)
			seq_printf(m, " pid %d address 0x%08lx\n", r->pid, r->addr);
		else if (r->ev == PAGE_SWAPOUT)
			seq_printf(m, " swap type %u offset %u\n",
				   swp_type((swp_entry_t){ r->addr }),
				   swp_offset((swp_entry_t){ r->addr }));
		else if (r->ev == PAGE_REFERENCED)
			seq_printf(m, " young PTEs %lu\n", r->addr);
		else
			seq_putc(m, '\n');
	}
	spin_unlock_irqrestore(&pagetrace_lock, flags);
}
