/*
 * fs/proc_sys.c - /proc/sys: tunables and actions.  /proc/sys/vm/rmap_audit
 * runs the reverse-map audit of the rmap work when written to.
 */
#include "fs/procfs.h"
#include "kernel/errno.h"

static void audit_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	if (rmap_audit_show)
		rmap_audit_show(m);
}

static ssize_t audit_write(const char *buf, size_t n)
{
	if (!rmap_audit_write)
		return -ENODEV;
	return rmap_audit_write(buf, n);
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
