/*
 * fs/procfs.h - /proc: kernel state as text files, in Linux's formats.
 *
 * Every directory is a table of proc_entry lines; adding a file is adding
 * one line to a table (fs/proc_root.c for /proc, fs/proc_pid.c for
 * /proc/PID, fs/proc_sys.c for /proc/sys/vm and /proc/sys/debug, fs/proc_bus.c
 * for /proc/bus/pci).  A file's text is produced
 * by its show function when the file is opened and kept until it is
 * closed, so one open reads one consistent snapshot.  Writes go to the
 * entry's write function.
 *
 * What only the memory manager knows comes from its own functions: fs/proc_mm.h
 * (maps, statm, the Vm lines), mm/rmap/rmap.h (the audit and the rmap
 * counters), mm/reclaim/swap.h (/proc/swaps), mm/reclaim/vmscan.h (reclaim
 * events).
 */
#ifndef FS_PROCFS_H
#define FS_PROCFS_H

#include "fs/seq_buf.h"
#include "fs/stat.h"

struct task_struct;
struct proc_dir;

struct proc_entry {
	const char *name;
	umode_t mode;	/* S_IFREG, S_IFDIR or S_IFLNK and permissions */
	/* Regular files: the text.  task is the /proc/PID task or NULL. */
	void (*show)(struct seq_buf *m, struct task_struct *task);
	/* Writable files: the bytes written (task as for show).  Returns n
	 * or -errno. */
	ssize_t (*write)(struct task_struct *task, const char *buf, size_t n);
	/* Directories. */
	const struct proc_dir *dir;
	/* Symlinks: the target into buf; its length or -errno. */
	int (*readlink)(struct task_struct *task, char *buf, int len);
};

/* One table line each. */
#define PROC_FILE(n, m, s) { .name = (n), .mode = S_IFREG | (m), .show = (s) }
#define PROC_RW(n, m, s, w) \
	{ .name = (n), .mode = S_IFREG | (m), .show = (s), .write = (w) }
#define PROC_DIR(n, d) { .name = (n), .mode = S_IFDIR | 0555, .dir = (d) }
#define PROC_LINK(n, fn) \
	{ .name = (n), .mode = S_IFLNK | 0777, .readlink = (fn) }

struct proc_dir {
	const struct proc_entry *entries;
	unsigned int nr;
	const struct proc_dir *parent;	/* NULL: /proc itself */
	unsigned long ino;	/* inode number of the directory */
};

#define PROC_ROOT_INO 1
#define PROC_PID_INO(pid) (0x10000UL + (unsigned long)(pid) * 64)

extern const struct proc_dir proc_root_dir, proc_pid_dir, proc_sys_dir,
	proc_sys_vm_dir, proc_sys_debug_dir, proc_bus_dir, proc_bus_pci_dir;

void proc_init(void);

/* Show functions of /proc (fs/proc_files.c, fs/proc_mem.c). */
void proc_meminfo_show(struct seq_buf *m, struct task_struct *t);
void proc_vmstat_show(struct seq_buf *m, struct task_struct *t);
void proc_slabinfo_show(struct seq_buf *m, struct task_struct *t);
void proc_cpuinfo_show(struct seq_buf *m, struct task_struct *t);
void proc_uptime_show(struct seq_buf *m, struct task_struct *t);
void proc_loadavg_show(struct seq_buf *m, struct task_struct *t);
/* fs/locks.c */
void proc_locks_show(struct seq_buf *m, struct task_struct *t);
void proc_stat_show(struct seq_buf *m, struct task_struct *t);
void proc_mounts_show(struct seq_buf *m, struct task_struct *t);
void proc_mountinfo_show(struct seq_buf *m, struct task_struct *t);
void proc_filesystems_show(struct seq_buf *m, struct task_struct *t);
void proc_cmdline_show(struct seq_buf *m, struct task_struct *t);
void proc_devices_show(struct seq_buf *m, struct task_struct *t);
void proc_partitions_show(struct seq_buf *m, struct task_struct *t);
void proc_diskstats_show(struct seq_buf *m, struct task_struct *t);
void proc_version_show(struct seq_buf *m, struct task_struct *t);
void proc_swaps_show(struct seq_buf *m, struct task_struct *t);
void proc_rmap_show(struct seq_buf *m, struct task_struct *t);
void proc_pagetrace_events_show(struct seq_buf *m, struct task_struct *t);
ssize_t proc_pagetrace_events_write(struct task_struct *t, const char *buf,
				    size_t n);
int proc_self_readlink(struct task_struct *t, char *buf, int len);

#endif
