/*
 * fs/proc/root.c - the proc file system: inodes made on lookup from the
 * entry tables, directories, and the open/read/write of text files.
 *
 * Inodes are transient: each lookup makes a new one, and the last iput
 * destroys it.  Inode numbers are fixed by position (dir->ino + index + 1,
 * PROC_PID_INO(pid) + index + 1), so stat() and getcwd() see stable
 * numbers.  /proc/PID inodes remember the pid, not the task: the task is
 * looked up again each time it is needed, and a vanished one is -ENOENT.
 * Entries of /proc/PID/fd and fdinfo remember the descriptor number the
 * same way: a descriptor closed since is -ENOENT.
 */
#include "fs/proc/procfs.h"
#include "fs/file.h"
#include "fs/super.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/panic.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/phys/page.h"
#include "mm/phys/slab.h"
#include "mm/vm/mm_struct.h"

#define PROC_TEXT_MAX (256 * 1024)	/* largest text a /proc file makes */

struct proc_node {
	const struct proc_entry *entry;	/* NULL for a directory */
	const struct proc_dir *dir;	/* the directory itself, or NULL */
	int pid;	/* /proc/PID and below; 0 elsewhere */
	int fd;		/* an entry of fd or fdinfo; -1 elsewhere */
};

struct proc_text {
	char *buf;
	size_t len;
};

static struct super_block *proc_sb;
static const struct inode_operations proc_dir_iops, proc_link_iops,
	proc_fd_link_iops;
static const struct file_operations proc_dir_fops, proc_file_fops;

static struct proc_node *node_of(struct inode *inode)
{
	return inode->i_private;
}

/*
 * /proc/PID and what is below it belong to the task's effective ids, as
 * Linux's task_dump_owner; a kernel thread's, and below /proc/PID those of
 * a task without memory (a zombie) or one not dumpable (it changed its
 * ids, ran a set-ID program, or said so with prctl), are root's.
 */
static void task_dump_owner(struct inode *inode, int pid)
{
	struct task_struct *t = find_task_by_pid(pid);

	if (!t || (t->flags & PF_KTHREAD))
		return;
	if (inode->i_mode != (S_IFDIR | 0555) &&
	    (!t->mm || get_dumpable(t->mm) != SUID_DUMP_USER))
		return;
	inode->i_uid = t->cred.euid;
	inode->i_gid = t->cred.egid;
}

static struct inode *proc_make_inode(unsigned long ino, umode_t mode,
				     const struct proc_entry *entry,
				     const struct proc_dir *dir, int pid,
				     int fd)
{
	struct inode *inode = new_inode(proc_sb, mode);
	struct proc_node *node;

	if (!inode)
		return NULL;
	node = kmalloc(sizeof(*node), GFP_KERNEL);
	if (!node) {
		iput(inode);
		return NULL;
	}
	node->entry = entry;
	node->dir = dir;
	node->pid = pid;
	node->fd = fd;
	inode->i_private = node;
	inode->i_ino = ino;
	if (pid)
		task_dump_owner(inode, pid);
	if (S_ISDIR(mode)) {
		inode->i_op = &proc_dir_iops;
		inode->i_fop = &proc_dir_fops;
		inode->i_nlink = 2;
	} else if (S_ISLNK(mode)) {
		inode->i_op = entry->follow_fd ? &proc_fd_link_iops
					       : &proc_link_iops;
	} else {
		inode->i_fop = &proc_file_fops;
	}
	return inode;
}

static unsigned long dir_ino(const struct proc_dir *dir, int pid)
{
	if (dir == &proc_pid_dir)
		return PROC_PID_INO(pid);
	return pid ? PROC_PID_INO(pid) + dir->ino : dir->ino;
}

static struct inode *dir_inode(const struct proc_dir *dir, umode_t mode,
			       int pid)
{
	return proc_make_inode(dir_ino(dir, pid), mode, NULL, dir, pid, -1);
}

static unsigned long entry_ino(const struct proc_dir *dir, int pid,
			       unsigned int i)
{
	return dir_ino(dir, pid) + i + 1;
}

/* The pid a directory's parent belongs to: a thread's directory
 * (/proc/PID/task/TID, made with TID) is in its group's task directory. */
static int parent_pid(const struct proc_dir *dir, int pid)
{
	struct task_struct *t;

	if (dir != &proc_tid_dir)
		return pid;
	t = find_task_by_pid(pid);
	return t ? t->tgid : pid;
}

