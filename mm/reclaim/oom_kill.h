/*
 * mm/reclaim/oom_kill.h - the out-of-memory killer.
 *
 * When reclaim has freed nothing several passes in a row, the allocator
 * (mm/phys/page_alloc.c) asks out_of_memory() to kill the process with the most
 * resident pages, then waits for that process to release its address
 * space before it reclaims again.  Only one victim is in flight at a time:
 * every allocator that runs out meanwhile waits for the same one.
 */
#ifndef MM_RECLAIM_OOM_KILL_H
#define MM_RECLAIM_OOM_KILL_H

#include "kernel/types.h"

struct task_struct;

enum oom_result {
	OOM_NO_VICTIM,		/* only init and kernel threads are left */
	OOM_KILLED,		/* a victim is dying: wait, then retry */
};

/* Init, kernel threads and tasks without user memory are never chosen. */
bool oom_unkillable_task(const struct task_struct *t);
/* Pick and SIGKILL the largest process, unless a victim is still dying. */
enum oom_result out_of_memory(void);
/*
 * Sleep until the victim has released its memory: true then, false if it
 * still holds it after OOM_WAIT_TICKS (it may be blocked on something the
 * caller holds, so the caller must be able to give up), or at once when
 * the caller is the victim.
 */
bool oom_wait_for_victim(void);
/* do_exit hook: t's address space is gone; wake those waiting for it. */
void oom_task_exited(struct task_struct *t);

#endif
