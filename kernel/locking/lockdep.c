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
 * exists in the graph (a breadth-first search over `after`), and that
 * mm/locking.h does not order N before P; then it adds the edge P -> N with
 * the stack trace of now.  Below a trylock on the stack it goes on down to
 * the first lock that was not a trylock, as Linux's check_prevs_add: a
 * trylock has no edge into it, so the edges out of it are made here.
 *
 * All of it runs with interrupts off, which on one CPU is the validator's
 * own lock.  The tables are allocated once, when `lockdep` turns it on; a
 * full table ends validation with a message, as in Linux.
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
	u32 nr_after, nr_before;
	u32 ops; /* acquisitions */
	struct lock_class *hash_next;
	u32 bfs_gen; /* search scratch: seen in search bfs_gen */
	struct lock_list *bfs_via; /* the edge the search came in by */
};

/* An edge: `class` was taken while `from` was held, first at `trace`. */
struct lock_list {
	struct lock_class *from, *class;
	struct lock_trace *trace;
	struct lock_list *next; /* in from->after */
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
/* __lock_acquire's frame: traces start at the code that takes the lock. */
static u32 acquire_ebp;

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
}

/* ---- Stack traces ---- */

static struct lock_trace *save_trace(void)
{
	struct lock_trace *t;
	u32 ebp = acquire_ebp;

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
	print_class(h->class);
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
	dump_backtrace(acquire_ebp);
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
	       prev->class->name, next->class->name);
	print_held_locks(current);
	report_end();
}

