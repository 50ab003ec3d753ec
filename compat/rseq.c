/*
 * compat/rseq.c - restartable sequences (Linux: compat/rseq.c).
 *
 * A thread registers a 32-byte struct rseq in its memory (rseq, 386).
 * The kernel keeps its cpu_id_start and cpu_id up to date (the CPU the
 * thread runs on: a move to another CPU is a switch, which marks the
 * area for the way back to user mode) and, through its rseq_cs field, learns of a critical section:
 * a range [start_ip, start_ip + post_commit_offset) of code that reads
 * per-CPU data and commits with one final store.  If the thread is
 * preempted or takes a signal while its instruction pointer is in that
 * range, the section did not happen atomically: on its way back to user
 * mode the kernel moves the IP to abort_ip, after checking that the four
 * bytes before abort_ip hold the signature given at registration (so a
 * forged descriptor cannot send the thread anywhere), and clears
 * rseq_cs.  A descriptor that fails the checks, or an area the kernel
 * cannot read or write, ends the thread with SIGSEGV.
 *
 * The events: schedule() marks a task switched out (rseq_preempt) and
 * handle_signal asks before it builds a handler frame
 * (rseq_signal_deliver), so the handler returns to abort_ip.  The check
 * runs in prepare_exit_to_user (rseq_handle_notify_resume), when
 * current->rseq_resume asks for it: after a switch and after a
 * registration, which must fill in cpu_id before the thread reads it.
 *
 * A fork child keeps its parent's registration (its copy of the memory
 * holds the same area); a CLONE_VM child (a thread) starts without one;
 * execve drops it.
 */
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "compat/rseq.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"
#include "kernel/cpu/uaccess.h"

/* Linux's user structures (uapi/linux/rseq.h), both 32-byte aligned. */
struct rseq {
	u32 cpu_id_start;
	u32 cpu_id;
	u64 rseq_cs;		/* a struct rseq_cs pointer, or 0 */
	u32 flags;
	u32 pad[3];
};

struct rseq_cs {
	u32 version;
	u32 flags;
	u64 start_ip;
	u64 post_commit_offset;
	u64 abort_ip;
};

#define RSEQ_FLAG_UNREGISTER		1
#define RSEQ_CPU_ID_UNINITIALIZED	((u32)-1)
#define RSEQ_ALIGN			32

static struct rseq *urseq(struct task_struct *t)
{
	return (struct rseq *)t->rseq;
}

/* Read the descriptor rseq_cs points at, with Linux's checks: user
 * addresses, version 0, no wrap, abort_ip outside the section, and the
 * signature before abort_ip.  A zero pointer reads as an empty section. */
static int rseq_get_rseq_cs(struct task_struct *t, struct rseq_cs *cs)
{
	u64 ptr;
	u32 sig;

	if (copy_from_user(&ptr, &urseq(t)->rseq_cs, sizeof(ptr)))
		return -EFAULT;
	if (!ptr) {
		memset(cs, 0, sizeof(*cs));
		return 0;
	}
	if (ptr >= USER_END)
		return -EINVAL;
	if (copy_from_user(cs, (void *)(u32)ptr, sizeof(*cs)))
		return -EFAULT;
	if (cs->start_ip >= USER_END ||
	    cs->start_ip + cs->post_commit_offset >= USER_END ||
	    cs->abort_ip >= USER_END || cs->version > 0)
		return -EINVAL;
	if (cs->start_ip + cs->post_commit_offset < cs->start_ip)
		return -EINVAL;
	if (cs->abort_ip - cs->start_ip < cs->post_commit_offset)
		return -EINVAL;
	if (get_user(sig, (u32 *)((u32)cs->abort_ip - sizeof(u32))))
		return -EFAULT;
	return sig == t->rseq_sig ? 0 : -EINVAL;
}

static int clear_rseq_cs(struct task_struct *t)
{
	return clear_user(&urseq(t)->rseq_cs, sizeof(u64)) ? -EFAULT : 0;
}

/* Whether an event since the last check means the section must restart:
 * 1, 0, or -EINVAL for flags (Linux 6.1 refuses every one, the old
 * "no restart" ones included). */