/* A decimal name of at most 6 digits without leading zeros, or -1. */
static int name_to_number(const struct qstr *name)
{
	unsigned int i;
	int n = 0;

	if (!name->len || name->len > 6 ||
	    (name->name[0] == '0' && name->len > 1))
		return -1;
	for (i = 0; i < name->len; i++) {
		if (name->name[i] < '0' || name->name[i] > '9')
			return -1;
		n = n * 10 + name->name[i] - '0';
	}
	return n;
}

/* /proc/PID/fd/N or fdinfo/N, while descriptor N is open. */
static int lookup_fd(struct proc_node *node, unsigned long ino,
		     const struct qstr *name, struct inode **res)
{
	const struct proc_entry *e = node->dir->per_fd;
	int fd = name_to_number(name);
	struct task_struct *t = find_task_by_pid(node->pid);
	struct file *file = t && fd >= 0 ? proc_task_file(t, fd) : NULL;
	umode_t mode = e->mode;

	if (!file)
		return -ENOENT;
	/* The link's permissions say how it is open, as on Linux. */
	if (S_ISLNK(mode)) {
		mode = S_IFLNK;
		if (file->f_mode & FMODE_READ)
			mode |= 0500;	/* r-x for the owner */
		if (file->f_mode & FMODE_WRITE)
			mode |= 0300;	/* -wx */
	}
	fput(file);
	*res = proc_make_inode(PROC_FD_INO(ino, fd), mode, e, NULL, node->pid,
			       fd);
	return *res ? 0 : -ENOMEM;
}

/* /proc/PID/task/TID, while TID is a thread of PID's group. */
static int lookup_thread(struct proc_node *node, const struct qstr *name,
			 struct inode **res)
{
	int tid = name_to_number(name);
	struct task_struct *t = find_task_by_pid(node->pid);
	struct task_struct *thread = tid > 0 ? find_task_by_pid(tid) : NULL;

	if (!t || !thread || thread->tgid != t->tgid)
		return -ENOENT;
	*res = dir_inode(&proc_tid_dir, S_IFDIR | 0555, tid);
	return *res ? 0 : -ENOMEM;
}

static int proc_lookup(struct inode *dir, const struct qstr *name,
		       struct inode **res)
{
	struct proc_node *node = node_of(dir);
	const struct proc_dir *d = node->dir;
	struct inode *inode = NULL;
	unsigned int i;
	int pid;

	if (name->len == 2 && !memcmp(name->name, "..", 2)) {
		inode = d->parent ? dir_inode(d->parent, S_IFDIR | 0555,
					      parent_pid(d, node->pid))
				  : igrab(proc_sb->s_root);
		goto found;
	}
	if (d->per_fd)
		return lookup_fd(node, dir->i_ino, name, res);
	if (d == &proc_task_dir)
		return lookup_thread(node, name, res);
	for (i = 0; i < d->nr; i++) {
		const struct proc_entry *e = &d->entries[i];

		if (strlen(e->name) != name->len ||
		    memcmp(e->name, name->name, name->len))
			continue;
		if (S_ISDIR(e->mode))
			inode = dir_inode(e->dir, e->mode, node->pid);
		else
			inode = proc_make_inode(entry_ino(d, node->pid, i),
						e->mode, e, NULL, node->pid,
						-1);
		goto found;
	}
	pid = d == &proc_root_dir ? name_to_number(name) : 0;
	if (pid <= 0 || !find_task_by_pid(pid))
		return -ENOENT;
	inode = dir_inode(&proc_pid_dir, S_IFDIR | 0555, pid);
found:
	if (!inode)
		return -ENOMEM;
	*res = inode;
	return 0;
}

/* The smallest pid >= from among live processes (tgid 0), or among the
 * threads of group tgid; 0 if none.  /proc lists no thread other than a
 * group's leader, as on Linux, but /proc/TID still finds them. */
static int next_pid(int from, int tgid)
{
	struct task_struct *t;
	int best = 0;
	u32 flags = tasklist_lock_irqsave();

	list_for_each_entry(t, &task_list, tasks)
		if (t->pid >= from && t->pid > 0 &&
		    (tgid ? t->tgid == tgid : thread_group_leader(t)) &&
		    t->state != TASK_DEAD && (!best || t->pid < best))
			best = t->pid;
	tasklist_unlock_irqrestore(flags);
	return best;
}

