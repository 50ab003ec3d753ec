/*
 * mm/vm/exit_zap.h - the PTE teardown of a dying mm, without the big
 * kernel lock where it can (mm/vm/exit_zap.c).
 */
#ifndef MM_VM_EXIT_ZAP_H
#define MM_VM_EXIT_ZAP_H

#include "kernel/types.h"

struct mm_struct;

/* /proc/vmstat (Mapback's own lines): dying mms whose PTEs were cleared
 * without the BKL, those cleared with it (interrupts were off, or the
 * zaps were stopped), and the PTEs the unlocked zaps left to the lock. */
struct exit_zap_stats {
	u32 unlocked;
	u32 locked;
	u32 left;
};
extern struct exit_zap_stats exit_zap_stats;

/* Clear every PTE of mm, whose last user is gone and which no CPU runs
 * any more.  Called with the BKL; lets go of it for most of the work. */
void exit_zap(struct mm_struct *mm);

/*
 * For code that needs every mm's page tables to hold still (the rmap and
 * swap audits, swapoff) or changes what a page's mapcount means
 * (page_convert_anon): no exit_zap runs without the BKL from
 * stop_exit_zaps until the matching resume_exit_zaps.  Called with the
 * BKL, from code that may sleep: the wait for zaps in flight lets go of
 * the BKL meanwhile.  Stops nest.
 */
void stop_exit_zaps(void);
void resume_exit_zaps(void);

/* How many exit_zaps are past their check and not yet done (a test's
 * witness that one let go of the BKL). */
int exit_zaps_in_flight(void);

#endif
