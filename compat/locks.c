/*
 * compat/locks.c - POSIX record locks and flock(2) (see compat/locks.h).
 *
 * Held locks are struct file_lock on one list, file_lock_list, with
 * their inode; a request (posix_lock_file) first looks for a lock of
 * another owner that overlaps it and conflicts (either of the two is a
 * write lock).  None: the request is applied to the owner's own locks of
 * that inode, which never overlap one another and of which no two of one
 * type touch: a lock of the same type that overlaps or touches the
 * request is merged into it, one of the other type is trimmed, split in
 * two, or removed where the request covers it, and an unlock is a request
 * that inserts nothing.  A conflict: F_SETLK answers -EAGAIN; F_SETLKW
 * sleeps on locks_wait, woken by every change, and tries again, unless
 * the owner it waits for is itself waiting, directly or through a chain
 * of waiters (blocked_list), for this owner: that is a deadlock and the
 * request fails with -EDEADLK, as Linux's posix_locks_deadlock.
 *
 * Open file description locks (F_OFD_GETLK, F_OFD_SETLK, F_OFD_SETLKW)
 * are the same locks with another owner: the struct file, so two opens
 * of one file conflict even in one process, descriptors that share the
 * open (dup, fork) share the locks, closing one of them drops nothing,
 * and the locks go when the last reference to the open goes
 * (locks_remove_file from fput).  They conflict with POSIX locks as with
 * those of another process, and, as on Linux, take no part in deadlock
 * detection (they have no owning process to follow).
 *
 * flock(2) locks are another kind again, kept on the same list: the
 * whole file, shared (LOCK_SH, kept as a read lock) or exclusive
 * (LOCK_EX, a write lock), owned by the open file like an OFD lock and
 * going with it, but meeting only other flock locks, as on Linux: a
 * POSIX lock and a flock lock on one file never conflict.  An open holds
 * at most one; asking for the other type drops it first and then waits
 * (or fails, with LOCK_NB) like a new request, so a conversion is not
 * atomic, as Linux documents.  No deadlock detection.
 *
 * /proc/locks lists the held locks in Linux's format.
 *
 * No lock protects the lists: kernel code running for a process is not
 * preempted (mm/locking.h) and nothing here runs in an interrupt, so each
 * pass from looking to changing happens without a sleep in between; the
 * structures a change may need are allocated before it starts.
 */
#include "compat/locks.h"
#include "fs/fcntl.h"
#include "fs/fdtable.h"
#include "fs/proc/procfs.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/list.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/sched/wait.h"
#include "mm/phys/slab.h"

#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2

#define OFFSET_MAX ((loff_t)0x7fffffffffffffffLL)
#define OFFT_OFFSET_MAX ((loff_t)0x7fffffff)	/* the 32-bit flock's */
#define MAX_DEADLK_ITERATIONS 10

/* The user's structures on i386: 16 and 24 bytes. */
struct flock {
	s16 l_type, l_whence;
	s32 l_start, l_len;
	s32 l_pid;
};

struct flock64 {
	s16 l_type, l_whence;
	s64 l_start, l_len;
	s32 l_pid;
} __attribute__((packed));

struct file_lock {
	struct list_head fl_link;	/* file_lock_list */
	struct inode *fl_inode;
	void *fl_owner;			/* files_struct, or file for OFD */
	bool fl_ofd;			/* an open file description lock */
	bool fl_flock;			/* a flock(2) lock: the whole file */
	int fl_pid;			/* the owner's tgid, for F_GETLK; -1
					 * for an OFD lock */
	int fl_type;			/* F_RDLCK or F_WRLCK */
	loff_t fl_start, fl_end;	/* inclusive; OFFSET_MAX: to the end */
};

/* A task asleep in F_SETLKW: who it is and whose lock it waits for. */
struct lock_waiter {
	struct list_head link;		/* blocked_list */
	void *owner;
	void *blocker;
};

static LIST_HEAD(file_lock_list);
static LIST_HEAD(blocked_list);
static DECLARE_WAIT_QUEUE_HEAD(locks_wait);

