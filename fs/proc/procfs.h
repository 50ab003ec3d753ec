/*
 * fs/proc/procfs.h - /proc: kernel state as text files, in Linux's formats.
 *
 * Every directory is a table of proc_entry lines; adding a file is adding
 * one line to a table (fs/proc/root.c for /proc, fs/proc/base.c for
 * /proc/PID, fs/proc/proc_sysctl.c for /proc/sys/vm, kernel and debug, fs/proc/bus.c
 * for /proc/bus/pci).  The exceptions are /proc/PID/fd and
 * /proc/PID/fdinfo (fs/proc/fd.c): one entry per open descriptor, each made
 * from the directory's per_fd line; and /proc/PID/task, one directory per
 * thread.  A file's text is produced
 * by its show function when the file is opened and kept until it is
 * closed, so one open reads one consistent snapshot; a binary file
 * (pagemap) has a read function instead, called at each read.  Writes go
 * to the entry's write function.
 *
 * What only the memory manager knows comes from its own functions: fs/proc/task_mmu.h
 * (maps, statm, the Vm lines), mm/rmap/rmap.h (the audit, the rmap
 * counters, page_mapcount for smaps and pagemap), mm/reclaim/swap.h
 * (/proc/swaps), mm/reclaim/vmscan.h (reclaim events).
 */
#ifndef FS_PROC_PROCFS_H
#define FS_PROC_PROCFS_H

#include "fs/fdtable.h"
#include "kernel/lib/seq_buf.h"
#include "fs/stat.h"
#include "fs/mount.h"

struct task_struct;
struct proc_dir;
struct file;

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
	/* The per_fd lines of fd and fdinfo: as show and readlink, for the
	 * task's descriptor fd; show_fd is -ENOENT when fd is not open. */
	int (*show_fd)(struct seq_buf *m, struct task_struct *task, int fd);
	int (*readlink_fd)(struct task_struct *task, int fd, char *buf,
			   int len);
	/* A link that stands for an open file, not for a name (Linux's
	 * "magic" links): a walk goes on from the file itself, *res
	 * (referenced), whatever readlink says: a pipe opens as that pipe,
	 * an unlinked file as that file. */
	int (*follow_fd)(struct task_struct *task, int fd, struct path *res);
	/* Binary files read in place, not through a text made at open
	 * (pagemap): n bytes at *pos into the kernel buffer buf, advancing
	 * *pos; the count or -errno.  task as for show. */
	ssize_t (*read)(struct task_struct *task, char *buf, size_t n,
			loff_t *pos);
};

/* One table line each. */
#define PROC_FILE(n, m, s) { .name = (n), .mode = S_IFREG | (m), .show = (s) }
#define PROC_RW(n, m, s, w) \
	{ .name = (n), .mode = S_IFREG | (m), .show = (s), .write = (w) }
#define PROC_READ(n, m, r) { .name = (n), .mode = S_IFREG | (m), .read = (r) }
#define PROC_DIR(n, d) { .name = (n), .mode = S_IFDIR | 0555, .dir = (d) }
#define PROC_LINK(n, fn) \
	{ .name = (n), .mode = S_IFLNK | 0777, .readlink = (fn) }
/* A directory with its own mode (fd is 0500 on Linux). */
#define PROC_DIR_MODE(n, m, d) { .name = (n), .mode = S_IFDIR | (m), .dir = (d) }

struct proc_dir {
	const struct proc_entry *entries;
	unsigned int nr;
	const struct proc_dir *parent;	/* NULL: /proc itself */
	/* Inode number of the directory; below /proc/PID, its offset in
	 * the process's block of numbers (PROC_PID_INO(pid) + ino). */
	unsigned long ino;
	/* Non-NULL: no table; one entry per open descriptor of the task,
	 * named by its number, made from this line (fs/proc/fd.c). */
	const struct proc_entry *per_fd;
};

/*
 * Inode numbers.  A table line's number is its directory's plus its index
 * plus 1, so each directory outside /proc/PID starts a block of
 * PROC_DIR_BLOCK numbers that its table must fit in.
 */
enum {
	PROC_ROOT_INO = 1,
	PROC_SYS_INO = 100,
	PROC_SYS_VM_INO = 200,
	PROC_SYS_DEBUG_INO = 300,
	PROC_BUS_INO = 400,
	PROC_BUS_PCI_INO = 500,
	PROC_SYS_FS_INO = 600,
	PROC_SYS_KERNEL_INO = 700,
	PROC_SYSVIPC_INO = 800,
	PROC_DIR_BLOCK = 100,
};

