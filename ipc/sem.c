/*
 * ipc/sem.c - System V semaphores: semget, semop, semtimedop, semctl, as
 * Linux 6.1's ipc/sem.c answers them (docs/ipc.md).
 *
 * An array is a struct sem_array of nsems values.  semop applies all its
 * operations or none: when one would block, nothing is changed and the
 * caller sleeps on the array's wait queue, recording the operation that
 * blocked it (GETNCNT and GETZCNT count those, as Linux 6.1 does).  Every
 * change that could let a sleeper through wakes them all, and each tries
 * its operations again.  IPC_RMID wakes them too; they find the array
 * deleted and return EIDRM, the last one freeing it.
 *
 * SEM_UNDO keeps, per process and array, the sum of the operations to take
 * back (struct sem_undo, on the array's list and on the list in the
 * process's signal_struct); exit_sem applies them when the process's last
 * thread exits.  Everything is under sem_ids.rwsem.
 */
#include "ipc/sem.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/sched/wait.h"
#include "mm/phys/slab.h"

struct sem {
	int semval;
	int sempid; /* the last process that changed it */
};

struct sem_array {
	struct kern_ipc_perm sem_perm;
	u32 sem_otime, sem_ctime;
	int sem_nsems;
	int sleepers; /* in semop; the last frees a removed array */
	wait_queue_head_t wait; /* semop's sleepers */
	struct list_head pending; /* their struct sem_waiter */
	struct list_head undos; /* struct sem_undo of this array */
	struct sem sems[];
};

struct sem_waiter {
	struct list_head list;
	const struct sembuf *blocking; /* the operation it waits for */
};

struct sem_undo {
	struct list_head list_proc; /* in the process's undo list */
	struct list_head list_id; /* in sem_array.undos */
	int semid;
	s16 semadj[];
};

static struct ipc_ids sem_ids;
static int sc_semmsl = SEMMSL, sc_semmns = SEMMNS, sc_semopm = SEMOPM,
	   sc_semmni = SEMMNI;
static int used_sems;

_Static_assert(sizeof(struct semid64_ds) == 64, "i386 semid64_ds");
_Static_assert(sizeof(struct semid_ds_old) == 44, "i386 semid_ds");

void sem_init(void)
{
	ipc_init_ids(&sem_ids);
}

static struct sem_array *sem_of(struct kern_ipc_perm *perm)
{
	return container_of(perm, struct sem_array, sem_perm);
}

static struct sem_array *sem_obtain_check(int id)
{
	struct kern_ipc_perm *perm = ipc_obtain_object_check(&sem_ids, id);

	return IS_ERR(perm) ? (struct sem_array *)perm : sem_of(perm);
}

/* ipcget's getnew: called with sem_ids.rwsem held. */
static int newary(struct ipc_params *params)
{
	int nsems = (int)params->size, err;
	struct sem_array *sma;

	if (!nsems)
		return -EINVAL;
	if (used_sems + nsems > sc_semmns)
		return -ENOSPC;
	sma = kzalloc(sizeof(*sma) + nsems * sizeof(struct sem), GFP_KERNEL);
	if (!sma)
		return -ENOMEM;
	sma->sem_perm.key = params->key;
	sma->sem_perm.mode = params->flg & S_IRWXUGO;
	sma->sem_nsems = nsems;
	sma->sem_ctime = get_seconds();
	init_waitqueue_head(&sma->wait);
	INIT_LIST_HEAD(&sma->pending);
	INIT_LIST_HEAD(&sma->undos);
	err = ipc_addid(&sem_ids, &sma->sem_perm, sc_semmni);
	if (err < 0) {
		kfree(sma);
		return err;
	}
	used_sems += nsems;
	return sma->sem_perm.id;
}

static int sem_more_checks(struct kern_ipc_perm *perm,
			   struct ipc_params *params)
{
	return (int)params->size > sem_of(perm)->sem_nsems ? -EINVAL : 0;
}

long sys_semget(s32 key, int nsems, int semflg)
{
	static const struct ipc_ops sem_ops = {
		.getnew = newary,
		.more_checks = sem_more_checks,
	};
	struct ipc_params params = { key, semflg, (unsigned long)nsems };

	if (nsems < 0 || nsems > sc_semmsl)
		return -EINVAL;
	return ipcget(&sem_ids, &sem_ops, &params);
}

static void free_undo(struct sem_undo *un)
{
	list_del(&un->list_proc);
	list_del(&un->list_id);
	kfree(un);
}

