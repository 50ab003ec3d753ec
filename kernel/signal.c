/*
 * kernel/signal.c - sending signals and acting on them (see
 * kernel/signal.h).  The user-visible frames a handler runs on are built
 * in kernel/signal_frame.c.
 *
 * Sending only sets a bit (and the siginfo) and wakes an interruptible
 * sleeper; all actions happen in the target itself, in do_signal on its
 * way back to user mode, so a signal never changes a task from outside
 * except for stop/continue bookkeeping.  Pending sets change with
 * interrupts off because the tty's ^C sends from an interrupt handler.
 */
#include "kernel/signal.h"
#include "kernel/errno.h"
#include "kernel/exit.h"
#include "kernel/io.h"
#include "kernel/lib/string.h"
#include "kernel/sched.h"
#include "kernel/signal_frame.h"
#include "kernel/task.h"
#include "kernel/unistd.h"

enum sig_default { SIG_TERM, SIG_CORE, SIG_IGNORE, SIG_STOP, SIG_CONT };

static enum sig_default default_action(int sig)
{
	switch (sig) {
	case SIGQUIT: case SIGILL: case SIGTRAP: case SIGABRT: case SIGBUS:
	case SIGFPE: case SIGSEGV: case SIGXCPU: case SIGXFSZ: case SIGSYS:
		return SIG_CORE;
	case SIGCHLD: case SIGURG: case SIGWINCH:
		return SIG_IGNORE;
	case SIGCONT:
		return SIG_CONT;
	case SIGSTOP: case SIGTSTP: case SIGTTIN: case SIGTTOU:
		return SIG_STOP;
	default:
		return SIG_TERM;
	}
}

static const sigset_t stop_signals = (1ULL << (SIGSTOP - 1)) |
	(1ULL << (SIGTSTP - 1)) | (1ULL << (SIGTTIN - 1)) |
	(1ULL << (SIGTTOU - 1));

bool signal_pending(struct task_struct *t)
{
	return (t->pending.signal & (~t->blocked | SIGKILL_STOP_MASK)) != 0;
}

bool fatal_signal_pending(struct task_struct *t)
{
	return (t->pending.signal & sigmask(SIGKILL)) != 0;
}

bool signal_pending_current(void)
{
	return signal_pending(current);
}

/* Would delivering sig to t do nothing at all? */
static bool sig_ignored(struct task_struct *t, int sig)
{
	u32 h = t->sighand[sig - 1].sa_handler;

	if (t->blocked & sigmask(sig))
		return false;	/* the handler may change before unblock */
	if (h == SIG_IGN)
		return true;
	return h == SIG_DFL && default_action(sig) == SIG_IGNORE;
}

/* SIGCONT and SIGKILL resume a stopped task; a stop cancels a SIGCONT. */
static void prepare_signal(int sig, struct task_struct *t)
{
	if (sig == SIGCONT || sig == SIGKILL) {
		t->pending.signal &= ~stop_signals;
		if (t->state == TASK_STOPPED) {
			wake_up_stopped(t);
			if (sig == SIGCONT)
				notify_parent_stopped(t, CLD_CONTINUED, SIGCONT);
		}
	} else if (stop_signals & sigmask(sig)) {
		t->pending.signal &= ~sigmask(SIGCONT);
	}
}

/*
 * Init gets only the signals it has handlers for (as Linux's
 * SIGNAL_UNKILLABLE): a stray kill -TERM 1 must not end the system.
 * A fault it cannot handle is forced and still kills it (and panics).
 */
static int __send_sig_info(int sig, const struct ksiginfo *info,
			   struct task_struct *t, bool forced)
{
	struct ksiginfo *slot;
	u32 flags;

