/*
 * kernel/time/timer_list.c - /proc/timer_list: the clock, and the CPU's idle
 * time to the nanosecond.
 *
 * Linux's file lists every pending timer of every CPU; Mapback has no
 * high-resolution timers to list, so it prints the lines of Linux's
 * format that it does have: the time now, and for each online CPU the
 * idle counts that tick-sched keeps (idle_calls, idle_sleeptime,
 * iowait_sleeptime).  make bench reads "now at" and idle_sleeptime on
 * both kernels to tell the instructions a phase executed from the time
 * the CPU spent halted (user/bench/pressure.h).  Mapback does not tell
 * iowait from idle: iowait_sleeptime is 0.
 */
#include "fs/proc/procfs.h"
#include "kernel/lib/seq_buf.h"
#include "kernel/sched/idle.h"
#include "kernel/smp/percpu.h"
#include "kernel/time/timer.h"
#include "kernel/time/tsc.h"

void proc_timer_list_show(struct seq_buf *m, struct task_struct *t)
{
	u64 cycles = tsc_cycles(); /* the idle times are read up to here */
	int cpu;

	(void)t;
	seq_puts(m, "Timer List Version: v0.9\n");
	seq_printf(m, "now at %llu nsecs\n\n", ktime_get_ns());
	for_each_online_cpu(cpu) {
		seq_printf(m, "cpu: %d\n", cpu);
		seq_printf(m, "  .%-15s: %u\n", "idle_calls",
			   cpu_area(cpu)->nr_idle_calls);
		seq_printf(m, "  .%-15s: %llu nsecs\n", "idle_sleeptime",
			   get_cpu_idle_time_ns_at(cpu, cycles));
		seq_printf(m, "  .%-15s: %llu nsecs\n", "iowait_sleeptime",
			   0ULL);
		seq_printf(m, "  .%-15s: %u\n", "last_jiffies", jiffies);
	}
}
