/*
 * kernel/init.c - the end of boot: PID 1 and the idle loop.
 *
 * kmain calls rest_init() once every subsystem is up.  It starts the
 * kernel thread that will become init (pid 1), turns on preemption and
 * turns the boot thread into the idle task.  The init thread runs the
 * ktests in ktest mode (they need a task that may sleep), otherwise it
 * executes the init program.
 */
#include "kernel/init.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/kthread.h"
#include "kernel/panic.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "kernel/sched.h"
#include "kernel/task.h"
#include "mm/vmscan.h"

static int kernel_init(void *unused)
{
	(void)unused;
	kswapd_start();
	if (ktest_mode) {
		int failed = ktest_run_all();

		test_exit(failed ? EXIT_FAIL : EXIT_PASS);
	}
	panic("No working init found.");
}

void __noreturn rest_init(void)
{
	struct task_struct *t = kthread_run(kernel_init, NULL, "init");

	if (IS_ERR(t))
		panic("cannot create the init task");
	BUG_ON(t->pid != 1);
	init_task = t;
	sched_start();
	cpu_idle();
}
