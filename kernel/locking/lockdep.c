/*
 * kernel/locking/lockdep.c - the lock validator (kernel/locking/lockdep.h;
 * docs/locking.md has the drawing and how to read a report).
 *
 *   lockdep_map (in each lock)        lock_class (one per init site)
 *   key, name, class ------------->   key, name, rank (mm/locking.h)
 *                                      usage: in irq / irqs on, + chains
 *                                      after --> lock_list --> lock_list
 *                                                class B     class C
 *                                                trace       trace
 *   task_struct.lockdep
 *   held[0] held[1] ... held[depth-1]  (class, lock, ip, trylock, irq)
 *
 * Taking a lock of class N while the top of the held stack is class P
 * checks that N is not already held (recursion), that no path N -> ... -> P
 * exists in the graph (a breadth-first search over `after`), that
 * mm/locking.h does not order N before P, and that the edge does not join
 * an irq-safe class (P or one before it, searched over `before`) to an
 * irq-unsafe one (N or one after it); then it adds the edge P -> N with
 * the stack trace of now.  Below a trylock on the stack it goes on down to
 * the first lock that was not a trylock, as Linux's check_prevs_add: a
 * trylock has no edge into it, so the edges out of it are made here.  A
 * class's first use in an interrupt handler searches forwards for an
 * irq-unsafe class, its first use with interrupts on backwards for an
 * irq-safe one, so the order of the sightings does not matter.
 *
 * Releasing looks the lock up on the stack: not held by anyone is a bad
 * unlock balance; held, but with locks taken after it still held, is
 * fine unless the release turns interrupts on, which leaves those locks
 * held with interrupts on: each becomes irq-unsafe, and one that is
 * irq-safe already is reported.
 *
 * All of it runs with interrupts off and under graph_lock, a bare xchg
 * lock the validator does not see, so a CPU in an interrupt handler may
 * take locks while another runs the validator.  The tables are allocated
 * once, when `lockdep` turns it on; a full table ends validation with a
 * message, as in Linux.
 */
#include "kernel/locking/lockdep.h"
#include "kernel/cmdline.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/lib/seq_buf.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/sched/spinlock.h"
#include "mm/locking.h"
#include "mm/phys/page_alloc.h"

#define MAX_LOCKDEP_KEYS 256 /* classes */
#define MAX_LOCKDEP_ENTRIES 1024 /* edges */
#define MAX_STACK_TRACES 1536
#define TRACE_DEPTH 8
#define CLASSHASH_SIZE 64

struct lock_trace {
	u32 nr;
	u32 entries[TRACE_DEPTH];
};

enum { LOCK_USED_IN_HARDIRQ, LOCK_ENABLED_HARDIRQ, LOCK_USAGE_STATES };

/* The graph's two directions: `after` lists, and `before` lists. */
enum { FORWARDS, BACKWARDS };

static const char *const usage_names[LOCK_USAGE_STATES] = {
	"IN-HARDIRQ-W",
	"HARDIRQ-ON-W",
};

struct lock_list;

struct lock_class {
	const void *key;
	const char *name;
	int subclass;
	bool nests; /* lockdep_map.nests: no recursion check */
	int rank; /* mm/locking.h's rank, 0 if not in the table */
	u32 usage_mask; /* 1 << LOCK_* */
	struct lock_trace *usage_traces[LOCK_USAGE_STATES];
	struct lock_list *after; /* edges out: classes taken inside this */
	struct lock_list *before; /* edges in: classes held when taking it */
	u32 nr_after, nr_before;
	u32 ops; /* acquisitions */
	struct lock_class *hash_next;
	/* Search scratch, per direction: seen in search bfs_gen[dir], and
	 * the edge the search came in by. */
	u32 bfs_gen[2];
	struct lock_list *bfs_via[2];
};

/* An edge: `class` was taken while `from` was held, first at `trace`. */
struct lock_list {
	struct lock_class *from, *class;
	struct lock_trace *trace;
	struct lock_list *next; /* in from->after */
	struct lock_list *next_before; /* in class->before */
};

int debug_locks;
int lockdep_reports;
bool lockdep_expect_report;

