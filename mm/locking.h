/*
 * mm/locking.h - the locks of the memory manager, the order they nest in,
 * and when the CPU can be taken away.
 *
 * Lock ordering in mm (outermost first; a line may take those below it):
 *
 *   swapon_sem                     swapon/swapoff, around everything below
 *   mm->mmap_sem                   faults, the mmap family, exec,
 *                                  swapoff's walk of each mm (exit_mmap
 *                                  runs as the last user, without it)
 *   inode->i_sem                   write() and truncate; never held with
 *                                  mmap_sem (sys_write copies the user
 *                                  buffer in before it takes i_sem)
 *     page lock (PG_locked)        a page being read, written, truncated,
 *                                  swapped, or unmapped by reclaim
 *       mapping->i_shared_sem      a file's i_mmap/i_mmap_shared lists;
 *                                  reclaim only down_trylocks it
 *       anon_vma->lock             an anon_vma's VMA list (rmap=anon_vma);
 *                                  a spinlock, so interrupts stay off
 *                                  for the whole walk below it
 *         mm->page_table_lock      an mm's PTEs; reclaim only trylocks it
 *           pte_chain_lock(page)   one page's pte_chain (PG_chainlock)
 *             the interrupts-off sections below
 *
 * Reclaim only ever trylocks i_shared_sem and page_table_lock, and skips
 * the page when either is busy.  It runs inside allocations (direct
 * reclaim) and as kswapd, and must never wait for a lock whose holder may
 * itself be waiting for memory, or, in direct reclaim, be the allocating
 * task itself.  The chain walk is also a true inversion: it holds a
 * page's chain lock and then takes the page_table_lock of each PTE's mm,
 * where the fault path takes page_table_lock and then the chain lock
 * (page_add_rmap).
 *
 * With one CPU, a spinlock is interrupts off for as long as it is held
 * (kernel/sched/spinlock.h).  The sections named below are the same thing for
 * structures that have no lock word of their own; each stands for the
 * Linux 2.6 lock of the same name.  They are leaves: code inside one
 * never sleeps and never takes a semaphore or the page lock.  They may
 * nest in one another (interrupts stay off), so among themselves the
 * order does not matter.
 *
 *   zone_lock      the buddy free lists (mm/phys/page_alloc.c)
 *   slab_lock      a cache's slabs (mm/phys/slab.c); the cache chain
 *                  changes only as caches are made and destroyed, at
 *                  boot and in the ktests
 *   lru_lock       the LRU lists and PG_lru/PG_active
 *                  (mm/reclaim/swap.c, vmscan.c), and the last put_page
 *                  that takes a page off them
 *   tree_lock      a mapping's page tree: the page cache
 *                  (mm/vm/filemap.c, fs/truncate.c) and the swap cache
 *                  (mm/reclaim/swap_state.c)
 *   swap_lock      swap_info[] and every swap_map (mm/reclaim/swapfile.c)
 *   info_lock      a ramfs file's swap tree and the list of files with
 *                  pages in swap (mm/reclaim/shmem_swap.c)
 *   mmlist_lock    the list of all mm_structs (mm/vm/mm_struct.c,
 *                  swapoff, the audit)
 *
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
 * anything kswapd also changes must be changed inside a section above,
 * since kswapd may lose the CPU half-way through its own update.
 */
#ifndef MM_LOCKING_H
#define MM_LOCKING_H

#include "kernel/cpu/io.h"

#define IRQ_LOCK(name)                                          \
	static inline u32 name##_lock_irqsave(void)             \
	{                                                       \
		return irq_save();                              \
	}                                                       \
	static inline void name##_unlock_irqrestore(u32 flags)  \
	{                                                       \
		irq_restore(flags);                             \
	}

IRQ_LOCK(zone)
IRQ_LOCK(slab)
IRQ_LOCK(lru)
IRQ_LOCK(tree)
IRQ_LOCK(swap)
IRQ_LOCK(info)
IRQ_LOCK(mmlist)

#undef IRQ_LOCK

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
