/*
 * kernel/sched/idle.c - what a CPU does when nothing is runnable for it,
 * and for how long.
 *
 * Each CPU has an idle task (CPU 0's is the boot thread); it halts until
 * an interrupt.  The time from the hlt to the interrupt that ends it is
 * idle time; the handler's own work (a disk completion, a wake-up) is
 * not, so trap() calls idle_stop() before the handler runs.  With a TSC
 * the period is measured in cycles and added in nanoseconds at the
 * clock's rate of the moment (kernel/time/tsc.c): the rate changes in the
 * tick's handler, after idle_stop(), or in a running task, never during a
 * halt, so no period spans two rates and idle time never outruns the
 * clock.  Without one (or with its rate unknown), idle time is the ticks
 * that found the idle task running, as /proc/stat counts it.
 *
 *   idle task:  [run queue has nothing for this CPU]  unlock BKL
 *               cli  idle_entry = TSC  sti;hlt ......
 *   interrupt:                                   idle_stop(): +=
 *
 * The idle task lets go of the big kernel lock while it halts, so other
 * CPUs may run kernel code, and halts again after an interrupt unless
 * its need_resched was set: by a wake-up that chose this CPU (with a
 * reschedule IPI from another CPU) or by this CPU's tick finding work.
 * Only then does it take the lock back and look at the run queue.  The
 * counts are each CPU's own, written with interrupts off.
 */
#include "kernel/sched/idle.h"
#include "kernel/cpu/io.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/sched/sched.h"
#include "kernel/smp/percpu.h"
#include "kernel/time/time.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/time/tsc.h"

bool idle_stop(void)
{
	struct cpu_area *area = this_cpu_area();

	if (!area->idle_halted)
		return false;
	area->idle_halted = false;
	area->idle_ns += tsc_cycles_to_ns(tsc_cycles() - area->idle_entry);
	return true;
}

u32 idle_ticks_cpu(int cpu)
{
	struct task_struct *idle = cpu_area(cpu) ? cpu_area(cpu)->idle : NULL;

	return idle ? idle->utime + idle->stime : 0;
}

u32 idle_ticks(void)
{
	u32 n = 0;
	int cpu;

	for_each_online_cpu(cpu)
		n += idle_ticks_cpu(cpu);
	return n;
}

/*
 * Another CPU may be halted now, or wake and add its period while we
 * read: read until two passes agree, and count a halt under way up to
 * the TSC reading `cycles` (as Linux counts the idle period in progress),
 * so that idle time read beside the clock never runs ahead of it.
 */
u64 get_cpu_idle_time_ns_at(int cpu, u64 cycles)
{
	volatile struct cpu_area *area = cpu_area(cpu);
	u64 ns, entry;
	bool halted;

	if (!tsc_measured())
		return (u64)idle_ticks_cpu(cpu) * NSEC_PER_TICK;
	do {
		halted = area->idle_halted;
		entry = area->idle_entry;
		ns = area->idle_ns;
	} while (halted != area->idle_halted || entry != area->idle_entry ||
		 ns != area->idle_ns);
	if (halted && cycles > entry)
		ns += tsc_cycles_to_ns(cycles - entry);
	return ns;
}

u64 get_cpu_idle_time_ns(void)
{
	u64 ns = 0, now = tsc_cycles();
	int cpu;

	for_each_online_cpu(cpu)
		ns += get_cpu_idle_time_ns_at(cpu, now);
	return ns;
}

u32 idle_calls(void)
{
	u32 n = 0;
	int cpu;

	for_each_online_cpu(cpu)
		n += cpu_area(cpu)->nr_idle_calls;
	return n;
}

/* Halt until a wake-up for this CPU; interrupts off on entry and return,
 * the big kernel lock not held. */
static void idle_halt(struct task_struct *idle)
{
	struct cpu_area *area = this_cpu_area();

	while (!idle->need_resched) {
		area->idle_halted = true;
		area->idle_entry = tsc_cycles();
		area->nr_idle_calls++;
		/* sti takes effect after hlt begins, so an interrupt that
		 * comes now still ends this hlt rather than being lost. */
		asm volatile("sti; hlt; cli" : : : "memory");
	}
}

void __noreturn cpu_idle(void)
{
	struct task_struct *idle = current;

	for (;;) {
		cli();
		idle_stop(); /* whatever ended the last hlt */
		idle->need_resched = 0;
		if (sched_has_work()) {
			schedule();
			continue;
		}
		unlock_kernel();
		idle_halt(idle);
		lock_kernel();
	}
}
