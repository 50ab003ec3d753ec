/*
 * fs/proc/proc_sysctl.c - /proc/sys: tunables and actions.  Writing anything to
 * /proc/sys/vm/rmap_audit runs the reverse-map audit (mm/rmap/rmap_audit.c,
 * which prints the first violations); reading it gives the last result.
 * /proc/sys/vm/swap_audit does the same for the swap audit
 * (mm/reclaim/swap_audit.c); its write also fails when a run nobody asked
 * for (swapoff's) failed since the previous write.  /proc/sys/vm/page-cluster
 * is the swap readahead window (Linux's name); dirty_background_ratio,
 * dirty_ratio, their byte twins dirty_background_bytes and dirty_bytes,
 * dirty_expire_centisecs and dirty_writeback_centisecs are the writeback
 * tunables (mm/writeback/writeback.h); drop_caches empties the clean
 * caches (fs/drop_caches.h).  /proc/sys/debug holds
 * the fault-injection attributes (kernel/fault_inject.h).
 * /proc/sys/fs/pipe-max-size is the largest F_SETPIPE_SZ (fs/pipe.c).
 * /proc/sys/kernel: core_pattern and core_uses_pid (the core file's name,
 * fs/coredump.c), pid_max (the pid allocator's bound), tainted,
 * {ostype,osrelease,version} (uname's sysname, release and version,
 * kernel/version.h, read only), printk, Linux's four log levels: the
 * console's, a message's default, the console's minimum and its default
 * (kernel/printk.h), read only, and the System V IPC limits (ipc/proc.c).
 */
#include "fs/coredump.h"
#include "fs/drop_caches.h"
#include "fs/inode.h"
#include "fs/pipe.h"
#include "fs/proc/procfs.h"
#include "ipc/proc.h"
#include "ipc/sem.h"
#include "kernel/errno.h"
#include "kernel/fault_inject.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/printk.h"
#include "kernel/version.h"
#include "mm/phys/slab.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/rmap/rmap.h"
#include "fs/fs_writeback.h"

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
static ssize_t audit_write(struct task_struct *t, const char *buf, size_t n)
{
	(void)t;
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

static ssize_t swap_audit_write(struct task_struct *t, const char *buf,
				size_t n)
{
	bool failed_since;

	(void)t;
	(void)buf;
	last_swap_audit = swap_audit();
	failed_since = swap_audit_failed_runs != swap_failures_seen;
	swap_failures_seen = swap_audit_failed_runs;
	return last_swap_audit || failed_since ? -EIO : (ssize_t)n;
}

static void page_cluster_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%u\n", page_cluster);
}

/* Linux's knob: log2 of the swap readahead window (mm/reclaim/swap_state.h);
 * a decimal number up to PAGE_CLUSTER_MAX, a newline may follow. */
static ssize_t page_cluster_write(struct task_struct *t, const char *buf,
				  size_t n)
{
	unsigned int v = 0;
	size_t i;

	(void)t;
	for (i = 0; i < n && buf[i] != '\n'; i++) {
		if (buf[i] < '0' || buf[i] > '9' || v > PAGE_CLUSTER_MAX)
			return -EINVAL;
		v = v * 10 + (unsigned int)(buf[i] - '0');
	}
	if (!i || v > PAGE_CLUSTER_MAX)
		return -EINVAL;
	page_cluster = v;
	return (ssize_t)n;
}

/* A decimal number (a newline may follow) into *v; -EINVAL if none. */
static int parse_uint(const char *buf, size_t n, unsigned long *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n && buf[i] != '\n'; i++) {
		if (buf[i] < '0' || buf[i] > '9' || *v > 0xffffffffUL / 10)
			return -EINVAL;
		*v = *v * 10 + (unsigned long)(buf[i] - '0');
	}
	return i ? 0 : -EINVAL;
}

/*
 * Linux's proc_dointvec_minmax for one int: blanks, an optional '-',
 * digits, then only blanks; EINVAL for anything else or a value outside
 * [min, max].
 */
static int parse_int_minmax(const char *buf, size_t n, long long min,
			    long long max, int *res)
{
	size_t i = 0, digits;
	bool neg = false;
	long long v = 0;

	while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n'))
		i++;
	if (i < n && buf[i] == '-') {
		neg = true;
		i++;
	}
	for (digits = i; i < n && buf[i] >= '0' && buf[i] <= '9'; i++) {
		v = v * 10 + (buf[i] - '0');
		if (v > 0x80000000LL)
			return -EINVAL;
	}
	if (i == digits)
		return -EINVAL;
	for (; i < n; i++)
		if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n' && buf[i])
			return -EINVAL;
	if (neg)
		v = -v;
	if (v < min || v > max)
		return -EINVAL;
	*res = (int)v;
	return 0;
}

