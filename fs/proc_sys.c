/*
 * fs/proc_sys.c - /proc/sys: tunables and actions.  Writing anything to
 * /proc/sys/vm/rmap_audit runs the reverse-map audit (mm/rmap/rmap_audit.c,
 * which prints the first violations); reading it gives the last result.
 * /proc/sys/vm/swap_audit does the same for the swap audit
 * (mm/reclaim/swap_audit.c); its write also fails when a run nobody asked
 * for (swapoff's) failed since the previous write.
 */
#include "fs/procfs.h"
#include "kernel/errno.h"
#include "mm/reclaim/swap.h"
#include "mm/rmap/rmap.h"

static int last_audit = -1;	/* violations found by the last run */
static int last_swap_audit = -1;
static u32 swap_failures_seen;	/* swap_audit_failed_runs at the last write */

static void audit_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	if (last_audit < 0)
		seq_puts(m, "not run\n");
	else
		seq_printf(m, "%d violations\n", last_audit);
}

/* Any write runs the audit; it fails with -EIO if the rmap is wrong. */
static ssize_t audit_write(const char *buf, size_t n)
{
	(void)buf;
	last_audit = rmap_audit();
	return last_audit ? -EIO : (ssize_t)n;
}

static void swap_audit_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	if (last_swap_audit < 0)
		seq_puts(m, "not run\n");
	else
		seq_printf(m, "%d violations, %u failed runs\n", last_swap_audit,
			   swap_audit_failed_runs);
}

static ssize_t swap_audit_write(const char *buf, size_t n)
{
	bool failed_since;

	(void)buf;
	last_swap_audit = swap_audit();
	failed_since = swap_audit_failed_runs != swap_failures_seen;
	swap_failures_seen = swap_audit_failed_runs;
	return last_swap_audit || failed_since ? -EIO : (ssize_t)n;
}

static const struct proc_entry proc_sys_vm_entries[] = {
	PROC_RW("rmap_audit", 0644, audit_show, audit_write),
	PROC_RW("swap_audit", 0644, swap_audit_show, swap_audit_write),
};

const struct proc_dir proc_sys_vm_dir = {
	proc_sys_vm_entries, ARRAY_SIZE(proc_sys_vm_entries), &proc_sys_dir,
	200
};

static const struct proc_entry proc_sys_entries[] = {
	PROC_DIR("vm", &proc_sys_vm_dir),
};

const struct proc_dir proc_sys_dir = {
	proc_sys_entries, ARRAY_SIZE(proc_sys_entries), NULL, 100
};
