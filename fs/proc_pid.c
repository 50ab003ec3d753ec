/*
 * fs/proc_pid.c - /proc/PID: stat, status, cmdline, maps.
 *
 * stat and status use Linux's field order and spelling (ps and top parse
 * them).  What only the address-space code knows (the maps lines, argv,
 * memory sizes) comes from its hooks in fs/procfs.h.
 */
#include "fs/procfs.h"
#include "fs/fdtable.h"
#include "fs/stat.h"
#include "fs/tty.h"
#include "kernel/lib/string.h"
#include "kernel/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/task.h"

#define CONSOLE_TTY_NR 0x440	/* (4 << 8) | 64: ttyS0, encoded as Linux */

static void proc_pid_stat_show(struct seq_buf *m, struct task_struct *t);
static void proc_pid_status_show(struct seq_buf *m, struct task_struct *t);
static void cmdline_show(struct seq_buf *m, struct task_struct *t);
static void maps_show(struct seq_buf *m, struct task_struct *t);

static const struct proc_entry proc_pid_entries[] = {
	PROC_FILE("cmdline", 0444, cmdline_show),
	PROC_FILE("maps", 0444, maps_show),
	PROC_FILE("stat", 0444, proc_pid_stat_show),
	PROC_FILE("status", 0444, proc_pid_status_show),
};

const struct proc_dir proc_pid_dir = {
	proc_pid_entries, ARRAY_SIZE(proc_pid_entries), NULL, 0
};

static char state_char(const struct task_struct *t)
{
	switch (t->state) {
	case TASK_RUNNING:
		return 'R';
	case TASK_INTERRUPTIBLE:
		return 'S';
	case TASK_UNINTERRUPTIBLE:
		return 'D';
	case TASK_STOPPED:
		return 'T';
	case TASK_ZOMBIE:
		return 'Z';
	}
	return 'X';
}

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

static void mm_info(struct task_struct *t, struct proc_mm_info *info)
{
	memset(info, 0, sizeof(*info));
	if (proc_task_mm_info && t->mm)
		proc_task_mm_info(t, info);
}

/* Signals ignored and caught, as bit masks (signal n is bit n - 1). */
static void sig_dispositions(struct task_struct *t, sigset_t *ign,
			     sigset_t *catch)
{
	int i;

	*ign = *catch = 0;
	for (i = 1; i <= _NSIG; i++) {
		u32 h = t->sighand[i - 1].sa_handler;

		if (h == SIG_IGN)
			*ign |= sigmask(i);
		else if (h != SIG_DFL)
			*catch |= sigmask(i);
	}
}

static void proc_pid_stat_show(struct seq_buf *m, struct task_struct *t)
{
	struct proc_mm_info mi;
	sigset_t ign, catch;
	int ppid = t->parent ? t->parent->tgid : 0;
	int tpgid = t->tty ? t->tty->pgrp : -1;

	mm_info(t, &mi);
	sig_dispositions(t, &ign, &catch);
	seq_printf(m, "%d (%s) %c %d %d %d %d %d %u ", t->pid, t->comm,
		   state_char(t), ppid, t->pgrp, t->session,
		   t->tty ? CONSOLE_TTY_NR : 0, tpgid, t->flags);
	seq_printf(m, "%u 0 %u 0 %u %u %u %u 20 0 1 0 %u ", t->min_flt,
		   t->maj_flt, t->utime, t->stime, t->cutime, t->cstime,
		   t->start_time);
	seq_printf(m, "%lu %lu 4294967295 0 0 0 0 0 ", mi.total_vm << 12,
		   mi.rss);
	seq_printf(m, "%u %u %u %u 0 0 0 %d 0 0 0\n",
		   (u32)t->pending.signal, (u32)t->blocked, (u32)ign,
		   (u32)catch, t->exit_signal);
}

static void print_mask(struct seq_buf *m, const char *label, sigset_t s)
{
	seq_printf(m, "%s\t%08x%08x\n", label, (u32)(s >> 32), (u32)s);
}

static void proc_pid_status_show(struct seq_buf *m, struct task_struct *t)
{
	struct proc_mm_info mi;
	sigset_t ign, catch;
	char st = state_char(t);
	u32 um = t->umask;

	mm_info(t, &mi);
	sig_dispositions(t, &ign, &catch);
	seq_printf(m, "Name:\t%s\n", t->comm);
	seq_printf(m, "Umask:\t0%u%u%u\n", (um >> 6) & 7, (um >> 3) & 7,
		   um & 7);
	seq_printf(m, "State:\t%c (%s)\n", st, state_name(st));
	seq_printf(m, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n", t->tgid,
		   t->pid, t->parent ? t->parent->tgid : 0);
	seq_puts(m, "TracerPid:\t0\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n");
	seq_printf(m, "FDSize:\t%u\nGroups:\t\n",
		   t->files ? t->files->max_fds : 0);
	if (t->mm) {
		seq_printf(m, "VmPeak:\t%8lu kB\nVmSize:\t%8lu kB\n",
			   mi.total_vm * 4, mi.total_vm * 4);
		seq_printf(m, "VmLck:\t%8lu kB\nVmRSS:\t%8lu kB\n",
			   mi.locked * 4, mi.rss * 4);
		seq_printf(m, "VmData:\t%8lu kB\nVmStk:\t%8lu kB\n",
			   mi.data * 4, mi.stack * 4);
		seq_printf(m, "VmExe:\t%8lu kB\n", mi.text * 4);
	}
	seq_puts(m, "Threads:\t1\n");
	print_mask(m, "SigPnd:", t->pending.signal);
	print_mask(m, "ShdPnd:", t->pending.signal);
	print_mask(m, "SigBlk:", t->blocked);
	print_mask(m, "SigIgn:", ign);
	print_mask(m, "SigCgt:", catch);
	seq_printf(m, "voluntary_ctxt_switches:\t%u\n", t->nvcsw);
	seq_printf(m, "nonvoluntary_ctxt_switches:\t%u\n", t->nivcsw);
}

/* Kernel threads (no mm) have an empty cmdline, as on Linux. */
static void cmdline_show(struct seq_buf *m, struct task_struct *t)
{
	if (proc_pid_cmdline_show && t->mm)
		proc_pid_cmdline_show(m, t);
}

static void maps_show(struct seq_buf *m, struct task_struct *t)
{
	if (proc_pid_maps_show && t->mm)
		proc_pid_maps_show(m, t);
}
