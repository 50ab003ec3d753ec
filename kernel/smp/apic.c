/*
 * kernel/smp/apic.c - the local APIC (see kernel/smp/apic.h): enabling it,
 * its timer, its interrupts, and sending IPIs.
 *
 * The timer counts down at the bus clock divided by 16.  Nobody tells the
 * kernel that clock, so calibrate_APIC_clock() counts the decrements over
 * one tick's worth of time (udelay, by the TSC or PIT channel 2) on the
 * boot CPU, as Linux's calibrate_APIC_clock does against the PIT; every
 * CPU's timer shares the bus, so each AP starts its own with that count.
 */
#include "kernel/smp/apic.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/cputime.h"
#include "kernel/smp/percpu.h"
#include "kernel/time/delay.h"
#include "kernel/time/timer.h"
#include "mm/phys/fixmap.h"

#define USEC_PER_TICK (1000000 / HZ)
#define ICR_IDLE_TRIES 1000 /* times 10 us: 10 ms for an IPI to go out */

u32 mp_lapic_addr = APIC_DEFAULT_PHYS_BASE;
bool lapic_enabled;
static u32 count_per_tick;

static volatile u32 *apic_reg(u32 reg)
{
	return (volatile u32 *)(fix_to_virt(FIX_APIC_BASE) + reg);
}

u32 apic_read(u32 reg)
{
	return *apic_reg(reg);
}

void apic_write(u32 reg, u32 v)
{
	*apic_reg(reg) = v;
}

u8 read_apic_id(void)
{
	return GET_APIC_ID(apic_read(APIC_ID));
}

/*
 * An AP's tick (CPU 0 ticks from the PIT, kernel/time/timer.c).  With the
 * big kernel lock held, the scheduler's tick; without it the CPU was
 * halted in idle (kernel/cpu/trap.c lets that tick in unlocked): the idle
 * task's time is counted, and the idle loop looks at the run queue only
 * while a task waits for another CPU (sched_idle_tick); a wake-up for
 * this CPU comes as a reschedule IPI.
 */
static void apic_timer_interrupt(struct trapframe *tf)
{
	this_cpu_area()->apic_timer_irqs++;
	apic_eoi();
	if (kernel_locked()) {
		sched_tick(tf);
	} else {
		account_process_tick(current, user_mode(tf));
		current->stime++;
		sched_idle_tick();
	}
}

/* Nothing to do here: the way back (to user mode, or to the idle loop)
 * looks at need_resched and pending signals. */
static void reschedule_interrupt(struct trapframe *tf)
{
	(void)tf;
	this_cpu_area()->irq_resched_count++;
	apic_eoi();
}

static void call_function_interrupt(struct trapframe *tf)
{
	(void)tf;
	apic_eoi();
	this_cpu_area()->irq_call_count++;
	smp_call_function_interrupt();
}

/* A spurious vector is not in service: no EOI (Intel SDM 10.9). */
static void spurious_interrupt(struct trapframe *tf)
{
	(void)tf;
	this_cpu_area()->irq_spurious_count++;
}

/* The ESR latches errors; write it, then read what it holds. */
static void error_interrupt(struct trapframe *tf)
{
	(void)tf;
	apic_write(APIC_ESR, 0);
	(void)apic_read(APIC_ESR);
	this_cpu_area()->irq_error_count++;
	apic_eoi();
}

void apic_map(void)
{
	set_fixmap_nocache(FIX_APIC_BASE, mp_lapic_addr);
	set_intr_gate(LOCAL_TIMER_VECTOR, apic_timer_interrupt);
	set_intr_gate(CALL_FUNCTION_VECTOR, call_function_interrupt);
	set_intr_gate(RESCHEDULE_VECTOR, reschedule_interrupt);
	set_intr_gate(ERROR_APIC_VECTOR, error_interrupt);
	set_intr_gate(SPURIOUS_APIC_VECTOR, spurious_interrupt);
}

void setup_local_APIC(bool bsp)
{
	bool integrated =
		APIC_INTEGRATED(GET_APIC_VERSION(apic_read(APIC_LVR)));

	apic_write(APIC_TASKPRI, 0);
	apic_write(APIC_SPIV, APIC_SPIV_APIC_ENABLED | SPURIOUS_APIC_VECTOR);
	apic_write(APIC_LVTT, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);
	apic_write(APIC_LVT0, APIC_DM_EXTINT | (bsp ? 0 : APIC_LVT_MASKED));
	apic_write(APIC_LVT1, APIC_DM_NMI | (bsp ? 0 : APIC_LVT_MASKED));
	if (integrated) {
		apic_write(APIC_LVTERR, ERROR_APIC_VECTOR);
		/* Back-to-back writes clear the ESR on a P6. */
		apic_write(APIC_ESR, 0);
		apic_write(APIC_ESR, 0);
	}
}

void calibrate_APIC_clock(void)
{
	u32 left;

	apic_write(APIC_LVTT, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);
	apic_write(APIC_TDCR, APIC_TDR_DIV_16);
	apic_write(APIC_TMICT, 0xFFFFFFFFu);
	udelay(USEC_PER_TICK);
	left = apic_read(APIC_TMCCT);
	apic_write(APIC_TMICT, 0);
	count_per_tick = 0xFFFFFFFFu - left;
	printk("apic: timer %u decrements a tick, bus %u.%03u MHz\n",
	       count_per_tick, count_per_tick * 16 / (1000000 / HZ),
	       count_per_tick * 16 % (1000000 / HZ) / (1000 / HZ));
}

u32 apic_timer_count_per_tick(void)
{
	return count_per_tick;
}

void setup_APIC_timer(void)
{
	BUG_ON(!count_per_tick);
	apic_write(APIC_TDCR, APIC_TDR_DIV_16);
	apic_write(APIC_LVTT, APIC_LVT_TIMER_PERIODIC | LOCAL_TIMER_VECTOR);
	apic_write(APIC_TMICT, count_per_tick);
}

bool apic_wait_icr_idle(void)
{
	int i;

	for (i = 0; i < ICR_IDLE_TRIES; i++) {
		if (!(apic_read(APIC_ICR) & APIC_ICR_BUSY))
			return true;
		udelay(10);
	}
	return false;
}

/* Interrupts off between the two writes: a handler's own IPI would
 * change the destination under this one. */
void apic_send_ipi(u8 apicid, u32 low)
{
	u32 flags = irq_save();

	apic_wait_icr_idle();
	apic_write(APIC_ICR2, SET_APIC_DEST_FIELD(apicid));
	apic_write(APIC_ICR, low);
	apic_wait_icr_idle();
	irq_restore(flags);
}