/* IPC_RMID: out of the table; sleepers wake to EIDRM, the last frees it. */
static void freeary(struct sem_array *sma)
{
	struct sem_undo *un, *n;

	list_for_each_entry_safe(un, n, &sma->undos, list_id)
		free_undo(un);
	used_sems -= sma->sem_nsems;
	ipc_rmid(&sem_ids, &sma->sem_perm);
	if (sma->sleepers)
		wake_up(&sma->wait);
	else
		kfree(sma);
}

/* The caller's undo entry for sma, made if needed; rwsem held. */
static struct sem_undo *find_alloc_undo(struct sem_array *sma)
{
	struct list_head *list = &current->signal->sysvsem_undo;
	struct sem_undo *un;

	list_for_each_entry(un, list, list_proc) {
		if (un->semid == sma->sem_perm.id)
			return un;
	}
	un = kzalloc(sizeof(*un) + sma->sem_nsems * sizeof(s16), GFP_KERNEL);
	if (!un)
		return ERR_PTR(-ENOMEM);
	un->semid = sma->sem_perm.id;
	list_add(&un->list_proc, list);
	list_add(&un->list_id, &sma->undos);
	return un;
}

/* SETVAL and SETALL: what SEM_UNDO would take back of semnum (-1: all)
 * is forgotten, as Linux does. */
static void clear_undos(struct sem_array *sma, int semnum)
{
	struct sem_undo *un;

	list_for_each_entry(un, &sma->undos, list_id) {
		if (semnum < 0)
			memset(un->semadj, 0, sma->sem_nsems * sizeof(s16));
		else
			un->semadj[semnum] = 0;
	}
}

/* Take back sops[0..n) of a semop that cannot complete. */
static void unwind(struct sem_array *sma, const struct sembuf *sops, int n,
		   struct sem_undo *un)
{
	while (--n >= 0) {
		sma->sems[sops[n].sem_num].semval -= sops[n].sem_op;
		if (sops[n].sem_flg & SEM_UNDO)
			un->semadj[sops[n].sem_num] += sops[n].sem_op;
	}
}

/*
 * All of sops or nothing: 0 when done, 1 when the caller must sleep
 * (*blocking is the operation), -EAGAIN for one with IPC_NOWAIT,
 * -ERANGE past SEMVMX or past what an undo entry holds.
 */
static int perform_atomic_semop(struct sem_array *sma,
				const struct sembuf *sops, int nsops,
				struct sem_undo *un,
				const struct sembuf **blocking)
{
	int i, result, adj;

	for (i = 0; i < nsops; i++) {
		const struct sembuf *sop = &sops[i];
		struct sem *curr = &sma->sems[sop->sem_num];

		result = curr->semval + sop->sem_op;
		if ((!sop->sem_op && curr->semval) || result < 0) {
			unwind(sma, sops, i, un);
			*blocking = sop;
			return (sop->sem_flg & IPC_NOWAIT) ? -EAGAIN : 1;
		}
		if (result > SEMVMX) {
			unwind(sma, sops, i, un);
			return -ERANGE;
		}
		if (sop->sem_flg & SEM_UNDO) {
			adj = un->semadj[sop->sem_num] - sop->sem_op;
			if (adj < -SEMAEM - 1 || adj > SEMAEM) {
				unwind(sma, sops, i, un);
				return -ERANGE;
			}
			un->semadj[sop->sem_num] = (s16)adj;
		}
		curr->semval = result;
	}
	for (i = 0; i < nsops; i++)
		sma->sems[sops[i].sem_num].sempid = current->tgid;
	return 0;
}

/* Check the operations of one semop; EINVAL, E2BIG, EFAULT first. */
static int semop_args(struct sembuf *sops, unsigned int nsops,
		      const struct sembuf *tsops, int *max, bool *undos,
		      bool *alter)
{
	unsigned int i;

	if (copy_from_user(sops, tsops, nsops * sizeof(*sops)))
		return -EFAULT;
	*max = 0;
	*undos = *alter = false;
	for (i = 0; i < nsops; i++) {
		if (sops[i].sem_num >= *max)
			*max = sops[i].sem_num;
		if (sops[i].sem_flg & SEM_UNDO)
			*undos = true;
		if (sops[i].sem_op)
			*alter = true;
	}
	return 0;
}

/* Sleep until the array changes, the time runs out or a signal comes;
 * rwsem held on entry and on return.  The ticks left. */
