/*
 * kernel/sched/affinity.c - which CPUs a task may run on, and which one
 * runs the caller: sched_setaffinity (241), sched_getaffinity (242) and
 * getcpu (318), in Linux 6.1's i386 ABI.
 *
 * A mask is a cpumask_t (32 bits), Linux's cpumask_size() for NR_CPUS up
 * to 32: the user passes and gets unsigned longs, bit n for CPU n.  The
 * mask a task keeps (task->cpus_allowed) holds only CPUs that exist
 * (cpu_present_map, Linux's possible CPUs), and getaffinity shows the
 * online ones among them.  set_cpus_allowed (kernel/sched/sched.c) stores
 * the mask and moves a task off a CPU it may no longer use; fork copies
 * the parent's mask.
 */
#include "kernel/errno.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/cpu/uaccess.h"
#include "kernel/process/cred.h"
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"
#include "kernel/smp/smp.h"

/* The task pid names, the caller for 0 (Linux's find_process_by_pid). */
static struct task_struct *find_process_by_pid(int pid)
{
	return pid ? find_task_by_pid(pid) : current;
}

/* May the caller change p's scheduling?  Its owner (the caller's euid is
 * p's uid or euid) or CAP_SYS_NICE, as Linux's check_same_owner. */
static bool may_set_affinity(struct task_struct *p)
{
	const struct cred *c = current_cred();

	return c->euid == p->cred.euid || c->euid == p->cred.uid ||
	       capable(CAP_SYS_NICE);
}

/* A mask shorter than ours is zero-extended, a longer one cut. */
long sys_sched_setaffinity(int pid, u32 len, const void *umask)
{
	cpumask_t mask = 0;
	struct task_struct *p;

	if (copy_from_user(&mask, umask, min(len, (u32)sizeof(mask))))
		return -EFAULT;
	p = find_process_by_pid(pid);
	if (!p)
		return -ESRCH;
	if (!may_set_affinity(p))
		return -EPERM;
	return set_cpus_allowed(p, mask & cpu_present_map);
}

/* len must hold a bit for each CPU and be whole unsigned longs; the
 * answer is the number of bytes written. */
long sys_sched_getaffinity(int pid, u32 len, void *umask)
{
	struct task_struct *p;
	cpumask_t mask;

	if (len * 8 < (u32)nr_cpu_ids() || len & (sizeof(long) - 1))
		return -EINVAL;
	p = find_process_by_pid(pid);
	if (!p)
		return -ESRCH;
	mask = p->cpus_allowed & cpu_online_map;
	len = min(len, (u32)sizeof(mask));
	return copy_to_user(umask, &mask, len) ? -EFAULT : (long)len;
}

/* The CPU running the caller and its NUMA node (always 0); the third
 * argument (a cache, unused since Linux 2.6.24) is ignored. */
long sys_getcpu(unsigned int *ucpu, unsigned int *unode, void *unused)
{
	unsigned int cpu = smp_processor_id(), node = 0;
	int err = 0;

	(void)unused;
	if (ucpu && copy_to_user(ucpu, &cpu, sizeof(cpu)))
		err = -EFAULT;
	if (unode && copy_to_user(unode, &node, sizeof(node)))
		err = -EFAULT;
	return err;
}
