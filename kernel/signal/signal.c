/*
 * kernel/signal/signal.c - sending signals and acting on them (see
 * kernel/signal/signal.h).  The user-visible frames a handler runs on are built
 * in kernel/signal/signal_frame.c.
 *
 * Sending only sets a bit (and the siginfo) and wakes an interruptible
 * sleeper; all actions happen in the target itself, in do_signal on its
 * way back to user mode, so a signal never changes a task from outside
 * except for stop/continue bookkeeping.  Pending sets change with
 * interrupts off because the tty's ^C sends from an interrupt handler.
 */
#include "kernel/signal/signal.h"
#include "fs/coredump.h"
#include "kernel/errno.h"
#include "kernel/process/exit.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"
#include "compat/posix-timers.h"
#include "compat/rseq.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal_frame.h"
#include "kernel/process/task.h"
#include "kernel/unistd.h"
#include "mm/phys/gfp.h"
#include "mm/phys/slab.h"

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

/* The thread's own signals and its group's. */
static sigset_t all_pending(const struct task_struct *t)
{
	return t->pending.signal | t->signal->shared_pending.signal;
}

bool signal_pending(struct task_struct *t)
{
	return (all_pending(t) & (~t->blocked | SIGKILL_STOP_MASK)) != 0;
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
	u32 h = t->sighand->action[sig - 1].sa_handler;

	/* Blocked: the handler may change before it is unblocked.  Blocked
	 * before a sigtimedwait unblocked it: the wait takes it. */
	if ((t->blocked | t->real_blocked) & sigmask(sig))
		return false;
	if (h == SIG_IGN)
		return true;
	return h == SIG_DFL && default_action(sig) == SIG_IGNORE;
}

/* SIGCONT and SIGKILL resume a stopped task; a stop cancels a SIGCONT. */
static void prepare_signal(int sig, struct task_struct *t)
{
	struct sigpending *shared = &t->signal->shared_pending;

	if (sig == SIGCONT || sig == SIGKILL) {
		t->pending.signal &= ~stop_signals;
		shared->signal &= ~stop_signals;
		if (t->state == TASK_STOPPED)
			wake_up_stopped(t);
		if (t->signal->flags & SIGNAL_STOP_STOPPED) {
			t->signal->flags &= ~SIGNAL_STOP_STOPPED;
			t->signal->group_stop_count = 0;
			if (sig == SIGCONT)
				notify_parent_stopped(t->group_leader,
						      CLD_CONTINUED, SIGCONT);
		}
	} else if (stop_signals & sigmask(sig)) {
		t->pending.signal &= ~sigmask(SIGCONT);
		shared->signal &= ~sigmask(SIGCONT);
	}
}

/* Would the default action of sig end the whole group? */
static bool sig_fatal(const struct task_struct *t, int sig)
{
	enum sig_default a = default_action(sig);

	return t->sighand->action[sig - 1].sa_handler == SIG_DFL &&
	       (a == SIG_TERM || a == SIG_CORE);
}

/*
 * A standard signal already pending is not sent again (real-time ones
 * queue).  Init gets only the signals it has handlers for (as Linux's
 * SIGNAL_UNKILLABLE): a stray kill -TERM 1 must not end the system.
 * A fault it cannot handle is forced and still kills it (and panics).
 */
static bool sig_unwanted(int sig, struct task_struct *t, sigset_t pending,
			 bool forced)
{
	return sig_ignored(t, sig) ||
	       (sig < SIGRTMIN && (pending & sigmask(sig))) ||
	       (t->group_leader == init_task && !forced &&
		t->sighand->action[sig - 1].sa_handler == SIG_DFL);
}

static void fill_info(struct ksiginfo *slot, int sig,
		      const struct ksiginfo *info)
{
	if (info) {
		*slot = *info;
	} else {
		memset(slot, 0, sizeof(*slot));
		slot->si_code = SI_USER;
		slot->si_pid = current->tgid;
		slot->si_uid = current_cred()->uid;
	}
	slot->si_signo = sig;
}

/* Signals pending in p, each queued real-time one counted. */
static u32 pending_count(const struct sigpending *p)
{
	sigset_t s = p->signal;
	u32 n = p->nr_queued;

	for (; s; s &= s - 1)
		n++;
	return n;
}

