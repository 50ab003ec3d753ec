/*
 * fs/proc/procfs_test.c - ktests for /proc and /dev as mounted at boot.
 */
#include "fs/vfs.h"
#include "fs/proc/procfs.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/rmap.h"
#include "mm/vmstat.h"

/* The whole text of name into a kmalloc'd NUL-terminated buffer. */
static char *slurp(const char *name, int *len)
{
	char *buf = kmalloc(8192, GFP_KERNEL);
	struct file *f;
	int n;

	*len = -1;
	if (!buf)
		return NULL;
	if (vfs_open(NULL, name, O_RDONLY, 0, &f)) {
		kfree(buf);
		return NULL;
	}
	n = kernel_read(f, 0, buf, 8191);
	fput(f);
	buf[n > 0 ? n : 0] = '\0';
	*len = n;
	return buf;
}

static bool has_line_prefix(const char *text, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, prefix, n))
			return true;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return false;
}

KTEST(procfs_meminfo_and_friends_in_linux_format)
{
	char want[64];
	char *t;
	int len;

	t = slurp("/proc/meminfo", &len);
	KASSERT_TRUE(t != NULL);
	snprintf(want, sizeof(want), "MemTotal:       %8u kB\n",
		 totalram_pages * 4);
	KEXPECT_TRUE(!strncmp(t, want, strlen(want)));
	KEXPECT_TRUE(has_line_prefix(t, "MemFree:"));
	KEXPECT_TRUE(has_line_prefix(t, "SwapTotal:"));
	kfree(t);
	t = slurp("/proc/vmstat", &len);
	KASSERT_TRUE(t != NULL);
	KEXPECT_TRUE(has_line_prefix(t, "nr_free_pages "));
	KEXPECT_TRUE(has_line_prefix(t, "pgfault "));
	kfree(t);
	/* /proc/rmap names the modes this boot runs in, and its counters. */
	t = slurp("/proc/rmap", &len);
	KASSERT_TRUE(t != NULL);
	snprintf(want, sizeof(want), "mode %s\ni_mmap %s\n", rmap_mode_name(),
		 i_mmap_mode_name());
	KEXPECT_TRUE(!strncmp(t, want, strlen(want)));
	KEXPECT_TRUE(has_line_prefix(t, "anon_vmas "));
	KEXPECT_TRUE(has_line_prefix(t, "walk_ticks "));
	kfree(t);
	t = slurp("/proc/mounts", &len);
	KASSERT_TRUE(t != NULL);
	KEXPECT_TRUE(has_line_prefix(t, "rootfs / ramfs rw 0 0"));
	KEXPECT_TRUE(has_line_prefix(t, "devtmpfs /dev devtmpfs rw 0 0"));
	KEXPECT_TRUE(has_line_prefix(t, "proc /proc proc rw 0 0"));
	kfree(t);
	t = slurp("/proc/filesystems", &len);
	KASSERT_TRUE(t != NULL);
	KEXPECT_TRUE(has_line_prefix(t, "nodev\tramfs"));
	KEXPECT_TRUE(has_line_prefix(t, "nodev\tproc"));
	kfree(t);
	t = slurp("/proc/slabinfo", &len);
	KASSERT_TRUE(t != NULL);
	KEXPECT_TRUE(has_line_prefix(t, "slabinfo - version: 2.1"));
	KEXPECT_TRUE(has_line_prefix(t, "inode_cache "));
	kfree(t);
	/* Not writable: Linux gives EIO... for files without write, EBADF
	 * when not opened for writing. */
	{
		struct file *f;

		KEXPECT_EQ(vfs_open(NULL, "/proc/meminfo", O_WRONLY, 0, &f), 0);
		KEXPECT_EQ(vfs_write(f, "x", 1, &f->f_pos), -EIO);
		fput(f);
	}
}

/* The shell's `echo 1 > /proc/sys/vm/rmap_audit` opens with O_TRUNC. */
KTEST(procfs_sys_file_opens_with_o_trunc)
{
	struct file *f;

	KASSERT_EQ(vfs_open(NULL, "/proc/sys/vm/rmap_audit",
			    O_WRONLY | O_TRUNC, 0, &f), 0);
	KEXPECT_EQ(vfs_write(f, "1\n", 2, &f->f_pos), 2);
	fput(f);
}

