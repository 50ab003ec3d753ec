/*
 * fs/proc/fd.c - /proc/PID/fd and /proc/PID/fdinfo: one entry per open
 * descriptor, as Linux has them.
 *
 * fd/N is a symlink whose target names the open file: its path,
 * "pipe:[ino]" for an anonymous pipe, or "anon_inode:[eventfd]" and the
 * like for an anonymous file (fs/anon_inodes.h).  Following it does not walk that
 * name: it reaches the open file's own (mount, inode) (follow_link), so
 * opening /proc/PID/fd/N (or /dev/fd/N, a link to /proc/self/fd made by
 * user space) is a fresh open of the same object.  That is what bash's
 * process substitution relies on: `diff <(a) <(b)` hands diff the names
 * /dev/fd/63 and /dev/fd/62 of pipes it holds open.  fdinfo/N shows the
 * file's position, its O_* flags in octal (with O_CLOEXEC when the
 * descriptor has it), its mount id and its inode number, in Linux's
 * format.
 */
#include "fs/proc/procfs.h"
#include "fs/fcntl.h"
#include "fs/fdtable.h"
#include "fs/namei.h"
#include "fs/pipe.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/phys/slab.h"

struct file *proc_task_file(struct task_struct *t, int fd)
{
	return t->files ? fget(t->files, fd) : NULL;
}

int proc_next_fd(struct task_struct *t, int from)
{
	struct files_struct *files = t->files;
	unsigned int fd;

	if (!files || from < 0)
		return -1;
	for (fd = from; fd < files->max_fds; fd++)
		if (files->fd[fd])
			return fd;
	return -1;
}

int proc_file_link(struct file *file, char *buf, int len)
{
	char *name = kmalloc(PATH_MAX, GFP_KERNEL);
	int n;

	if (!name)
		return -ENOMEM;
	if (is_pipefs_inode(file->f_inode))
		n = snprintf(name, PATH_MAX, "pipe:[%lu]",
			     file->f_inode->i_ino) + 1;
	else if (file->f_anon_name)
		n = snprintf(name, PATH_MAX, "anon_inode:%s",
			     file->f_anon_name) + 1;
	else
		n = d_path(&file->f_path, name, PATH_MAX);
	if (n > 0) {
		n = min(n - 1, len);	/* both count the NUL */
		memcpy(buf, name, n);
	}
	kfree(name);
	return n;
}

static int fd_readlink(struct task_struct *t, int fd, char *buf, int len)
{
	struct file *file = proc_task_file(t, fd);
	int n;

	if (!file)
		return -ENOENT;
	n = proc_file_link(file, buf, len);
	fput(file);
	return n;
}

static int fd_follow(struct task_struct *t, int fd, struct path *res)
{
	struct file *file = proc_task_file(t, fd);

	if (!file)
		return -ENOENT;
	*res = file->f_path;
	path_get(res);
	fput(file);
	return 0;
}

static int fdinfo_show(struct seq_buf *m, struct task_struct *t, int fd)
{
	struct file *file = proc_task_file(t, fd);
	unsigned int flags;

	if (!file)
		return -ENOENT;
	flags = file->f_flags;
	if (t->files->close_on_exec[fd])
		flags |= O_CLOEXEC;
	seq_printf(m, "pos:\t%lld\nflags:\t0%o\nmnt_id:\t%d\nino:\t%lu\n",
		   file->f_pos, flags, file->f_path.mnt->mnt_id,
		   file->f_inode->i_ino);
	fput(file);
	return 0;
}

/* The per_fd lines: lookup gives the link the mode the file is open with. */
static const struct proc_entry fd_entry = {
	.name = "fd", .mode = S_IFLNK | 0700,
	.readlink_fd = fd_readlink, .follow_fd = fd_follow,
};

static const struct proc_entry fdinfo_entry = {
	.name = "fdinfo", .mode = S_IFREG | 0444, .show_fd = fdinfo_show,
};

/* Their numbers: the last two of the process's block (PROC_PID_INO). */
const struct proc_dir proc_fd_dir = {
	NULL, 0, &proc_pid_dir, PROC_FD_DIR_INO, &fd_entry
};

const struct proc_dir proc_fdinfo_dir = {
	NULL, 0, &proc_pid_dir, PROC_FDINFO_DIR_INO, &fdinfo_entry
};
