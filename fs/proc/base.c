/*
 * fs/proc/base.c - /proc/PID: stat, status, comm, cmdline, maps, auxv, exe,
 * mounts, mountinfo, pagetrace, and the task directory, whose
 * /proc/PID/task/TID holds the same files for each thread; fd and fdinfo
 * are in fs/proc/fd.c, smaps and pagemap in fs/proc/smaps.c and
 * fs/proc/pagemap.c.
 *
 * stat and status use Linux's field order and spelling (ps and top parse
 * them).  maps, statm, the Vm lines of status and the exe link are made
 * by the address-space code (fs/proc/task_mmu.c); cmdline is read from the
 * process's argument pages here, auxv from exec's copy of the auxiliary
 * vector (binary id/value words up to AT_NULL's pair, as Linux); mounts
 * and mountinfo come from the mount table (every process shares one).
 */
#include "fs/proc/procfs.h"
#include "fs/fdtable.h"
#include "fs/stat.h"
#include "kernel/drivers/tty/tty.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/pgtable.h"
#include "mm/phys/highmem.h"
#include "fs/proc/task_mmu.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/pagetrace.h"
#include "kernel/sched/spinlock.h"

#define CONSOLE_TTY_NR 0x440	/* (4 << 8) | 64: ttyS0, encoded as Linux */

static void proc_pid_stat_show(struct seq_buf *m, struct task_struct *t);
static void proc_pid_status_show(struct seq_buf *m, struct task_struct *t);
static void cmdline_show(struct seq_buf *m, struct task_struct *t);
static void maps_show(struct seq_buf *m, struct task_struct *t);
static void statm_show(struct seq_buf *m, struct task_struct *t);

/* Fault injection's task filter (kernel/fault_inject.h), as on Linux. */
static void make_it_fail_show(struct seq_buf *m, struct task_struct *t)
{
	seq_printf(m, "%d\n", t->make_it_fail);
}

static ssize_t make_it_fail_write(struct task_struct *t, const char *buf,
				  size_t n)
{
	if (!n || (buf[0] != '0' && buf[0] != '1') ||
	    (n > 1 && !(n == 2 && buf[1] == '\n')))
		return -EINVAL;
	t->make_it_fail = buf[0] == '1';
	return (ssize_t)n;
}

static void auxv_show(struct seq_buf *m, struct task_struct *t)
{
	struct mm_struct *mm = get_task_mm(t);
	unsigned int n = 0;

	if (!mm)
		return;
	while (n + 2 <= AT_VECTOR_SIZE && mm->saved_auxv[n])
		n += 2;
	/* The AT_NULL pair too; an mm exec did not build has only that. */
	seq_write(m, (const char *)mm->saved_auxv,
		  min(n + 2, (unsigned int)AT_VECTOR_SIZE) * sizeof(long));
	mmput(mm);
}

/*
 * The page tracer (mm/rmap/pagetrace.h): write an address, then read its
 * report.  The address is kept in the task, as make-it-fail is.
 */
static void pagetrace_pid_show(struct seq_buf *m, struct task_struct *t)
{
	unsigned long addr = t->pagetrace_addr;
	struct mm_struct *mm = get_task_mm(t);

	if (!mm) {
		seq_puts(m, "no address space\n");
		return;
	}
	pagetrace_show(m, mm, addr);	/* sleeps: t is not used after */
	mmput(mm);
}

static ssize_t pagetrace_pid_write(struct task_struct *t, const char *buf,
				   size_t n)
{
	char text[16], *end;
	unsigned long addr;

	if (n == 0 || n >= sizeof(text))
		return -EINVAL;
	memcpy(text, buf, n);
	text[n] = '\0';
	addr = simple_strtoul(text, &end, 0);
	if (end == text || (*end && strcmp(end, "\n")))
		return -EINVAL;
	t->pagetrace_addr = addr;
	return (ssize_t)n;
}

/* The task's name, the one prctl(PR_SET_NAME) sets. */
static void comm_show(struct seq_buf *m, struct task_struct *t)
{
	seq_printf(m, "%s\n", t->comm);
}