static bool overlap(const struct file_lock *a, const struct file_lock *b)
{
	return a->fl_start <= b->fl_end && b->fl_start <= a->fl_end;
}

/* Overlapping, or ending where the other begins. */
static bool touch(const struct file_lock *a, const struct file_lock *b)
{
	return (a->fl_end == OFFSET_MAX || a->fl_end + 1 >= b->fl_start) &&
	       (b->fl_end == OFFSET_MAX || b->fl_end + 1 >= a->fl_start);
}

/* Another owner's lock that keeps req from being granted, or NULL. */
static struct file_lock *posix_conflict(const struct file_lock *req)
{
	struct file_lock *fl;

	list_for_each_entry(fl, &file_lock_list, fl_link) {
		if (fl->fl_inode != req->fl_inode || fl->fl_flock ||
		    fl->fl_owner == req->fl_owner || !overlap(fl, req))
			continue;
		if (fl->fl_type == F_WRLCK || req->fl_type == F_WRLCK)
			return fl;
	}
	return NULL;
}

/* Would caller, by waiting for blocker, close a cycle of waiters? */
static bool posix_locks_deadlock(void *caller, void *blocker)
{
	int i;

	for (i = 0; i < MAX_DEADLK_ITERATIONS; i++) {
		struct lock_waiter *w, *next = NULL;

		if (blocker == caller)
			return true;
		list_for_each_entry(w, &blocked_list, link)
			if (w->owner == blocker) {
				next = w;
				break;
			}
		if (!next)
			return false;
		blocker = next->blocker;
	}
	return false;
}

static void locks_delete_lock(struct file_lock *fl)
{
	list_del(&fl->fl_link);
	kfree(fl);
}

/*
 * Apply req, which conflicts with no one, to its owner's locks.  spare[0]
 * becomes the new lock, spare[1] the right half of a split one; each one
 * used is set to NULL.
 */
static void posix_apply(struct file_lock *req, struct file_lock *spare[2])
{
	struct file_lock *fl, *next;

	list_for_each_entry_safe(fl, next, &file_lock_list, fl_link) {
		if (fl->fl_inode != req->fl_inode || fl->fl_flock ||
		    fl->fl_owner != req->fl_owner)
			continue;
		if (fl->fl_type == req->fl_type) {
			if (!touch(fl, req))
				continue;
			/* Same type, overlapping or adjacent: one lock. */
			req->fl_start = min(req->fl_start, fl->fl_start);
			req->fl_end = max(req->fl_end, fl->fl_end);
			locks_delete_lock(fl);
		} else if (overlap(fl, req)) {
			if (fl->fl_start < req->fl_start &&
			    fl->fl_end > req->fl_end) {
				/* req falls inside fl: fl keeps its left part,
				 * a new lock takes the right. */
				struct file_lock *right = spare[1];

				spare[1] = NULL;
				*right = *fl;
				right->fl_start = req->fl_end + 1;
				list_add(&right->fl_link, &fl->fl_link);
				fl->fl_end = req->fl_start - 1;
			} else if (fl->fl_start < req->fl_start) {
				fl->fl_end = req->fl_start - 1;
			} else if (fl->fl_end > req->fl_end) {
				fl->fl_start = req->fl_end + 1;
			} else {
				locks_delete_lock(fl);
			}
		}
	}
	if (req->fl_type != F_UNLCK) {
		struct file_lock *new = spare[0];

		spare[0] = NULL;
		*new = *req;
		list_add_tail(&new->fl_link, &file_lock_list);
	}
	/* Anything released or downgraded may let a waiter in. */
	wake_up_all(&locks_wait);
}

