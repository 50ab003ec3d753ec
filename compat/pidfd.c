/*
 * compat/pidfd.c - process file descriptors: pidfd_open (434) and
 * pidfd_send_signal (424); waitid takes them as P_PIDFD
 * (kernel/process/exit.c).  Linux: kernel/pid.c and kernel/signal.c.
 *
 * A pidfd names one process for as long as the descriptor is open, even
 * once the process is gone and its number given to another: the file
 * keeps the pid and the task's serial number (task_struct.serial, never
 * reused), and finds the task by both.  It is readable (poll, select,
 * epoll) once the process has exited (its threads all gone, the leader a
 * zombie or reaped); every exit of a whole process wakes pidfd_wait, on
 * which pollers sleep.  Signals go through the checks kill makes.
 */
#include "compat/pidfd.h"
#include "fs/anon_inodes.h"
#include "fs/fcntl.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/cpu/trap.h" /* before task.h, which needs struct trapframe */
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "kernel/sched/wait.h"
#include "kernel/signal/signal.h"
#include "kernel/signal/signal_frame.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

#define PIDFD_NONBLOCK O_NONBLOCK

struct pidfd {
	int pid;
	u32 serial;
};

static DECLARE_WAIT_QUEUE_HEAD(pidfd_wait);
static const struct file_operations pidfd_fops;

/* The process the pidfd names, or NULL once it has been reaped. */
static struct task_struct *pidfd_task(const struct pidfd *p)
{
	struct task_struct *t = find_task_by_pid(p->pid);

	return t && t->serial == p->serial ? t : NULL;
}

static bool pidfd_exited(const struct pidfd *p)
{
	struct task_struct *t = pidfd_task(p);

	return !t || ((t->state & (TASK_ZOMBIE | TASK_DEAD)) &&
		      thread_group_empty(t));
}

void pidfd_notify_exit(void)
{
	wake_up(&pidfd_wait);
}

static unsigned int pidfd_poll(struct file *file, struct wait_queue_head **wq)
{
	if (wq)
		*wq = &pidfd_wait;
	return pidfd_exited(file->private_data) ? POLLIN | POLLRDNORM : 0;
}

static void pidfd_release(struct inode *inode, struct file *file)
{
	(void)inode;
	kfree(file->private_data);
}

static const struct file_operations pidfd_fops = {
	.poll = pidfd_poll,
	.release = pidfd_release,
};

long sys_pidfd_open(int pid, unsigned int flags)
{
	struct task_struct *t;
	struct pidfd *p;
	struct file *file;

	if (flags & ~PIDFD_NONBLOCK)
		return -EINVAL;
	if (pid <= 0)
		return -EINVAL;
	t = find_task_by_pid(pid);
	if (!t || (t->flags & PF_KTHREAD) || (t->state & TASK_DEAD))
		return -ESRCH;
	if (!thread_group_leader(t))
		return -EINVAL; /* a thread, not a process */
	p = kmalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->pid = t->pid;
	p->serial = t->serial;
	file = anon_inode_getfile("[pidfd]", &pidfd_fops, p, O_RDWR | flags);
	if (!file) {
		kfree(p);
		return -ENOMEM;
	}
	return anon_inode_install(file, true); /* always close-on-exec */
}

int pidfd_get_pid(int fd, bool *nonblock)
{
	struct file *file = anon_inode_fget(fd, &pidfd_fops);
	struct pidfd *p;
	int pid;

	if (IS_ERR(file))
		return -EBADF; /* Linux: not a pidfd is EBADF here */
	p = file->private_data;
	pid = pidfd_task(p) ? p->pid : -1;
	*nonblock = (file->f_flags & O_NONBLOCK) != 0;
	fput(file);
	return pid;
}

long sys_pidfd_send_signal(int fd, int sig, const struct user_siginfo *uinfo,
			   unsigned int flags)
{
	struct file *file;
	struct ksiginfo info;
	struct task_struct *t;
	int pid, signo;
	long err;

	if (flags)
		return -EINVAL;
	file = anon_inode_fget(fd, &pidfd_fops);
	if (IS_ERR(file))
		return -EBADF;
	pid = ((struct pidfd *)file->private_data)->pid;
	t = pidfd_task(file->private_data);
	fput(file);
	if (uinfo) {
		err = siginfo_from_user(sig, uinfo, &info);
		if (!err && copy_from_user(&signo, uinfo, sizeof(signo)))
			err = -EFAULT;
		if (err)
			return err;
		if (signo != sig)
			return -EINVAL;
		/* Any siginfo to oneself; to others not posing as the
		 * kernel or as kill. */
		if (siginfo_impersonates(&info, pid))
			return -EPERM;
	}
	return kill_task_info(sig, uinfo ? &info : NULL, t, true);
}