/* As Linux's: the first TASK_COMM_LEN - 1 bytes become the name, a
 * newline included; only a thread of the same group may rename. */
static ssize_t comm_write(struct task_struct *t, const char *buf, size_t n)
{
	char name[TASK_COMM_LEN];

	if (t->tgid != current->tgid)
		return -EINVAL;
	memset(name, 0, sizeof(name));
	memcpy(name, buf, min(n, sizeof(name) - 1));
	memcpy(t->comm, name, sizeof(name));
	return (ssize_t)n;
}

/* Alphabetical, and task last: a thread's directory has every line but
 * that one (proc_tid_dir). */
static const struct proc_entry proc_pid_entries[] = {
	PROC_FILE("auxv", 0400, auxv_show),
	PROC_FILE("cmdline", 0444, cmdline_show),
	PROC_RW("comm", 0644, comm_show, comm_write),
	PROC_LINK("exe", proc_pid_exe_link),
	PROC_DIR_MODE("fd", 0500, &proc_fd_dir),
	PROC_DIR("fdinfo", &proc_fdinfo_dir),
	PROC_RW("make-it-fail", 0644, make_it_fail_show, make_it_fail_write),
	PROC_FILE("maps", 0444, maps_show),
	PROC_FILE("mountinfo", 0444, proc_mountinfo_show),
	PROC_FILE("mounts", 0444, proc_mounts_show),
	PROC_READ("pagemap", 0400, proc_pid_pagemap_read),
	PROC_RW("pagetrace", 0644, pagetrace_pid_show, pagetrace_pid_write),
	PROC_FILE("smaps", 0444, proc_pid_smaps_show),
	PROC_FILE("smaps_rollup", 0444, proc_pid_smaps_rollup_show),
	PROC_FILE("stat", 0444, proc_pid_stat_show),
	PROC_FILE("statm", 0444, statm_show),
	PROC_FILE("status", 0444, proc_pid_status_show),
	PROC_DIR("task", &proc_task_dir),
};

const struct proc_dir proc_pid_dir = {
	proc_pid_entries, ARRAY_SIZE(proc_pid_entries), NULL, 0, NULL
};

/* /proc/PID/task: a directory per thread of the group. */
const struct proc_dir proc_task_dir = {
	NULL, 0, &proc_pid_dir, PROC_TASK_INO, NULL
};

/* /proc/PID/task/TID: the process's files, shown for the thread TID
 * (stat, status and comm are its own; the rest its group's). */
const struct proc_dir proc_tid_dir = {
	proc_pid_entries, ARRAY_SIZE(proc_pid_entries) - 1, &proc_task_dir,
	PROC_TID_INO, NULL
};

/* Both tables fit between the numbers that follow them. */
_Static_assert(ARRAY_SIZE(proc_pid_entries) < PROC_TASK_INO, "/proc/PID");
_Static_assert(PROC_TID_INO + ARRAY_SIZE(proc_pid_entries) - 1 <
		       PROC_FD_DIR_INO,
	       "/proc/PID/task/TID");

static const char *state_name(char c)
{
	switch (c) {
	case 'R':
		return "running";
	case 'S':
		return "sleeping";
	case 'D':
		return "disk sleep";
	case 'T':
		return "stopped";
	case 'Z':
		return "zombie";
	}
	return "dead";
}

/* Size and resident pages, 0 for a kernel thread. */
static void mm_sizes(struct task_struct *t, unsigned long *vm, unsigned long *rss)
{
	struct mm_struct *mm = get_task_mm(t);

	*vm = *rss = 0;
	if (!mm)
		return;
	*vm = mm->total_vm;
	*rss = mm->rss;
	mmput(mm);
}

/* Signals ignored and caught, as bit masks (signal n is bit n - 1). */
static void sig_dispositions(struct task_struct *t, sigset_t *ign,
			     sigset_t *catch)
{
	int i;

	*ign = *catch = 0;
	for (i = 1; i <= _NSIG; i++) {
		u32 h = t->sighand->action[i - 1].sa_handler;

		if (h == SIG_IGN)
			*ign |= sigmask(i);
		else if (h != SIG_DFL)
			*catch |= sigmask(i);
	}
}

