/*
 * kernel/locking/lockdep_test.c - the lock validator finds what it is for:
 * an inversion between two classes (with the call chains of both orders
 * in the report), a class taken in an interrupt handler and with
 * interrupts on, an edge from a class taken in interrupt handlers to one
 * taken with interrupts on (either sighting first), a lock of a class
 * already held, a nesting against mm/locking.h's table, and releases
 * that do not balance; a trylock adds no edge.  The same checks as the
 * spinlocks themselves: a trylock of a held lock fails.  /proc/lockdep
 * lists the classes and their edges.
 *
 * Each test uses locks of its own, so its classes and edges are new.  A
 * test that provokes a report sets lockdep_expect_report, checks that one
 * report was made, and turns the validator back on (lockdep_rearm).  They
 * run only with `lockdep` on the command line (the test boots have it).
 */
#include "kernel/ktest.h"
#include "kernel/lib/seq_buf.h"
#include "kernel/locking/lockdep.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/sched/semaphore.h"
#include "kernel/sched/spinlock.h"
#include "mm/phys/page_alloc.h"

#define noinline __attribute__((noinline))

static bool validator_on(void)
{
	if (!debug_locks) {
		ktest_skip("the validator is off (boot with lockdep)");
		return false;
	}
	return true;
}

/* Run fn, which must make exactly one report; the validator is on again
 * afterwards either way. */
static bool one_report(void (*fn)(void))
{
	int before = lockdep_reports;
	bool one;

	lockdep_expect_report = true;
	fn();
	lockdep_expect_report = false;
	one = lockdep_reports == before + 1 && debug_locks == 2;
	lockdep_rearm();
	return one;
}

/* Where word last occurs in text[0..n), or -1. */
static long last_of(const char *text, size_t n, const char *word)
{
	size_t i, wl = strlen(word);
	long at = -1;

	for (i = 0; i + wl <= n; i++)
		if (!memcmp(text + i, word, wl))
			at = (long)i;
	return at;
}

/* Does the log, after the last line containing mark, contain word? */
static bool log_has_after(const char *mark, const char *word)
{
	struct page *page = alloc_pages(GFP_KERNEL, get_order(LOG_BUF_LEN));
	long from;
	size_t n;
	char *log;
	bool found;

	if (!page)
		return false;
	log = page_address(page);
	n = log_buf_read(log, LOG_BUF_LEN);
	from = last_of(log, n, mark);
	found = from >= 0 && last_of(log + from, n - from, word) >= 0;
	__free_pages(page, get_order(LOG_BUF_LEN));
	return found;
}

static DEFINE_SPINLOCK(ab_a);
static DEFINE_SPINLOCK(ab_b);

static noinline void take_a_then_b(void)
{
	spin_lock(&ab_a);
	spin_lock(&ab_b);
	spin_unlock(&ab_b);
	spin_unlock(&ab_a);
}

static noinline void take_b_then_a(void)
{
	spin_lock(&ab_b);
	spin_lock(&ab_a);
	spin_unlock(&ab_a);
	spin_unlock(&ab_b);
}

KTEST(lockdep_circular_dependency_reported)
{
	int before = lockdep_reports;

	if (!validator_on())
		return;
	take_a_then_b();
	KEXPECT_EQ(lockdep_reports, before); /* one order is no deadlock */
	KEXPECT_TRUE(one_report(take_b_then_a));
	KEXPECT_TRUE(
		log_has_after("circular locking dependency", "take_a_then_b+"));
	KEXPECT_TRUE(
		log_has_after("circular locking dependency", "take_b_then_a+"));
	KEXPECT_TRUE(log_has_after("circular locking dependency", "(ab_a)"));
}

static DEFINE_SPINLOCK(try_a);
static DEFINE_SPINLOCK(try_b);
static DEFINE_SPINLOCK(try_c);

static noinline void take_c_then_a(void)
{
	spin_lock(&try_c);
	spin_lock(&try_a);
	spin_unlock(&try_a);
	spin_unlock(&try_c);
}

KTEST(lockdep_trylock_adds_no_edge)
{
	int before = lockdep_reports;

	if (!validator_on())
		return;
	/* A -> B by trylock only: B then A is no inversion. */
	spin_lock(&try_a);
	KEXPECT_TRUE(spin_trylock(&try_b));
	spin_unlock(&try_b);
	spin_unlock(&try_a);
	spin_lock(&try_b);
	spin_lock(&try_a);
	spin_unlock(&try_a);
	spin_unlock(&try_b);
	KEXPECT_EQ(lockdep_reports, before);
	KEXPECT_TRUE(debug_locks);
	/* But a lock taken under a trylocked one is ordered after it (Linux's
	 * check_prevs_add): A tried, then C, records A -> C. */
	KEXPECT_TRUE(spin_trylock(&try_a));
	spin_lock(&try_c);
	spin_unlock(&try_c);
	spin_unlock(&try_a);
	KEXPECT_TRUE(one_report(take_c_then_a));
}