static long sem_sleep(struct sem_array *sma, const struct sembuf *blocking,
		      long ticks)
{
	struct sem_waiter waiter = { .blocking = blocking };
	wait_queue_t w;

	init_wait(&w);
	list_add_tail(&waiter.list, &sma->pending);
	sma->sleepers++;
	prepare_to_wait(&sma->wait, &w, TASK_INTERRUPTIBLE);
	up(&sem_ids.rwsem);
	ticks = schedule_timeout(ticks);
	finish_wait(&sma->wait, &w);
	down(&sem_ids.rwsem);
	list_del(&waiter.list);
	sma->sleepers--;
	return ticks;
}

/* The operations of sops on an array the caller may use; rwsem held. */
static long semop_locked(struct sem_array *sma, struct sembuf *sops,
			 unsigned int nsops, struct sem_undo *un, bool alter,
			 long ticks)
{
	const struct sembuf *blocking;
	int err;

	for (;;) {
		err = perform_atomic_semop(sma, sops, (int)nsops, un,
					   &blocking);
		if (err <= 0)
			break;
		if (!ticks) {
			err = -EAGAIN;
			break;
		}
		ticks = sem_sleep(sma, blocking, ticks);
		if (sma->sem_perm.deleted) {
			if (!sma->sleepers)
				kfree(sma);
			return -EIDRM;
		}
		if (signal_pending_current()) {
			err = perform_atomic_semop(sma, sops, (int)nsops, un,
						   &blocking);
			if (err > 0)
				err = -EINTR;
			break;
		}
	}
	if (!err) {
		sma->sem_otime = get_seconds();
		if (alter)
			wake_up(&sma->wait);
	}
	return err;
}

long do_semtimedop(int semid, struct sembuf *tsops, unsigned int nsops,
		   const struct timespec64 *timeout)
{
	struct sem_undo *un = NULL;
	struct sem_array *sma;
	struct sembuf *sops;
	long ticks = MAX_SCHEDULE_TIMEOUT, err;
	bool undos, alter;
	int max;

	if (nsops < 1 || semid < 0)
		return -EINVAL;
	if (nsops > (unsigned int)sc_semopm)
		return -E2BIG;
	sops = kmalloc(nsops * sizeof(*sops), GFP_KERNEL);
	if (!sops)
		return -ENOMEM;
	err = semop_args(sops, nsops, tsops, &max, &undos, &alter);
	if (!err && timeout) {
		if (timeout->tv_sec < 0 || timeout->tv_nsec < 0 ||
		    timeout->tv_nsec >= 1000000000LL)
			err = -EINVAL;
		else
			ticks = (long)timespec64_to_jiffies(timeout);
	}
	if (err)
		goto out_free;

	down(&sem_ids.rwsem);
	sma = sem_obtain_check(semid);
	if (IS_ERR(sma))
		err = PTR_ERR(sma);
	else if (max >= sma->sem_nsems)
		err = -EFBIG;
	else if (ipcperms(&sma->sem_perm, alter ? S_IWUGO : S_IRUGO))
		err = -EACCES;
	else if (undos && IS_ERR(un = find_alloc_undo(sma)))
		err = PTR_ERR(un);
	else
		err = semop_locked(sma, sops, nsops, un, alter, ticks);
	up(&sem_ids.rwsem);
out_free:
	kfree(sops);
	return err;
}

/* The process's last thread is gone: take back what SEM_UNDO recorded. */
void exit_sem(struct list_head *undo_list)
{
	struct sem_undo *un, *n;
	struct sem_array *sma;
	int i, val;

	if (list_empty(undo_list))
		return;
	down(&sem_ids.rwsem);
	list_for_each_entry_safe(un, n, undo_list, list_proc) {
		/* An undo entry goes with its array: this one is alive. */
		sma = sem_obtain_check(un->semid);
		BUG_ON(IS_ERR(sma));
		for (i = 0; i < sma->sem_nsems; i++) {
			if (!un->semadj[i])
				continue;
			val = sma->sems[i].semval + un->semadj[i];
			/* Linux clamps rather than fail an exit. */
			sma->sems[i].semval = val < 0	   ? 0 :
					      val > SEMVMX ? SEMVMX :
							     val;
			sma->sems[i].sempid = current->tgid;
		}
		free_undo(un);
		wake_up(&sma->wait);
	}
	up(&sem_ids.rwsem);
}

/* GETNCNT (the waiters for an increase) and GETZCNT (for zero). */
static int count_semcnt(struct sem_array *sma, int semnum, bool zero)
{
	struct sem_waiter *w;
	int n = 0;

	list_for_each_entry(w, &sma->pending, list) {
		if (w->blocking->sem_num == semnum &&
		    (zero ? w->blocking->sem_op == 0 : w->blocking->sem_op < 0))
			n++;
	}
	return n;
}

