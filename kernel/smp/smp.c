/*
 * kernel/smp/smp.c - running a function on other CPUs by IPI.
 *
 * One call is in flight at a time.  The sender holds call_lock, fills
 * call_data (the function, its argument, a new sequence number), sends
 * CALL_FUNCTION_VECTOR to each target's local APIC and waits for each
 * target's answer in that target's own cpu_area:
 *
 *   sender (call_lock held)            target, in its IPI handler
 *   call_data = {func, info, seq}
 *   each target's call_wanted = seq
 *   IPI --------------------------->   call_wanted != call_started?
 *                                      copy func, info
 *                                      call_started = seq   (taken)
 *   wait call_started == seq  <-----   func(info)
 *   (with wait:)                       call_finished = seq  (done)
 *   wait call_finished == seq <-----
 *   release call_lock
 *
 * Every word is written by one CPU only (call_data by the lock's holder,
 * call_started/finished by their target), so no atomic instruction is
 * needed and a 386 could run it; the compiler barriers keep the stores
 * in program order, which x86 keeps between CPUs.  Without wait the
 * sender still waits for call_started, since the next call reuses
 * call_data.  TLB shootdown is this pattern with the page to flush as
 * the argument and the mm's CPU mask as the targets.
 *
 * The sender waits with interrupts off, under call_lock.  It holds the
 * big kernel lock (every sender runs kernel code), so no other CPU is
 * sending, and every target answers: a target in user mode or halted has
 * interrupts on; one in the kernel's entry or exit path, or spinning for
 * the big kernel lock, has them off but polls (smp_call_function_poll)
 * while it spins.  The IPI that arrives after a poll took the call finds
 * call_started == call_wanted and does nothing.
 */
#include "kernel/smp/smp.h"
#include "kernel/cpu/io.h"
#include "kernel/errno.h"
#include "kernel/panic.h"
#include "kernel/sched/spinlock.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/percpu.h"

#define barrier() asm volatile("" : : : "memory")

static struct {
	void (*func)(void *info);
	void *info;
	u32 seq;
} call_data;

static DEFINE_SPINLOCK(call_lock);

/* Interrupts are off: the IPI handler and a poll on this CPU never
 * overlap. */
void smp_call_function_interrupt(void)
{
	struct cpu_area *area = this_cpu_area();
	u32 seq = area->call_wanted;
	void (*func)(void *);
	void *info;

	if (seq == area->call_started)
		return;
	barrier();
	func = call_data.func;
	info = call_data.info;
	barrier();
	area->call_started = seq;
	barrier();
	func(info);
	barrier();
	area->call_finished = seq;
}

void smp_call_function_poll(void)
{
	u32 flags = irq_save();

	smp_call_function_interrupt();
	irq_restore(flags);
}

void smp_send_reschedule(int cpu)
{
	apic_send_ipi(cpu_area(cpu)->apicid, APIC_DM_FIXED | RESCHEDULE_VECTOR);
}

static void wait_for_seq(volatile u32 *word, u32 seq)
{
	while (*word != seq)
		cpu_relax(); /* pause on a P4 */
}

int smp_call_function_mask(cpumask_t mask, void (*func)(void *info), void *info,
			   int wait)
{
	u32 flags;
	int self, cpu;

	spin_lock_irqsave(&call_lock, flags);
	self = smp_processor_id();
	BUG_ON(self != hard_smp_processor_id());
	mask &= cpu_online_map & ~cpumask_of(self);
	if (mask) {
		call_data.func = func;
		call_data.info = info;
		call_data.seq++;
		barrier();
		for_each_cpu(cpu, mask)
			cpu_area(cpu)->call_wanted = call_data.seq;
		barrier();
		for_each_cpu(cpu, mask)
			apic_send_ipi(cpu_area(cpu)->apicid,
				      APIC_DM_FIXED | CALL_FUNCTION_VECTOR);
		for_each_cpu(cpu, mask) {
			wait_for_seq(&cpu_area(cpu)->call_started,
				     call_data.seq);
			if (wait)
				wait_for_seq(&cpu_area(cpu)->call_finished,
					     call_data.seq);
		}
	}
	spin_unlock_irqrestore(&call_lock, flags);
	return 0;
}

int smp_call_function(void (*func)(void *info), void *info, int wait)
{
	return smp_call_function_mask(cpu_online_map, func, info, wait);
}

int smp_call_function_single(int cpu, void (*func)(void *info), void *info,
			     int wait)
{
	u32 flags;

	if (cpu < 0 || cpu >= NR_CPUS || !cpu_isset(cpu, cpu_online_map))
		return -ENXIO;
	flags = irq_save();
	if (cpu == smp_processor_id())
		func(info);
	else
		smp_call_function_mask(cpumask_of(cpu), func, info, wait);
	irq_restore(flags);
	return 0;
}
