/*
 * kernel/locking/lockdep.h - the lock validator, in the manner of Linux's
 * lockdep (docs/locking.md).
 *
 * Every lock (spinlock, semaphore, the page lock, the pte_chain lock) has a
 * class: the locks initialised at one place in the code share it, and a
 * statically defined lock is a class of its own.  With `lockdep` on the
 * command line, each acquisition is checked as it happens:
 *
 *   - each task keeps a stack of the locks it holds (struct held_lock);
 *   - taking B while A is held records the edge A -> B, once, with the
 *     call chain of its first sighting; an edge that closes a cycle in the
 *     graph is a possible deadlock, reported with the chains of both
 *     orders; an edge that contradicts mm/locking.h's table is reported
 *     too;
 *   - a trylock goes on the stack but adds no edge into itself (it cannot
 *     wait, so it cannot deadlock), which is what makes reclaim's
 *     trylocks legal;
 *   - a class taken in an interrupt handler and also held with interrupts
 *     on elsewhere is reported, with both chains;
 *   - so is an edge, or a path of edges, from a class taken in interrupt
 *     handlers (irq-safe) to one taken with interrupts on (irq-unsafe):
 *     another CPU's handler could wait on the first while its holder
 *     waits on the second;
 *   - taking a lock of a class the task already holds is reported;
 *   - releasing a lock no task holds is reported (but for the page lock,
 *     below), and so is a release out of order that turns interrupts on
 *     while an irq-safe lock taken after it is still held.
 *
 * After the first report the validator turns itself off (debug_locks = 0),
 * as Linux's debug_locks_off(), so one bug gives one report.  Without
 * `lockdep` none of this runs: the hooks return at their first test.
 */
#ifndef KERNEL_LOCKING_LOCKDEP_H
#define KERNEL_LOCKING_LOCKDEP_H

#include "kernel/types.h"

/* Classes a lock of one init site may be split into (spin_lock_nested). */
#define MAX_LOCKDEP_SUBCLASSES 4
/* Locks one task may hold at once (Linux: 48). */
#define MAX_LOCK_DEPTH 32

/*
 * The static object whose address names a class: one per init site
 * (spin_lock_init and sema_init declare it), one byte per subclass.
 */
struct lock_class_key {
	char subkeys[MAX_LOCKDEP_SUBCLASSES];
};

struct lock_class;

/* In every lock: which class it belongs to. */
struct lockdep_map {
	struct lock_class_key *key; /* NULL: a static lock, keyed by itself */
	const char *name; /* the class's name, as written at init */
	struct lock_class *class; /* subclass 0's class, once looked up */
	bool nests; /* several may be held at once (below) */
	bool unowned; /* may be set unseen, released by anyone (below) */
};

#define STATIC_LOCKDEP_MAP_INIT(lname)            \
	{                                         \
		NULL, (lname), NULL, false, false \
	}
/*
 * The page lock.  A task may hold several at once, in an order the code
 * keeps among them (a write run locks pages in index order): taking a
 * second one is no recursion report; the order against every other
 * class is checked as for any lock.  And a page entering a cache for a
 * read (add_to_page_cache, a new swap cache page) is locked unseen, for
 * the read, which the task that started it does not wait for, and the
 * disk interrupt unlocks it: so a release of a page lock that no task
 * holds is no bad unlock balance.
 */
#define STATIC_LOCKDEP_MAP_INIT_NESTS(lname)    \
	{                                       \
		NULL, (lname), NULL, true, true \
	}

/* One entry of a task's held-lock stack: 12 bytes, as every task_struct
 * has MAX_LOCK_DEPTH of them. */
struct held_lock {
	u16 class_idx; /* in the validator's table of classes */
	u8 trylock;
	u8 irq_context; /* interrupt handlers nested under it, when taken */
	const void *instance; /* the lock (or its page) */
	u32 ip; /* where it was taken */
};

/* In task_struct: the locks the task holds, innermost last. */
struct lockdep_task {
	int depth;
	int recursion; /* inside the validator: its own locks are not seen */
	struct held_lock held[MAX_LOCK_DEPTH];
};

/*
 * 1 while the validator checks; 0 once it is off (not asked for, after a
 * report, a full table); 2 after a report a ktest expected, which keeps
 * the held-lock stacks up to date but checks nothing until
 * lockdep_rearm().
 */
extern int debug_locks;

void lockdep_init_map(struct lockdep_map *map, const char *name,
		      struct lock_class_key *key);
/*
 * The hooks the locks call.  instance is the lock (a page, for the page
 * lock and the pte_chain lock, whose class map is shared by every page);
 * ip is where it was taken or released (0: the hook's caller); trylock:
 * the lock was only tried, and got.  lock_release finds the lock in the
 * current task's stack or, for a lock handed on (a page unlocked by the
 * disk interrupt that read it), in its holder's; irqs_on: the release
 * turns interrupts on (spin_unlock_irq, an _irqrestore to flags with IF).
 */
void __lock_acquire(struct lockdep_map *map, const void *instance, int subclass,
		    bool trylock, u32 ip);
void __lock_release(struct lockdep_map *map, const void *instance, bool irqs_on,
		    u32 ip);

static inline __attribute__((always_inline)) void
lock_acquire_obj(struct lockdep_map *map, const void *instance, int subclass,
		 bool trylock, u32 ip)
{
	if (unlikely(debug_locks))
		__lock_acquire(map, instance, subclass, trylock, ip);
}

static inline __attribute__((always_inline)) void
lock_release_obj_irq(struct lockdep_map *map, const void *instance,
		     bool irqs_on, u32 ip)
{
	if (unlikely(debug_locks))
		__lock_release(map, instance, irqs_on, ip);
}

/* A release that leaves the interrupt flag as it is. */
#define lock_release_obj(map, instance, ip) \
	lock_release_obj_irq((map), (instance), false, (ip))

/* A lock whose map is its own. */
#define lock_acquire(map, subclass, trylock, ip) \
	lock_acquire_obj((map), (map), (subclass), (trylock), (ip))
#define lock_release(map, ip) lock_release_obj((map), (map), (ip))
#define lock_release_irq(map, irqs_on, ip) \
	lock_release_obj_irq((map), (map), (irqs_on), (ip))

#define _RET_IP_ ((u32)__builtin_return_address(0))

/* Turn the validator on, with `lockdep` on the command line (kmain). */
void lockdep_init(void);
/* Stop validating; true if it was on (Linux's debug_locks_off). */
bool debug_locks_off(void);
/* Reports made since boot. */
extern int lockdep_reports;
/*
 * For the ktests: a report that a test provokes says so instead of
 * "turning off the locking correctness validator", leaves debug_locks at
 * 2 (the stacks stay right, so every lock taken before or during the test
 * is still found when it is released), and the test turns the checks
 * back on with lockdep_rearm().
 */
extern bool lockdep_expect_report;
void lockdep_rearm(void);
/* Print the current task's held locks. */
void lockdep_print_held_locks(void);
struct seq_buf;
struct task_struct;
/* /proc/lockdep: the classes and the edges out of each. */
void proc_lockdep_show(struct seq_buf *m, struct task_struct *t);

#endif
