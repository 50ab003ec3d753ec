/*
 * kernel/locking/spinlock_test.c - spinlocks, a bit lock, reference counts,
 * bit operations and the kernel log with every CPU at them at once.
 *
 * Kernel code runs under the big kernel lock, one CPU at a time, so the
 * rest of the kernel never has two CPUs at one lock or one counter.  The
 * function-call IPI runs beside it: each test here sends every other CPU
 * a call (without waiting) that runs one turn of the test in a loop, and
 * runs the same loop on CPU 0, until every CPU has done its share and
 * the CPUs were seen taking turns with each other (the last CPU to run a
 * turn changed often enough), so the loops really overlapped; then CPU 0
 * stops them and checks that no update was lost.  Under QEMU's
 * multi-threaded TCG the CPUs run at once; under -icount and in Bochs
 * they take turns in the emulator, which preempts a CPU anywhere,
 * critical sections included.
 *
 * While a CPU loops in its call, interrupts are off there; it still runs
 * the function calls sent to it meanwhile (as a spinning CPU does), and
 * CPU 0 loops with preemption off, so nothing on CPU 0 waits for a CPU
 * that waits for it.  With only CPU 0 online the tests skip.
 */
#include "kernel/cpu/atomic.h"
#include "kernel/cpu/bitops.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/sched/spinlock.h"
#include "kernel/smp/smp.h"
#include "kernel/time/timer.h"
#include "mm/phys/page.h"
#include "mm/phys/page_alloc.h"
#include "mm/rmap/pte_chain.h"

#define MIN_TURNS 3000 /* each CPU's share */
#define MIN_SWITCHES 20 /* times the CPU running turns changed */
#define MAX_SECONDS 20 /* CPUs that never overlap by then: a failure */

struct together {
	void (*turn)(struct together *t, int cpu);
	int ncpus;
	atomic_t arrived, done;
	volatile int stop;
	volatile int last_cpu;
	u32 turns[NR_CPUS];
	u32 switches; /* changes of last_cpu, counted by CPU 0 */
	u32 waited[NR_CPUS]; /* spin_lock found the lock held */
	u32 lost[NR_CPUS]; /* a bit of our own gone */
	/* what the turns work on */
	spinlock_t lock;
	u32 plain;
	atomic_t count;
	struct page *page;
	volatile u32 word;
};

/* t cleared, with its turn and, if asked, a page of its own; false when
 * the test cannot run (one CPU: skipped; no page: failed). */
static bool set_up(struct together *t,
		   void (*turn)(struct together *t, int cpu), bool with_page)
{
	if (num_online_cpus() == 1) {
		ktest_skip("only CPU 0 online");
		return false;
	}
	memset(t, 0, sizeof(*t));
	t->turn = turn;
	if (!with_page)
		return true;
	t->page = alloc_page(GFP_KERNEL);
	KEXPECT_TRUE(t->page != NULL);
	return t->page != NULL;
}

static void one_turn(struct together *t, int cpu)
{
	t->turn(t, cpu);
	t->turns[cpu]++;
	if (t->last_cpu != cpu)
		t->last_cpu = cpu;
}

/* Every CPU but 0: from the call until CPU 0 says stop. */
static void loop_turns(void *info)
{
	struct together *t = info;
	int cpu = smp_processor_id();

	atomic_inc(&t->arrived);
	while (atomic_read(&t->arrived) < t->ncpus)
		cpu_relax();
	while (!t->stop) {
		one_turn(t, cpu);
		smp_call_function_poll();
	}
	atomic_inc(&t->done);
}

static bool shares_done(struct together *t)
{
	int cpu;

	for_each_online_cpu(cpu)
		if (t->turns[cpu] < MIN_TURNS)
			return false;
	return t->switches >= MIN_SWITCHES;
}

/* Run t's turns on every CPU at once; true if they overlapped. */
static bool run_together(struct together *t)
{
	u32 deadline = jiffies + MAX_SECONDS * HZ;
	int seen = 0;
	bool overlapped;

	t->ncpus = num_online_cpus();
	t->last_cpu = 0;
	spin_lock_init(&t->lock);
	preempt_disable();
	smp_call_function(loop_turns, t, 0);
	atomic_inc(&t->arrived);
	while (atomic_read(&t->arrived) < t->ncpus)
		cpu_relax();
	while (!shares_done(t) && (s32)(jiffies - deadline) < 0) {
		int last = t->last_cpu;

		if (last != seen) {
			t->switches++;
			seen = last;
		}
		one_turn(t, 0);
	}
	overlapped = shares_done(t);
	t->stop = 1;
	while (atomic_read(&t->done) < t->ncpus - 1)
		cpu_relax();
	preempt_enable();
	return overlapped;
}

static u32 sum(const u32 *per_cpu)
{
	u32 n = 0;
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		n += per_cpu[cpu];
	return n;
}

