/*
 * mm/locking.h - the locks of the memory manager, the order they nest in,
 * and when the CPU can be taken away.
 *
 * Lock ordering in mm is the table MM_LOCK_ORDER below, outermost first:
 * a lock may be taken while one of a smaller rank is held, never the
 * other way round.  Two locks of one rank are never held together, except
 * the leaves (MM_LOCK_LEAF), which nest in any order.  Each row names a
 * lock class as the lock's initialisation writes it; with `lockdep` the
 * validator checks every nesting it sees against the table
 * (kernel/locking/lockdep.c, docs/locking.md).
 *
 * Reclaim only ever trylocks i_shared_sem and page_table_lock, and skips
 * the page when either is busy.  It runs inside allocations (direct
 * reclaim) and as kswapd, and must never wait for a lock whose holder may
 * itself be waiting for memory, or, in direct reclaim, be the allocating
 * task itself.  The chain walk is also a true inversion: it holds a
 * page's chain lock and then takes the page_table_lock of each PTE's mm,
 * where the fault path takes page_table_lock and then the chain lock
 * (page_add_rmap).  A trylock cannot wait, so it cannot close a deadlock:
 * the validator records no edge into a lock that was only tried, and these
 * inversions are legal.
 *
 * The leaves are spinlocks taken with interrupts off (spin_lock_irqsave:
 * kernel/sched/spinlock.h): code inside one never sleeps and never takes
 * a semaphore or the page lock.  Linux 2.6 has a lock of each name, and
 * most are per object as there: the zone's, the mapping's.  info_lock is
 * one lock where Linux has info->lock per file and shmem_swaplist_lock,
 * because a file joins and leaves the list as its swap tree changes.
 */
#ifndef MM_LOCKING_H
#define MM_LOCKING_H

#include "kernel/cpu/io.h"

#define MM_LOCK_LEAF 8

#define MM_LOCK_ORDER(LOCK)                                                   \
	/* swapon/swapoff, around everything below */                         \
	LOCK(1, "swapon_sem")                                                 \
	/* faults, the mmap family, exec, swapoff's walk of each mm           \
	 * (exit_mmap runs as the last user, without it) */                   \
	LOCK(2, "&mm->mmap_sem")                                              \
	/* write() and truncate; never held with mmap_sem (sys_write copies   \
	 * the user buffer in before it takes i_sem) */                       \
	LOCK(2, "&inode->i_sem")                                              \
	/* a page being read, written, truncated, swapped, or unmapped by     \
	 * reclaim (lock_page, mm/vm/filemap.c) */                            \
	LOCK(3, "PG_locked")                                                  \
	/* a file's i_mmap/i_mmap_shared lists; reclaim only trylocks it */   \
	LOCK(4, "&mapping->i_shared_sem")                                     \
	/* an anon_vma's VMA list (rmap=anon_vma); a spinlock, so interrupts  \
	 * stay off for the whole walk below it */                            \
	LOCK(5, "&anon_vma->lock")                                            \
	/* an mm's PTEs; reclaim only trylocks it */                          \
	LOCK(6, "&mm->page_table_lock")                                       \
	/* one page's pte_chain (pte_chain_lock, mm/rmap/pte_chain.h) */      \
	LOCK(7, "PG_chainlock")                                               \
	/* the leaves: the buddy free lists (mm/phys/page_alloc.c) */         \
	LOCK(MM_LOCK_LEAF, "&zone->lock")                                     \
	/* a cache's slabs (mm/phys/slab.c) */                                \
	LOCK(MM_LOCK_LEAF, "&cachep->spinlock")                               \
	/* the list of caches, which changes only as caches are made and      \
	 * destroyed, at boot and in the ktests */                            \
	LOCK(MM_LOCK_LEAF, "cache_chain_lock")                                \
	/* the zone's LRU lists and PG_lru/PG_active (mm/reclaim/swap.c,      \
	 * vmscan.c), and the last put_page that takes a page off them */     \
	LOCK(MM_LOCK_LEAF, "&zone->lru_lock")                                 \
	/* a mapping's page tree: the page cache (mm/vm/filemap.c,            \
	 * fs/truncate.c) and the swap cache (mm/reclaim/swap_state.c) */     \
	LOCK(MM_LOCK_LEAF, "&mapping->tree_lock")                             \
	LOCK(MM_LOCK_LEAF, "&swapper_space.tree_lock")                        \
	/* swap_info[] and every swap_map (mm/reclaim/swapfile.c) */          \
	LOCK(MM_LOCK_LEAF, "swap_lock")                                       \
	/* every ramfs file's swap tree and the list of files with pages in   \
	 * swap (mm/reclaim/shmem_swap.c) */                                  \
	LOCK(MM_LOCK_LEAF, "info_lock")                                       \
	/* the list of all mm_structs (mm/vm/mm_struct.c, swapoff, audit) */  \
	LOCK(MM_LOCK_LEAF, "mmlist_lock")

/*
 * Two more interrupts-off idioms are not locks: atomic_begin/atomic_end
 * wrap what Linux does with one atomic instruction (a reference count, a
 * page flag test-and-set), and preempt_disable_irqsave keeps each update
 * of a reserve Linux keeps per CPU (the radix-tree preload, the pte_chain
 * spare) whole.
 *
 * Preemption: a task running in user mode can be preempted at any tick.
 * In the kernel, only kernel threads (kswapd, and the init thread until
 * its first exec, which runs the ktests) are preempted, at any tick;
 * kernel code running for a process keeps the CPU until it sleeps or
 * returns.  So a process may read and change mm
 * state that only processes touch between two sleeps without a lock, but
 * anything kswapd also changes must be changed under a lock of the table,
 * since kswapd may lose the CPU half-way through its own update.
 */

/* What Linux does with one atomic instruction. */
static inline u32 atomic_begin(void)
{
	return irq_save();
}

static inline void atomic_end(u32 flags)
{
	irq_restore(flags);
}

/* One update of a reserve Linux keeps per CPU. */
static inline u32 preempt_disable_irqsave(void)
{
	return irq_save();
}

static inline void preempt_enable_irqrestore(u32 flags)
{
	irq_restore(flags);
}

#endif