/* A real-time signal already pending in p: its info goes to the tail of
 * the queue; EAGAIN out of memory. */
static int queue_again(int sig, const struct ksiginfo *info,
		       struct sigpending *p)
{
	struct sigqueue *q, **tail;

	q = kmalloc(sizeof(*q), GFP_ATOMIC);
	if (!q)
		return -EAGAIN;
	fill_info(&q->info, sig, info);
	q->next = NULL;
	for (tail = &p->queue; *tail; tail = &(*tail)->next)
		;
	*tail = q;
	p->nr_queued++;
	return 0;
}

/*
 * Mark sig pending in p (a thread's or the group's set) of the target t.
 * Real-time signals past t's RLIMIT_SIGPENDING signals pending there, as
 * Linux (which counts all of the user's): a sigqueue or a timer's is
 * EAGAIN; a kill's is lost if one is pending already, else pending with
 * its siginfo anyway.
 */
static int add_pending(int sig, const struct ksiginfo *info,
		       struct sigpending *p, struct task_struct *t)
{
	bool pending = (p->signal & sigmask(sig)) != 0;	/* bool is an int */

	if (sig >= SIGRTMIN &&
	    pending_count(p) >= task_rlimit(t, RLIMIT_SIGPENDING)) {
		if (info && info->si_code != SI_USER)
			return -EAGAIN;
		if (pending)
			return 0;
	} else if (pending) {
		int err = queue_again(sig, info, p);

		/* No memory: a kill's is lost silently, as Linux's. */
		return err && (!info || info->si_code == SI_USER) ? 0 : err;
	}
	p->signal |= sigmask(sig);
	fill_info(&p->info[sig - 1], sig, info);
	return 0;
}

u32 signals_queued(struct task_struct *t)
{
	return pending_count(&t->pending) +
	       pending_count(&t->signal->shared_pending);
}

void flush_sigqueue(struct sigpending *p, sigset_t mask)
{
	struct sigqueue **pp = &p->queue, *q;

	while ((q = *pp)) {
		if (mask & sigmask(q->info.si_signo)) {
			*pp = q->next;
			kfree(q);
			p->nr_queued--;
		} else {
			pp = &q->next;
		}
	}
}

/* A task asleep wakes to see the signal; one running on another CPU is
 * made to enter the kernel, where the way back to user mode delivers it. */
static void signal_wake_up(struct task_struct *t)
{
	if (t->state == TASK_INTERRUPTIBLE)
		wake_up_process(t);
	else
		kick_process(t);
}

static int __send_sig_info(int sig, const struct ksiginfo *info,
			   struct task_struct *t, bool forced)
{
	u32 flags;
	int err = 0;

	if (sig < 1 || sig > _NSIG)
		return -EINVAL;
	if ((t->flags & PF_KTHREAD) || t->state & (TASK_ZOMBIE | TASK_DEAD))
		return 0;
	flags = irq_save();
	prepare_signal(sig, t);
	if (!sig_unwanted(sig, t, t->pending.signal, forced)) {
		err = add_pending(sig, info, &t->pending, t);
		if (!err) {
			signal_wake_up(t);
			wake_up(&t->sighand->signalfd_wqh);
		}
	}
	irq_restore(flags);
	return err;
}

/* A live thread of the group (not yet exiting) that does not block sig. */
static struct task_struct *wants_signal(struct task_struct *leader, int sig)
{
	struct task_struct *t;

	for_each_thread(leader, t)
		if (!(t->flags & PF_EXITING) && !(t->blocked & sigmask(sig)))
			return t;
	return NULL;
}

/*
 * A fatal signal ends every thread at once, as Linux's complete_signal:
 * the group exit status is the signal, each thread gets SIGKILL.  Not a
 * core signal: the thread that takes it dumps core first (do_coredump
 * stops the others).  A SIGKILL during a dump ends the dump too.
 */
