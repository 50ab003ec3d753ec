/*
 * kernel/locking/kernel_lock.c - the big kernel lock (kernel_lock.h).
 *
 * The lock word is taken with xchg (a 386 has it, and it locks the bus
 * by itself); the owner's CPU number is written after, by the owner only,
 * so "does this CPU hold it" needs no atomic read: no other CPU ever
 * writes our number there.  The boot CPU holds the lock from the first
 * instruction, as every CPU the kernel runs on must.
 *
 * While spinning, a CPU runs the function calls sent to it
 * (smp_call_function_poll), so a holder waiting for a TLB shootdown's
 * answer never waits on a CPU that is waiting for it.  The spin is timed
 * (with the TSC, where there is one) into /proc/vmstat's bkl_contended
 * and bkl_spin_ms, so the bench can say what the one lock costs.
 */
#include "kernel/locking/kernel_lock.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/process/thread_info.h"
#include "kernel/lib/div64.h"
#include "kernel/smp/smp.h"
#include "kernel/time/tsc.h"

static volatile u32 kernel_flag = 1;
static volatile int kernel_flag_cpu; /* the holder, or -1 */

struct bkl_stats bkl_stats;
static u64 bkl_spin_ns; /* all the spinning, to the nanosecond */

bool kernel_locked(void)
{
	return kernel_flag && kernel_flag_cpu == smp_processor_id();
}

static bool try_take(void)
{
	return xchg(&kernel_flag, 1) == 0;
}

/* Interrupts off on entry and return; on while waiting if they were on
 * before lock_kernel (flags), so this CPU's handlers keep running (each
 * takes and gives back the lock itself). */
static void spin(u32 flags)
{
	u64 start = tsc_cycles(), ms;

	do {
		while (kernel_flag) {
			irq_restore(flags);
			smp_call_function_poll();
			asm volatile("rep; nop" : : : "memory");
			cli();
		}
	} while (!try_take());
	/* Counted once the lock is ours: no other CPU writes them now. */
	bkl_stats.contended++;
	bkl_spin_ns += tsc_cycles_to_ns(tsc_cycles() - start);
	ms = bkl_spin_ns;
	do_div(&ms, 1000000);
	bkl_stats.spin_ms = (u32)ms;
}

/*
 * Taking the word and naming the owner happen with interrupts off: an
 * interrupt between the two would find the lock held by nobody it knows
 * and spin for it forever on the CPU that holds it.  The same goes for
 * letting go.
 */
void lock_kernel(void)
{
	u32 flags = irq_save();
	int cpu = smp_processor_id();

	if (kernel_flag && kernel_flag_cpu == cpu)
		panic("lock_kernel: CPU%d holds the big kernel lock already",
		      cpu);
	if (!try_take())
		spin(flags);
	kernel_flag_cpu = cpu;
	irq_restore(flags);
}

void unlock_kernel(void)
{
	u32 flags = irq_save();

	if (!kernel_locked())
		panic("unlock_kernel: CPU%d does not hold the big kernel lock",
		      smp_processor_id());
	kernel_flag_cpu = -1;
	asm volatile("" : : : "memory");
	kernel_flag = 0;
	irq_restore(flags);
}

/* An interrupt that ran unlocked (a function call) comes back this way
 * without the lock. */
void exit_to_user_mode(void)
{
	cli();
	if (kernel_locked())
		unlock_kernel();
}