/* The tasks of t's thread group (Linux's num_threads). */
static int nr_threads(struct task_struct *t)
{
	struct task_struct *o;
	int n = 0;

	for_each_thread(t->group_leader, o)
		n++;
	return n;
}

static int parent_tgid(struct task_struct *t)
{
	struct task_struct *p = t->group_leader->parent;

	return p ? p->tgid : 0;
}

static void proc_pid_stat_show(struct seq_buf *m, struct task_struct *t)
{
	unsigned long vm, rss;
	sigset_t ign, catch;
	int ppid = parent_tgid(t);
	int tpgid = t->tty ? t->tty->pgrp : -1;

	mm_sizes(t, &vm, &rss);
	sig_dispositions(t, &ign, &catch);
	seq_printf(m, "%d (%s) %c %d %d %d %d %d %u ", t->pid, t->comm,
		   task_state_char(t), ppid, t->pgrp, t->session,
		   t->tty ? CONSOLE_TTY_NR : 0, tpgid, t->flags);
	seq_printf(m, "%u 0 %u 0 %u %u %u %u %d %d %d 0 %u ", t->min_flt,
		   t->maj_flt, t->utime, t->stime, t->cutime, t->cstime,
		   rt_task(t) ? -1 - t->rt_priority : 20 + t->nice, t->nice,
		   nr_threads(t), t->start_time);
	seq_printf(m, "%lu %lu 4294967295 0 0 0 0 0 ", vm << PAGE_SHIFT, rss);
	seq_printf(m, "%u %u %u %u 0 0 0 %d %d %d %d\n",
		   (u32)t->pending.signal, (u32)t->blocked, (u32)ign,
		   (u32)catch, t->exit_signal, t->cpu, t->rt_priority,
		   t->policy);
}

static void print_mask(struct seq_buf *m, const char *label, sigset_t s)
{
	seq_printf(m, "%s\t%08x%08x\n", label, (u32)(s >> 32), (u32)s);
}

/*
 * The CPUs t may run on, as Linux's %*pb and %*pbl print a mask of
 * nr_cpu_ids bits: "3" and "0-1" on two CPUs, "0f" and "0-3" with eight
 * present and four allowed.
 */
static void print_cpus_allowed(struct seq_buf *m, struct task_struct *t)
{
	cpumask_t mask = t->cpus_allowed & cpu_present_map;
	int cpu, end, first = 1, digits = (nr_cpu_ids() + 3) / 4;
	char hex[12];

	snprintf(hex, sizeof(hex), "%08x", mask);
	seq_printf(m, "Cpus_allowed:\t%s\nCpus_allowed_list:\t",
		   hex + 8 - digits);
	for (cpu = 0; cpu < NR_CPUS; cpu = end + 1) {
		end = cpu;
		if (!cpu_isset(cpu, mask))
			continue;
		while (end + 1 < NR_CPUS && cpu_isset(end + 1, mask))
			end++;
		seq_printf(m, first ? "%d" : ",%d", cpu);
		if (end > cpu)
			seq_printf(m, "-%d", end);
		first = 0;
	}
	seq_putc(m, '\n');
}