/* A read and a write of `plain` that only the lock keeps together. */
static void locked_increment(struct together *t, int cpu)
{
	u32 flags, v;

	if (!spin_trylock_irqsave(&t->lock, flags)) {
		t->waited[cpu]++;
		spin_lock_irqsave(&t->lock, flags);
	}
	v = t->plain;
	cpu_relax();
	t->plain = v + 1;
	spin_unlock_irqrestore(&t->lock, flags);
}

KTEST(spin_lock_waits_for_another_cpu_and_excludes_it)
{
	static struct together t;

	if (!set_up(&t, locked_increment, false))
		return;
	KEXPECT_TRUE(run_together(&t));
	KEXPECT_EQ(t.plain, sum(t.turns));
	KEXPECT_GT(sum(t.waited), 0u);
	KEXPECT_FALSE(spin_is_locked(&t.lock));
}

/* The same two steps under one page's pte_chain lock, a bit lock. */
static void chain_locked_increment(struct together *t, int cpu)
{
	u32 flags, v;

	(void)cpu;
	flags = pte_chain_lock(t->page);
	v = t->plain;
	cpu_relax();
	t->plain = v + 1;
	pte_chain_unlock(t->page, flags);
}

KTEST(spin_bit_lock_waits_for_another_cpu_and_excludes_it)
{
	static struct together t;

	if (!set_up(&t, chain_locked_increment, true))
		return;
	KEXPECT_TRUE(run_together(&t));
	KEXPECT_EQ(t.plain, sum(t.turns));
	KEXPECT_FALSE(test_bit(PG_chainlock, &t.page->flags));
	put_page(t.page);
}

/* get_page on every CPU, and put_page, whose lru_lock they share. */
static void get_and_put(struct together *t, int cpu)
{
	(void)cpu;
	get_page(t->page);
	atomic_inc(&t->count);
	put_page(t->page);
}

KTEST(smp_page_references_from_every_cpu_add_up)
{
	static struct together t;

	if (!set_up(&t, get_and_put, true))
		return;
	KEXPECT_TRUE(run_together(&t));
	KEXPECT_EQ((u32)atomic_read(&t.count), sum(t.turns));
	KEXPECT_EQ(page_count(t.page), 1);
	put_page(t.page);
}

/* Each CPU sets and clears its own bit of one shared word. */
static void own_bit(struct together *t, int cpu)
{
	set_bit(cpu, &t->word);
	if (!test_bit(cpu, &t->word))
		t->lost[cpu]++;
	if (test_and_set_bit(cpu, &t->word) != 1)
		t->lost[cpu]++;
	clear_bit(cpu, &t->word);
	if (test_bit(cpu, &t->word))
		t->lost[cpu]++;
	if (test_and_clear_bit(cpu, &t->word))
		t->lost[cpu]++;
	set_bit(cpu + 16, &t->word);
}

KTEST(smp_bit_operations_keep_every_cpus_bits)
{
	static struct together t;
	u32 all = 0;
	int cpu;

	if (!set_up(&t, own_bit, false))
		return;
	KEXPECT_TRUE(run_together(&t));
	KEXPECT_EQ(sum(t.lost), 0u);
	for_each_online_cpu(cpu)
		all |= 1u << (cpu + 16);
	KEXPECT_EQ(t.word, all);
}

/* One line of the log per turn, at KERN_DEBUG: in the log, not on the
 * console. */
static void log_line(struct together *t, int cpu)
{
	printk(KERN_DEBUG "spt %d %u ok\n", cpu, t->turns[cpu]);
}

static char log_copy[LOG_BUF_LEN + 1];

/* Is line [p, end) one whole "<7>spt CPU TURN ok"? */
static bool whole_line(const char *p, const char *end)
{
	const char *q = p + 7;

	if (end - p < 12 || memcmp(p, "<7>spt ", 7))
		return false;
	if (*q < '0' || *q > '9' || q[1] != ' ')
		return false;
	for (q += 2; q < end && *q >= '0' && *q <= '9'; q++)
		;
	return end - q == 3 && !memcmp(q, " ok", 3);
}

KTEST(smp_printk_lines_from_every_cpu_stay_whole)
{
	static struct together t;
	size_t n;
	char *p, *nl;
	int whole = 0, torn = 0;

	if (!set_up(&t, log_line, false))
		return;
	KEXPECT_TRUE(run_together(&t));
	n = log_buf_read(log_copy, LOG_BUF_LEN);
	log_copy[n] = '\0';
	p = strchr(log_copy, '\n'); /* the first line may be cut */
	for (p = p ? p + 1 : log_copy + n; (nl = strchr(p, '\n')); p = nl + 1) {
		*nl = '\0';
		if (whole_line(p, nl))
			whole++;
		else if (strstr(p, "spt"))
			torn++;
	}
	KEXPECT_GT(whole, 500);
	KEXPECT_EQ(torn, 0);
}
