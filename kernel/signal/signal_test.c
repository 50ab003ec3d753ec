/*
 * kernel/signal/signal_test.c - ktests for sending signals: pending sets, masks,
 * ignored signals, SIGKILL, stop/continue cancellation, fault forcing,
 * and signals to a thread group: taken by a thread that does not block
 * them, or ending every thread.
 * The target is a task_struct that never runs (it is on no list), so only
 * the bookkeeping is exercised; delivery is in kernel/process/user_mode_test.c.
 */
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"

static struct task_struct *dummy(void)
{
	struct task_struct *t = alloc_task();

	if (t)
		t->state = TASK_UNINTERRUPTIBLE;	/* never woken */
	return t;
}

KTEST(signal_pending_respects_the_mask)
{
	struct task_struct *t = dummy();

	KASSERT_TRUE(t);
	KEXPECT_FALSE(signal_pending(t));
	KEXPECT_EQ(send_sig(SIGUSR1, t), 0);
	KEXPECT_TRUE(t->pending.signal & sigmask(SIGUSR1));
	KEXPECT_TRUE(signal_pending(t));
	t->blocked = sigmask(SIGUSR1);
	KEXPECT_FALSE(signal_pending(t));
	KEXPECT_FALSE(fatal_signal_pending(t));
	KEXPECT_EQ(send_sig(SIGKILL, t), 0);
	t->blocked |= sigmask(SIGKILL);		/* cannot really be blocked */
	KEXPECT_TRUE(signal_pending(t));
	KEXPECT_TRUE(fatal_signal_pending(t));
	KEXPECT_EQ(t->pending.info[SIGUSR1 - 1].si_code, SI_USER);
	KEXPECT_EQ(t->pending.info[SIGUSR1 - 1].si_pid, current->tgid);
	free_task(t);
}

KTEST(signal_ignored_ones_are_dropped)
{
	struct task_struct *t = dummy();

	KASSERT_TRUE(t);
	send_sig(SIGCHLD, t);			/* default action: ignore */
	send_sig(SIGWINCH, t);
	t->sighand->action[SIGUSR2 - 1].sa_handler = SIG_IGN;
	send_sig(SIGUSR2, t);
	KEXPECT_EQ(t->pending.signal, 0);
	/* A blocked one is kept: the handler may change before unblocking. */
	t->blocked = sigmask(SIGCHLD);
	send_sig(SIGCHLD, t);
	KEXPECT_TRUE(t->pending.signal & sigmask(SIGCHLD));
	free_task(t);
}

KTEST(signal_bad_numbers_are_rejected)
{
	struct task_struct *t = dummy();

	KASSERT_TRUE(t);
	KEXPECT_EQ(send_sig(0, t), -EINVAL);
	KEXPECT_EQ(send_sig(_NSIG + 1, t), -EINVAL);
	KEXPECT_EQ(t->pending.signal, 0);
	free_task(t);
}

KTEST(signal_cont_cancels_stop_and_stop_cancels_cont)
{
	struct task_struct *t = dummy();

	KASSERT_TRUE(t);
	t->sighand->action[SIGCONT - 1].sa_handler = 0x1000;	/* so it is kept */
	send_sig(SIGTSTP, t);
	send_sig(SIGCONT, t);
	KEXPECT_FALSE(t->pending.signal & sigmask(SIGTSTP));
	KEXPECT_TRUE(t->pending.signal & sigmask(SIGCONT));
	send_sig(SIGSTOP, t);
	KEXPECT_FALSE(t->pending.signal & sigmask(SIGCONT));
	KEXPECT_TRUE(t->pending.signal & sigmask(SIGSTOP));
	free_task(t);
}

KTEST(signal_kernel_threads_ignore_signals)
{
	struct task_struct *t = dummy();

	KASSERT_TRUE(t);
	t->flags |= PF_KTHREAD;
	KEXPECT_EQ(send_sig(SIGKILL, t), 0);
	KEXPECT_EQ(t->pending.signal, 0);
	free_task(t);
}

