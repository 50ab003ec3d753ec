/*
 * kernel/smp/smp.h - the processors: which exist, which run, which is this
 * one, and running a function on another.
 *
 * The boot processor (BSP) is always CPU 0.  smp_init() finds the others
 * in the ACPI MADT or the Intel MultiProcessor table (kernel/smp/mpparse.h),
 * starts each one (kernel/smp/smpboot.c) into its idle task.  Every CPU
 * then runs tasks from the one run queue (kernel/sched/sched.c); kernel
 * code runs on one CPU at a time, under the big kernel lock
 * (kernel/locking/kernel_lock.h).  A function sent to another CPU runs
 * there without that lock, in interrupt context: it must touch only what
 * its caller hands it or that CPU's own state (its TLB, its cpu_area).
 *
 * On a 386 or 486 without a local APIC, with `nosmp`, or with a single
 * processor, only CPU 0 is online and everything here degrades to it.
 */
#ifndef KERNEL_SMP_SMP_H
#define KERNEL_SMP_SMP_H

#include "kernel/types.h"
#include "kernel/process/thread_info.h"

/* CPUs Mapback can run, as the kmap_atomic slots in the fixmap allow. */
#define NR_CPUS 8

/* A set of CPUs, bit n for CPU n. */
typedef u32 cpumask_t;

#define CPU_MASK_ALL ((cpumask_t)(1u << NR_CPUS) - 1)
#define cpumask_of(cpu) ((cpumask_t)1 << (cpu))
#define cpu_isset(cpu, mask) (((mask) >> (cpu)) & 1)
#define for_each_cpu(cpu, mask)                   \
	for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++) \
		if (cpu_isset(cpu, mask))
#define for_each_online_cpu(cpu) for_each_cpu(cpu, cpu_online_map)

/* CPUs found in the firmware's tables (and allowed by maxcpus=), and
 * those that answered and run.  Only CPU 0 writes them. */
extern cpumask_t cpu_present_map;
extern volatile cpumask_t cpu_online_map;

int num_online_cpus(void);

/*
 * The number of the CPU running this, from the kernel stack's
 * thread_info (kernel/process/thread_info.h).  Stable while the caller
 * cannot be switched away: interrupts off, a spinlock held, or kernel
 * code of a user task between two sleeps.
 */
#define smp_processor_id() (current_thread_info()->cpu)
/* The same from the local APIC's id register (slow: an uncached read);
 * for checks that the thread_info is right. */
int hard_smp_processor_id(void);

/*
 * Find and start the other CPUs (kmain, interrupts off, after the clock
 * is calibrated): parse the tables, enable the boot CPU's local APIC with
 * the 8259 kept on LINT0 (virtual wire), boot every AP allowed.
 */
void smp_init(void);

/*
 * Run func(info) on CPU cpu, in interrupt context there (interrupts off),
 * and on this CPU directly when cpu is this one.  With wait, return once
 * func has returned; without, once the target has taken the call (info
 * must then stay valid until func is done with it).  Returns 0, or
 * -ENXIO when cpu is not online.  The caller may have interrupts on or
 * off; only one call is in flight at a time (call_lock).
 */
int smp_call_function_single(int cpu, void (*func)(void *info), void *info,
			     int wait);
/* The same on every online CPU but this one. */
int smp_call_function(void (*func)(void *info), void *info, int wait);
/* The same on the CPUs of mask that are online, this one excluded. */
int smp_call_function_mask(cpumask_t mask, void (*func)(void *info), void *info,
			   int wait);

/* The call-function IPI's handler (kernel/smp/smp.c): run what was sent. */
void smp_call_function_interrupt(void);
/* The same from a CPU spinning with interrupts off (for the big kernel
 * lock): run the call sent to this CPU, if one waits. */
void smp_call_function_poll(void);

/* Make cpu enter the kernel and look at its run queue and signals. */
void smp_send_reschedule(int cpu);

#endif
