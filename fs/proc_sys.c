/*
 * fs/proc_sys.c - /proc/sys: tunables and actions.  Writing anything to
 * /proc/sys/vm/rmap_audit runs the reverse-map audit (mm/rmap/rmap_audit.c,
 * which prints the first violation); reading it gives the last result.
 */
#include "fs/procfs.h"
#include "kernel/errno.h"
#include "mm/rmap/rmap.h"

static int last_audit = -1;	/* violations found by the last run */

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

static const struct proc_entry proc_sys_vm_entries[] = {
	PROC_RW("rmap_audit", 0644, audit_show, audit_write),
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