	if (sig < 1 || sig > _NSIG)
		return -EINVAL;
	if ((t->flags & PF_KTHREAD) || t->state & (TASK_ZOMBIE | TASK_DEAD))
		return 0;
	flags = irq_save();
	prepare_signal(sig, t);
	if (sig_ignored(t, sig) || (t->pending.signal & sigmask(sig)) ||
	    (t == init_task && !forced &&
	     t->sighand[sig - 1].sa_handler == SIG_DFL)) {
		irq_restore(flags);
		return 0;
	}
	t->pending.signal |= sigmask(sig);
	slot = &t->pending.info[sig - 1];
	if (info) {
		*slot = *info;
	} else {
		memset(slot, 0, sizeof(*slot));
		slot->si_code = SI_USER;
		slot->si_pid = current->tgid;
	}
	slot->si_signo = sig;
	if (t->state == TASK_INTERRUPTIBLE)
		wake_up_process(t);
	irq_restore(flags);
	return 0;
}

int send_sig_info(int sig, const struct ksiginfo *info, struct task_struct *t)
{
	return __send_sig_info(sig, info, t, false);
}

int send_sig(int sig, struct task_struct *t)
{
	return send_sig_info(sig, NULL, t);
}

/* A fault must not be ignored or blocked: that would loop on it. */
static void force_sig_info(int sig, const struct ksiginfo *info,
			   struct task_struct *t)
{
	u32 flags = irq_save();
	struct k_sigaction *ka = &t->sighand[sig - 1];

	if (ka->sa_handler == SIG_IGN || (t->blocked & sigmask(sig)))
		ka->sa_handler = SIG_DFL;
	t->blocked &= ~sigmask(sig);
	t->pending.signal &= ~sigmask(sig);	/* the newest info wins */
	__send_sig_info(sig, info, t, true);
	irq_restore(flags);
}

void force_sig_fault(int sig, int code, u32 addr)
{
	struct ksiginfo info;

	memset(&info, 0, sizeof(info));
	info.si_code = code;
	info.si_addr = addr;
	force_sig_info(sig, &info, current);
}

void force_sig(int sig, struct task_struct *t)
{
	struct ksiginfo info;

	memset(&info, 0, sizeof(info));
	info.si_code = SI_KERNEL;
	force_sig_info(sig, &info, t);
}

int kill_pgrp_info(int pgrp, int sig, const struct ksiginfo *info)
{
	struct task_struct *t;
	int found = 0, err = 0;
	u32 flags;

	if (pgrp <= 0)
		return -EINVAL;
	flags = irq_save();
	list_for_each_entry(t, &task_list, tasks) {
		if (t->pgrp != pgrp || (t->flags & PF_KTHREAD))
			continue;
		found = 1;
		err = send_sig_info(sig, info, t);
	}
	irq_restore(flags);
	return found ? err : -ESRCH;
}

int kill_pgrp(int pgrp, int sig)
{
	struct ksiginfo info;

	memset(&info, 0, sizeof(info));
	info.si_code = SI_KERNEL;
	return kill_pgrp_info(pgrp, sig, &info);
}

/* The lowest-numbered deliverable signal, SIGKILL first; 0 if none. */
static int dequeue_signal(struct task_struct *t, struct ksiginfo *info)
{
	sigset_t ready;
	u32 flags = irq_save();
	int sig = 0;

	ready = t->pending.signal & (~t->blocked | SIGKILL_STOP_MASK);
	if (ready & sigmask(SIGKILL))
		sig = SIGKILL;
	else if (ready)
		for (sig = 1; !(ready & sigmask(sig)); sig++)
			;
	if (sig) {
		t->pending.signal &= ~sigmask(sig);
		*info = t->pending.info[sig - 1];
	}
	irq_restore(flags);
	return sig;
}

/* The default action of a stop signal: sleep until SIGCONT or SIGKILL. */
static void do_signal_stop(int sig)
{
	u32 flags = irq_save();

	current->state = TASK_STOPPED;
	notify_parent_stopped(current, CLD_STOPPED, sig);
	schedule();
	irq_restore(flags);
}

/*
 * A system call that a signal interrupted returned one of the ERESTART
 * codes.  With no handler to run it is restarted: eax gets the call
 * number back and eip backs up over the 2-byte `int $0x80`.
 */