static int rseq_need_restart(struct task_struct *t, u32 cs_flags)
{
	u32 flags, irq;
	bool event;

	if (cs_flags)
		return -EINVAL;
	if (get_user(flags, &urseq(t)->flags))
		return -EFAULT;
	if (flags)
		return -EINVAL;
	irq = irq_save();	/* the tick may switch us and set it */
	event = t->rseq_event;
	t->rseq_event = false;
	irq_restore(irq);
	return event;
}

/* Move the IP of an interrupted critical section to its abort handler. */
static int rseq_ip_fixup(struct trapframe *tf)
{
	struct task_struct *t = current;
	struct rseq_cs cs;
	int ret = rseq_get_rseq_cs(t, &cs);

	if (ret)
		return ret;
	if ((u64)tf->eip - cs.start_ip >= cs.post_commit_offset)
		return clear_rseq_cs(t);
	ret = rseq_need_restart(t, cs.flags);
	if (ret <= 0)
		return ret;
	ret = clear_rseq_cs(t);
	if (ret)
		return ret;
	tf->eip = (u32)cs.abort_ip;
	return 0;
}

/* The CPU numbers: cpu_id_start, then cpu_id (after unregistering, 0
 * and RSEQ_CPU_ID_UNINITIALIZED, as Linux leaves them). */
static int rseq_set_cpu_id(struct task_struct *t, u32 start, u32 cpu_id)
{
	u32 ids[2] = { start, cpu_id };

	return copy_to_user(urseq(t), ids, sizeof(ids)) ? -EFAULT : 0;
}

void rseq_handle_notify_resume(struct trapframe *tf)
{
	struct task_struct *t = current;

	t->rseq_resume = false;
	if (!t->rseq)
		return;
	if (rseq_ip_fixup(tf) || rseq_set_cpu_id(t, t->cpu, t->cpu))
		force_sig(SIGSEGV, t);
}

void rseq_preempt(struct task_struct *t)
{
	t->rseq_event = true;
	t->rseq_resume = true;
}

void rseq_signal_deliver(struct trapframe *tf)
{
	current->rseq_event = true;
	rseq_handle_notify_resume(tf);
}

void rseq_fork(struct task_struct *p, struct task_struct *parent,
	       u32 clone_flags)
{
	if (clone_flags & CLONE_VM) {
		rseq_execve(p);
		return;
	}
	p->rseq = parent->rseq;
	p->rseq_len = parent->rseq_len;
	p->rseq_sig = parent->rseq_sig;
	p->rseq_event = parent->rseq_event;
}

void rseq_execve(struct task_struct *t)
{
	t->rseq = 0;
	t->rseq_len = 0;
	t->rseq_sig = 0;
	t->rseq_event = false;
}

static long rseq_unregister(struct task_struct *t, u32 uaddr, u32 len,
			    u32 sig)
{
	if (!t->rseq || t->rseq != uaddr || len != t->rseq_len)
		return -EINVAL;
	if (sig != t->rseq_sig)
		return -EPERM;
	if (rseq_set_cpu_id(t, 0, RSEQ_CPU_ID_UNINITIALIZED))
		return -EFAULT;
	rseq_execve(t);
	return 0;
}

/* Linux 6.1's checks, in its order; the area itself is first written on
 * the way back to user mode. */
long sys_rseq(struct rseq *uarea, u32 len, int flags, u32 sig)
{
	struct task_struct *t = current;
	u32 uaddr = (u32)uarea;

	if (flags & RSEQ_FLAG_UNREGISTER) {
		if (flags & ~RSEQ_FLAG_UNREGISTER)
			return -EINVAL;
		return rseq_unregister(t, uaddr, len, sig);
	}
	if (flags)
		return -EINVAL;
	if (t->rseq) {
		if (t->rseq != uaddr || len != t->rseq_len)
			return -EINVAL;
		if (sig != t->rseq_sig)
			return -EPERM;
		return -EBUSY;
	}
	if (uaddr % RSEQ_ALIGN || len != sizeof(struct rseq))
		return -EINVAL;
	if (!access_ok(uarea, len))
		return -EFAULT;
	t->rseq = uaddr;
	t->rseq_len = len;
	t->rseq_sig = sig;
	t->rseq_resume = true;
	return 0;
}