static void report_circular(const struct held_lock *prev,
			    const struct held_lock *next,
			    const struct lock_list *last)
{
	const struct lock_list *e;
	int n = 0;

	for (e = last; e; e = e->from->bfs_via)
		n++;
	report_begin("possible circular locking dependency detected");
	print_trying(next);
	printk("\nbut task is already holding lock:\n");
	print_held(prev);
	printk("\nwhich lock already depends on the new lock.\n\n"
	       "the existing dependency chain (in reverse order) is:\n");
	for (e = last; e; e = e->from->bfs_via) {
		printk("\n-> #%d", n--);
		print_class(e->class);
		printk(":\n       taken while holding");
		print_class(e->from);
		printk(", first at:\n");
		print_trace(e->trace);
	}
	printk("\n-> #0");
	print_class(next->class);
	printk(":\n       taken now while holding");
	print_class(prev->class);
	printk(", at:\n");
	print_trace(save_trace());
	printk("\nother info that might help us debug this:\n\n"
	       " Possible unsafe locking scenario:\n\n"
	       "       CPU0                    CPU1\n"
	       "       ----                    ----\n"
	       "  lock(%s);\n                               lock(%s);\n"
	       "                               lock(%s);\n  lock(%s);\n\n"
	       " *** DEADLOCK ***\n\n",
	       prev->class->name, next->class->name, prev->class->name,
	       next->class->name);
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
	       next->class->name, next->class->rank, prev->class->name,
	       prev->class->rank,
	       next->class->rank == prev->class->rank ?
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

/* ---- Checks ---- */

/* Record a usage of the class; false after a report. */
static bool mark_usage(struct lock_class *c, const struct held_lock *h, int bit)
{
	int other = bit == LOCK_USED_IN_HARDIRQ ? LOCK_ENABLED_HARDIRQ :
						  LOCK_USED_IN_HARDIRQ;

	if (c->usage_mask & (1u << bit))
		return true;
	c->usage_mask |= 1u << bit;
	c->usage_traces[bit] = save_trace();
	if (c->usage_mask & (1u << other)) {
		report_irq(c, h, other, bit);
		return false;
	}
	return true;
}

/* Breadth-first from `from` over the edges: the edge by which `to` is
 * reached (follow ->from->bfs_via back to `from`), or NULL. */
static struct lock_list *find_path(struct lock_class *from,
				   struct lock_class *to)
{
	u32 head = 0, tail = 0;

	bfs_gen++;
	from->bfs_gen = bfs_gen;
	from->bfs_via = NULL;
	bfs_queue[tail++] = from;
	while (head < tail) {
		struct lock_class *c = bfs_queue[head++];
		struct lock_list *e;

		for (e = c->after; e; e = e->next) {
			if (e->class->bfs_gen == bfs_gen)
				continue;
			e->class->bfs_gen = bfs_gen;
			e->class->bfs_via = e;
			if (e->class == to)
				return e;
			bfs_queue[tail++] = e->class;
		}
	}
	return NULL;
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

/* The edge prev -> next, checked and recorded; false after a report. */
static bool check_prev_add(const struct held_lock *prev,
			   const struct held_lock *next,
			   struct lock_trace **trace)
{
	struct lock_class *p = prev->class, *n = next->class;
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
		if (lt->held[i].class == next->class && !next->class->nests) {
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

void __lock_acquire(struct lockdep_map *map, const void *instance, int subclass,
		    bool trylock, u32 ip)
{
	bool irqs_on = read_eflags() & EFLAGS_IF;
	u32 flags = irq_save();
	struct task_struct *t = current;
	struct lockdep_task *lt;
	struct held_lock next;

	if (!debug_locks || !t || !map->name)
		goto out;
	acquire_ebp = (u32)__builtin_frame_address(0);
	next.class = map_class(map, subclass);
	if (!next.class)
		goto out;
	next.class->ops++;
	next.instance = instance;
	next.ip = ip ? ip : _RET_IP_;
	next.trylock = trylock;
	next.irq_context = t->irq_depth;
	/* A trylock in a handler cannot wait on the code it interrupted
	 * (Linux's mark_irqflags skips it too). */
	if (in_irq()) {
		if (!trylock &&
		    !mark_usage(next.class, &next, LOCK_USED_IN_HARDIRQ))
			goto out;
	} else if (irqs_on) {
		if (!mark_usage(next.class, &next, LOCK_ENABLED_HARDIRQ))
			goto out;
	}
	lt = &t->lockdep;
	if (!trylock && !validate(lt, &next))
		goto out;
	if (lt->depth == MAX_LOCK_DEPTH) {
		too_many("MAX_LOCK_DEPTH");
		goto out;
	}
	lt->held[lt->depth++] = next;
out:
	irq_restore(flags);
}

/* Take the entry for map off t's stack; false if t does not hold it. */
static bool release_from(struct task_struct *t, const void *instance)
{
	struct lockdep_task *lt = &t->lockdep;
	int i;

	for (i = lt->depth - 1; i >= 0; i--)
		if (lt->held[i].instance == instance) {
			lt->depth--;
			memmove(&lt->held[i], &lt->held[i + 1],
				(lt->depth - i) * sizeof(lt->held[0]));
			return true;
		}
	return false;
}

void __lock_release(struct lockdep_map *map, const void *instance, u32 ip)
{
	u32 flags = irq_save();
	struct task_struct *o;

	(void)ip;
	if (!debug_locks || !current || !map->name)
		goto out;
	if (release_from(current, instance))
		goto out;
	/* Handed on: released by someone else for its holder. */
	list_for_each_entry(o, &task_list, tasks)
		if (release_from(o, instance))
			break;
out:
	irq_restore(flags);
}

void lockdep_rearm(void)
{
	u32 flags = irq_save();
	struct task_struct *t;

	list_for_each_entry(t, &task_list, tasks)
		t->lockdep.depth = 0;
	if (classes)
		debug_locks = 1;
	irq_restore(flags);
}

/* ---- /proc/lockdep ---- */

/* Classes reachable from c over the edges (forward), not c itself. */
static u32 count_reachable(struct lock_class *c)
{
	u32 head = 0, tail = 0;

	bfs_gen++;
	c->bfs_gen = bfs_gen;
	bfs_queue[tail++] = c;
	while (head < tail) {
		struct lock_list *e;

		for (e = bfs_queue[head++]->after; e; e = e->next)
			if (e->class->bfs_gen != bfs_gen) {
				e->class->bfs_gen = bfs_gen;
				bfs_queue[tail++] = e->class;
			}
	}
	return tail - 1;
}

/* Classes from which c is reachable. */
static u32 count_reaching(struct lock_class *c)
{
	u32 i, n = 0;

	for (i = 0; i < nr_classes; i++)
		if (&classes[i] != c && find_path(&classes[i], c))
			n++;
	return n;
}

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
	for (i = 0; i < nr_classes; i++) {
		struct lock_class *c = &classes[i];
		struct lock_list *e;

		seq_printf(m, "%08x OPS:%8u FD:%5u BD:%5u %s: %s", (u32)c->key,
			   c->ops, count_reachable(c), count_reaching(c),
			   usage_str(c), c->name);
		if (c->subclass)
			seq_printf(m, "/%d", c->subclass);
		seq_puts(m, "\n");
		for (e = c->after; e; e = e->next)
			seq_printf(m, " -> [%08x] %s\n", (u32)e->class->key,
				   e->class->name);
		seq_puts(m, "\n");
	}
	irq_restore(flags);
}