static void restart_without_handler(struct trapframe *tf)
{
	switch ((long)tf->eax) {
	case -ERESTARTSYS:
	case -ERESTARTNOINTR:
	case -ERESTARTNOHAND:
		tf->eax = current->syscall_nr;
		tf->eip -= 2;
		break;
	case -ERESTART_RESTARTBLOCK:
		tf->eax = __NR_restart_syscall;
		tf->eip -= 2;
		break;
	}
}

/* A handler will run: restart only SA_RESTART calls, else EINTR. */
static void restart_with_handler(struct trapframe *tf,
				 const struct k_sigaction *ka)
{
	switch ((long)tf->eax) {
	case -ERESTART_RESTARTBLOCK:
	case -ERESTARTNOHAND:
		tf->eax = -EINTR;
		break;
	case -ERESTARTSYS:
		if (!(ka->sa_flags & SA_RESTART)) {
			tf->eax = -EINTR;
			break;
		}
		/* fall through */
	case -ERESTARTNOINTR:
		tf->eax = current->syscall_nr;
		tf->eip -= 2;
		break;
	}
}

static bool in_syscall(struct trapframe *tf)
{
	return tf->trapno == SYSCALL_VECTOR && current->syscall_nr >= 0;
}

static void handle_signal(int sig, const struct ksiginfo *info,
			  struct trapframe *tf)
{
	struct k_sigaction *ka = &current->sighand[sig - 1];
	u32 flags;

	if (in_syscall(tf)) {
		restart_with_handler(tf, ka);
		current->syscall_nr = -1;
	}
	if (setup_signal_frame(sig, info, ka, tf) < 0) {
		force_sig(SIGSEGV, current);
		return;
	}
	flags = irq_save();
	current->blocked |= ka->sa_mask;
	if (!(ka->sa_flags & SA_NODEFER))
		current->blocked |= sigmask(sig);
	current->blocked &= ~SIGKILL_STOP_MASK;
	if (ka->sa_flags & SA_RESETHAND)
		ka->sa_handler = SIG_DFL;
	irq_restore(flags);
}

void do_signal(struct trapframe *tf)
{
	struct ksiginfo info;
	int sig = dequeue_signal(current, &info);
	u32 h;

	if (!sig)
		return;
	h = current->sighand[sig - 1].sa_handler;
	if (h == SIG_IGN)
		return;
	if (h != SIG_DFL) {
		handle_signal(sig, &info, tf);
		return;
	}
	switch (default_action(sig)) {
	case SIG_IGNORE:
	case SIG_CONT:
		return;
	case SIG_STOP:
		do_signal_stop(sig);
		return;
	case SIG_TERM:
	case SIG_CORE:
		/* No core files are written, so WCOREFLAG stays clear. */
		do_exit(sig);
	}
}

void finish_syscall_restart(struct trapframe *tf)
{
	if (in_syscall(tf))
		restart_without_handler(tf);
	current->syscall_nr = -1;
	/* A call that ran under a temporary mask (rt_sigsuspend, pselect6,
	 * ppoll) and was ended by a signal that built no handler frame (it
	 * was ignored, or stopped us): the caller's mask comes back now. */
	if (current->restore_sigmask) {
		current->blocked = current->saved_sigmask;
		current->restore_sigmask = false;
	}
}

void flush_signal_handlers(struct task_struct *t)
{
	int i;

	for (i = 0; i < _NSIG; i++) {
		struct k_sigaction *ka = &t->sighand[i];

		if (ka->sa_handler != SIG_IGN)
			ka->sa_handler = SIG_DFL;
		ka->sa_flags = 0;
		ka->sa_restorer = 0;
		ka->sa_mask = 0;
	}
	t->sas_ss_sp = 0;
	t->sas_ss_size = 0;
	t->sas_ss_flags = SS_DISABLE;
}

void copy_sighand(struct task_struct *child, struct task_struct *parent)
{
	memcpy(child->sighand, parent->sighand, sizeof(child->sighand));
	child->blocked = parent->blocked;
	child->pending.signal = 0;
	child->sas_ss_sp = parent->sas_ss_sp;
	child->sas_ss_size = parent->sas_ss_size;
	child->sas_ss_flags = parent->sas_ss_flags;
}
