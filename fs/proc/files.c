/*
 * fs/proc/files.c - the files at the top of /proc, and its table.
 */
#include "fs/proc/procfs.h"
#include "fs/chrdev.h"
#include "fs/fs_struct.h"
#include "fs/mount.h"
#include "fs/namei.h"
#include "fs/super.h"
#include "kernel/block/blkdev.h"
#include "kernel/sched/idle.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/div64.h"
#include "kernel/multiboot.h"
#include "kernel/sched/sched.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/smp/percpu.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/version.h"
#include "mm/phys/slab.h"
#include "mm/rmap/pagetrace_events.h"

const struct proc_entry proc_root_entries[] = {
	PROC_DIR("bus", &proc_bus_dir),
	PROC_FILE("buddyinfo", 0444, proc_buddyinfo_show),
	PROC_FILE("cmdline", 0444, proc_cmdline_show),
	PROC_FILE("cpuinfo", 0444, proc_cpuinfo_show),
	PROC_FILE("devices", 0444, proc_devices_show),
	PROC_FILE("diskstats", 0444, proc_diskstats_show),
	PROC_FILE("filesystems", 0444, proc_filesystems_show),
	PROC_FILE("interrupts", 0444, proc_interrupts_show),
	PROC_FILE("loadavg", 0444, proc_loadavg_show),
	PROC_FILE("lockdep", 0400, proc_lockdep_show),
	PROC_FILE("locks", 0444, proc_locks_show),
	PROC_FILE("meminfo", 0444, proc_meminfo_show),
	PROC_FILE("mounts", 0444, proc_mounts_show),
	PROC_RW("pagetrace_events", 0644, proc_pagetrace_events_show,
		proc_pagetrace_events_write),
	PROC_FILE("partitions", 0444, proc_partitions_show),
	PROC_FILE("rmap", 0444, proc_rmap_show),
	PROC_LINK("self", proc_self_readlink),
	PROC_FILE("slabinfo", 0400, proc_slabinfo_show),
	PROC_FILE("stat", 0444, proc_stat_show),
	PROC_FILE("swaps", 0444, proc_swaps_show),
	PROC_DIR("sys", &proc_sys_dir),
	PROC_DIR("sysvipc", &proc_sysvipc_dir),
	PROC_LINK("thread-self", proc_thread_self_readlink),
	PROC_FILE("timer_list", 0444, proc_timer_list_show),
	PROC_FILE("uptime", 0444, proc_uptime_show),
	PROC_FILE("version", 0444, proc_version_show),
	PROC_FILE("vmstat", 0444, proc_vmstat_show),
	PROC_FILE("zoneinfo", 0444, proc_zoneinfo_show),
};

const struct proc_dir proc_root_dir = {
	proc_root_entries, ARRAY_SIZE(proc_root_entries), NULL, PROC_ROOT_INO,
	NULL
};

/* The page tracer's follow mode (mm/rmap/pagetrace_events.h). */
void proc_pagetrace_events_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	pagetrace_events_show(m);
}

/* "PID ADDR" starts following a page, "0" stops. */
ssize_t proc_pagetrace_events_write(struct task_struct *t, const char *buf,
				    size_t n)
{
	char text[32], *s, *end;
	unsigned long pid, addr = 0;
	int err;

	(void)t;
	if (n == 0 || n >= sizeof(text))
		return -EINVAL;
	memcpy(text, buf, n);
	text[n] = '\0';
	pid = simple_strtoul(text, &end, 10);
	if (end == text)
		return -EINVAL;
	if (pid) {
		s = end;
		while (*s == ' ')
			s++;
		addr = simple_strtoul(s, &end, 0);
		if (end == s)
			return -EINVAL;
	}
	if (*end && strcmp(end, "\n"))
		return -EINVAL;
	err = pagetrace_follow((int)pid, addr);
	return err ? err : (ssize_t)n;
}

/* text (n bytes) as a link's target into buf, cut to len. */
static int link_text(char *buf, int len, const char *text, int n)
{
	n = min(n, len);
	memcpy(buf, text, n);
	return n;
}

int proc_self_readlink(struct task_struct *t, char *buf, int len)
{
	char tmp[12];

	(void)t;
	if (!current)
		return -ENOENT;
	return link_text(buf, len, tmp,
			 snprintf(tmp, sizeof(tmp), "%d", current->tgid));
}