/* F_SETLK (wait false) and F_SETLKW. */
static long posix_lock_file(struct file_lock *req, bool wait)
{
	struct file_lock *spare[2];
	struct lock_waiter w;
	wait_queue_t wq;
	long err = 0;

	spare[0] = kmalloc(sizeof(struct file_lock), GFP_KERNEL);
	spare[1] = kmalloc(sizeof(struct file_lock), GFP_KERNEL);
	if (!spare[0] || !spare[1]) {
		err = -ENOLCK;
		goto out;
	}
	for (;;) {
		struct file_lock *conflict =
			req->fl_type == F_UNLCK ? NULL : posix_conflict(req);

		if (!conflict) {
			posix_apply(req, spare);
			break;
		}
		if (!wait) {
			err = -EAGAIN;
			break;
		}
		if (!req->fl_ofd &&
		    posix_locks_deadlock(req->fl_owner, conflict->fl_owner)) {
			err = -EDEADLK;
			break;
		}
		w.owner = req->fl_owner;
		w.blocker = conflict->fl_owner;
		INIT_LIST_HEAD(&w.link);
		if (!req->fl_ofd)
			list_add_tail(&w.link, &blocked_list);
		init_wait(&wq);
		prepare_to_wait(&locks_wait, &wq, TASK_INTERRUPTIBLE);
		if (!signal_pending(current))
			schedule();
		finish_wait(&locks_wait, &wq);
		list_del(&w.link);
		if (signal_pending(current)) {
			err = -ERESTARTSYS;
			break;
		}
	}
out:
	kfree(spare[0]);
	kfree(spare[1]);
	return err;
}

/* The user's range, from where l_whence says, into [fl_start, fl_end]. */
static long flock_to_posix_lock(struct file *file, struct file_lock *fl,
				int type, int whence, loff_t start, loff_t len)
{
	switch (whence) {
	case SEEK_SET:
		break;
	case SEEK_CUR:
		start += file->f_pos;
		break;
	case SEEK_END:
		start += file->f_inode->i_size;
		break;
	default:
		return -EINVAL;
	}
	if (type != F_RDLCK && type != F_WRLCK && type != F_UNLCK)
		return -EINVAL;
	if (start < 0)
		return -EINVAL;
	if (len > 0) {
		if (len - 1 > OFFSET_MAX - start)
			return -EOVERFLOW;
		fl->fl_end = start + len - 1;
	} else if (len < 0) {
		fl->fl_end = start - 1;
		start += len;
		if (start < 0)
			return -EINVAL;
	} else {
		fl->fl_end = OFFSET_MAX;
	}
	fl->fl_start = start;
	fl->fl_type = type;
	fl->fl_inode = file->f_inode;
	fl->fl_owner = current_files();
	fl->fl_ofd = false;
	fl->fl_flock = false;
	fl->fl_pid = current->tgid;
	return 0;
}

/* An F_OFD_* request: l_pid must be 0, the owner is the open file. */
static long make_ofd_lock(struct file *file, struct file_lock *fl, int pid)
{
	if (pid != 0)
		return -EINVAL;
	fl->fl_owner = file;
	fl->fl_ofd = true;
	fl->fl_pid = -1;
	return 0;
}

/* The user's structure, either size, as the common fields. */
struct user_flock {
	int type, whence;
	loff_t start, len;
	int pid;
};

static long get_flock(unsigned long arg, bool is64, struct user_flock *u)
{
	if (is64) {
		struct flock64 f;

		if (copy_from_user(&f, (void *)arg, sizeof(f)))
			return -EFAULT;
		*u = (struct user_flock){ f.l_type, f.l_whence, f.l_start,
					  f.l_len, f.l_pid };
	} else {
		struct flock f;

		if (copy_from_user(&f, (void *)arg, sizeof(f)))
			return -EFAULT;
		*u = (struct user_flock){ f.l_type, f.l_whence, f.l_start,
					  f.l_len, f.l_pid };
	}
	return 0;
}

static long put_flock(unsigned long arg, bool is64,
		      const struct user_flock *u)
{
	if (is64) {
		struct flock64 f = { u->type, u->whence, u->start, u->len,
				     u->pid };

		return copy_to_user((void *)arg, &f, sizeof(f)) ? -EFAULT : 0;
	} else {
		struct flock f = { u->type, u->whence, u->start, u->len,
				   u->pid };

		/* The lock found may lie beyond what 32 bits can say. */
		if (u->start > OFFT_OFFSET_MAX ||
		    (u->len > 0 && u->start + u->len - 1 > OFFT_OFFSET_MAX))
			return -EOVERFLOW;
		return copy_to_user((void *)arg, &f, sizeof(f)) ? -EFAULT : 0;
	}
}