static int semctl_info(int cmd, void *buf)
{
	struct seminfo info;
	int idx;

	memset(&info, 0, sizeof(info));
	info.semmni = sc_semmni;
	info.semmns = sc_semmns;
	info.semmsl = sc_semmsl;
	info.semopm = sc_semopm;
	info.semvmx = SEMVMX;
	info.semmnu = SEMMNU;
	info.semmap = SEMMAP;
	info.semume = SEMUME;
	down(&sem_ids.rwsem);
	info.semusz = cmd == SEM_INFO ? sem_ids.in_use : SEMUSZ;
	info.semaem = cmd == SEM_INFO ? used_sems : SEMAEM;
	idx = ipc_get_maxidx(&sem_ids);
	up(&sem_ids.rwsem);
	if (copy_to_user(buf, &info, sizeof(info)))
		return -EFAULT;
	return idx < 0 ? 0 : idx;
}

static int copy_semid_to_user(void *buf, struct semid64_ds *in, int version)
{
	struct semid_ds_old out;

	if (version == IPC_64)
		return copy_to_user(buf, in, sizeof(*in)) ? -EFAULT : 0;
	memset(&out, 0, sizeof(out));
	ipc64_perm_to_ipc_perm(&in->sem_perm, &out.sem_perm);
	out.sem_otime = (s32)in->sem_otime;
	out.sem_ctime = (s32)in->sem_ctime;
	out.sem_nsems = (u16)in->sem_nsems;
	return copy_to_user(buf, &out, sizeof(out)) ? -EFAULT : 0;
}

/* IPC_STAT by id; SEM_STAT and SEM_STAT_ANY by slot, answering the id. */
static int semctl_stat(int semid, int cmd, void *buf, int version)
{
	struct kern_ipc_perm *perm;
	struct semid64_ds ds;
	int err;

	memset(&ds, 0, sizeof(ds));
	down(&sem_ids.rwsem);
	perm = ipc_obtain_stat(&sem_ids, semid, cmd != IPC_STAT,
			       cmd == SEM_STAT_ANY);
	err = IS_ERR(perm) ? PTR_ERR(perm) : 0;
	if (!err) {
		kernel_to_ipc64_perm(perm, &ds.sem_perm);
		ds.sem_otime = sem_of(perm)->sem_otime;
		ds.sem_ctime = sem_of(perm)->sem_ctime;
		ds.sem_nsems = (u32)sem_of(perm)->sem_nsems;
		err = cmd == IPC_STAT ? 0 : perm->id;
	}
	up(&sem_ids.rwsem);
	if (err < 0)
		return err;
	return copy_semid_to_user(buf, &ds, version) ?: err;
}

static int semctl_getall(struct sem_array *sma, u16 *uarray)
{
	u16 *vals = kmalloc(sma->sem_nsems * sizeof(u16), GFP_KERNEL);
	int i, err;

	if (!vals)
		return -ENOMEM;
	for (i = 0; i < sma->sem_nsems; i++)
		vals[i] = (u16)sma->sems[i].semval;
	err = copy_to_user(uarray, vals, sma->sem_nsems * sizeof(u16)) ?
		      -EFAULT :
		      0;
	kfree(vals);
	return err;
}

static int semctl_setall(struct sem_array *sma, const u16 *uarray)
{
	u16 *vals = kmalloc(sma->sem_nsems * sizeof(u16), GFP_KERNEL);
	int i, err = 0;

	if (!vals)
		return -ENOMEM;
	if (copy_from_user(vals, uarray, sma->sem_nsems * sizeof(u16)))
		err = -EFAULT;
	for (i = 0; !err && i < sma->sem_nsems; i++) {
		if (vals[i] > SEMVMX)
			err = -ERANGE;
	}
	for (i = 0; !err && i < sma->sem_nsems; i++) {
		sma->sems[i].semval = vals[i];
		sma->sems[i].sempid = current->tgid;
	}
	if (!err)
		clear_undos(sma, -1);
	kfree(vals);
	return err;
}

/* The commands on values: GETVAL .. SETALL; rwsem held. */
static int semctl_main(struct sem_array *sma, int semnum, int cmd,
		       unsigned long arg)
{
	bool set = cmd == SETVAL || cmd == SETALL;
	int err = 0;

	if (ipcperms(&sma->sem_perm, set ? S_IWUGO : S_IRUGO))
		return -EACCES;
	if (cmd == GETALL)
		return semctl_getall(sma, (u16 *)arg);
	if (cmd == SETALL) {
		err = semctl_setall(sma, (const u16 *)arg);
	} else {
		if (semnum < 0 || semnum >= sma->sem_nsems)
			return -EINVAL;
		switch (cmd) {
		case GETVAL:
			return sma->sems[semnum].semval;
		case GETPID:
			return sma->sems[semnum].sempid;
		case GETNCNT:
			return count_semcnt(sma, semnum, false);
		case GETZCNT:
			return count_semcnt(sma, semnum, true);
		}
		sma->sems[semnum].semval = (int)arg;
		sma->sems[semnum].sempid = current->tgid;
		clear_undos(sma, semnum);
	}
	if (!err) {
		sma->sem_ctime = get_seconds();
		wake_up(&sma->wait);
	}
	return err;
}