KTEST(procfs_pid_dirs_and_self)
{
	char name[32], buf[16];
	struct kstat st;
	char *t;
	int len;

	KASSERT_TRUE(current != NULL);
	snprintf(name, sizeof(name), "/proc/%d/stat", current->pid);
	t = slurp(name, &len);
	KASSERT_TRUE(t != NULL);
	snprintf(buf, sizeof(buf), "%d (", current->pid);
	KEXPECT_TRUE(!strncmp(t, buf, strlen(buf)));
	snprintf(name, sizeof(name), "(%s) R ", current->comm);
	KEXPECT_TRUE(strstr(t, name));
	kfree(t);
	snprintf(name, sizeof(name), "/proc/%d/status", current->pid);	/* again */
	t = slurp(name, &len);
	KASSERT_TRUE(t != NULL);
	KEXPECT_TRUE(has_line_prefix(t, "Name:\t"));
	KEXPECT_TRUE(has_line_prefix(t, "State:\tR (running)"));
	kfree(t);
	len = vfs_readlink(NULL, "/proc/self", buf, sizeof(buf));
	KEXPECT_GT(len, 0);
	KEXPECT_EQ(vfs_stat(NULL, "/proc/self/status", LOOKUP_FOLLOW, &st), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/proc/99999/stat", 0, &st), -ENOENT);
	KEXPECT_EQ(vfs_stat(NULL, "/proc/sys/vm/rmap_audit", 0, &st), 0);
	KEXPECT_EQ(st.mode, S_IFREG | 0644);
	KEXPECT_EQ(vfs_stat(NULL, "/proc/sys/vm/..", 0, &st), 0);
	KEXPECT_EQ(st.ino, 100);	/* /proc/sys */
}

/* The numbers fs/proc/procfs.h gives /proc/PID/task and a thread's directory,
 * and the way back up from one. */
KTEST(procfs_task_dir_numbers)
{
	char path[48];
	struct kstat st;
	int pid;

	KASSERT_TRUE(current != NULL);
	pid = current->pid;
	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	KEXPECT_EQ(vfs_stat(NULL, path, 0, &st), 0);
	KEXPECT_EQ(st.ino, PROC_PID_INO(pid) + PROC_TASK_INO);
	snprintf(path, sizeof(path), "/proc/%d/task/%d", pid, pid);
	KEXPECT_EQ(vfs_stat(NULL, path, 0, &st), 0);
	KEXPECT_EQ(st.ino, PROC_PID_INO(pid) + PROC_TID_INO);
	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", pid, pid);
	KEXPECT_EQ(vfs_stat(NULL, path, 0, &st), 0);
	KEXPECT_GT(st.ino, PROC_PID_INO(pid) + PROC_TID_INO);
	KEXPECT_LT(st.ino, PROC_PID_INO(pid) + PROC_FD_DIR_INO);
	snprintf(path, sizeof(path), "/proc/%d/task/%d/..", pid, pid);
	KEXPECT_EQ(vfs_stat(NULL, path, 0, &st), 0);
	KEXPECT_EQ(st.ino, PROC_PID_INO(pid) + PROC_TASK_INO);
	snprintf(path, sizeof(path), "/proc/%d/task/99999", pid);
	KEXPECT_EQ(vfs_stat(NULL, path, 0, &st), -ENOENT);
}

/* Every table of /proc outside /proc/PID, walked from /proc's. */
static int dir_blocks_crossed(const struct proc_dir *d)
{
	unsigned int i;
	int bad = (d->ino + d->nr) / PROC_DIR_BLOCK != d->ino / PROC_DIR_BLOCK;

	for (i = 0; i < d->nr; i++)
		if (d->entries[i].dir)
			bad += dir_blocks_crossed(d->entries[i].dir);
	return bad;
}

/* A table's numbers run from its directory's on: they must stay in the
 * directory's block (fs/proc/procfs.h), or two files would share one. */
KTEST(procfs_dir_tables_fit_their_blocks)
{
	KEXPECT_EQ(dir_blocks_crossed(&proc_root_dir), 0);
	KEXPECT_LT(PROC_SYSVIPC_INO + PROC_DIR_BLOCK, PROC_PID_INO(0));
}

struct seen {
	struct dir_context ctx;
	int pid;
	bool meminfo, self_pid, dot;
};

static bool note(struct dir_context *ctx, const char *name, int len, u64 ino,
		 unsigned int d_type)
{
	struct seen *s = container_of(ctx, struct seen, ctx);
	char pid[12];

	snprintf(pid, sizeof(pid), "%d", s->pid);
	if (len == 7 && !memcmp(name, "meminfo", 7) && d_type == DT_REG)
		s->meminfo = true;
	if (len == (int)strlen(pid) && !memcmp(name, pid, len) &&
	    d_type == DT_DIR && ino == PROC_PID_INO(s->pid))
		s->self_pid = true;
	if (len == 1 && name[0] == '.')
		s->dot = true;
	return true;
}

KTEST(procfs_readdir_lists_files_and_processes)
{
	struct seen s = { { note, 0 }, 0, false, false, false };
	struct file *f;

	KASSERT_TRUE(current != NULL);
	s.pid = current->pid;
	KASSERT_EQ(vfs_open(NULL, "/proc", O_RDONLY | O_DIRECTORY, 0, &f), 0);
	KEXPECT_EQ(vfs_readdir(f, &s.ctx), 0);
	fput(f);
	KEXPECT_TRUE(s.dot);
	KEXPECT_TRUE(s.meminfo);
	KEXPECT_TRUE(s.self_pid);
}

KTEST(dev_nodes_null_zero_full)
{
	struct file *f;
	char buf[8] = "xxxxxxx";
	struct kstat st;

	KEXPECT_EQ(vfs_stat(NULL, "/dev/console", 0, &st), 0);
	KEXPECT_EQ(st.rdev, new_encode_dev(MKDEV(5, 1)));
	KEXPECT_EQ(vfs_stat(NULL, "/dev/ttyS0", 0, &st), 0);
	KEXPECT_EQ(st.rdev, new_encode_dev(MKDEV(4, 64)));
	KEXPECT_EQ(st.rdev, 0x440);	/* what Linux's stat shows */
	KASSERT_EQ(vfs_open(NULL, "/dev/null", O_RDWR, 0, &f), 0);
	KEXPECT_EQ(vfs_read(f, buf, sizeof(buf), &f->f_pos), 0);
	KEXPECT_EQ(vfs_write(f, buf, 5, &f->f_pos), 5);
	fput(f);
	KASSERT_EQ(vfs_open(NULL, "/dev/zero", O_RDONLY, 0, &f), 0);
	KEXPECT_EQ(vfs_read(f, buf, sizeof(buf), &f->f_pos), sizeof(buf));
	KEXPECT_EQ(buf[0] | buf[7], 0);
	fput(f);
	KASSERT_EQ(vfs_open(NULL, "/dev/full", O_WRONLY, 0, &f), 0);
	KEXPECT_EQ(vfs_write(f, buf, 1, &f->f_pos), -ENOSPC);
	fput(f);
	KEXPECT_EQ(vfs_open(NULL, "/dev/tty", O_RDWR, 0, &f), -ENXIO);
}