static struct lock_class *classes;
static u32 nr_classes;
static struct lock_list *entries;
static u32 nr_entries;
static struct lock_trace *traces;
static u32 nr_traces;
static struct lock_class *classhash[CLASSHASH_SIZE];
static u32 bfs_gen;
static struct lock_class **bfs_queue;
/* The hook's frame: traces start at the code that takes the lock. */
static u32 hook_ebp;
/* Every table and stack above; never seen by the validator itself. */
static spinlock_t graph_lock;

/* mm/locking.h's order, as data: see lock_rank(). */
struct lock_rank {
	u8 rank;
	const char *name;
};

#define MM_LOCK_ROW(rank, name) { rank, name },
static const struct lock_rank mm_lock_order[] = { MM_LOCK_ORDER(MM_LOCK_ROW) };

KERNEL_PARAM("lockdep", "turn on the lock validator (docs/locking.md)");

static void *alloc_table(u32 bytes)
{
	struct page *page =
		alloc_pages(GFP_KERNEL | __GFP_ZERO, get_order(bytes));

	return page ? page_address(page) : NULL;
}

void lockdep_init(void)
{
	if (!cmdline_has("lockdep"))
		return;
	classes = alloc_table(MAX_LOCKDEP_KEYS * sizeof(*classes));
	entries = alloc_table(MAX_LOCKDEP_ENTRIES * sizeof(*entries));
	traces = alloc_table(MAX_STACK_TRACES * sizeof(*traces));
	bfs_queue = alloc_table(MAX_LOCKDEP_KEYS * sizeof(*bfs_queue));
	if (!classes || !entries || !traces || !bfs_queue) {
		printk("lockdep: no memory for the tables, validator off\n");
		return;
	}
	debug_locks = 1;
	printk("lockdep: the lock validator is on (%u classes, %u edges)\n",
	       MAX_LOCKDEP_KEYS, MAX_LOCKDEP_ENTRIES);
}

bool debug_locks_off(void)
{
	int was = debug_locks;

	debug_locks = 0;
	return was;
}

void lockdep_init_map(struct lockdep_map *map, const char *name,
		      struct lock_class_key *key)
{
	map->key = key;
	map->name = name;
	map->class = NULL;
	map->nests = false;
	map->unowned = false;
}

/* ---- Stack traces ---- */

static struct lock_trace *save_trace(void)
{
	struct lock_trace *t;
	u32 ebp = hook_ebp;

	if (nr_traces == MAX_STACK_TRACES)
		return NULL;
	t = &traces[nr_traces++];
	t->nr = 0;
	/* The same frame-pointer walk as dump_backtrace (kernel/panic.c). */
	while (t->nr < TRACE_DEPTH && ebp >= 0xC0000000u && (ebp & 3) == 0) {
		u32 *frame = (u32 *)ebp;

		if (!frame[1])
			break;
		t->entries[t->nr++] = frame[1];
		if (frame[0] <= ebp)
			break;
		ebp = frame[0];
	}
	return t;
}

static void print_trace(const struct lock_trace *t)
{
	u32 i;

	if (!t) {
		printk("       (no trace: the table was full)\n");
		return;
	}
	for (i = 0; i < t->nr; i++) {
		printk("      ");
		print_address(t->entries[i]);
	}
}

/* ---- Classes ---- */

static int lock_rank(const char *name)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(mm_lock_order); i++)
		if (!strcmp(mm_lock_order[i].name, name))
			return mm_lock_order[i].rank;
	return 0;
}

static u32 hash_key(const void *key)
{
	return ((u32)key >> 2) % CLASSHASH_SIZE;
}

static bool too_many(const char *what)
{
	if (debug_locks_off())
		printk("BUG: lockdep: %s too low! turning off the locking "
		       "correctness validator.\n",
		       what);
	return false;
}

static struct lock_class *register_class(const struct lockdep_map *map,
					 const void *key, int subclass)
{
	struct lock_class *c;

	if (nr_classes == MAX_LOCKDEP_KEYS) {
		too_many("MAX_LOCKDEP_KEYS");
		return NULL;
	}
	c = &classes[nr_classes++];
	c->key = key;
	c->name = map->name ? map->name : "(unnamed)";
	c->subclass = subclass;
	c->nests = map->nests;
	c->rank = lock_rank(c->name);
	c->hash_next = classhash[hash_key(key)];
	classhash[hash_key(key)] = c;
	return c;
}