/* /proc/PID/task: position 2 + TID for each thread, as for pids. */
static int readdir_threads(struct file *file, struct dir_context *ctx)
{
	struct proc_node *node = node_of(file->f_inode);

	for (;;) {
		struct task_struct *t = find_task_by_pid(node->pid);
		int tid = t ? next_pid(ctx->pos - 2, t->tgid) : 0;
		char name[12];
		int n;

		if (!tid)
			return 0;
		n = snprintf(name, sizeof(name), "%d", tid);
		if (!ctx->actor(ctx, name, n,
				dir_ino(&proc_tid_dir, tid), DT_DIR))
			return 0;
		ctx->pos = 2 + tid + 1;
	}
}

/* fd and fdinfo: position 2 + N for descriptor N, as for pids below. */
static int readdir_fds(struct file *file, struct dir_context *ctx)
{
	struct proc_node *node = node_of(file->f_inode);
	unsigned int type = mode_to_dtype(node->dir->per_fd->mode);

	for (;;) {
		struct task_struct *t = find_task_by_pid(node->pid);
		int fd = t ? proc_next_fd(t, ctx->pos - 2) : -1;
		char name[12];
		int n;

		if (fd < 0)
			return 0;
		n = snprintf(name, sizeof(name), "%d", fd);
		if (!ctx->actor(ctx, name, n,
				PROC_FD_INO(file->f_inode->i_ino, fd), type))
			return 0;
		ctx->pos = 2 + fd + 1;
	}
}

/*
 * Positions: 0 ".", 1 "..", 2 .. 2+nr-1 the table, then (in /proc only)
 * 2 + nr + pid for each process, so a process that exits between two
 * getdents calls does not shift the others.
 */
static int proc_readdir(struct file *file, struct dir_context *ctx)
{
	struct proc_node *node = node_of(file->f_inode);
	const struct proc_dir *d = node->dir;
	loff_t base = 2 + d->nr;

	if (ctx->pos == 0) {
		if (!ctx->actor(ctx, ".", 1, file->f_inode->i_ino, DT_DIR))
			return 0;
		ctx->pos = 1;
	}
	if (ctx->pos == 1) {
		unsigned long up = d->parent ? dir_ino(d->parent,
						       parent_pid(d, node->pid))
					     : PROC_ROOT_INO;

		if (!ctx->actor(ctx, "..", 2, up, DT_DIR))
			return 0;
		ctx->pos = 2;
	}
	if (d->per_fd)
		return readdir_fds(file, ctx);
	if (d == &proc_task_dir)
		return readdir_threads(file, ctx);
	for (; ctx->pos < base; ctx->pos++) {
		unsigned int i = ctx->pos - 2;
		const struct proc_entry *e = &d->entries[i];
		unsigned long ino = S_ISDIR(e->mode)
					    ? dir_ino(e->dir, node->pid)
					    : entry_ino(d, node->pid, i);

		if (!ctx->actor(ctx, e->name, strlen(e->name), ino,
				mode_to_dtype(e->mode)))
			return 0;
	}
	if (d != &proc_root_dir)
		return 0;
	for (;;) {
		int pid = next_pid(ctx->pos - base, 0);
		char name[12];
		int n;

		if (!pid)
			return 0;
		n = snprintf(name, sizeof(name), "%d", pid);
		if (!ctx->actor(ctx, name, n, PROC_PID_INO(pid), DT_DIR))
			return 0;
		ctx->pos = base + pid + 1;
	}
}

static int proc_readlink(struct inode *inode, char *buf, int len)
{
	struct proc_node *node = node_of(inode);
	struct task_struct *t = NULL;

	if (node->pid && !(t = find_task_by_pid(node->pid)))
		return -ENOENT;
	if (node->entry->readlink_fd)
		return node->entry->readlink_fd(t, node->fd, buf, len);
	return node->entry->readlink(t, buf, len);
}

static int proc_follow_link(struct inode *inode, struct path *res)
{
	struct proc_node *node = node_of(inode);
	struct task_struct *t = find_task_by_pid(node->pid);

	if (!t)
		return -ENOENT;
	return node->entry->follow_fd(t, node->fd, res);
}