static void proc_pid_status_show(struct seq_buf *m, struct task_struct *t)
{
	const struct cred *c = &t->cred;
	const struct group_info *gi = c->group_info;
	sigset_t ign, catch;
	int i;
	char st = task_state_char(t);
	u32 um = t->umask;
	size_t room;

	sig_dispositions(t, &ign, &catch);
	seq_printf(m, "Name:\t%s\n", t->comm);
	seq_printf(m, "Umask:\t0%u%u%u\n", (um >> 6) & 7, (um >> 3) & 7,
		   um & 7);
	seq_printf(m, "State:\t%c (%s)\n", st, state_name(st));
	seq_printf(m, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n", t->tgid,
		   t->pid, parent_tgid(t));
	seq_printf(m, "TracerPid:\t0\nUid:\t%u\t%u\t%u\t%u\n", c->uid, c->euid,
		   c->suid, c->fsuid);
	seq_printf(m, "Gid:\t%u\t%u\t%u\t%u\n", c->gid, c->egid, c->sgid,
		   c->fsgid);
	seq_printf(m, "FDSize:\t%u\nGroups:\t", t->files ? t->files->max_fds : 0);
	for (i = 0; gi && i < gi->ngroups; i++)
		seq_printf(m, "%s%u", i ? " " : "", gi->gid[i]);
	seq_puts(m, " \n");	/* Linux's trailing space */
	/* The Vm lines are a few hundred bytes; with less room, retry bigger. */
	room = m->len < m->size ? m->size - m->len : 0;
	if (room < 1024)
		m->len = m->size;
	else
		m->len += proc_pid_status_mm(t, m->buf + m->len, room);
	seq_printf(m, "Threads:\t%d\n", nr_threads(t));
	seq_printf(m, "SigQ:\t%u/%lu\n", signals_queued(t),
		   task_rlimit(t, RLIMIT_SIGPENDING));
	print_mask(m, "SigPnd:", t->pending.signal);
	print_mask(m, "ShdPnd:", t->signal->shared_pending.signal);
	print_mask(m, "SigBlk:", t->blocked);
	print_mask(m, "SigIgn:", ign);
	print_mask(m, "SigCgt:", catch);
	print_cpus_allowed(m, t);
	seq_printf(m, "voluntary_ctxt_switches:\t%u\n", t->nvcsw);
	seq_printf(m, "nonvoluntary_ctxt_switches:\t%u\n", t->nivcsw);
}

/*
 * The bytes of [start, end) of mm that are present in memory, through the
 * page tables (a page not present, e.g. swapped out, ends the copy).
 */
static void copy_from_mm(struct seq_buf *m, struct mm_struct *mm,
			 unsigned long start, unsigned long end)
{
	while (start < end) {
		unsigned long off = start & (PAGE_SIZE - 1);
		unsigned long n = min(end - start, PAGE_SIZE - off);
		pte_t pte;
		u32 flags;
		bool ok;

		spin_lock_irqsave(&mm->page_table_lock, flags);
		pte_read(mm, start, &pte);
		ok = pte_present(pte) && pfn_valid(pte_pfn(pte));
		if (ok) {
			char *kaddr = kmap_atomic(pte_page(pte), KM_USER0);

			seq_write(m, kaddr + off, n);
			kunmap_atomic(kaddr, KM_USER0);
		}
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
		if (!ok)
			return;
		start += n;
	}
}

/* argv, NUL-separated; empty for kernel threads, as on Linux. */
static void cmdline_show(struct seq_buf *m, struct task_struct *t)
{
	struct mm_struct *mm = get_task_mm(t);

	if (!mm)
		return;
	if (mm->arg_end > mm->arg_start &&
	    mm->arg_end - mm->arg_start <= 4 * PAGE_SIZE)
		copy_from_mm(m, mm, mm->arg_start, mm->arg_end);
	mmput(mm);
}

static void maps_show(struct seq_buf *m, struct task_struct *t)
{
	char probe[320];	/* more than one maps line (LINE_MAX) */
	loff_t pos = 0;
	int n;

	for (;;) {
		size_t room = m->len < m->size ? m->size - m->len : 0;

		n = proc_pid_maps(t, m->buf + m->len, room, &pos);
		if (n <= 0)
			break;
		m->len += n;
	}
	/* Lines left over that did not fit: make procfs retry bigger. */
	if (proc_pid_maps(t, probe, sizeof(probe), &pos) > 0)
		m->len = m->size;
}

static void statm_show(struct seq_buf *m, struct task_struct *t)
{
	size_t room = m->len < m->size ? m->size - m->len : 0;

	m->len += proc_pid_statm(t, m->buf + m->len, room);
}
