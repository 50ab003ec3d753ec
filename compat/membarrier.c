/*
 * compat/membarrier.c - membarrier (375): a memory barrier on every CPU
 * that runs the caller's threads (or any process), without each of them
 * issuing one.  Linux: kernel/sched/membarrier.c.
 *
 * A program that pairs a cheap compiler barrier in its fast path with a
 * membarrier in its rare slow path (user-space RCU, garbage collectors)
 * needs every other CPU that may run its code to execute a full barrier
 * before the call returns.  Here the call sends a function-call IPI, with
 * wait, to those CPUs (the interrupt and its return are serializing on
 * x86) and returns when each has answered; a CPU running only the caller
 * needs none.  The private commands act on the CPUs in the mm's
 * cpu_vm_mask and need the process to have registered first (EPERM);
 * the global ones on every other online CPU.  The rseq commands are not
 * offered.
 */
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "kernel/smp/smp.h"
#include "mm/vm/mm_struct.h"

#define MEMBARRIER_CMD_QUERY 0
#define MEMBARRIER_CMD_GLOBAL (1 << 0)
#define MEMBARRIER_CMD_GLOBAL_EXPEDITED (1 << 1)
#define MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED (1 << 2)
#define MEMBARRIER_CMD_PRIVATE_EXPEDITED (1 << 3)
#define MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED (1 << 4)
#define MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE (1 << 5)
#define MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE (1 << 6)

#define MEMBARRIER_CMDS                                            \
	(MEMBARRIER_CMD_GLOBAL | MEMBARRIER_CMD_GLOBAL_EXPEDITED | \
	 MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED |                \
	 MEMBARRIER_CMD_PRIVATE_EXPEDITED |                        \
	 MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED |               \
	 MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE |              \
	 MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE)

/* mm->membarrier_state: what the process registered for. */
#define MEMBARRIER_STATE_GLOBAL_EXPEDITED 1
#define MEMBARRIER_STATE_PRIVATE_EXPEDITED 2
#define MEMBARRIER_STATE_PRIVATE_EXPEDITED_SYNC_CORE 4

/* The IPI does the work: taking it and returning from it orders this
 * CPU's memory accesses and serializes its instruction stream. */
static void membarrier_ipi(void *info)
{
	(void)info;
	asm volatile("" : : : "memory");
}

/* A barrier on the CPUs of mask (this one included, by the call). */
static long barrier_on(cpumask_t mask)
{
	u32 flags = irq_save();

	asm volatile("lock; orl $0, (%%esp)" : : : "memory", "cc");
	mask &= cpu_online_map & ~cpumask_of(smp_processor_id());
	if (mask)
		smp_call_function_mask(mask, membarrier_ipi, NULL, 1);
	irq_restore(flags);
	return 0;
}

static long private_expedited(u32 needed)
{
	struct mm_struct *mm = current->mm;

	if (!mm || !(mm->membarrier_state & needed))
		return -EPERM;
	return barrier_on(mm->cpu_vm_mask);
}

static long do_register(u32 state)
{
	if (!current->mm)
		return -EINVAL;
	current->mm->membarrier_state |= state;
	return 0;
}

long sys_membarrier(int cmd, unsigned int flags, int cpu_id)
{
	(void)cpu_id; /* only the rseq commands take a CPU */
	if (flags)
		return -EINVAL;
	switch (cmd) {
	case MEMBARRIER_CMD_QUERY:
		return MEMBARRIER_CMDS;
	case MEMBARRIER_CMD_GLOBAL:
	case MEMBARRIER_CMD_GLOBAL_EXPEDITED:
		return barrier_on(cpu_online_map);
	case MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED:
		return do_register(MEMBARRIER_STATE_GLOBAL_EXPEDITED);
	case MEMBARRIER_CMD_PRIVATE_EXPEDITED:
		return private_expedited(MEMBARRIER_STATE_PRIVATE_EXPEDITED);
	case MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED:
		return do_register(MEMBARRIER_STATE_PRIVATE_EXPEDITED);
	case MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE:
		return private_expedited(
			MEMBARRIER_STATE_PRIVATE_EXPEDITED_SYNC_CORE);
	case MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE:
		return do_register(
			MEMBARRIER_STATE_PRIVATE_EXPEDITED_SYNC_CORE);
	default:
		return -EINVAL;
	}
}