/* Make the file's text now: show() with a buffer big enough for it. */
static int proc_file_open(struct inode *inode, struct file *file)
{
	struct proc_node *node = node_of(inode);
	struct proc_text *text;
	struct seq_buf m = { NULL, PAGE_SIZE, 0 };

	if (node->entry->read) {	/* read in place: no text */
		if (node->pid && !find_task_by_pid(node->pid))
			return -ENOENT;
		file->private_data = NULL;
		return 0;
	}
	text = kmalloc(sizeof(*text), GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	for (;;) {
		struct task_struct *t = NULL;

		m.buf = kmalloc(m.size, GFP_KERNEL);
		if (!m.buf)
			break;
		m.len = 0;
		/* No sleeping between finding the task and using it. */
		if (node->pid && !(t = find_task_by_pid(node->pid))) {
			kfree(m.buf);
			kfree(text);
			return -ENOENT;
		}
		/* fdinfo/N of a descriptor closed since the lookup: -ENOENT */
		if (node->entry->show_fd &&
		    node->entry->show_fd(&m, t, node->fd)) {
			kfree(m.buf);
			kfree(text);
			return -ENOENT;
		}
		if (node->entry->show)
			node->entry->show(&m, t);
		if (!seq_overflow(&m)) {
			text->buf = m.buf;
			text->len = m.len;
			file->private_data = text;
			return 0;
		}
		kfree(m.buf);
		if (m.size >= PROC_TEXT_MAX)
			break;
		m.size = min((size_t)PROC_TEXT_MAX,
			     ALIGN_UP(m.len + 1, (size_t)PAGE_SIZE));
	}
	kfree(text);
	return -ENOMEM;
}

static ssize_t proc_file_read(struct file *file, char *buf, size_t n,
			      loff_t *pos)
{
	struct proc_text *text = file->private_data;
	struct proc_node *node = node_of(file->f_inode);

	if (node->entry->read) {
		struct task_struct *t = NULL;

		/* A process gone since the open reads as empty, as Linux's
		 * pagemap once its mm is gone. */
		if (node->pid && !(t = find_task_by_pid(node->pid)))
			return 0;
		return node->entry->read(t, buf, n, pos);
	}
	if (*pos >= (loff_t)text->len)
		return 0;
	n = min(n, text->len - (size_t)*pos);
	memcpy(buf, text->buf + *pos, n);
	*pos += n;
	return n;
}

static ssize_t proc_file_write(struct file *file, const char *buf, size_t n,
			       loff_t *pos)
{
	struct proc_node *node = node_of(file->f_inode);
	struct task_struct *t = NULL;

	(void)pos;
	if (!node->entry->write)
		return -EIO;
	/* As for show: the task may not sleep away between these two. */
	if (node->pid && !(t = find_task_by_pid(node->pid)))
		return -ESRCH;
	return node->entry->write(t, buf, n);
}

static void proc_file_release(struct inode *inode, struct file *file)
{
	struct proc_text *text = file->private_data;

	(void)inode;
	if (!text)	/* a file read in place */
		return;
	kfree(text->buf);
	kfree(text);
}

static const struct inode_operations proc_dir_iops = {
	.lookup = proc_lookup,
};

static const struct inode_operations proc_link_iops = {
	.readlink = proc_readlink,
};

static const struct inode_operations proc_fd_link_iops = {
	.readlink = proc_readlink,
	.follow_link = proc_follow_link,
};

static const struct file_operations proc_dir_fops = {
	.readdir = proc_readdir,
};

static const struct file_operations proc_file_fops = {
	.open = proc_file_open,
	.read = proc_file_read,
	.write = proc_file_write,
	.release = proc_file_release,
};

static bool proc_drop_inode(struct inode *inode)
{
	return inode != proc_sb->s_root;
}

static void proc_destroy_inode(struct inode *inode)
{
	kfree(inode->i_private);
}

static const struct super_operations proc_sops = {
	.drop_inode = proc_drop_inode,
	.destroy_inode = proc_destroy_inode,
};

static struct super_block *proc_get_sb(struct file_system_type *type,
				       const char *dev_name, int *err)
{
	(void)type;
	(void)dev_name;
	(void)err;
	return proc_sb;	/* one instance, shared by every mount */
}

/* The shared instance outlives its mounts. */
static void proc_kill_sb(struct super_block *sb)
{
	(void)sb;
}

static struct file_system_type proc_fs_type = {
	.name = "proc", .get_sb = proc_get_sb, .kill_sb = proc_kill_sb,
	.nodev = true,
};

void proc_init(void)
{
	proc_sb = sget_nodev(&proc_fs_type, &proc_sops);
	BUG_ON(!proc_sb);
	proc_sb->s_magic = PROC_SUPER_MAGIC;
	proc_sb->s_root = proc_make_inode(PROC_ROOT_INO, S_IFDIR | 0555, NULL,
					  &proc_root_dir, 0, -1);
	BUG_ON(!proc_sb->s_root);
	register_filesystem(&proc_fs_type);
}