static void complete_signal(int sig, struct task_struct *leader)
{
	struct task_struct *t = wants_signal(leader, sig);
	struct signal_struct *sg = leader->signal;

	if (!t)
		return;		/* taken when some thread unblocks it */
	if (sig_fatal(t, sig) && default_action(sig) != SIG_CORE &&
	    !(t->real_blocked & sigmask(sig)) &&	/* sigtimedwait takes it */
	    (sg->core_state || !signal_group_exit(sg)) &&
	    leader != init_task) {
		sg->flags = SIGNAL_GROUP_EXIT;
		sg->group_exit_code = sig;
		zap_other_threads(t);
		t->pending.signal |= sigmask(SIGKILL);
	}
	signal_wake_up(t);
}

int group_send_sig_info(int sig, const struct ksiginfo *info,
			struct task_struct *p)
{
	struct task_struct *leader = p->group_leader, *t;
	struct sigpending *shared = &p->signal->shared_pending;
	u32 flags;
	int err = 0;

	if (sig < 1 || sig > _NSIG)
		return -EINVAL;
	if ((p->flags & PF_KTHREAD) || leader->state & TASK_DEAD)
		return 0;
	flags = irq_save();
	for_each_thread(leader, t)
		if (!(t->state & (TASK_ZOMBIE | TASK_DEAD)))
			prepare_signal(sig, t);
	if (!sig_unwanted(sig, p, shared->signal, false)) {
		err = add_pending(sig, info, shared, p);
		if (!err) {
			complete_signal(sig, leader);
			wake_up(&p->sighand->signalfd_wqh);
		}
	}
	irq_restore(flags);
	return err;
}

bool signal_group_exit(const struct signal_struct *sg)
{
	return (sg->flags & SIGNAL_GROUP_EXIT) || sg->group_exit_task;
}