/* F_GETLK: the first lock that would stop this one, or l_type F_UNLCK. */
static long fcntl_getlk(struct file *file, unsigned long arg, bool is64,
			bool ofd)
{
	struct user_flock u;
	struct file_lock req, *fl;
	long err = get_flock(arg, is64, &u);

	if (err)
		return err;
	if (u.type != F_RDLCK && u.type != F_WRLCK)
		return -EINVAL;
	err = flock_to_posix_lock(file, &req, u.type, u.whence, u.start, u.len);
	if (!err && ofd)
		err = make_ofd_lock(file, &req, u.pid);
	if (err)
		return err;
	fl = posix_conflict(&req);
	if (!fl) {
		u.type = F_UNLCK;
	} else {
		u.type = fl->fl_type;
		u.whence = SEEK_SET;
		u.start = fl->fl_start;
		u.len = fl->fl_end == OFFSET_MAX ? 0
						 : fl->fl_end - fl->fl_start + 1;
		u.pid = fl->fl_pid;
	}
	return put_flock(arg, is64, &u);
}

static long fcntl_setlk(struct file *file, unsigned long arg, bool is64,
			bool ofd, bool wait)
{
	struct user_flock u;
	struct file_lock req;
	long err = get_flock(arg, is64, &u);

	if (err)
		return err;
	err = flock_to_posix_lock(file, &req, u.type, u.whence, u.start, u.len);
	if (err)
		return err;
	/* A read lock needs a file open for reading, a write lock one open
	 * for writing. */
	if ((u.type == F_RDLCK && !(file->f_mode & FMODE_READ)) ||
	    (u.type == F_WRLCK && !(file->f_mode & FMODE_WRITE)))
		return -EBADF;
	if (ofd) {
		err = make_ofd_lock(file, &req, u.pid);
		if (err)
			return err;
	}
	return posix_lock_file(&req, wait);
}

long fcntl_lock(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case F_GETLK:
		return fcntl_getlk(file, arg, false, false);
	case F_GETLK64:
		return fcntl_getlk(file, arg, true, false);
	case F_OFD_GETLK:
		return fcntl_getlk(file, arg, true, true);
	case F_SETLK:
	case F_SETLKW:
		return fcntl_setlk(file, arg, false, false, cmd == F_SETLKW);
	case F_SETLK64:
	case F_SETLKW64:
		return fcntl_setlk(file, arg, true, false, cmd == F_SETLKW64);
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
		return fcntl_setlk(file, arg, true, true, cmd == F_OFD_SETLKW);
	}
	return -EINVAL;
}

/* file's flock lock, or NULL. */
static struct file_lock *flock_held(struct file *file)
{
	struct file_lock *fl;

	list_for_each_entry(fl, &file_lock_list, fl_link)
		if (fl->fl_flock && fl->fl_owner == file)
			return fl;
	return NULL;
}

/* Does another open's flock lock on file's inode keep type out? */
static bool flock_conflict(struct file *file, int type)
{
	struct file_lock *fl;

	list_for_each_entry(fl, &file_lock_list, fl_link) {
		if (!fl->fl_flock || fl->fl_inode != file->f_inode ||
		    fl->fl_owner == file)
			continue;
		if (fl->fl_type == F_WRLCK || type == F_WRLCK)
			return true;
	}
	return false;
}

/* flock_lock_file: type F_RDLCK, F_WRLCK or F_UNLCK for file; wait
 * unless LOCK_NB. */