/* IPC_SET and IPC_RMID: the owner's (or the creator's) commands. */
static int semctl_down(int semid, int cmd, unsigned long arg, int version)
{
	struct semid64_ds ds;
	struct kern_ipc_perm *perm;
	struct semid_ds_old old;
	int err = 0;

	if (cmd == IPC_SET && version == IPC_64 &&
	    copy_from_user(&ds, (void *)arg, sizeof(ds)))
		return -EFAULT;
	if (cmd == IPC_SET && version != IPC_64) {
		if (copy_from_user(&old, (void *)arg, sizeof(old)))
			return -EFAULT;
		ds.sem_perm.uid = old.sem_perm.uid;
		ds.sem_perm.gid = old.sem_perm.gid;
		ds.sem_perm.mode = old.sem_perm.mode;
	}
	down(&sem_ids.rwsem);
	perm = ipcctl_obtain_check(&sem_ids, semid);
	if (IS_ERR(perm)) {
		err = PTR_ERR(perm);
	} else if (cmd == IPC_RMID) {
		freeary(sem_of(perm));
	} else {
		err = ipc_update_perm(&ds.sem_perm, perm);
		if (!err)
			sem_of(perm)->sem_ctime = get_seconds();
	}
	up(&sem_ids.rwsem);
	return err;
}

long ksys_semctl(int semid, int semnum, int cmd, unsigned long arg, int version)
{
	struct sem_array *sma;
	int err;

	if (semid < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case SEM_INFO:
		return semctl_info(cmd, (void *)arg);
	case IPC_STAT:
	case SEM_STAT:
	case SEM_STAT_ANY:
		return semctl_stat(semid, cmd, (void *)arg, version);
	case SETVAL:
		if ((int)arg > SEMVMX || (int)arg < 0)
			return -ERANGE;
		/* fall through */
	case GETALL:
	case GETVAL:
	case GETPID:
	case GETNCNT:
	case GETZCNT:
	case SETALL:
		down(&sem_ids.rwsem);
		sma = sem_obtain_check(semid);
		err = IS_ERR(sma) ? PTR_ERR(sma) :
				    semctl_main(sma, semnum, cmd, arg);
		up(&sem_ids.rwsem);
		return err;
	case IPC_RMID:
	case IPC_SET:
		return semctl_down(semid, cmd, arg, version);
	default:
		return -EINVAL;
	}
}

/* The direct calls: semget (393), semctl (394, the IPC_64 layouts) and
 * semtimedop_time64 (420). */
long sys_semctl(int semid, int semnum, int cmd, unsigned long arg)
{
	return ksys_semctl(semid, semnum, cmd, arg, IPC_64);
}

long sys_semtimedop_time64(int semid, struct sembuf *tsops, unsigned int nsops,
			   const struct timespec64 *uts)
{
	struct timespec64 ts;

	if (uts && copy_from_user(&ts, uts, sizeof(ts)))
		return -EFAULT;
	return do_semtimedop(semid, tsops, nsops, uts ? &ts : NULL);
}

void proc_sysvipc_sem_show(struct seq_buf *m, struct task_struct *t)
{
	struct kern_ipc_perm *perm;

	(void)t;
	seq_puts(m, "       key      semid perms      nsems   uid   gid  cuid "
		    " cgid      otime      ctime\n");
	down(&sem_ids.rwsem);
	for_each_ipc(perm, &sem_ids) {
		seq_printf(m, "%10d %10d  %4o %10u %5u %5u %5u %5u %10u %10u\n",
			   perm->key, perm->id, perm->mode,
			   sem_of(perm)->sem_nsems, perm->uid, perm->gid,
			   perm->cuid, perm->cgid, sem_of(perm)->sem_otime,
			   sem_of(perm)->sem_ctime);
	}
	up(&sem_ids.rwsem);
}

/* /proc/sys/kernel/sem: semmsl, semmns, semopm, semmni. */
void proc_sys_sem_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "%d\t%d\t%d\t%d\n", sc_semmsl, sc_semmns, sc_semopm,
		   sc_semmni);
}