int zap_other_threads(struct task_struct *p)
{
	struct task_struct *t;
	int n = 0;
	u32 flags = irq_save();

	for_each_thread(p->group_leader, t) {
		if (t == p || (t->state & (TASK_ZOMBIE | TASK_DEAD)))
			continue;
		n++;
		t->pending.signal |= sigmask(SIGKILL);
		t->pending.info[SIGKILL - 1].si_signo = SIGKILL;
		t->pending.info[SIGKILL - 1].si_code = SI_KERNEL;
		if (t->state == TASK_STOPPED)
			wake_up_stopped(t);
		signal_wake_up(t);
	}
	irq_restore(flags);
	return n;
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
	struct k_sigaction *ka = &t->sighand->action[sig - 1];

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

bool kill_permission(int sig, struct task_struct *t)
{
	const struct cred *c = current_cred(), *tc = &t->cred;

	if (t->tgid == current->tgid || capable(CAP_KILL))
		return true;
	if (c->euid == tc->suid || c->euid == tc->uid ||
	    c->uid == tc->suid || c->uid == tc->uid)
		return true;
	return sig == SIGCONT && t->session == current->session;
}

int kill_pgrp_info(int pgrp, int sig, const struct ksiginfo *info)
{
	struct task_struct *t;
	int sent = 0, err = -ESRCH;
	u32 flags;

	if (pgrp <= 0)
		return -EINVAL;
	flags = irq_save();
	list_for_each_entry(t, &task_list, tasks) {
		if (t->pgrp != pgrp || (t->flags & PF_KTHREAD) ||
		    !thread_group_leader(t))
			continue;
		if (!info && !kill_permission(sig, t))
			err = -EPERM;
		else
			err = sig ? group_send_sig_info(sig, info, t) : 0;
		sent |= !err;
	}
	irq_restore(flags);
	return sent ? 0 : err;
}

int kill_pgrp(int pgrp, int sig)
{
	struct ksiginfo info;

	memset(&info, 0, sizeof(info));
	info.si_code = SI_KERNEL;
	return kill_pgrp_info(pgrp, sig, &info);
}

/* The lowest-numbered signal of set; 0 if none. */
static int lowest_signal(sigset_t set)
{
	int sig;

	if (!set)
		return 0;
	for (sig = 1; !(set & sigmask(sig)); sig++)
		;
	return sig;
}

/* The lowest-numbered deliverable signal of p, SIGKILL first; 0 if none. */
static int next_signal(struct sigpending *p, sigset_t blocked)
{
	sigset_t ready = p->signal & (~blocked | SIGKILL_STOP_MASK);

	if (ready & sigmask(SIGKILL))
		return SIGKILL;
	return lowest_signal(ready);
}

/* Take sig, pending in p, out into *info; the next one queued for it,
 * if any, takes its place and it stays pending. */
static void take_pending(struct sigpending *p, int sig, struct ksiginfo *info)
{
	struct sigqueue **pp, *q;

	*info = p->info[sig - 1];
	if (info->si_code == SI_TIMER)
		posixtimer_rearm(info);
	for (pp = &p->queue; (q = *pp); pp = &q->next) {
		if (q->info.si_signo == sig) {
			p->info[sig - 1] = q->info;
			*pp = q->next;
			kfree(q);
			p->nr_queued--;
			return;
		}
	}
	p->signal &= ~sigmask(sig);
}

/* The thread's own signals first, then the group's. */
static int dequeue_signal(struct task_struct *t, struct ksiginfo *info)
{
	struct sigpending *p = &t->pending;
	u32 flags = irq_save();
	int sig = next_signal(p, t->blocked);

	if (!sig) {
		p = &t->signal->shared_pending;
		sig = next_signal(p, t->blocked);
	}
	if (sig)
		take_pending(p, sig, info);
	irq_restore(flags);
	return sig;
}

int dequeue_signal_in(sigset_t set, struct ksiginfo *info)
{
	struct sigpending *p = &current->pending;
	u32 flags = irq_save();
	int sig = lowest_signal(p->signal & set);

	if (!sig) {
		p = &current->signal->shared_pending;
		sig = lowest_signal(p->signal & set);
	}
	if (sig)
		take_pending(p, sig, info);
	irq_restore(flags);
	return sig;
}

bool signal_pending_in(sigset_t set)
{
	return ((current->pending.signal |
		 current->signal->shared_pending.signal) & set) != 0;
}

/* The other live threads of t's group stop too: each gets SIGSTOP and
 * is counted until it has stopped.  Returns how many. */
static int stop_other_threads(struct task_struct *t)
{
	struct task_struct *o;
	int n = 0;

	for_each_thread(t->group_leader, o) {
		if (o == t || (o->flags & PF_EXITING) ||
		    (o->state & (TASK_ZOMBIE | TASK_DEAD)))
			continue;
		n++;
		o->group_stop_pending = true;
		o->pending.signal |= sigmask(SIGSTOP);
		o->pending.info[SIGSTOP - 1].si_signo = SIGSTOP;
		o->pending.info[SIGSTOP - 1].si_code = SI_KERNEL;
		signal_wake_up(o);
	}
	return n;
}

/* t stops, or leaves the stop by exiting: the last one counted tells the
 * parent.  Interrupts off. */
static void group_stop_done(struct task_struct *t)
{
	struct signal_struct *sg = t->signal;

	if (!t->group_stop_pending)
		return;
	t->group_stop_pending = false;
	if (sg->group_stop_count && --sg->group_stop_count == 0)
		notify_parent_stopped(t->group_leader, CLD_STOPPED,
				      sg->group_stop_sig);
}

void group_stop_leave(struct task_struct *t)
{
	u32 flags = irq_save();

	group_stop_done(t);
	irq_restore(flags);
}

/*
 * The default action of a stop signal: sleep until SIGCONT or SIGKILL.
 * The whole process stops: the first thread to stop stops the others,
 * and the last one to stop tells the parent (a simple form of Linux's
 * group stop).  With several CPUs a thread may still be running in user
 * mode on another CPU when the first one stops: waitpid must not report
 * the process stopped before it is.
 */
static void do_signal_stop(int sig)
{
	struct signal_struct *sg = current->signal;
	u32 flags = irq_save();

	if (!(sg->flags & SIGNAL_STOP_STOPPED)) {
		sg->flags |= SIGNAL_STOP_STOPPED;
		sg->group_stop_sig = sig;
		current->group_stop_pending = true;
		sg->group_stop_count = stop_other_threads(current) + 1;
	}
	group_stop_done(current);
	current->state = TASK_STOPPED;
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

/*
 * sig's handler frame could not be built: SIGSEGV instead, as Linux's
 * force_sigsegv.  When sig is SIGSEGV itself its handler goes back to the
 * default, so the task dies rather than fail the same frame again.
 */
static void force_sigsegv(int sig)
{
	if (sig == SIGSEGV)
		current->sighand->action[SIGSEGV - 1].sa_handler = SIG_DFL;
	force_sig(SIGSEGV, current);
}

static bool in_syscall(struct trapframe *tf)
{
	return tf->trapno == SYSCALL_VECTOR && current->syscall_nr >= 0;
}

static void handle_signal(int sig, const struct ksiginfo *info,
			  struct trapframe *tf)
{
	struct k_sigaction *ka = &current->sighand->action[sig - 1];
	u32 flags;

	if (in_syscall(tf)) {
		restart_with_handler(tf, ka);
		current->syscall_nr = -1;
	}
	rseq_signal_deliver(tf);
	if (setup_signal_frame(sig, info, ka, tf) < 0) {
		force_sigsegv(sig);
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
	h = current->sighand->action[sig - 1].sa_handler;
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
	case SIG_CORE:
		do_coredump(&info);	/* may set WCOREFLAG in the status */
		/* fall through */
	case SIG_TERM:
		do_group_exit(sig);
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
		struct k_sigaction *ka = &t->sighand->action[i];

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

static struct sighand_struct *alloc_sighand(void)
{
	struct sighand_struct *sh = kmalloc(sizeof(*sh), GFP_KERNEL);

	if (sh) {
		memset(sh, 0, sizeof(*sh));
		sh->count = 1;
		init_waitqueue_head(&sh->signalfd_wqh);
	}
	return sh;
}

/* On failure free_task lets go of the one that was allocated. */
int alloc_signal_structs(struct task_struct *t)
{
	t->sighand = alloc_sighand();
	t->signal = kmalloc(sizeof(*t->signal), GFP_KERNEL);
	if (t->signal) {
		memset(t->signal, 0, sizeof(*t->signal));
		t->signal->count = 1;
		INIT_LIST_HEAD(&t->signal->posix_timers);
		INIT_LIST_HEAD(&t->signal->sysvsem_undo);
	}
	return t->sighand && t->signal ? 0 : -ENOMEM;
}

void release_signal_structs(struct task_struct *t)
{
	u32 flags = irq_save();

	if (t->sighand && --t->sighand->count == 0)
		kfree(t->sighand);
	if (t->signal && --t->signal->count == 0) {
		flush_sigqueue(&t->signal->shared_pending, ~0ULL);
		kfree(t->signal);
	}
	t->sighand = NULL;
	t->signal = NULL;
	irq_restore(flags);
}

/* child's own structs (from alloc_task) give way to parent's. */
static void share(struct task_struct *child, struct task_struct *parent,
		  u32 clone_flags)
{
	u32 flags = irq_save();

	if (clone_flags & CLONE_SIGHAND) {
		kfree(child->sighand);
		child->sighand = parent->sighand;
		child->sighand->count++;
	}
	if (clone_flags & CLONE_THREAD) {
		kfree(child->signal);
		child->signal = parent->signal;
		child->signal->count++;
	}
	irq_restore(flags);
}

void copy_sighand(struct task_struct *child, struct task_struct *parent,
		  u32 clone_flags)
{
	if (!(clone_flags & CLONE_SIGHAND))
		memcpy(child->sighand->action, parent->sighand->action,
		       sizeof(child->sighand->action));
	share(child, parent, clone_flags);
	child->blocked = parent->blocked;
	child->pending.signal = 0;
	/* A thread runs on a stack of its own: not on the creator's
	 * alternate stack (Linux clears it for CLONE_VM without VFORK). */
	if ((clone_flags & (CLONE_VM | CLONE_VFORK)) == CLONE_VM) {
		child->sas_ss_flags = SS_DISABLE;
		return;
	}
	child->sas_ss_sp = parent->sas_ss_sp;
	child->sas_ss_size = parent->sas_ss_size;
	child->sas_ss_flags = parent->sas_ss_flags;
}

int unshare_sighand(struct task_struct *t)
{
	struct sighand_struct *sh;
	u32 flags;

	if (t->sighand->count == 1)
		return 0;
	sh = alloc_sighand();
	if (!sh)
		return -ENOMEM;
	flags = irq_save();
	memcpy(sh->action, t->sighand->action, sizeof(sh->action));
	t->sighand->count--;
	t->sighand = sh;
	irq_restore(flags);
	return 0;
}