/* Linux's knob (fs/drop_caches.h): 1 the page cache, 2 the slab caches,
 * 3 both, 4 nothing (Linux's bit to quiet its log line); init's leak
 * check writes 3, so MemFree shows what is really in use. */
static ssize_t drop_caches_write(struct task_struct *t, const char *buf,
				 size_t n)
{
	int v, err = parse_int_minmax(buf, n, 1, 4, &v);

	(void)t;
	if (err)
		return err;
	if (v & 1)
		drop_pagecache();
	if (v & 2)
		drop_slab();
	return (ssize_t)n;
}

static void drop_caches_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_puts(m, "0\n");
}

/* The writeback tunables (mm/writeback/writeback.h): Linux's ranges.
 * A new writeback period wakes the flusher to start it now. */
#define DIRTY_TUNABLE(name, var, min, max, after)                          \
	static void name##_show(struct seq_buf *m, struct task_struct *t)  \
	{                                                                  \
		(void)t;                                                   \
		seq_printf(m, "%d\n", (int)(var));                         \
	}                                                                  \
	static ssize_t name##_write(struct task_struct *t, const char *buf,\
				    size_t n)                              \
	{                                                                  \
		int v, err = parse_int_minmax(buf, n, min, max, &v);       \
		unsigned int old = (unsigned int)(var);                    \
									   \
		(void)t;                                                   \
		(void)old;                                                 \
		if (err)                                                   \
			return err;                                        \
		var = (unsigned int)v;                                     \
		after;                                                     \
		return (ssize_t)n;                                         \
	}

/* Each ratio and its byte twin: writing one zeroes the other, as Linux
 * 6.1 (dirty_ratio and dirty_bytes only when their value changed). */
DIRTY_TUNABLE(dirty_background_ratio, dirty_background_ratio, 0, 100,
	      dirty_background_bytes = 0)
DIRTY_TUNABLE(dirty_ratio, vm_dirty_ratio, 0, 100,
	      if (vm_dirty_ratio != old) vm_dirty_bytes = 0)
DIRTY_TUNABLE(dirty_expire_centisecs, dirty_expire_interval, 0, 0x7fffffff, )
DIRTY_TUNABLE(dirty_writeback_centisecs, dirty_writeback_interval,
	      -0x80000000LL, 0x7fffffff, wakeup_flusher_threads())

/*
 * Linux's proc_doulongvec_minmax for one unsigned long: blanks, digits,
 * then only blanks; EINVAL for anything else, a sign, or a value below
 * min (the twin ratio is zeroed only then).
 */
static int parse_ulong_min(const char *buf, size_t n, unsigned long min,
			   unsigned long *res)
{
	size_t i = 0, digits;
	unsigned long long v = 0;

	while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n'))
		i++;
	for (digits = i; i < n && buf[i] >= '0' && buf[i] <= '9'; i++) {
		v = v * 10 + (unsigned long long)(buf[i] - '0');
		if (v > 0xffffffffULL)
			return -EINVAL;
	}
	if (i == digits)
		return -EINVAL;
	for (; i < n; i++)
		if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n' && buf[i])
			return -EINVAL;
	if (v < min)
		return -EINVAL;
	*res = (unsigned long)v;
	return 0;
}

/* dirty_bytes (at least two pages) and dirty_background_bytes (at least
 * 1), each zeroing its ratio twin as Linux 6.1's handlers do. */
static void dirty_bytes_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%lu\n", vm_dirty_bytes);
}

static ssize_t dirty_bytes_write(struct task_struct *t, const char *buf,
				 size_t n)
{
	unsigned long v;

	(void)t;
	if (parse_ulong_min(buf, n, 2 * PAGE_SIZE, &v))
		return -EINVAL;
	if (v != vm_dirty_bytes)
		vm_dirty_ratio = 0;
	vm_dirty_bytes = v;
	return (ssize_t)n;
}

static void dirty_background_bytes_show(struct seq_buf *m,
					struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%lu\n", dirty_background_bytes);
}

static ssize_t dirty_background_bytes_write(struct task_struct *t,
					    const char *buf, size_t n)
{
	unsigned long v;

	(void)t;
	if (parse_ulong_min(buf, n, 1, &v))
		return -EINVAL;
	dirty_background_bytes = v;
	dirty_background_ratio = 0;
	return (ssize_t)n;
}