/* "PID/task/TID" of the calling thread, as Linux's. */
int proc_thread_self_readlink(struct task_struct *t, char *buf, int len)
{
	char tmp[28];

	(void)t;
	if (!current)
		return -ENOENT;
	return link_text(buf, len, tmp,
			 snprintf(tmp, sizeof(tmp), "%d/task/%d",
				  current->tgid, current->pid));
}

void proc_cmdline_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%s\n", boot_info.cmdline);
}

void proc_version_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_puts(m, mapback_banner);
}

/* "S.CC": seconds and hundredths of ticks (HZ is 100). */
static void print_ticks(struct seq_buf *m, u32 ticks)
{
	seq_printf(m, "%u.%02u", ticks / HZ, (ticks % HZ) * (100 / HZ));
}

void proc_uptime_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	print_ticks(m, jiffies);
	seq_putc(m, ' ');
	print_ticks(m, idle_ticks());
	seq_putc(m, '\n');
}

static void count_tasks(int *nr, int *last_pid)
{
	struct task_struct *p;
	u32 flags = tasklist_lock_irqsave();

	*nr = *last_pid = 0;
	list_for_each_entry(p, &task_list, tasks) {
		(*nr)++;
		if (p->pid > *last_pid)
			*last_pid = p->pid;
	}
	tasklist_unlock_irqrestore(flags);
}

/* No load average is computed yet: the three averages read 0.00. */
void proc_loadavg_show(struct seq_buf *m, struct task_struct *t)
{
	int nr, last;

	(void)t;
	count_tasks(&nr, &last);
	seq_printf(m, "0.00 0.00 0.00 %d/%d %d\n", nr_running(), nr, last);
}

/* The cpu line is the sum over every CPU present, as Linux's over its
 * possible ones; then a line per online CPU (kernel/sched/cputime.h). */
static void show_cpustat(struct seq_buf *m, const char *label,
			 const struct kernel_cpustat *k)
{
	int i;

	seq_puts(m, label);
	for (i = 0; i < NR_STATS; i++)
		seq_printf(m, " %u", k->cpustat[i]);
	seq_putc(m, '\n');
}

static void show_cpustats(struct seq_buf *m)
{
	struct kernel_cpustat sum = { { 0 } };
	char label[8];
	int cpu, i;

	for_each_cpu(cpu, cpu_present_map)
		for (i = 0; cpu_area(cpu) && i < NR_STATS; i++)
			sum.cpustat[i] += kcpustat_cpu(cpu)->cpustat[i];
	show_cpustat(m, "cpu ", &sum);
	for_each_online_cpu(cpu) {
		snprintf(label, sizeof(label), "cpu%d", cpu);
		show_cpustat(m, label, kcpustat_cpu(cpu));
	}
}

void proc_stat_show(struct seq_buf *m, struct task_struct *t)
{
	struct task_struct *p;
	u32 ctxt = 0, flags;
	int nr, last;

	(void)t;
	flags = tasklist_lock_irqsave();
	list_for_each_entry(p, &task_list, tasks)
		ctxt += p->nvcsw + p->nivcsw;
	tasklist_unlock_irqrestore(flags);
	count_tasks(&nr, &last);
	show_cpustats(m);
	seq_printf(m, "intr 0\nctxt %u\n", ctxt);
	seq_printf(m, "btime %u\n", get_seconds() - jiffies / HZ);
	seq_printf(m, "processes %d\nprocs_running %d\nprocs_blocked 0\n",
		   last, nr_running());
}

/* "rw" or "ro" and the other mount flags, as Linux spells them. */
static void mnt_opts(struct seq_buf *m, struct vfsmount *mnt)
{
	seq_printf(m, "%s%s%s%s", mnt_is_readonly(mnt) ? "ro" : "rw",
		   (mnt->mnt_flags & MS_NOSUID) ? ",nosuid" : "",
		   (mnt->mnt_flags & MS_NODEV) ? ",nodev" : "",
		   (mnt->mnt_flags & MS_NOEXEC) ? ",noexec" : "");
}

/* Is mnt the process's root mount or mounted under it?  Those beneath
 * another root (the initramfs's after root=, fs/do_mounts.c) are not
 * shown, as Linux's seq_path_root skips them. */
