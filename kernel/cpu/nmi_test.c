/*
 * kernel/cpu/nmi_test.c - ktest for the NMI handler (kernel/cpu/nmi.h):
 * `int $2` runs it as an NMI would, and the log must then hold this CPU's
 * registers and a sleeping thread with the function it sleeps in;
 * afterwards the kernel carries on (the other CPUs, sent an NMI each,
 * too).
 */
#include "kernel/cpu/nmi.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/wait.h"
#include "kernel/smp/smp.h"

static DECLARE_WAIT_QUEUE_HEAD(sleeper_wq);
static volatile bool sleeper_may_go;
static char log_copy[LOG_BUF_LEN + 1];

static int nmi_sleeper_thread(void *arg)
{
	(void)arg;
	wait_event(sleeper_wq, sleeper_may_go);
	return 0;
}

/* The log from the last line that starts with text on, or NULL. */
static const char *log_from_last(const char *text)
{
	size_t n = log_buf_read(log_copy, LOG_BUF_LEN);
	const char *p, *last = NULL;

	log_copy[n] = '\0';
	for (p = strstr(log_copy, text); p; p = strstr(p + 1, text))
		last = p;
	return last;
}

KTEST(nmi_shows_registers_and_sleeping_tasks_then_returns)
{
	struct task_struct *t;
	char head[32], end[32], want[48];
	const char *dump, *tail, *line, *trace;
	int i, cpu;

	sleeper_may_go = false;
	t = kthread_run(nmi_sleeper_thread, NULL, "nmi_sleeper");
	KASSERT_TRUE(!IS_ERR(t));
	for (i = 0; i < 1000 && (t->state != TASK_UNINTERRUPTIBLE || t->on_cpu);
	     i++)
		schedule();
	KEXPECT_EQ(t->state, TASK_UNINTERRUPTIBLE);

	cpu = smp_processor_id();
	asm volatile("int $2" : : : "memory");
	snprintf(head, sizeof(head), "NMI received on CPU%d\n", cpu);
	snprintf(end, sizeof(end), "---[ end NMI on CPU%d ]---\n", cpu);
	dump = log_from_last(head);
	KASSERT_TRUE(dump != NULL);
	tail = strstr(dump, end);
	KASSERT_TRUE(tail != NULL);
	KEXPECT_TRUE(strstr(dump, "EIP: 0008:") != NULL);
	KEXPECT_TRUE(strstr(dump, "Call Trace:") != NULL);
	snprintf(want, sizeof(want), "%5d %5d D %3d nmi_sleeper\n", t->pid,
		 t->tgid, t->cpu);
	KEXPECT_TRUE(strstr(dump, "  PID  TGID S CPU COMM\n") != NULL);
	line = strstr(dump, want);
	KASSERT_TRUE(line != NULL && line < tail);
	trace = strstr(line, "nmi_sleeper_thread+");
	KEXPECT_TRUE(trace != NULL && trace < tail);

	sleeper_may_go = true;
	wake_up(&sleeper_wq);
	KEXPECT_EQ(kthread_wait(t), 0);
}
