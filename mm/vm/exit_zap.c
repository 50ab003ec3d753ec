/*
 * mm/vm/exit_zap.c - the PTE teardown of a dying mm, without the big
 * kernel lock where it can.
 *
 * When the last user of an mm is gone (mmput), every CPU has left its
 * page directory, so nothing faults in it and no TLB holds its entries.
 * What can still reach its PTEs comes through the reverse map and a
 * file's VMA lists: reclaim (with the trylocks), truncate, page_mkclean;
 * each takes the mm's page_table_lock for them.  So the teardown lets go
 * of the BKL and clears PTEs under page_table_lock alone, while another
 * CPU runs other kernel code, and reclaim there may find the lock held.
 *
 *   exit_zap(mm)                        BKL held
 *     zaps_in_flight++, zaps stopped?   yes: every VMA under the BKL
 *     unlock_kernel
 *       each VMA: zap_page_range_unlocked   page_table_lock per table
 *         swap PTEs, swap cache pages,      passed over, into left
 *         dirty file pages
 *     lock_kernel
 *     each VMA: zap_page_range over left    BKL held
 *     zaps_in_flight--
 *
 * Code that reads every mm's page tables expecting them to hold still
 * (the audits, swapoff's count of slots in use) or that changes what a
 * page's mapcount word means (page_convert_anon) stops the unlocked zaps
 * and waits for those in flight.  The count and the stop are each
 * changed by a locked instruction, a full barrier on x86, before the
 * other is read: of a zap starting and a stop starting at once, at least
 * one sees the other.  The stopper waits with the BKL let go, as if
 * asleep: the zapping CPU needs the BKL for any interrupt it takes, and
 * for its last pass.
 */
#include "kernel/cpu/atomic.h"
#include "kernel/cpu/io.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/sched/spinlock.h"
#include "mm/vm/exit_zap.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

struct exit_zap_stats exit_zap_stats;

static atomic_t zaps_in_flight; /* exit_zaps between the check and the end */
static atomic_t zaps_stopped; /* stop_exit_zaps not yet resumed */

/* Past this, the zap may let go of the BKL.  A caller with interrupts off
 * may hold a spinlock that a BKL holder waits for: it keeps the BKL. */
static bool start_unlocked(void)
{
	if (!(read_eflags() & EFLAGS_IF))
		return false;
	atomic_inc(&zaps_in_flight);
	if (atomic_read(&zaps_stopped)) {
		atomic_dec(&zaps_in_flight);
		return false;
	}
	return true;
}

/* The part of vma inside left, under the BKL. */
static void zap_left(struct vm_area_struct *vma, struct zap_left *left)
{
	unsigned long start = vma->vm_start, end = vma->vm_end;

	if (left->start > start)
		start = left->start;
	if (left->end < end)
		end = left->end;
	if (start < end)
		zap_page_range(vma, start, end);
}

void exit_zap(struct mm_struct *mm)
{
	struct zap_left left = { ~0UL, 0, 0 };
	struct vm_area_struct *vma;

	if (!start_unlocked()) {
		stat_inc(&exit_zap_stats.locked);
		for_each_vma(vma, mm)
			zap_page_range(vma, vma->vm_start, vma->vm_end);
		return;
	}
	stat_inc(&exit_zap_stats.unlocked);
	/* Not preempted meanwhile (a kernel thread could be, at a tick): a
	 * stopper that ran on this CPU instead would wait for us forever.
	 * And a sleep in here would be a bug: schedule() says so. */
	preempt_disable();
	unlock_kernel();
	for_each_vma(vma, mm)
		zap_page_range_unlocked(vma, &left);
	lock_kernel();
	preempt_enable();
	stat_add(&exit_zap_stats.left, left.nr);
	if (left.nr)
		for_each_vma(vma, mm)
			zap_left(vma, &left);
	atomic_dec(&zaps_in_flight);
}

void stop_exit_zaps(void)
{
	atomic_inc(&zaps_stopped);
	while (atomic_read(&zaps_in_flight)) {
		unlock_kernel();
		cpu_relax();
		lock_kernel();
	}
}

void resume_exit_zaps(void)
{
	atomic_dec(&zaps_stopped);
}

int exit_zaps_in_flight(void)
{
	return atomic_read(&zaps_in_flight);
}
