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
 * A CPU that has spun a while with interrupts on (a system call, an
 * exception from user mode, the idle loop) halts instead, its bit set in
 * bkl_sleepers, and the holder's unlock_kernel wakes one such CPU with a
 * function-call IPI that carries no call.  Spinning is right while the
 * holder runs, but the holder may not be running: a virtual CPU whose
 * host thread waits for a host core (four CPUs emulated on two cores)
 * holds the lock for as long as the spinners keep the cores busy.
 * Halting gives the core back, but waking costs an IPI and, emulated, a
 * host thread's wake-up.  So the only waiter spins SPIN_NS_ALONE (200
 * us) before it halts, and a waiter with company SPIN_NS_CROWDED (20 us,
 * some ten times an IPI's way): two waiters at once are the sign of more
 * CPUs than the holder needs, and of cores that may be short.  sdet on
 * two CPUs (docs/bench.md) ran a third faster with the longer spin alone;
 * on four CPUs emulated on two cores, the long spin for every waiter
 * made it twice as slow.
 * No wake-up is lost: the sleeper sets its bit (a locked instruction)
 * before it looks at the lock word a last time, and the holder clears
 * the word with xchg, which is a full barrier, before it reads the bits;
 * an IPI that comes between the look and the `hlt` waits for the `sti`
 * before it, which lets it in only once the `hlt` has begun.  bkl_sleeps
 * in /proc/vmstat counts the halts.
 *
 * Waiters are served in turn.  A plain xchg lock lets the CPU that just
 * let go take the lock straight back, and on emulated CPUs that share
 * host cores a waiter whose thread is not running at the moment of the
 * release can lose every race for minutes: a CPU waiting in an interrupt
 * (interrupts off) then takes no tick, jiffies stand still, and every
 * timeout in the system with them.  So a CPU that has to wait draws a
 * ticket (bkl_ticket[], its bit in bkl_waiting), and while any CPU
 * waits, only the oldest ticket may take the lock: a CPU arriving, or
 * coming back for it, queues behind.  Tickets are drawn under a small
 * xchg lock of their own (a 386 has no xadd).  The ticket belongs to the
 * CPU, not to one call of lock_kernel: an interrupt that comes while an
 * outer wait (interrupts on) spins waits with the same ticket, and
 * whichever takes the lock gives the ticket back, since the CPU has what
 * it waited for; an outer wait that finds its ticket gone draws a new
 * one.  So no ticket outlives its CPU's wait, even when the interrupt
 * schedules another task there (the idle task is preempted that way).
 * The holder wakes the sleeper with the oldest ticket.
 *
 * A halted waiter's turn passes to the CPUs waiting awake until it wakes.
 * Were the lock kept for it, every release to a halted CPU would leave
 * the lock free for an IPI's way and a host thread's wake-up, while the
 * CPU that let go and every other waiter spin; with four CPUs on two
 * host cores that made sdet twice as slow.  A halted CPU cannot lose
 * every race as the CPU waiting in an interrupt did: it keeps its ticket,
 * it is woken at each release, and once awake no younger ticket goes
 * before it.  It can still miss its turn again and again, each time the
 * lock is taken before it wakes and held past its spin; keeping the
 * oldest waiter spinning once woken, to bound that, made four CPUs on two
 * cores slower than the tickets alone (docs/bench.md).  An interrupt that
 * wakes it and waits for the lock itself clears the sleeper's bit first,
 * since it waits with interrupts off.
 */
#include "kernel/locking/kernel_lock.h"
#include "kernel/cpu/bitops.h"
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
static volatile u32 bkl_waiting;     /* a bit for each CPU with a ticket */
static volatile u32 bkl_ticket[NR_CPUS]; /* its turn, 0: not waiting */
static volatile u32 ticket_lock;     /* guards next_ticket */
static u32 next_ticket;

#define SPIN_NS_ALONE 200000
#define SPIN_NS_CROWDED 20000

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

/* Interrupts off. */
static void draw_ticket(int cpu)
{
	while (xchg(&ticket_lock, 1))
		cpu_relax();
	if (++next_ticket == 0)
		next_ticket = 1;
	bkl_ticket[cpu] = next_ticket;
	xchg(&ticket_lock, 0);
	set_bit(cpu, &bkl_waiting);
}

/* This CPU has the lock: its ticket, if it had one, is spent. */
static void took_lock(int cpu)
{
	kernel_flag_cpu = cpu;
	if (bkl_waiting & (1u << cpu)) {
		clear_bit(cpu, &bkl_waiting);
		bkl_ticket[cpu] = 0;
	}
}

/* Does another CPU wait for the lock? */
static bool others_waiting(int cpu)
{
	return bkl_waiting & ~(1u << cpu);
}

/* Does another CPU wait for it awake?  A halted waiter's turn passes to
 * the waiters still running until it wakes. */
static bool others_spinning(int cpu)
{
	return bkl_waiting & ~bkl_sleepers & ~(1u << cpu);
}

bool kernel_lock_wanted(void)
{
	return others_waiting(smp_processor_id());
}

/* How long cpu spins before it halts (see the top of the file). */
static u64 spin_ns_before_sleep(int cpu)
{
	return others_waiting(cpu) ? SPIN_NS_CROWDED : SPIN_NS_ALONE;
}

bool ticket_is_oldest(u32 mine, u32 others, u32 sleepers,
		      const volatile u32 *tickets)
{
	int other;

	for_each_cpu(other, others & ~sleepers) {
		u32 theirs = tickets[other];

		if (theirs && (s32)(theirs - mine) < 0)
			return false;
	}
	return true;
}

/* Is cpu's ticket the oldest of the CPUs waiting awake? */
static bool my_turn(int cpu)
{
	return ticket_is_oldest(bkl_ticket[cpu], bkl_waiting & ~(1u << cpu),
				bkl_sleepers, bkl_ticket);
}

/* May cpu, holding a ticket, take the lock now? */
static bool lock_open_to(int cpu)
{
	return !kernel_flag && my_turn(cpu);
}

/* Halt until the holder lets go (or any interrupt comes).  Interrupts
 * off on entry and return. */
static void sleep_for_lock(int cpu)
{
	set_bit(cpu, &bkl_sleepers);
	if (!lock_open_to(cpu))
		asm volatile("sti; hlt; cli" : : : "memory");
	clear_bit(cpu, &bkl_sleepers);
}

/* Interrupts off on entry and return; on while waiting if they were on
 * before lock_kernel (flags), so this CPU's handlers keep running (each
 * takes and gives back the lock itself). */
static void spin(u32 flags, int cpu)
{
	u64 start = tsc_cycles(), since = start, ms;
	u32 sleeps = 0;

	/* An interrupt that woke us from sleep_for_lock waits awake, with
	 * interrupts off: its turn must count (see the top of the file). */
	if (bkl_sleepers & (1u << cpu))
		clear_bit(cpu, &bkl_sleepers);
	do {
		/* An interrupt taken while we waited may have spent the
		 * ticket (its handler took the lock with it). */
		if (!bkl_ticket[cpu])
			draw_ticket(cpu);
		while (!lock_open_to(cpu)) {
			if ((flags & EFLAGS_IF) &&
			    tsc_cycles_to_ns(tsc_cycles() - since) >
				    spin_ns_before_sleep(cpu)) {
				sleep_for_lock(cpu);
				sleeps++;
				since = tsc_cycles();
			}
			irq_restore(flags);
			smp_call_function_poll();
			cpu_relax();
			cli();
			if (!bkl_ticket[cpu])
				draw_ticket(cpu);
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
	if (others_spinning(cpu) || !try_take())
		spin(flags, cpu);
	took_lock(cpu);
	irq_restore(flags);
}

bool trylock_kernel(void)
{
	u32 flags = irq_save();
	int cpu = smp_processor_id();
	bool took = !others_spinning(cpu) && try_take();

	if (took)
		took_lock(cpu);
	irq_restore(flags);
	return took;
}

/* Wake the CPU in sleepers (halted in sleep_for_lock) with the oldest
 * ticket: a function-call IPI with no call queued, whose handler finds
 * nothing to do.  One is enough, since its own unlock wakes the next;
 * waking all would have them all look and all but one halt again.
 * sleepers is one reading of bkl_sleepers, not empty: a second reading
 * could find the bit already cleared by a CPU that woke by itself. */
static void wake_one_sleeper(u32 sleepers)
{
	int cpu, next = -1;

	for_each_cpu(cpu, sleepers)
		if (next < 0 ||
		    (s32)(bkl_ticket[cpu] - bkl_ticket[next]) < 0)
			next = cpu;
	apic_send_ipi(cpu_area(next)->apicid,
		      APIC_DM_FIXED | CALL_FUNCTION_VECTOR);
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