static struct lock_class *map_class(struct lockdep_map *map, int subclass)
{
	const char *base = map->key ? map->key->subkeys : (const char *)map;
	const void *key = base + subclass;
	struct lock_class *c;

	if (!subclass && map->class)
		return map->class;
	for (c = classhash[hash_key(key)]; c; c = c->hash_next)
		if (c->key == key)
			break;
	if (!c)
		c = register_class(map, key, subclass);
	if (c && !subclass)
		map->class = c;
	return c;
}

static struct lock_class *hlock_class(const struct held_lock *h)
{
	return &classes[h->class_idx];
}

/* ---- Reports ---- */

static const char *usage_str(const struct lock_class *c)
{
	bool in = c->usage_mask & (1u << LOCK_USED_IN_HARDIRQ);
	bool on = c->usage_mask & (1u << LOCK_ENABLED_HARDIRQ);

	return in && on ? "{?}" : in ? "{-}" : on ? "{+}" : "{.}";
}

static void print_class(const struct lock_class *c)
{
	printk(" (%s", c->name);
	if (c->subclass)
		printk("/%d", c->subclass);
	printk(")%s", usage_str(c));
}

static void print_held(const struct held_lock *h)
{
	print_class(hlock_class(h));
	printk(", at:");
	print_address(h->ip);
}

static void print_held_locks(struct task_struct *t)
{
	int i;

	if (!t->lockdep.depth) {
		printk("no locks held by %s/%d.\n", t->comm, t->pid);
		return;
	}
	printk("%d lock%s held by %s/%d:\n", t->lockdep.depth,
	       t->lockdep.depth > 1 ? "s" : "", t->comm, t->pid);
	for (i = 0; i < t->lockdep.depth; i++) {
		printk(" #%d:", i);
		print_held(&t->lockdep.held[i]);
	}
}

void lockdep_print_held_locks(void)
{
	if (current)
		print_held_locks(current);
}

static void report_begin(const char *what)
{
	u32 n = strlen(what) + 9;
	u32 i;

	lockdep_reports++;
	if (lockdep_expect_report)
		debug_locks = 2; /* stacks kept until lockdep_rearm() */
	else
		debug_locks_off();
	printk("\n");
	for (i = 0; i < n; i++)
		printk("=");
	printk("\nWARNING: %s\n", what);
	for (i = 0; i < n; i++)
		printk("-");
	printk("\n");
}

static void report_end(void)
{
	printk("\nstack backtrace:\n");
	dump_backtrace(hook_ebp);
	if (lockdep_expect_report)
		printk("lockdep: a test expected this report\n");
	else
		printk("turning off the locking correctness validator.\n");
}

static void print_trying(const struct held_lock *next)
{
	printk("%s/%d is trying to acquire lock:\n", current->comm,
	       current->pid);
	print_held(next);
}

static void report_recursion(const struct held_lock *prev,
			     const struct held_lock *next)
{
	report_begin("possible recursive locking detected");
	print_trying(next);
	printk("\nbut task is already holding lock:\n");
	print_held(prev);
	printk("\n Possible unsafe locking scenario:\n\n       CPU0\n"
	       "       ----\n  lock(%s);\n  lock(%s);\n\n *** DEADLOCK ***\n"
	       "\n May be due to missing lock nesting notation "
	       "(spin_lock_nested)\n\n",
	       hlock_class(prev)->name, hlock_class(next)->name);
	print_held_locks(current);
	report_end();
}

static void report_circular(const struct held_lock *prev,
			    const struct held_lock *next,
			    const struct lock_list *last)
{
	const struct lock_list *e;
	int n = 0;

	for (e = last; e; e = e->from->bfs_via[FORWARDS])
		n++;
	report_begin("possible circular locking dependency detected");
	print_trying(next);
	printk("\nbut task is already holding lock:\n");
	print_held(prev);
	printk("\nwhich lock already depends on the new lock.\n\n"
	       "the existing dependency chain (in reverse order) is:\n");
	for (e = last; e; e = e->from->bfs_via[FORWARDS]) {
		printk("\n-> #%d", n--);
		print_class(e->class);
		printk(":\n       taken while holding");
		print_class(e->from);
		printk(", first at:\n");
		print_trace(e->trace);
	}
	printk("\n-> #0");
	print_class(hlock_class(next));
	printk(":\n       taken now while holding");
	print_class(hlock_class(prev));
	printk(", at:\n");
	print_trace(save_trace());
	printk("\nother info that might help us debug this:\n\n"
	       " Possible unsafe locking scenario:\n\n"
	       "       CPU0                    CPU1\n"
	       "       ----                    ----\n"
	       "  lock(%s);\n                               lock(%s);\n"
	       "                               lock(%s);\n  lock(%s);\n\n"
	       " *** DEADLOCK ***\n\n",
	       hlock_class(prev)->name, hlock_class(next)->name,
	       hlock_class(prev)->name, hlock_class(next)->name);
	print_held_locks(current);
	report_end();
}

