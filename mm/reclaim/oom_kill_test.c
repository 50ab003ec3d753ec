/*
 * mm/reclaim/oom_kill_test.c - whom the OOM killer may choose.
 */
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/process/task.h"
#include "mm/reclaim/oom_kill.h"

KTEST(oom_spares_init_and_kernel_threads)
{
	struct task_struct t;

	memset(&t, 0, sizeof(t));
	t.mm = (struct mm_struct *)&t;	/* any non-NULL mm; never used */
	t.pid = 2;
	KEXPECT_FALSE(oom_unkillable_task(&t));
	t.flags = PF_KTHREAD;
	KEXPECT_TRUE(oom_unkillable_task(&t));
	t.flags = 0;
	t.mm = NULL;
	KEXPECT_TRUE(oom_unkillable_task(&t));
	if (init_task)
		KEXPECT_TRUE(oom_unkillable_task(init_task));
	KEXPECT_TRUE(oom_unkillable_task(current));
}