KTEST(signal_handlers_survive_exec_only_if_ignored)
{
	struct task_struct *t = dummy();

	KASSERT_TRUE(t);
	t->sighand->action[SIGINT - 1].sa_handler = 0x1234;
	t->sighand->action[SIGQUIT - 1].sa_handler = SIG_IGN;
	t->sighand->action[SIGINT - 1].sa_flags = SA_RESTART;
	flush_signal_handlers(t);
	KEXPECT_EQ(t->sighand->action[SIGINT - 1].sa_handler, SIG_DFL);
	KEXPECT_EQ(t->sighand->action[SIGINT - 1].sa_flags, 0);
	KEXPECT_EQ(t->sighand->action[SIGQUIT - 1].sa_handler, SIG_IGN);
	free_task(t);
}

KTEST(signal_init_gets_only_handled_or_forced_signals)
{
	struct task_struct *t = dummy(), *real_init = init_task;

	KASSERT_TRUE(t);
	init_task = t;		/* a stand-in; nothing reaps or waits here */
	send_sig(SIGTERM, t);
	send_sig(SIGKILL, t);
	KEXPECT_EQ(t->pending.signal, 0);
	t->sighand->action[SIGTERM - 1].sa_handler = 0x1000;
	send_sig(SIGTERM, t);
	KEXPECT_TRUE(t->pending.signal & sigmask(SIGTERM));
	force_sig(SIGSEGV, t);
	KEXPECT_TRUE(t->pending.signal & sigmask(SIGSEGV));
	init_task = real_init;
	free_task(t);
}

/* A leader and a second thread sharing actions and group (as clone with
 * CLONE_THREAD makes them), linked but on no other list. */
static struct task_struct *dummy_thread(struct task_struct *leader)
{
	struct task_struct *t = dummy();

	if (!t)
		return NULL;
	copy_sighand(t, leader, CLONE_VM | CLONE_SIGHAND | CLONE_THREAD);
	t->group_leader = leader;
	t->tgid = leader->tgid;
	list_add_tail(&t->thread_group, &leader->thread_group);
	return t;
}

static void free_thread(struct task_struct *t)
{
	list_del_init(&t->thread_group);
	free_task(t);
}

KTEST(signal_to_a_group_waits_for_a_thread_that_takes_it)
{
	struct task_struct *leader = dummy(), *t;

	KASSERT_TRUE(leader);
	t = dummy_thread(leader);
	KASSERT_TRUE(t);
	KEXPECT_TRUE(t->signal == leader->signal);
	KEXPECT_TRUE(t->sighand == leader->sighand);
	KEXPECT_EQ(leader->sighand->count, 2);
	leader->sighand->action[SIGUSR1 - 1].sa_handler = 0x1000;
	leader->blocked = sigmask(SIGUSR1);
	t->blocked = sigmask(SIGUSR1);
	KEXPECT_EQ(group_send_sig_info(SIGUSR1, NULL, t), 0);
	KEXPECT_TRUE(leader->signal->shared_pending.signal & sigmask(SIGUSR1));
	KEXPECT_FALSE(signal_pending(leader));
	KEXPECT_FALSE(signal_pending(t));
	t->blocked = 0;		/* the thread that unblocks it takes it */
	KEXPECT_TRUE(signal_pending(t));
	KEXPECT_FALSE(signal_pending(leader));
	free_thread(t);
	KEXPECT_EQ(leader->sighand->count, 1);
	free_task(leader);
}

KTEST(signal_fatal_to_a_group_kills_every_thread)
{
	struct task_struct *leader = dummy(), *t;

	KASSERT_TRUE(leader);
	t = dummy_thread(leader);
	KASSERT_TRUE(t);
	leader->blocked = sigmask(SIGTERM);
	KEXPECT_EQ(group_send_sig_info(SIGTERM, NULL, leader), 0);
	KEXPECT_TRUE(signal_group_exit(leader->signal));
	KEXPECT_EQ(leader->signal->group_exit_code, SIGTERM);
	KEXPECT_TRUE(fatal_signal_pending(t));
	KEXPECT_TRUE(fatal_signal_pending(leader));
	free_thread(t);
	free_task(leader);
}