static void report_order(const struct held_lock *prev,
			 const struct held_lock *next)
{
	report_begin("lock order violates mm/locking.h");
	print_trying(next);
	printk("\nwhile holding lock:\n");
	print_held(prev);
	printk("\nmm/locking.h ranks %s at %d and %s at %d: %s\n\n",
	       hlock_class(next)->name, hlock_class(next)->rank,
	       hlock_class(prev)->name, hlock_class(prev)->rank,
	       hlock_class(next)->rank == hlock_class(prev)->rank ?
		       "they are never held together" :
		       "the first is taken before the second");
	print_held_locks(current);
	report_end();
}

static void report_irq(struct lock_class *c, const struct held_lock *next,
		       int had, int got)
{
	report_begin("inconsistent lock state");
	printk("inconsistent {%s} -> {%s} usage.\n", usage_names[had],
	       usage_names[got]);
	printk("%s/%d [in interrupt: %d] takes:\n", current->comm, current->pid,
	       in_irq());
	print_held(next);
	printk("{%s} state was registered at:\n", usage_names[had]);
	print_trace(c->usage_traces[had]);
	printk("{%s} state was registered at:\n", usage_names[got]);
	print_trace(c->usage_traces[got]);
	printk("\nother info that might help us debug this:\n"
	       " Possible unsafe locking scenario:\n\n       CPU0\n"
	       "       ----\n  lock(%s);\n  <Interrupt>\n    lock(%s);\n\n"
	       " *** DEADLOCK ***\n\n",
	       c->name, c->name);
	print_held_locks(current);
	report_end();
}

/* ---- The graph ---- */

static struct lock_list *first_edge(const struct lock_class *c, int dir)
{
	return dir == FORWARDS ? c->after : c->before;
}

static struct lock_list *next_edge(const struct lock_list *e, int dir)
{
	return dir == FORWARDS ? e->next : e->next_before;
}

/* The class an edge leads to, going in direction dir. */
static struct lock_class *edge_end(const struct lock_list *e, int dir)
{
	return dir == FORWARDS ? e->class : e->from;
}

/* Classes the last search visited without a match, `from` not counted. */
static u32 bfs_visited;

/*
 * Breadth-first from `from` over the edges of direction dir, to the first
 * class match() accepts (`from` itself too when with_from).  Returns it,
 * or NULL; its bfs_via[dir], and theirs in turn, lead back to `from`.
 */
static struct lock_class *bfs(struct lock_class *from, int dir, bool with_from,
			      bool (*match)(const struct lock_class *c,
					    const void *data),
			      const void *data)
{
	u32 head = 0, tail = 0;

	bfs_gen++;
	from->bfs_gen[dir] = bfs_gen;
	from->bfs_via[dir] = NULL;
	bfs_visited = 0;
	if (with_from && match(from, data))
		return from;
	bfs_queue[tail++] = from;
	while (head < tail) {
		struct lock_class *c = bfs_queue[head++];
		struct lock_list *e;

		for (e = first_edge(c, dir); e; e = next_edge(e, dir)) {
			struct lock_class *n = edge_end(e, dir);

			if (n->bfs_gen[dir] == bfs_gen)
				continue;
			n->bfs_gen[dir] = bfs_gen;
			n->bfs_via[dir] = e;
			if (match(n, data))
				return n;
			bfs_queue[tail++] = n;
		}
	}
	bfs_visited = tail - 1;
	return NULL;
}

static bool is_class(const struct lock_class *c, const void *to)
{
	return c == to;
}

static bool never(const struct lock_class *c, const void *data)
{
	(void)c;
	(void)data;
	return false;
}