static void pipe_max_size_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%u\n", pipe_max_size);
}

/* Linux's knob: the value is rounded as F_SETPIPE_SZ rounds a size. */
static ssize_t pipe_max_size_write(struct task_struct *t, const char *buf,
				   size_t n)
{
	unsigned long v;

	(void)t;
	if (parse_uint(buf, n, &v) || !round_pipe_size(v))
		return -EINVAL;
	pipe_max_size = round_pipe_size(v);
	return (ssize_t)n;
}

/* Linux's inodes_stat as proc_doulongvec_minmax prints it (tabs): the
 * inodes in memory, those unused in the inode cache, then five words
 * Linux keeps 0. */
static void inode_nr_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%lu\t%lu\n", nr_inodes(), nr_unused_inodes());
}

static void inode_state_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%lu\t%lu\t0\t0\t0\t0\t0\n", nr_inodes(),
		   nr_unused_inodes());
}

static const struct proc_entry proc_sys_fs_entries[] = {
	PROC_FILE("inode-nr", 0444, inode_nr_show),
	PROC_FILE("inode-state", 0444, inode_state_show),
	PROC_RW("pipe-max-size", 0644, pipe_max_size_show,
		pipe_max_size_write),
};

const struct proc_dir proc_sys_fs_dir = {
	proc_sys_fs_entries, ARRAY_SIZE(proc_sys_fs_entries), &proc_sys_dir,
	PROC_SYS_FS_INO, NULL
};

static const struct proc_entry proc_sys_vm_entries[] = {
	PROC_RW("dirty_background_bytes", 0644, dirty_background_bytes_show,
		dirty_background_bytes_write),
	PROC_RW("dirty_background_ratio", 0644, dirty_background_ratio_show,
		dirty_background_ratio_write),
	PROC_RW("dirty_bytes", 0644, dirty_bytes_show, dirty_bytes_write),
	PROC_RW("dirty_expire_centisecs", 0644, dirty_expire_centisecs_show,
		dirty_expire_centisecs_write),
	PROC_RW("dirty_ratio", 0644, dirty_ratio_show, dirty_ratio_write),
	PROC_RW("dirty_writeback_centisecs", 0644,
		dirty_writeback_centisecs_show, dirty_writeback_centisecs_write),
	PROC_RW("drop_caches", 0200, drop_caches_show, drop_caches_write),
	PROC_RW("page-cluster", 0644, page_cluster_show, page_cluster_write),
	PROC_RW("rmap_audit", 0644, audit_show, audit_write),
	PROC_RW("swap_audit", 0644, swap_audit_show, swap_audit_write),
};

const struct proc_dir proc_sys_vm_dir = {
	proc_sys_vm_entries, ARRAY_SIZE(proc_sys_vm_entries), &proc_sys_dir,
	PROC_SYS_VM_INO, NULL
};

/* /proc/sys/debug: one file per fault_attr (kernel/fault_inject.h). */
#define FAULT_ATTR_FILE(attr)                                              \
	static void attr##_show(struct seq_buf *m, struct task_struct *t)  \
	{                                                                  \
		(void)t;                                                   \
		fault_attr_show(m, &attr);                                 \
	}                                                                  \
	static ssize_t attr##_write(struct task_struct *t, const char *buf,\
				    size_t n)                              \
	{                                                                  \
		(void)t;                                                   \
		return fault_attr_parse(&attr, buf, n) ?: (ssize_t)n;      \
	}

FAULT_ATTR_FILE(fail_page_alloc)
FAULT_ATTR_FILE(failslab)
FAULT_ATTR_FILE(fail_make_request)

static const struct proc_entry proc_sys_debug_entries[] = {
	PROC_RW("fail_page_alloc", 0644, fail_page_alloc_show, fail_page_alloc_write),
	PROC_RW("failslab", 0644, failslab_show, failslab_write),
	PROC_RW("fail_make_request", 0644, fail_make_request_show,
		fail_make_request_write),
};

const struct proc_dir proc_sys_debug_dir = {
	proc_sys_debug_entries, ARRAY_SIZE(proc_sys_debug_entries),
	&proc_sys_dir, PROC_SYS_DEBUG_INO, NULL
};

static void pid_max_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%d\n", pid_max);
}

/*
 * Linux's proc_dointvec: one decimal int, a sign allowed, with blanks (and
 * a newline) around it; 0 and *v, or -EINVAL.
 */