static long flock_lock_file(struct file *file, int type, bool wait)
{
	struct file_lock *held = flock_held(file), *new = NULL;
	wait_queue_t wq;
	long err = 0;

	if (held && held->fl_type == type)
		return 0;
	if (type != F_UNLCK) {
		new = kmalloc(sizeof(*new), GFP_KERNEL);
		if (!new)
			return -ENOLCK;
	}
	/* Held is looked up again: kmalloc may have slept. */
	held = flock_held(file);
	if (held) {
		locks_delete_lock(held);
		wake_up_all(&locks_wait);
	}
	while (new && flock_conflict(file, type)) {
		if (!wait) {
			err = -EWOULDBLOCK;
			goto out;
		}
		init_wait(&wq);
		prepare_to_wait(&locks_wait, &wq, TASK_INTERRUPTIBLE);
		if (!signal_pending(current))
			schedule();
		finish_wait(&locks_wait, &wq);
		if (signal_pending(current)) {
			err = -ERESTARTSYS;
			goto out;
		}
	}
	if (new) {
		*new = (struct file_lock){
			.fl_inode = file->f_inode, .fl_owner = file,
			.fl_flock = true, .fl_pid = current->tgid,
			.fl_type = type, .fl_start = 0, .fl_end = OFFSET_MAX,
		};
		list_add_tail(&new->fl_link, &file_lock_list);
		new = NULL;
	}
out:
	kfree(new);
	return err;
}

#define LOCK_SH 1
#define LOCK_EX 2
#define LOCK_NB 4
#define LOCK_UN 8
#define LOCK_MAND 32

/*
 * flock(fd, cmd), with Linux 6.1's checks in its order: a LOCK_MAND
 * request is ignored (0: Linux dropped mandatory flock locks and kept
 * the call succeeding), an unknown operation is EINVAL before the
 * descriptor is looked at (fget_current refuses an O_PATH one: EBADF),
 * and a descriptor open for neither reading nor writing can only unlock.
 */
long sys_flock(unsigned int fd, unsigned int cmd)
{
	struct file *file;
	long err;
	int type;

	if (cmd & LOCK_MAND)
		return 0;
	switch (cmd & ~LOCK_NB) {
	case LOCK_SH:
		type = F_RDLCK;
		break;
	case LOCK_EX:
		type = F_WRLCK;
		break;
	case LOCK_UN:
		type = F_UNLCK;
		break;
	default:
		return -EINVAL;
	}
	file = fget_current(fd);
	if (!file)
		return -EBADF;
	err = -EBADF;
	if (type == F_UNLCK || (file->f_mode & (FMODE_READ | FMODE_WRITE)))
		err = flock_lock_file(file, type, !(cmd & LOCK_NB));
	fput(file);
	return err;
}

/* Every lock owner holds on file's inode goes; waiters look again. */
static void locks_remove_owner(struct file *file, void *owner)
{
	struct file_lock *fl, *next;
	bool removed = false;

	list_for_each_entry_safe(fl, next, &file_lock_list, fl_link) {
		if (fl->fl_inode == file->f_inode && fl->fl_owner == owner) {
			locks_delete_lock(fl);
			removed = true;
		}
	}
	if (removed)
		wake_up_all(&locks_wait);
}

void locks_remove_posix(struct file *file, struct files_struct *owner)
{
	locks_remove_owner(file, owner);
}

void locks_remove_file(struct file *file)
{
	locks_remove_owner(file, file);
}

/* /proc/locks: "1: POSIX  ADVISORY  WRITE 42 00:02:7 0 EOF", as Linux;
 * an OFD lock is "OFDLCK ADVISORY  WRITE -1 ...", a flock lock
 * "FLOCK  ADVISORY  WRITE 42 00:02:7 0 EOF". */
void proc_locks_show(struct seq_buf *m, struct task_struct *t)
{
	struct file_lock *fl;
	int id = 0;

	(void)t;
	list_for_each_entry(fl, &file_lock_list, fl_link) {
		dev_t dev = fl->fl_inode->i_sb->s_dev;

		seq_printf(m, "%d: %s ADVISORY  %s %d %02x:%02x:%lu %lld ",
			   ++id,
			   fl->fl_flock ? "FLOCK "
			   : fl->fl_ofd ? "OFDLCK"
					: "POSIX ",
			   fl->fl_type == F_WRLCK ? "WRITE" : "READ",
			   fl->fl_pid, MAJOR(dev), MINOR(dev),
			   fl->fl_inode->i_ino, fl->fl_start);
		if (fl->fl_end == OFFSET_MAX)
			seq_printf(m, "EOF\n");
		else
			seq_printf(m, "%lld\n", fl->fl_end);
	}
}