/* data: a usage bit, as a pointer-sized integer. */
static bool has_usage(const struct lock_class *c, const void *bit)
{
	return c->usage_mask & (1u << (u32)bit);
}

/* The edge by which `to` is reached from `from` (follow ->from's
 * bfs_via[FORWARDS] back to `from`), or NULL. */
static struct lock_list *find_path(struct lock_class *from,
				   struct lock_class *to)
{
	struct lock_class *c = bfs(from, FORWARDS, false, is_class, to);

	return c ? c->bfs_via[FORWARDS] : NULL;
}

/* A class with usage bit that `from` (itself included) leads to in
 * direction dir, or NULL. */
static struct lock_class *find_usage(struct lock_class *from, int dir, int bit)
{
	return bfs(from, dir, true, has_usage, (const void *)(u32)bit);
}

/* ---- Reports of interrupt usage across classes ---- */

static void print_edge(const struct lock_list *e)
{
	printk("   ");
	print_class(e->from);
	printk(" ->");
	print_class(e->class);
	printk(", first at:\n");
	print_trace(e->trace);
}

/* The edges from `from` to the class a search in direction dir found,
 * in the order of the graph (forwards: reversed, as a cycle's). */
static void print_path(const struct lock_class *found, int dir)
{
	const struct lock_list *e = found->bfs_via[dir];

	if (!e)
		printk("   (the same lock)\n");
	for (; e; e = edge_end(e, !dir)->bfs_via[dir])
		print_edge(e);
}

static void print_usage(const struct lock_class *c, int bit)
{
	print_class(c);
	printk("\n... which became %s at:\n", bit == LOCK_USED_IN_HARDIRQ ?
						      "HARDIRQ-irq-safe" :
						      "HARDIRQ-irq-unsafe");
	print_trace(c->usage_traces[bit]);
}

static void print_irq_scenario(const struct lock_class *safe,
			       const struct lock_class *unsafe)
{
	printk("\nother info that might help us debug this:\n\n"
	       " Possible interrupt unsafe locking scenario:\n\n"
	       "       CPU0                    CPU1\n"
	       "       ----                    ----\n"
	       "  lock(%s);\n"
	       "                               local_irq_disable();\n"
	       "                               lock(%s);\n"
	       "                               lock(%s);\n"
	       "  <Interrupt>\n    lock(%s);\n\n *** DEADLOCK ***\n\n",
	       unsafe->name, safe->name, unsafe->name, safe->name);
}

/* The edge prev -> next would join safe (before prev) to unsafe (after
 * next): Linux's print_bad_irq_dependency. */
static void report_bad_irq_dependency(const struct held_lock *prev,
				      const struct held_lock *next,
				      const struct lock_class *safe,
				      const struct lock_class *unsafe)
{
	report_begin("HARDIRQ-safe -> HARDIRQ-unsafe lock order detected");
	print_trying(next);
	printk("\nand this task is already holding:\n");
	print_held(prev);
	printk("which would create a new lock dependency:\n");
	print_class(hlock_class(prev));
	printk(" ->");
	print_class(hlock_class(next));
	printk("\n\nbut this new dependency connects a HARDIRQ-irq-safe lock:\n");
	print_usage(safe, LOCK_USED_IN_HARDIRQ);
	printk("to a HARDIRQ-irq-unsafe lock:\n");
	print_usage(unsafe, LOCK_ENABLED_HARDIRQ);
	printk("\nthe dependencies between HARDIRQ-irq-safe lock and the "
	       "holding lock:\n");
	print_path(safe, BACKWARDS);
	printk("\nthe dependencies between the lock to be acquired and "
	       "HARDIRQ-irq-unsafe lock (in reverse order):\n");
	print_path(unsafe, FORWARDS);
	print_irq_scenario(safe, unsafe);
	print_held_locks(current);
	report_end();
}

/* c has just become irq-safe (bit) with an irq-unsafe class after it, or
 * irq-unsafe with an irq-safe one before it: Linux's print_irq_inversion_bug. */