static DEFINE_SPINLOCK(l);

KTEST(spin_trylock_fails_on_a_held_lock)
{
	u32 flags;

	spin_lock(&l);
	KEXPECT_TRUE(spin_is_locked(&l));
	KEXPECT_FALSE(spin_trylock(&l));
	KEXPECT_FALSE(spin_trylock_irqsave(&l, flags));
	spin_unlock(&l);
	KEXPECT_FALSE(spin_is_locked(&l));
	KEXPECT_TRUE(spin_trylock_irqsave(&l, flags));
	KEXPECT_FALSE(read_eflags() & EFLAGS_IF);
	spin_unlock_irqrestore(&l, flags);
	KEXPECT_EQ(current->preempt_count, 0);
}

/* Take and release l as an interrupt handler would: interrupts off, on
 * the interrupted task's stack, with its count of handlers raised. */
static noinline void take_as_handler(spinlock_t *l)
{
	u32 flags = irq_save();

	current->irq_depth++;
	spin_lock(l);
	spin_unlock(l);
	current->irq_depth--;
	irq_restore(flags);
}

static DEFINE_SPINLOCK(irq_test_lock);

static noinline void take_in_handler(void)
{
	take_as_handler(&irq_test_lock);
}

static noinline void take_with_irqs_on(void)
{
	spin_lock(&irq_test_lock);
	spin_unlock(&irq_test_lock);
}

KTEST(lockdep_irq_unsafe_lock_reported)
{
	int before = lockdep_reports;

	if (!validator_on())
		return;
	if (!(read_eflags() & EFLAGS_IF)) {
		ktest_skip("interrupts are off");
		return;
	}
	take_in_handler();
	KEXPECT_EQ(lockdep_reports, before);
	KEXPECT_TRUE(one_report(take_with_irqs_on));
	KEXPECT_TRUE(
		log_has_after("inconsistent lock state", "take_in_handler+"));
	KEXPECT_TRUE(
		log_has_after("inconsistent lock state", "take_with_irqs_on+"));
}

static spinlock_t pair[2];

static noinline void take_both_of_pair(void)
{
	spin_lock(&pair[0]);
	spin_lock(&pair[1]);
	spin_unlock(&pair[1]);
	spin_unlock(&pair[0]);
}

KTEST(lockdep_recursive_lock_reported)
{
	int i, before = lockdep_reports;

	if (!validator_on())
		return;
	for (i = 0; i < 2; i++)
		spin_lock_init(&pair[i]); /* one line: one class */
	KEXPECT_TRUE(one_report(take_both_of_pair));
	KEXPECT_TRUE(log_has_after("recursive locking", "(&pair[i])"));
	/* Annotated as a nesting the code guarantees, it is no report. */
	before = lockdep_reports;
	spin_lock(&pair[0]);
	spin_lock_nested(&pair[1], 1);
	spin_unlock(&pair[1]);
	spin_unlock(&pair[0]);
	KEXPECT_EQ(lockdep_reports, before);
}

/*
 * An irq-safe lock (taken in a handler) held while taking an irq-unsafe
 * one (taken with interrupts on elsewhere): another CPU holding the
 * second with interrupts on can take the interrupt whose handler spins
 * on the first, while this CPU, holding the first, spins on the second.
 */
static DEFINE_SPINLOCK(safe_a);
static DEFINE_SPINLOCK(unsafe_b);

static noinline void take_safe_a_in_handler(void)
{
	take_as_handler(&safe_a);
}

static noinline void take_unsafe_b_irqs_on(void)
{
	spin_lock(&unsafe_b);
	spin_unlock(&unsafe_b);
}

static noinline void take_b_inside_a(void)
{
	u32 flags;

	spin_lock_irqsave(&safe_a, flags);
	spin_lock(&unsafe_b);
	spin_unlock(&unsafe_b);
	spin_unlock_irqrestore(&safe_a, flags);
}

static bool irqs_on_here(void)
{
	if (!(read_eflags() & EFLAGS_IF)) {
		ktest_skip("interrupts are off");
		return false;
	}
	return true;
}