static int proc_dointvec(const char *buf, size_t n, int *v)
{
	bool neg = false;
	size_t i = 0;
	long long x = 0;

	while (i < n && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i < n && (buf[i] == '-' || buf[i] == '+'))
		neg = buf[i++] == '-';
	if (i == n || buf[i] < '0' || buf[i] > '9')
		return -EINVAL;
	for (; i < n && buf[i] >= '0' && buf[i] <= '9'; i++) {
		x = x * 10 + (buf[i] - '0');
		if (x > 0x7fffffffLL)
			return -EINVAL;
	}
	while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n'))
		i++;
	if (i != n)
		return -EINVAL;
	*v = (int)(neg ? -x : x);
	return 0;
}

/* proc_dointvec_minmax: in PID_MAX_MIN..PID_MAX, else -EINVAL.  The
 * allocator honours it from the next fork on. */
static ssize_t pid_max_write(struct task_struct *t, const char *buf,
			     size_t n)
{
	int v;

	(void)t;
	if (proc_dointvec(buf, n, &v) || v < PID_MAX_MIN || v > PID_MAX)
		return -EINVAL;
	pid_max = v;
	return (ssize_t)n;
}

/* Nothing ever taints Mapback. */
static void tainted_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_puts(m, "0\n");
}

static void ostype_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_puts(m, UTS_SYSNAME "\n");
}

static void osrelease_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_puts(m, UTS_RELEASE "\n");
}

static void version_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%s\n", uts_version);
}

static void printk_levels_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%d\t%d\t%d\t%d\n", console_loglevel,
		   MESSAGE_LOGLEVEL_DEFAULT, CONSOLE_LOGLEVEL_MIN,
		   CONSOLE_LOGLEVEL_DEFAULT);
}

/* /proc/sys/kernel: the core dump's name (fs/coredump.c). */
static void core_pattern_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%s\n", core_pattern);
}

/* Linux's proc_dostring: up to the first newline, at most 127 bytes. */
static ssize_t core_pattern_write(struct task_struct *t, const char *buf,
				  size_t n)
{
	size_t len = 0;

	(void)t;
	while (len < n && len < CORENAME_MAX_SIZE - 1 && buf[len] != '\n' &&
	       buf[len])
		len++;
	memcpy(core_pattern, buf, len);
	core_pattern[len] = '\0';
	return (ssize_t)n;
}

static void core_uses_pid_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%d\n", core_uses_pid);
}

static ssize_t core_uses_pid_write(struct task_struct *t, const char *buf,
				   size_t n)
{
	(void)t;
	return proc_dointvec(buf, n, &core_uses_pid) ? -EINVAL : (ssize_t)n;
}

/* The System V IPC limits are ipc/proc.c's. */
static const struct proc_entry proc_sys_kernel_entries[] = {
	PROC_RW("core_pattern", 0644, core_pattern_show, core_pattern_write),
	PROC_RW("core_uses_pid", 0644, core_uses_pid_show,
		core_uses_pid_write),
	PROC_RW("msgmax", 0644, msgmax_show, msgmax_write),
	PROC_RW("msgmnb", 0644, msgmnb_show, msgmnb_write),
	PROC_RW("msgmni", 0644, msgmni_show, msgmni_write),
	PROC_FILE("osrelease", 0444, osrelease_show),
	PROC_FILE("ostype", 0444, ostype_show),
	PROC_RW("pid_max", 0644, pid_max_show, pid_max_write),
	PROC_FILE("printk", 0444, printk_levels_show),
	PROC_FILE("sem", 0444, proc_sys_sem_show),
	PROC_RW("shmall", 0644, shmall_show, shmall_write),
	PROC_RW("shmmax", 0644, shmmax_show, shmmax_write),
	PROC_RW("shmmni", 0644, shmmni_show, shmmni_write),
	PROC_FILE("tainted", 0444, tainted_show),
	PROC_FILE("version", 0444, version_show),
};

const struct proc_dir proc_sys_kernel_dir = {
	proc_sys_kernel_entries, ARRAY_SIZE(proc_sys_kernel_entries),
	&proc_sys_dir, PROC_SYS_KERNEL_INO, NULL
};

static const struct proc_entry proc_sys_entries[] = {
	PROC_DIR("debug", &proc_sys_debug_dir),
	PROC_DIR("fs", &proc_sys_fs_dir),
	PROC_DIR("kernel", &proc_sys_kernel_dir),
	PROC_DIR("vm", &proc_sys_vm_dir),
};

const struct proc_dir proc_sys_dir = {
	proc_sys_entries, ARRAY_SIZE(proc_sys_entries), NULL, PROC_SYS_INO, NULL
};