static void report_irq_inversion(const struct lock_class *c,
				 const struct held_lock *h,
				 const struct lock_class *other, int bit)
{
	bool now_safe = bit == LOCK_USED_IN_HARDIRQ;

	report_begin("possible irq lock inversion dependency detected");
	printk("%s/%d just changed the state of lock:\n", current->comm,
	       current->pid);
	print_held(h);
	printk("but this lock %s, HARDIRQ-%s lock in the past:\n",
	       now_safe ? "took another" : "was taken by another",
	       now_safe ? "unsafe" : "safe");
	print_usage(other,
		    now_safe ? LOCK_ENABLED_HARDIRQ : LOCK_USED_IN_HARDIRQ);
	printk("\nand interrupts could create inverse lock ordering between "
	       "them.\n\nthe shortest dependencies between the two locks%s:\n",
	       now_safe ? " (in reverse order)" : "");
	print_path(other, now_safe ? FORWARDS : BACKWARDS);
	printk("\nand it became %s at:\n",
	       now_safe ? "HARDIRQ-irq-safe" : "HARDIRQ-irq-unsafe");
	print_trace(c->usage_traces[bit]);
	print_irq_scenario(now_safe ? c : other, now_safe ? other : c);
	print_held_locks(current);
	report_end();
}

static void print_releasing(const char *name, u32 ip)
{
	printk("%s/%d is trying to release lock (%s) at:\n", current->comm,
	       current->pid, name);
	print_address(ip);
}

/* A release of a lock that no task holds. */
static void report_bad_unlock(const char *name, u32 ip)
{
	report_begin("bad unlock balance detected!");
	print_releasing(name, ip);
	printk("but there are no more locks to release!\n"
	       "\nother info that might help us debug this:\n");
	print_held_locks(current);
	report_end();
}

/* A release that turns interrupts on while `later`, taken after it and
 * irq-safe, is still held. */
static void report_unlock_order(const struct held_lock *released,
				const struct held_lock *later, u32 ip)
{
	report_begin("bad unlock balance detected!");
	print_releasing(hlock_class(released)->name, ip);
	printk("out of order, turning interrupts on, while a lock taken after "
	       "it is still held:\n");
	print_held(later);
	printk("which interrupt handlers take:\n");
	print_usage(hlock_class(later), LOCK_USED_IN_HARDIRQ);
	printk("\nan interrupt now can spin on it for ever.  Release the locks "
	       "in the reverse\norder of taking them, or restore the flags "
	       "of the lock released last.\n\nother info that might help us "
	       "debug this:\n");
	print_held_locks(current);
	report_end();
}

/* ---- Checks ---- */

/* Record a usage of the class; false after a report. */
static bool mark_usage(struct lock_class *c, const struct held_lock *h, int bit)
{
	int other = bit == LOCK_USED_IN_HARDIRQ ? LOCK_ENABLED_HARDIRQ :
						  LOCK_USED_IN_HARDIRQ;
	struct lock_class *o;

	if (c->usage_mask & (1u << bit))
		return true;
	c->usage_mask |= 1u << bit;
	c->usage_traces[bit] = save_trace();
	if (c->usage_mask & (1u << other)) {
		report_irq(c, h, other, bit);
		return false;
	}
	/* irq-safe: nothing after it may be irq-unsafe; irq-unsafe: nothing
	 * before it may be irq-safe. */
	o = find_usage(c, bit == LOCK_USED_IN_HARDIRQ ? FORWARDS : BACKWARDS,
		       other);
	if (o) {
		report_irq_inversion(c, h, o, bit);
		return false;
	}
	return true;
}

static bool order_violation(const struct lock_class *prev,
			    const struct lock_class *next)
{
	if (!prev->rank || !next->rank)
		return false;
	if (prev->rank == MM_LOCK_LEAF && next->rank == MM_LOCK_LEAF)
		return false; /* the leaves nest in any order */
	if (!strcmp(prev->name, next->name))
		return false; /* subclasses of one lock: spin_lock_nested */
	return next->rank <= prev->rank;
}

/* The edge prev -> next must not lead from an irq-safe class (prev or
 * one before it) to an irq-unsafe one (next or one after it). */
static bool check_irq_order(const struct held_lock *prev,
			    const struct held_lock *next)
{
	struct lock_class *safe, *unsafe;

	safe = find_usage(hlock_class(prev), BACKWARDS, LOCK_USED_IN_HARDIRQ);
	if (!safe)
		return true;
	unsafe = find_usage(hlock_class(next), FORWARDS, LOCK_ENABLED_HARDIRQ);
	if (!unsafe)
		return true;
	report_bad_irq_dependency(prev, next, safe, unsafe);
	return false;
}