static bool mnt_visible(struct vfsmount *mnt)
{
	struct vfsmount *root = current_fs()->root.mnt;

	while (mnt != root) {
		if (mnt->mnt_parent == mnt)
			return false;
		mnt = mnt->mnt_parent;
	}
	return true;
}

/*
 * /proc/mounts (fstab's format) or, with info, /proc/self/mountinfo:
 * "id parent major:minor root mountpoint options - type source
 * super-options".  Every mount shows its file system's root, "/", as
 * there are no bind mounts of subtrees.
 */
static void show_mounts(struct seq_buf *m, bool info)
{
	struct vfsmount *mnt;
	char *buf = kmalloc(PATH_MAX, GFP_KERNEL);

	if (!buf)
		return;
	down(&namespace_sem);
	list_for_each_entry(mnt, &mount_list, mnt_list) {
		struct path where = { mnt, mnt->mnt_root };
		dev_t dev = mnt->mnt_sb->s_dev;

		if (!mnt_visible(mnt) || d_path(&where, buf, PATH_MAX) < 0)
			continue;	/* outside this process's root */
		if (info) {
			seq_printf(m, "%d %d %u:%u / %s ", mnt->mnt_id,
				   mnt->mnt_parent->mnt_id, MAJOR(dev),
				   MINOR(dev), buf);
			mnt_opts(m, mnt);
			seq_printf(m, " - %s %s rw\n",
				   mnt->mnt_sb->s_type->name, mnt->mnt_devname);
		} else {
			seq_printf(m, "%s %s %s ", mnt->mnt_devname, buf,
				   mnt->mnt_sb->s_type->name);
			mnt_opts(m, mnt);
			seq_printf(m, " 0 0\n");
		}
	}
	up(&namespace_sem);
	kfree(buf);
}

void proc_mounts_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	show_mounts(m, false);
}

void proc_mountinfo_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	show_mounts(m, true);
}

static void one_fs(struct file_system_type *type, void *arg)
{
	seq_printf(arg, "%s\t%s\n", type->nodev ? "nodev" : "", type->name);
}

void proc_filesystems_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	for_each_filesystem(one_fs, m);
}

/* One line of either section: "%3u name", as Linux prints them. */
static void one_major(unsigned int major, const char *name, void *arg)
{
	seq_printf(arg, "%3u %s\n", major, name);
}

void proc_devices_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_puts(m, "Character devices:\n");
	for_each_chrdev(one_major, m);
	seq_puts(m, "\nBlock devices:\n");
	for_each_blkdev_major(one_major, m);
}

/* Every disk and partition, sizes in 1 KiB blocks, as Linux prints them. */
/*
 * Linux 2.6's /proc/diskstats: for a disk, reads completed, reads merged,
 * sectors read, ms reading, the same four for writes, requests in flight,
 * ms busy, weighted ms; for a partition (2.6.0's short form) reads issued,
 * sectors read, writes issued, sectors written.
 */
void proc_diskstats_show(struct seq_buf *m, struct task_struct *t)
{
	struct block_device *b;
	const struct disk_stats *st;

	(void)t;
	for_each_blkdev(b) {
		st = &b->dkstats;
		if (b->bd_contains != b) {
			seq_printf(m, "%4u %7u %s %lu %lu %lu %lu\n", b->major,
				   b->minor, b->name, st->ios[READ],
				   st->sectors[READ], st->ios[WRITE],
				   st->sectors[WRITE]);
			continue;
		}
		seq_printf(m, "%4u %7u %s %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu\n",
			   b->major, b->minor, b->name, st->ios[READ],
			   st->merges[READ], st->sectors[READ],
			   st->ticks[READ] * (1000 / HZ), st->ios[WRITE],
			   st->merges[WRITE], st->sectors[WRITE],
			   st->ticks[WRITE] * (1000 / HZ), st->in_flight,
			   st->io_ticks * (1000 / HZ),
			   st->time_in_queue * (1000 / HZ));
	}
}

void proc_partitions_show(struct seq_buf *m, struct task_struct *t)
{
	struct block_device *b;

	(void)t;
	seq_puts(m, "major minor  #blocks  name\n\n");
	for_each_blkdev(b)
		seq_printf(m, "%4u  %7u %10llu %s\n", b->major, b->minor,
			   b->nr_sectors >> 1, b->name);
}
