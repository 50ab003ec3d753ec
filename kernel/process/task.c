/*
 * kernel/process/task.c - allocating task_structs, pids, and the task lists.
 *
 * Every task is on task_list (for kill -1, kill_pgrp, /proc) and, except
 * the idle task, under its parent's ->children.  A pid is not reused while
 * any task still has it as pid, process group or session id (as in
 * Linux), so a stale pgrp never names an unrelated new process.
 */
#include "kernel/process/task.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/process/kstack.h"
#include "kernel/sched/sched.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/gfp.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/vmstat.h"


LIST_HEAD(task_list);
static int last_pid;
int pid_max = PID_MAX;
static u32 task_serial;	/* task_struct.serial of the last task made */
/* task_structs are 16-byte aligned: FXSAVE needs it for ->fpu. */
static struct kmem_cache *task_cachep;

_Static_assert(sizeof(struct task_struct) <= 4096, "slab objects are <= 4 KiB");

void task_cache_init(void)
{
	task_cachep = kmem_cache_create("task_struct",
					sizeof(struct task_struct), 16, NULL);
	BUG_ON(!task_cachep);
}

static bool pid_in_use(int pid)
{
	struct task_struct *t;

	list_for_each_entry(t, &task_list, tasks)
		if (t->pid == pid || t->pgrp == pid || t->session == pid)
			return true;
	return false;
}

/* The next free pid after the last one handed out; -EAGAIN if none. */
static int alloc_pid(void)
{
	int tries, pid = last_pid;

	for (tries = 0; tries < pid_max; tries++) {
		if (++pid >= pid_max)
			pid = 2;	/* 1 is init's for ever */
		if (!pid_in_use(pid)) {
			last_pid = pid;
			return pid;
		}
	}
	return -EAGAIN;
}

/* Linux's "empty" TLS descriptor: clears its GDT slot in load_tls. */
static void clear_tls(struct user_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->read_exec_only = 1;
	d->seg_not_present = 1;
}

void init_rlimits(struct task_struct *t)
{
	struct rlimit *rlim = t->signal->rlim;
	int i;

	for (i = 0; i < RLIM_NLIMITS; i++) {
		rlim[i].rlim_cur = RLIM_INFINITY;
		rlim[i].rlim_max = RLIM_INFINITY;
	}
	rlim[RLIMIT_STACK].rlim_cur = _STK_LIM;
	rlim[RLIMIT_NOFILE].rlim_cur = INR_OPEN_CUR;
	rlim[RLIMIT_NOFILE].rlim_max = INR_OPEN_MAX;
	rlim[RLIMIT_CORE].rlim_cur = 0;
	rlim[RLIMIT_MEMLOCK].rlim_cur = rlim[RLIMIT_MEMLOCK].rlim_max =
		MLOCK_LIMIT;
	/* No raising of priority without CAP_SYS_NICE, as on Linux. */
	rlim[RLIMIT_NICE].rlim_cur = rlim[RLIMIT_NICE].rlim_max = 0;
	rlim[RLIMIT_RTPRIO].rlim_cur = rlim[RLIMIT_RTPRIO].rlim_max = 0;
	/* Tasks per user and queued real-time signals: Linux's
	 * max_threads / 2, one for each 32 pages of RAM (an 8 KiB stack per
	 * thread, a sixteenth of RAM). */
	rlim[RLIMIT_NPROC].rlim_cur = rlim[RLIMIT_NPROC].rlim_max =
		max(totalram_pages / 32, 10u);
	rlim[RLIMIT_SIGPENDING] = rlim[RLIMIT_NPROC];
}

/*
 * Does current's real user, with extra tasks more (or fewer), have more
 * than current's RLIMIT_NPROC?  Never for root.  Counted by a walk of
 * every task, only for such a user; the big kernel lock keeps the list
 * still.
 */
bool nproc_over_limit(int extra)
{
	u32 uid = current->cred.uid;
	unsigned long limit = rlimit(RLIMIT_NPROC), n = 0;
	struct task_struct *t;

	if (limit == RLIM_INFINITY || uid == 0)
		return false;
	list_for_each_entry(t, &task_list, tasks)
		n += t->cred.uid == uid;
	return (long long)n + extra > (long long)limit;
}

void task_init_links(struct task_struct *t)
{
	INIT_LIST_HEAD(&t->children);
	INIT_LIST_HEAD(&t->sibling);
	INIT_LIST_HEAD(&t->tasks);
	INIT_LIST_HEAD(&t->run_list);
	INIT_LIST_HEAD(&t->timer_list);
	tick_timer_init(&t->it_real);
	INIT_LIST_HEAD(&t->thread_group);
	t->group_leader = t;
	init_waitqueue_head(&t->wait_chldexit);
}

/* A zeroed task_struct with its kernel stack, or NULL. */
static struct task_struct *alloc_task_and_stack(void)
{
	struct task_struct *t = kmem_cache_alloc(task_cachep, GFP_KERNEL);

	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	t->stack = alloc_thread_stack();
	if (!t->stack) {
		kmem_cache_free(task_cachep, t);
		return NULL;
	}
	setup_thread_info(t->stack, t);
	BUG_ON((u32)&t->fpu & 15);	/* FXSAVE needs 16-byte alignment */
	t->state = TASK_RUNNING;
	task_init_links(t);
	fpu_reset(&t->fpu);
	return t;
}

struct task_struct *alloc_task(void)
{
	struct task_struct *t = alloc_task_and_stack();
	u32 flags;
	int i;

	if (!t)
		return NULL;
	flags = irq_save();
	t->pid = alloc_pid();
	irq_restore(flags);
	if (t->pid < 0) {
		free_task(t);
		return NULL;
	}
	if (alloc_signal_structs(t)) {
		free_task(t);
		return NULL;
	}
	t->tgid = t->pid;
	t->serial = ++task_serial;
	t->exit_signal = SIGCHLD;
	t->cpus_allowed = CPU_MASK_ALL;
	for (i = 0; i < GDT_ENTRY_TLS_ENTRIES; i++)
		clear_tls(&t->tls_array[i]);
	init_rlimits(t);
	return t;
}

struct task_struct *alloc_idle_task(struct task_struct *boot)
{
	struct task_struct *t = alloc_task_and_stack();

	if (!t)
		return NULL;
	t->sighand = boot->sighand;
	t->signal = boot->signal;
	t->flags = PF_KTHREAD | PF_IDLE;
	return t;
}

void free_task(struct task_struct *t)
{
	BUG_ON(t == current);
	exit_creds(t);
	nr_rt_tasks -= rt_task(t);
	BUG_ON(nr_rt_tasks < 0);
	flush_sigqueue(&t->pending, ~0ULL);
	release_signal_structs(t);
	free_thread_stack(t->stack);
	kmem_cache_free(task_cachep, t);
}

void attach_task(struct task_struct *t, struct task_struct *parent)
{
	u32 flags = irq_save();

	list_add_tail(&t->tasks, &task_list);
	t->parent = parent;
	if (parent)
		list_add_tail(&t->sibling, &parent->children);
	irq_restore(flags);
}

void detach_task(struct task_struct *t)
{
	u32 flags = irq_save();

	list_del_init(&t->tasks);
	list_del_init(&t->sibling);
	t->parent = NULL;
	irq_restore(flags);
}

struct task_struct *find_task_by_pid(int pid)
{
	struct task_struct *t;

	list_for_each_entry(t, &task_list, tasks)
		if (t->pid == pid && t->state != TASK_DEAD)
			return t;
	return NULL;
}

void set_task_comm(struct task_struct *t, const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	strlcpy(t->comm, base, TASK_COMM_LEN);
}