/* The edge prev -> next, checked and recorded; false after a report. */
static bool check_prev_add(const struct held_lock *prev,
			   const struct held_lock *next,
			   struct lock_trace **trace)
{
	struct lock_class *p = hlock_class(prev), *n = hlock_class(next);
	struct lock_list *e;

	for (e = p->after; e; e = e->next)
		if (e->class == n)
			return true;
	e = find_path(n, p);
	if (e) {
		report_circular(prev, next, e);
		return false;
	}
	if (order_violation(p, n)) {
		report_order(prev, next);
		return false;
	}
	if (!check_irq_order(prev, next))
		return false;
	if (nr_entries == MAX_LOCKDEP_ENTRIES)
		return too_many("MAX_LOCKDEP_ENTRIES");
	if (!*trace)
		*trace = save_trace();
	e = &entries[nr_entries++];
	e->from = p;
	e->class = n;
	e->trace = *trace;
	e->next = p->after;
	p->after = e;
	e->next_before = n->before;
	n->before = e;
	p->nr_after++;
	n->nr_before++;
	return true;
}

/* The locks held in the same context as the top one: an interrupt
 * handler's chain starts afresh above what it interrupted. */
static bool same_context(const struct held_lock *a, const struct held_lock *b)
{
	return a->irq_context == b->irq_context;
}

static bool validate(struct lockdep_task *lt, const struct held_lock *next)
{
	struct lock_trace *trace = NULL;
	int i;

	for (i = lt->depth - 1; i >= 0 && same_context(&lt->held[i], next); i--)
		if (lt->held[i].class_idx == next->class_idx &&
		    !hlock_class(next)->nests) {
			report_recursion(&lt->held[i], next);
			return false;
		}
	for (i = lt->depth - 1; i >= 0 && same_context(&lt->held[i], next);
	     i--) {
		if (!check_prev_add(&lt->held[i], next, &trace))
			return false;
		if (!lt->held[i].trylock)
			break;
	}
	return true;
}

/* The usage and order checks of one acquisition; false after a report. */
static bool check_acquire(struct lockdep_task *lt, const struct held_lock *next,
			  bool irqs_on)
{
	/* A trylock in a handler cannot wait on the code it interrupted
	 * (Linux's mark_irqflags skips it too). */
	if (in_irq()) {
		if (!next->trylock &&
		    !mark_usage(hlock_class(next), next, LOCK_USED_IN_HARDIRQ))
			return false;
	} else if (irqs_on) {
		if (!mark_usage(hlock_class(next), next, LOCK_ENABLED_HARDIRQ))
			return false;
	}
	return next->trylock || validate(lt, next);
}

/* The validator's own lock; t's recursion count keeps a lock taken inside
 * the validator (by what it prints) out of it. */
static void graph_lock_take(struct task_struct *t)
{
	while (!arch_spin_trylock(&graph_lock))
		cpu_relax();
	t->lockdep.recursion++;
}

static void graph_lock_give(struct task_struct *t)
{
	t->lockdep.recursion--;
	arch_spin_unlock(&graph_lock);
}

/* Is the hook to look at this lock? */
static bool hook_on(const struct lockdep_map *map, struct task_struct *t)
{
	return debug_locks && t && map->name && !t->lockdep.recursion;
}

void __lock_acquire(struct lockdep_map *map, const void *instance, int subclass,
		    bool trylock, u32 ip)
{
	bool irqs_on = read_eflags() & EFLAGS_IF;
	u32 flags = irq_save();
	struct task_struct *t = current;
	struct lockdep_task *lt;
	struct held_lock next;
	struct lock_class *c;

	if (!hook_on(map, t))
		goto out;
	graph_lock_take(t);
	hook_ebp = (u32)__builtin_frame_address(0);
	c = map_class(map, subclass);
	if (!c)
		goto unlock;
	c->ops++;
	next.class_idx = c - classes;
	next.instance = instance;
	next.ip = ip ? ip : _RET_IP_;
	next.trylock = trylock;
	next.irq_context = t->irq_depth;
	lt = &t->lockdep;
	if (debug_locks == 1)
		check_acquire(lt, &next, irqs_on);
	/* After a report a test expected, the stack is still kept. */
	if (!debug_locks)
		goto unlock;
	if (lt->depth == MAX_LOCK_DEPTH) {
		too_many("MAX_LOCK_DEPTH");
		goto unlock;
	}
	lt->held[lt->depth++] = next;
unlock:
	graph_lock_give(t);
out:
	irq_restore(flags);
}

