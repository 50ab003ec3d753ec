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
 *
 * A CPU that has spun SPIN_NS_BEFORE_SLEEP (20 us, some ten times an
 * IPI's way) with interrupts on (a system call, an exception from user
 * mode, the idle loop) halts instead, its bit set in bkl_sleepers, and
 * the holder's unlock_kernel wakes one such CPU with a function-call IPI
 * that carries no call.  Spinning is right while the holder runs, but the
 * holder may not be running: a virtual CPU whose host thread waits for a
 * host core (four CPUs emulated on two cores) holds the lock for as long
 * as the spinners keep the cores busy.  Halting gives the core back.
 * No wake-up is lost: the sleeper sets its bit (a locked instruction)
 * before it looks at the lock word a last time, and the holder clears
 * the word with xchg, which is a full barrier, before it reads the bits;
 * an IPI that comes between the look and the `hlt` waits for the `sti`
 * before it, which lets it in only once the `hlt` has begun.  bkl_sleeps
 * in /proc/vmstat counts the halts.
 */
#include "kernel/locking/kernel_lock.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/process/thread_info.h"
#include "kernel/lib/div64.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/percpu.h"
#include "kernel/smp/smp.h"
#include "kernel/time/tsc.h"

static volatile u32 kernel_flag = 1;
static volatile int kernel_flag_cpu; /* the holder, or -1 */
static volatile u32 bkl_sleepers;    /* a bit for each CPU halted in spin() */

#define SPIN_NS_BEFORE_SLEEP 20000

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

/* Halt until the holder lets go (or any interrupt comes).  Interrupts
 * off on entry and return. */
static void sleep_for_lock(int cpu)
{
	asm volatile("lock; orl %1, %0"
		     : "+m"(bkl_sleepers) : "ri"(1u << cpu) : "memory");
	if (kernel_flag)
		asm volatile("sti; hlt; cli" : : : "memory");
	asm volatile("lock; andl %1, %0"
		     : "+m"(bkl_sleepers) : "ri"(~(1u << cpu)) : "memory");
}

/* Interrupts off on entry and return; on while waiting if they were on
 * before lock_kernel (flags), so this CPU's handlers keep running (each
 * takes and gives back the lock itself). */
static void spin(u32 flags, int cpu)
{
	u64 start = tsc_cycles(), since = start, ms;
	u32 sleeps = 0;

	do {
		while (kernel_flag) {
			if ((flags & EFLAGS_IF) &&
			    tsc_cycles_to_ns(tsc_cycles() - since) >
				    SPIN_NS_BEFORE_SLEEP) {
				sleep_for_lock(cpu);
				sleeps++;
				since = tsc_cycles();
			}
			irq_restore(flags);
			smp_call_function_poll();
			asm volatile("rep; nop" : : : "memory");
			cli();
		}
	} while (!try_take());
	/* Counted once the lock is ours: no other CPU writes them now. */
	bkl_stats.contended++;
	bkl_stats.sleeps += sleeps;
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
		spin(flags, cpu);
	kernel_flag_cpu = cpu;
	irq_restore(flags);
}

bool trylock_kernel(void)
{
	u32 flags = irq_save();
	bool took = try_take();

	if (took)
		kernel_flag_cpu = smp_processor_id();
	irq_restore(flags);
	return took;
}

/* Wake one of the CPUs in sleepers (halted in sleep_for_lock), the
 * lowest numbered: a function-call IPI with no call queued, whose handler
 * finds nothing to do.  One is enough, since its own unlock wakes the
 * next; waking all would have them all race for the lock and all but one
 * spin again.  sleepers is one reading of bkl_sleepers, not empty: a
 * second reading could find the bit already cleared by a CPU that woke
 * by itself. */
static void wake_one_sleeper(u32 sleepers)
{
	int cpu;

	for_each_cpu(cpu, sleepers) {
		apic_send_ipi(cpu_area(cpu)->apicid,
			      APIC_DM_FIXED | CALL_FUNCTION_VECTOR);
		return;
	}
}

void unlock_kernel(void)
{
	u32 flags = irq_save(), sleepers;

	if (!kernel_locked())
		panic("unlock_kernel: CPU%d does not hold the big kernel lock",
		      smp_processor_id());
	kernel_flag_cpu = -1;
	xchg(&kernel_flag, 0);
	/* Our own bit may be set, by a wait that an interrupt broke into:
	 * that wait is not halted, and this unlock must wake another. */
	sleepers = bkl_sleepers & ~cpumask_of(smp_processor_id());
	if (sleepers)
		wake_one_sleeper(sleepers);
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