KTEST(lockdep_irq_safe_to_unsafe_reported)
{
	int before = lockdep_reports;

	if (!validator_on() || !irqs_on_here())
		return;
	take_safe_a_in_handler();
	take_unsafe_b_irqs_on();
	KEXPECT_EQ(lockdep_reports, before); /* each alone is consistent */
	KEXPECT_TRUE(one_report(take_b_inside_a));
	KEXPECT_TRUE(log_has_after("HARDIRQ-safe -> HARDIRQ-unsafe lock order",
				   "(safe_a){-}"));
	KEXPECT_TRUE(log_has_after("HARDIRQ-safe -> HARDIRQ-unsafe lock order",
				   "(unsafe_b){+}"));
	/* Both call chains: where each usage was first seen. */
	KEXPECT_TRUE(log_has_after("HARDIRQ-safe -> HARDIRQ-unsafe lock order",
				   "take_safe_a_in_handler+"));
	KEXPECT_TRUE(log_has_after("HARDIRQ-safe -> HARDIRQ-unsafe lock order",
				   "take_unsafe_b_irqs_on+"));
	KEXPECT_TRUE(log_has_after("HARDIRQ-safe -> HARDIRQ-unsafe lock order",
				   "take_b_inside_a+"));
}

/* The same pair through a middle lock, and the order of the sightings
 * reversed: the edges come first (safe2 -> mid -> unsafe2, none of them
 * used in an interrupt yet), then unsafe2 with interrupts on, then safe2
 * in a handler, which finds unsafe2 after it. */
static DEFINE_SPINLOCK(safe2);
static DEFINE_SPINLOCK(mid);
static DEFINE_SPINLOCK(unsafe2);

static noinline void take_safe2_mid_unsafe2(void)
{
	u32 flags = irq_save();

	spin_lock(&safe2);
	spin_lock(&mid);
	spin_lock(&unsafe2);
	spin_unlock(&unsafe2);
	spin_unlock(&mid);
	spin_unlock(&safe2);
	irq_restore(flags);
}

static noinline void take_unsafe2_irqs_on(void)
{
	spin_lock(&unsafe2);
	spin_unlock(&unsafe2);
}

static noinline void take_safe2_in_handler(void)
{
	take_as_handler(&safe2);
}

KTEST(lockdep_irq_inversion_reported_either_order)
{
	int before = lockdep_reports;

	if (!validator_on() || !irqs_on_here())
		return;
	take_safe2_mid_unsafe2();
	take_unsafe2_irqs_on();
	KEXPECT_EQ(lockdep_reports, before);
	KEXPECT_TRUE(one_report(take_safe2_in_handler));
	KEXPECT_TRUE(log_has_after("irq lock inversion", "took another, "
							 "HARDIRQ-unsafe"));
	KEXPECT_TRUE(log_has_after("irq lock inversion", "(unsafe2){+}"));
	KEXPECT_TRUE(log_has_after("irq lock inversion", "(mid){.}"));
	KEXPECT_TRUE(
		log_has_after("irq lock inversion", "take_safe2_mid_unsafe2+"));
	KEXPECT_TRUE(
		log_has_after("irq lock inversion", "take_unsafe2_irqs_on+"));
	KEXPECT_TRUE(
		log_has_after("irq lock inversion", "take_safe2_in_handler+"));
}

static DEFINE_SPINLOCK(never_taken);

static noinline void release_unheld(void)
{
	/* The lock word itself is free too: only the validator objects. */
	spin_lock(&never_taken);
	lock_release(&never_taken.dep_map, 0);
	spin_unlock(&never_taken);
}

KTEST(lockdep_bad_unlock_balance_reported)
{
	struct semaphore s;

	if (!validator_on())
		return;
	KEXPECT_TRUE(one_report(release_unheld));
	KEXPECT_TRUE(log_has_after("bad unlock balance", "(never_taken)"));
	KEXPECT_TRUE(log_has_after("bad unlock balance", "release_unheld+"));
	KEXPECT_TRUE(log_has_after("bad unlock balance",
				   "no more locks to release"));
	/* A mutex up()ed without a down(). */
	sema_init(&s, 1);
	lockdep_expect_report = true;
	up(&s);
	lockdep_expect_report = false;
	KEXPECT_EQ(debug_locks, 2);
	lockdep_rearm();
	KEXPECT_TRUE(log_has_after("bad unlock balance", "(&s)"));
}

/* Released out of order, the outer lock's flags turning interrupts on
 * while the inner one, which handlers take, is still held. */
static DEFINE_SPINLOCK(outer);
static DEFINE_SPINLOCK(inner_irq);

static noinline void take_inner_irq_in_handler(void)
{
	take_as_handler(&inner_irq);
}