/* Where t holds instance on its stack, or -1. */
static int find_held(struct task_struct *t, const void *instance)
{
	struct lockdep_task *lt = &t->lockdep;
	int i;

	for (i = lt->depth - 1; i >= 0; i--)
		if (lt->held[i].instance == instance)
			return i;
	return -1;
}

static void remove_held(struct task_struct *t, int i)
{
	struct lockdep_task *lt = &t->lockdep;

	lt->depth--;
	memmove(&lt->held[i], &lt->held[i + 1],
		(lt->depth - i) * sizeof(lt->held[0]));
}

/*
 * Held lock i is released and interrupts come on: the locks taken after
 * it in its context stay held with interrupts on (Linux's mark_held_locks
 * when interrupts are enabled).  False after a report.
 */
static bool check_irqs_on_above(struct lockdep_task *lt, int i, u32 ip)
{
	int j;

	for (j = i + 1; j < lt->depth; j++) {
		struct held_lock *h = &lt->held[j];

		if (!same_context(h, &lt->held[i]))
			continue;
		if (hlock_class(h)->usage_mask & (1u << LOCK_USED_IN_HARDIRQ)) {
			report_unlock_order(&lt->held[i], h, ip);
			return false;
		}
		if (!mark_usage(hlock_class(h), h, LOCK_ENABLED_HARDIRQ))
			return false;
	}
	return true;
}

void __lock_release(struct lockdep_map *map, const void *instance, bool irqs_on,
		    u32 ip)
{
	u32 flags = irq_save();
	struct task_struct *t = current, *o;
	int i;

	if (!hook_on(map, t))
		goto out;
	graph_lock_take(t);
	hook_ebp = (u32)__builtin_frame_address(0);
	if (!ip)
		ip = _RET_IP_;
	i = find_held(t, instance);
	if (i >= 0) {
		if (irqs_on && debug_locks == 1)
			check_irqs_on_above(&t->lockdep, i, ip);
		remove_held(t, i);
		goto unlock;
	}
	/* Handed on: released by someone else for its holder. */
	list_for_each_entry(o, &task_list, tasks) {
		i = find_held(o, instance);
		if (i >= 0) {
			remove_held(o, i);
			goto unlock;
		}
	}
	if (debug_locks == 1 && !map->unowned)
		report_bad_unlock(map->name, ip);
unlock:
	graph_lock_give(t);
out:
	irq_restore(flags);
}

void lockdep_rearm(void)
{
	if (debug_locks == 2)
		debug_locks = 1;
}

/* ---- /proc/lockdep ---- */

/*
 * Linux's format: each class with its key, acquisitions, the classes
 * taken after it (FD) and before it (BD), counted through the graph, its
 * usage and name; then one line per direct edge out of it.
 */
void proc_lockdep_show(struct seq_buf *m, struct task_struct *t)
{
	u32 flags = irq_save();
	u32 i;

	(void)t;
	seq_puts(m, "all lock classes:\n");
	if (!classes || !current)
		goto out;
	graph_lock_take(current);
	for (i = 0; i < nr_classes; i++) {
		struct lock_class *c = &classes[i];
		struct lock_list *e;
		u32 fd, bd;

		bfs(c, FORWARDS, false, never, NULL);
		fd = bfs_visited;
		bfs(c, BACKWARDS, false, never, NULL);
		bd = bfs_visited;
		seq_printf(m, "%08x OPS:%8u FD:%5u BD:%5u %s: %s", (u32)c->key,
			   c->ops, fd, bd, usage_str(c), c->name);
		if (c->subclass)
			seq_printf(m, "/%d", c->subclass);
		seq_puts(m, "\n");
		for (e = c->after; e; e = e->next)
			seq_printf(m, " -> [%08x] %s\n", (u32)e->class->key,
				   e->class->name);
		seq_puts(m, "\n");
	}
	graph_lock_give(current);
out:
	irq_restore(flags);
}