/*
 * /proc/PID/task has no table either: one proc_tid_dir per thread of the
 * group, named by its TID (fs/proc/root.c knows it by its address).
 * Each process has a block of PROC_PID_BLOCK numbers from PROC_PID_INO(pid),
 * above every directory's block: /proc/PID is its first, its table the
 * ones up to PROC_TASK_INO (task itself); /proc/PID/task/TID is
 * PROC_TID_INO of TID's block, with its table after it up to
 * PROC_FD_DIR_INO, so a thread's directory differs from /proc/TID; fd and
 * fdinfo are the last two.
 */
enum {
	PROC_TASK_INO = 40,
	PROC_TID_INO = 41,
	PROC_FD_DIR_INO = 62,
	PROC_FDINFO_DIR_INO = 63,
	PROC_PID_BLOCK = 64,
};
#define PROC_PID_INO_BASE 0x10000UL
#define PROC_PID_INO(pid) \
	(PROC_PID_INO_BASE + (unsigned long)(pid) * PROC_PID_BLOCK)
/* /proc/PID/fd/N and fdinfo/N: the directory's number times
 * PROC_FD_SPAN, plus N; above every PROC_PID_INO, as PID_MAX *
 * PROC_PID_BLOCK is below PROC_PID_INO_BASE * PROC_FD_SPAN.  A process
 * whose RLIMIT_NOFILE was raised past the span shares numbers with the
 * next directory's descriptors from there on: 32 bits hold no more. */
#define PROC_FD_SPAN 1024
#define PROC_FD_INO(dir_ino, fd) \
	((unsigned long)(dir_ino) * PROC_FD_SPAN + (fd))

extern const struct proc_dir proc_root_dir, proc_pid_dir, proc_sys_dir,
	proc_sys_vm_dir, proc_sys_debug_dir, proc_sys_fs_dir, proc_bus_dir,
	proc_bus_pci_dir, proc_fd_dir, proc_fdinfo_dir, proc_task_dir, proc_tid_dir,
	proc_sys_kernel_dir;
/* ipc/proc.c: /proc/sysvipc. */
extern const struct proc_dir proc_sysvipc_dir;

void proc_init(void);

/* Show functions of /proc (fs/proc/files.c, fs/proc/meminfo.c). */
void proc_meminfo_show(struct seq_buf *m, struct task_struct *t);
void proc_vmstat_show(struct seq_buf *m, struct task_struct *t);
/* fs/proc/zoneinfo.c */
void proc_zoneinfo_show(struct seq_buf *m, struct task_struct *t);
void proc_buddyinfo_show(struct seq_buf *m, struct task_struct *t);
void proc_slabinfo_show(struct seq_buf *m, struct task_struct *t);
void proc_cpuinfo_show(struct seq_buf *m, struct task_struct *t);
void proc_uptime_show(struct seq_buf *m, struct task_struct *t);
void proc_timer_list_show(struct seq_buf *m, struct task_struct *t);
void proc_loadavg_show(struct seq_buf *m, struct task_struct *t);
/* fs/proc/interrupts.c */
void proc_interrupts_show(struct seq_buf *m, struct task_struct *t);
/* compat/locks.c */
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
int proc_thread_self_readlink(struct task_struct *t, char *buf, int len);

/* fs/proc/smaps.c and fs/proc/pagemap.c: /proc/PID/smaps, smaps_rollup
 * and pagemap (Linux's fs/proc/task_mmu.c). */
void proc_pid_smaps_show(struct seq_buf *m, struct task_struct *t);
void proc_pid_smaps_rollup_show(struct seq_buf *m, struct task_struct *t);
ssize_t proc_pid_pagemap_read(struct task_struct *t, char *buf, size_t n,
			      loff_t *pos);

/* fs/proc/fd.c: the task's open file at fd, referenced (fput it), or NULL. */
struct file *proc_task_file(struct task_struct *t, int fd);
/* Its lowest open descriptor >= from, or -1. */
int proc_next_fd(struct task_struct *t, int from);
/* What /proc/PID/fd/N and exe say an open file is, into buf (no NUL):
 * its path or "pipe:[ino]"; the length or -errno.  Caller holds
 * namespace_sem (d_path). */
int proc_file_link(struct file *file, char *buf, int len);

#endif