static noinline void release_outer_first(void)
{
	u32 f1, f2;

	spin_lock_irqsave(&outer, f1);
	spin_lock_irqsave(&inner_irq, f2);
	spin_unlock_irqrestore(&outer, f1); /* interrupts on: inner held */
	spin_unlock_irqrestore(&inner_irq, f2);
	irq_restore(f1);
}

static noinline void release_outer_first_keeping_irqs_off(void)
{
	u32 f1, f2;

	spin_lock_irqsave(&outer, f1);
	spin_lock_irqsave(&inner_irq, f2);
	spin_unlock_irqrestore(&outer, f2); /* f2: interrupts stay off */
	spin_unlock_irqrestore(&inner_irq, f1);
}

KTEST(lockdep_unlock_out_of_order_reported_when_it_matters)
{
	int before = lockdep_reports;

	if (!validator_on() || !irqs_on_here())
		return;
	take_inner_irq_in_handler();
	/* Out of order with interrupts kept off, or for locks no handler
	 * takes, is fine. */
	release_outer_first_keeping_irqs_off();
	KEXPECT_EQ(lockdep_reports, before);
	KEXPECT_TRUE(one_report(release_outer_first));
	KEXPECT_TRUE(read_eflags() & EFLAGS_IF);
	KEXPECT_TRUE(log_has_after("bad unlock balance", "(outer)"));
	KEXPECT_TRUE(log_has_after("bad unlock balance",
				   "out of order, turning interrupts on"));
	KEXPECT_TRUE(log_has_after("bad unlock balance", "(inner_irq){-}"));
	KEXPECT_TRUE(log_has_after("bad unlock balance",
				   "take_inner_irq_in_handler+"));
	KEXPECT_TRUE(
		log_has_after("bad unlock balance", "release_outer_first+"));
}

static struct lock_class_key ptl_key, anon_key;
static spinlock_t fake_ptl, fake_anon_lock;

static noinline void take_against_the_table(void)
{
	spin_lock(&fake_ptl);
	spin_lock(&fake_anon_lock);
	spin_unlock(&fake_anon_lock);
	spin_unlock(&fake_ptl);
}

KTEST(lockdep_order_against_mm_locking_h_reported)
{
	if (!validator_on())
		return;
	/* Classes of their own, named as mm/locking.h's rows. */
	__spin_lock_init(&fake_ptl, "&mm->page_table_lock", &ptl_key);
	__spin_lock_init(&fake_anon_lock, "&anon_vma->lock", &anon_key);
	KEXPECT_TRUE(one_report(take_against_the_table));
	KEXPECT_TRUE(log_has_after("violates mm/locking.h", "ranks"));
}

KTEST(lockdep_semaphore_takes_part)
{
	struct semaphore s1, s2;

	if (!validator_on())
		return;
	sema_init(&s1, 1);
	sema_init(&s2, 1);
	/* Two mutexes of one sema_init line each: s1 then s2, then the
	 * reverse is an inversion even though neither down() slept. */
	down(&s1);
	down(&s2);
	up(&s2);
	up(&s1);
	lockdep_expect_report = true;
	down(&s2);
	down(&s1);
	lockdep_expect_report = false;
	up(&s1);
	up(&s2);
	KEXPECT_EQ(debug_locks, 2); /* reported, stacks still kept */
	lockdep_rearm();
	KEXPECT_EQ(down_trylock(&s1), 0);
	KEXPECT_EQ(down_trylock(&s1), 1);
	up(&s1);
}

static DEFINE_SPINLOCK(proc_x);
static DEFINE_SPINLOCK(proc_y);

#define PROC_ORDER 4 /* 64 KiB: every class of the boot and its edges */

KTEST(proc_lockdep_lists_classes_and_edges)
{
	struct page *page = alloc_pages(GFP_KERNEL, PROC_ORDER);
	struct seq_buf m = { NULL, PAGE_SIZE << PROC_ORDER, 0 };

	if (!validator_on() || !KEXPECT_TRUE(page))
		goto out;
	m.buf = page_address(page);
	spin_lock(&proc_x);
	spin_lock(&proc_y);
	spin_unlock(&proc_y);
	spin_unlock(&proc_x);
	proc_lockdep_show(&m, current);
	KEXPECT_FALSE(seq_overflow(&m));
	KEXPECT_EQ(last_of(m.buf, m.len, "all lock classes:\n"), 0);
	/* The class line, its usage (taken with interrupts on), then the
	 * edge to the class taken inside it. */
	KEXPECT_GT(last_of(m.buf, m.len, " {+}: proc_x\n -> ["), 0);
	KEXPECT_GT(last_of(m.buf, m.len, "] proc_y\n"), 0);
out:
	if (page)
		__free_pages(page, PROC_ORDER);
}
