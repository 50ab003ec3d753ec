/*
 * ipc/msg.c - System V message queues: msgget, msgsnd, msgrcv, msgctl,
 * as Linux 6.1's ipc/msg.c answers them (docs/ipc.md).
 *
 * A queue is a list of messages in the order they were sent.  A message's
 * text is kept as Linux keeps it: the first part after its header in one
 * allocation, the rest in a chain of segments, each at most a page, so
 * no message needs contiguous pages.  A sender that finds the queue full and a receiver that
 * finds no message it wants sleep on the queue's wait queue; every send,
 * receive and change of msg_qbytes wakes them all, and each tries again.
 * IPC_RMID wakes them to EIDRM; the last sleeper to leave frees the
 * queue.  Everything is under msg_ids.rwsem.
 */
#include "ipc/msg.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/sched/sched.h"
#include "kernel/process/task.h"
#include "kernel/time/time.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/sched/wait.h"
#include "mm/phys/page.h"
#include "mm/phys/slab.h"

struct msg_msgseg {
	struct msg_msgseg *next;
	char data[];
};

struct msg_msg {
	struct list_head m_list;
	long m_type;
	unsigned long m_ts; /* bytes of text */
	struct msg_msgseg *next;
	char data[];
};

#define DATALEN_MSG (PAGE_SIZE - sizeof(struct msg_msg))
#define DATALEN_SEG (PAGE_SIZE - sizeof(struct msg_msgseg))

struct msg_queue {
	struct kern_ipc_perm q_perm;
	u32 q_stime, q_rtime, q_ctime;
	unsigned long q_cbytes, q_qnum, q_qbytes;
	int q_lspid, q_lrpid;
	int sleepers; /* in msgsnd or msgrcv; the last frees a removed queue */
	wait_queue_head_t wait;
	struct list_head q_messages;
};

enum { SEARCH_ANY, SEARCH_EQUAL, SEARCH_NOTEQUAL, SEARCH_LESSEQUAL };

static struct ipc_ids msg_ids;
unsigned long msg_ctlmax = MSGMAX, msg_ctlmnb = MSGMNB, msg_ctlmni = MSGMNI;

_Static_assert(sizeof(struct msqid64_ds) == 88, "i386 msqid64_ds");
_Static_assert(sizeof(struct msqid_ds_old) == 56, "i386 msqid_ds");

void msg_init(void)
{
	ipc_init_ids(&msg_ids);
}

static struct msg_queue *msq_of(struct kern_ipc_perm *perm)
{
	return container_of(perm, struct msg_queue, q_perm);
}

static struct msg_queue *msq_obtain_check(int id)
{
	struct kern_ipc_perm *perm = ipc_obtain_object_check(&msg_ids, id);

	return IS_ERR(perm) ? (struct msg_queue *)perm : msq_of(perm);
}

static void free_msg(struct msg_msg *msg)
{
	struct msg_msgseg *seg = msg->next, *next;

	for (; seg; seg = next) {
		next = seg->next;
		kfree(seg);
	}
	kfree(msg);
}

/* A message holding len bytes copied from src (user memory). */
static struct msg_msg *load_msg(const char *src, unsigned long len)
{
	unsigned long part = len < DATALEN_MSG ? len : DATALEN_MSG;
	struct msg_msg *msg = kmalloc(sizeof(*msg) + part, GFP_KERNEL);
	struct msg_msgseg **pseg;
	long err = -EFAULT;

	if (!msg)
		return ERR_PTR(-ENOMEM);
	msg->next = NULL;
	if (copy_from_user(msg->data, src, part))
		goto fail;
	pseg = &msg->next;
	for (len -= part, src += part; len; len -= part, src += part) {
		struct msg_msgseg *seg;

		part = len < DATALEN_SEG ? len : DATALEN_SEG;
		seg = kmalloc(sizeof(*seg) + part, GFP_KERNEL);
		if (!seg) {
			err = -ENOMEM;
			goto fail;
		}
		seg->next = NULL;
		*pseg = seg;
		pseg = &seg->next;
		if (copy_from_user(seg->data, src, part))
			goto fail;
	}
	return msg;
fail:
	free_msg(msg);
	return ERR_PTR(err);
}

/* Copy the first len bytes of msg's text to dst (user memory). */
static int store_msg(char *dst, struct msg_msg *msg, unsigned long len)
{
	unsigned long part = len < DATALEN_MSG ? len : DATALEN_MSG;
	struct msg_msgseg *seg;

	if (copy_to_user(dst, msg->data, part))
		return -EFAULT;
	for (seg = msg->next; (len -= part) > 0; seg = seg->next) {
		dst += part;
		part = len < DATALEN_SEG ? len : DATALEN_SEG;
		if (copy_to_user(dst, seg->data, part))
			return -EFAULT;
	}
	return 0;
}

/* ipcget's getnew: called with msg_ids.rwsem held. */
static int newque(struct ipc_params *params)
{
	struct msg_queue *msq = kzalloc(sizeof(*msq), GFP_KERNEL);
	int err;

	if (!msq)
		return -ENOMEM;
	msq->q_perm.key = params->key;
	msq->q_perm.mode = params->flg & S_IRWXUGO;
	msq->q_ctime = get_seconds();
	msq->q_qbytes = msg_ctlmnb;
	init_waitqueue_head(&msq->wait);
	INIT_LIST_HEAD(&msq->q_messages);
	err = ipc_addid(&msg_ids, &msq->q_perm, (int)msg_ctlmni);
	if (err < 0) {
		kfree(msq);
		return err;
	}
	return msq->q_perm.id;
}

long sys_msgget(s32 key, int msgflg)
{
	static const struct ipc_ops msg_ops = { .getnew = newque };
	struct ipc_params params = { key, msgflg, 0 };

	return ipcget(&msg_ids, &msg_ops, &params);
}

/* IPC_RMID: its messages go; sleepers wake to EIDRM, the last frees it. */
static void freeque(struct msg_queue *msq)
{
	struct msg_msg *msg, *n;

	list_for_each_entry_safe(msg, n, &msq->q_messages, m_list)
		free_msg(msg);
	ipc_rmid(&msg_ids, &msq->q_perm);
	if (msq->sleepers)
		wake_up(&msq->wait);
	else
		kfree(msq);
}

/*
 * Sleep until the queue changes or a signal comes; rwsem held on entry
 * and on return.  0, -EIDRM (the queue is gone: do not touch it) or
 * -ERESTARTNOHAND.
 */
static int msg_sleep(struct msg_queue *msq)
{
	wait_queue_t w;

	init_wait(&w);
	msq->sleepers++;
	prepare_to_wait(&msq->wait, &w, TASK_INTERRUPTIBLE);
	up(&msg_ids.rwsem);
	schedule();
	finish_wait(&msq->wait, &w);
	down(&msg_ids.rwsem);
	msq->sleepers--;
	if (msq->q_perm.deleted) {
		if (!msq->sleepers)
			kfree(msq);
		return -EIDRM;
	}
	return signal_pending_current() ? -ERESTARTNOHAND : 0;
}

static bool msg_fits(struct msg_queue *msq, unsigned long msgsz)
{
	return msgsz + msq->q_cbytes <= msq->q_qbytes &&
	       1 + msq->q_qnum <= msq->q_qbytes;
}

long sys_msgsnd(int msqid, void *msgp, unsigned long msgsz, int msgflg)
{
	struct msg_queue *msq;
	struct msg_msg *msg;
	long mtype, err = 0;

	if (get_user(mtype, (long *)msgp))
		return -EFAULT;
	if (msgsz > msg_ctlmax || (long)msgsz < 0 || msqid < 0)
		return -EINVAL;
	if (mtype < 1)
		return -EINVAL;
	msg = load_msg((const char *)msgp + sizeof(long), msgsz);
	if (IS_ERR(msg))
		return PTR_ERR(msg);
	msg->m_type = mtype;
	msg->m_ts = msgsz;

	down(&msg_ids.rwsem);
	msq = msq_obtain_check(msqid);
	if (IS_ERR(msq))
		err = PTR_ERR(msq);
	else if (ipcperms(&msq->q_perm, S_IWUGO))
		err = -EACCES;
	while (!err && !msg_fits(msq, msgsz)) {
		err = (msgflg & IPC_NOWAIT) ? -EAGAIN : msg_sleep(msq);
	}
	if (!err) {
		list_add_tail(&msg->m_list, &msq->q_messages);
		msq->q_cbytes += msgsz;
		msq->q_qnum++;
		msq->q_lspid = current->tgid;
		msq->q_stime = get_seconds();
		wake_up(&msq->wait);
		msg = NULL;
	}
	up(&msg_ids.rwsem);
	if (msg)
		free_msg(msg);
	return err;
}

static bool msg_matches(struct msg_msg *msg, long type, int mode)
{
	switch (mode) {
	case SEARCH_ANY:
		return true;
	case SEARCH_LESSEQUAL:
		return msg->m_type <= type;
	case SEARCH_EQUAL:
		return msg->m_type == type;
	default:
		return msg->m_type != type;
	}
}

/* The first message wanted; for a negative msgtyp, the first of the
 * lowest type not above |msgtyp|. */
static struct msg_msg *find_msg(struct msg_queue *msq, long type, int mode)
{
	struct msg_msg *msg, *found = NULL;

	list_for_each_entry(msg, &msq->q_messages, m_list) {
		if (!msg_matches(msg, type, mode))
			continue;
		if (mode != SEARCH_LESSEQUAL)
			return msg;
		if (!found || msg->m_type < found->m_type)
			found = msg;
	}
	return found;
}

static int convert_mode(long *msgtyp, int msgflg)
{
	if (*msgtyp == 0)
		return SEARCH_ANY;
	if (*msgtyp < 0) {
		*msgtyp = *msgtyp == (long)0x80000000L ? 0x7fffffffL : -*msgtyp;
		return SEARCH_LESSEQUAL;
	}
	return (msgflg & MSG_EXCEPT) ? SEARCH_NOTEQUAL : SEARCH_EQUAL;
}

/* Take the message wanted off msq; rwsem held. */
static struct msg_msg *msg_take(struct msg_queue *msq, unsigned long bufsz,
				long msgtyp, int msgflg)
{
	int mode = convert_mode(&msgtyp, msgflg);
	struct msg_msg *msg;
	int err;

	for (;;) {
		msg = find_msg(msq, msgtyp, mode);
		if (msg)
			break;
		err = (msgflg & IPC_NOWAIT) ? -ENOMSG : msg_sleep(msq);
		if (err)
			return ERR_PTR(err);
	}
	if (bufsz < msg->m_ts && !(msgflg & MSG_NOERROR))
		return ERR_PTR(-E2BIG);
	list_del(&msg->m_list);
	msq->q_qnum--;
	msq->q_cbytes -= msg->m_ts;
	msq->q_lrpid = current->tgid;
	msq->q_rtime = get_seconds();
	wake_up(&msq->wait);
	return msg;
}

long sys_msgrcv(int msqid, void *msgp, unsigned long bufsz, long msgtyp,
		int msgflg)
{
	struct msg_queue *msq;
	struct msg_msg *msg;
	long ret;

	if (msqid < 0 || (long)bufsz < 0)
		return -EINVAL;
	if (msgflg & MSG_COPY)
		return -EINVAL;
	down(&msg_ids.rwsem);
	msq = msq_obtain_check(msqid);
	if (IS_ERR(msq))
		msg = (struct msg_msg *)msq;
	else if (ipcperms(&msq->q_perm, S_IRUGO))
		msg = ERR_PTR(-EACCES);
	else
		msg = msg_take(msq, bufsz, msgtyp, msgflg);
	up(&msg_ids.rwsem);
	if (IS_ERR(msg))
		return PTR_ERR(msg);
	/* As Linux: a copy that faults loses the message. */
	if (bufsz > msg->m_ts)
		bufsz = msg->m_ts;
	ret = put_user(msg->m_type, (long *)msgp)			 ?:
		      store_msg((char *)msgp + sizeof(long), msg, bufsz) ?:
		      (long)bufsz;
	free_msg(msg);
	return ret;
}

static int msgctl_info(int cmd, void *buf)
{
	struct msginfo info;
	struct kern_ipc_perm *perm;
	unsigned long bytes = 0, msgs = 0;
	int idx;

	memset(&info, 0, sizeof(info));
	info.msgmni = (s32)msg_ctlmni;
	info.msgmax = (s32)msg_ctlmax;
	info.msgmnb = (s32)msg_ctlmnb;
	info.msgssz = MSGSSZ;
	info.msgseg = MSGSEG;
	down(&msg_ids.rwsem);
	for_each_ipc(perm, &msg_ids) {
		msgs += msq_of(perm)->q_qnum;
		bytes += msq_of(perm)->q_cbytes;
	}
	info.msgpool = cmd == MSG_INFO ? msg_ids.in_use : MSGPOOL;
	info.msgmap = cmd == MSG_INFO ? (s32)msgs : MSGMAP;
	info.msgtql = cmd == MSG_INFO ? (s32)bytes : MSGTQL;
	idx = ipc_get_maxidx(&msg_ids);
	up(&msg_ids.rwsem);
	if (copy_to_user(buf, &info, sizeof(info)))
		return -EFAULT;
	return idx < 0 ? 0 : idx;
}

static int copy_msqid_to_user(void *buf, struct msqid64_ds *in, int version)
{
	struct msqid_ds_old out;

	if (version == IPC_64)
		return copy_to_user(buf, in, sizeof(*in)) ? -EFAULT : 0;
	memset(&out, 0, sizeof(out));
	ipc64_perm_to_ipc_perm(&in->msg_perm, &out.msg_perm);
	out.msg_stime = (s32)in->msg_stime;
	out.msg_rtime = (s32)in->msg_rtime;
	out.msg_ctime = (s32)in->msg_ctime;
	out.msg_lcbytes = in->msg_cbytes;
	out.msg_cbytes = in->msg_cbytes > 0xffff ? 0xffff : in->msg_cbytes;
	out.msg_lqbytes = in->msg_qbytes;
	out.msg_qbytes = in->msg_qbytes > 0xffff ? 0xffff : in->msg_qbytes;
	out.msg_qnum = in->msg_qnum > 0xffff ? 0xffff : in->msg_qnum;
	out.msg_lspid = (u16)in->msg_lspid;
	out.msg_lrpid = (u16)in->msg_lrpid;
	return copy_to_user(buf, &out, sizeof(out)) ? -EFAULT : 0;
}

/* IPC_STAT by id; MSG_STAT and MSG_STAT_ANY by slot, answering the id. */
static int msgctl_stat(int msqid, int cmd, void *buf, int version)
{
	struct kern_ipc_perm *perm;
	struct msqid64_ds ds;
	struct msg_queue *msq;
	int err;

	memset(&ds, 0, sizeof(ds));
	down(&msg_ids.rwsem);
	perm = ipc_obtain_stat(&msg_ids, msqid, cmd != IPC_STAT,
			       cmd == MSG_STAT_ANY);
	err = IS_ERR(perm) ? PTR_ERR(perm) : 0;
	if (!err) {
		msq = msq_of(perm);
		kernel_to_ipc64_perm(perm, &ds.msg_perm);
		ds.msg_stime = msq->q_stime;
		ds.msg_rtime = msq->q_rtime;
		ds.msg_ctime = msq->q_ctime;
		ds.msg_cbytes = msq->q_cbytes;
		ds.msg_qnum = msq->q_qnum;
		ds.msg_qbytes = msq->q_qbytes;
		ds.msg_lspid = msq->q_lspid;
		ds.msg_lrpid = msq->q_lrpid;
		err = cmd == IPC_STAT ? 0 : perm->id;
	}
	up(&msg_ids.rwsem);
	if (err < 0)
		return err;
	return copy_msqid_to_user(buf, &ds, version) ?: err;
}

static int copy_msqid_from_user(struct msqid64_ds *out, void *buf, int version)
{
	struct msqid_ds_old old;

	if (version == IPC_64)
		return copy_from_user(out, buf, sizeof(*out)) ? -EFAULT : 0;
	if (copy_from_user(&old, buf, sizeof(old)))
		return -EFAULT;
	out->msg_perm.uid = old.msg_perm.uid;
	out->msg_perm.gid = old.msg_perm.gid;
	out->msg_perm.mode = old.msg_perm.mode;
	out->msg_qbytes = old.msg_qbytes ? old.msg_qbytes : old.msg_lqbytes;
	return 0;
}

/* IPC_SET and IPC_RMID: the owner's (or the creator's) commands. */
static int msgctl_down(int msqid, int cmd, struct msqid64_ds *ds)
{
	struct kern_ipc_perm *perm;
	struct msg_queue *msq;
	int err = 0;

	down(&msg_ids.rwsem);
	perm = ipcctl_obtain_check(&msg_ids, msqid);
	if (IS_ERR(perm)) {
		err = PTR_ERR(perm);
	} else if (cmd == IPC_RMID) {
		freeque(msq_of(perm));
	} else if (ds->msg_qbytes > msg_ctlmnb && !capable(CAP_SYS_RESOURCE)) {
		err = -EPERM;
	} else {
		msq = msq_of(perm);
		err = ipc_update_perm(&ds->msg_perm, perm);
		if (!err) {
			msq->q_qbytes = ds->msg_qbytes;
			msq->q_ctime = get_seconds();
			wake_up(&msq->wait);
		}
	}
	up(&msg_ids.rwsem);
	return err;
}

long ksys_msgctl(int msqid, int cmd, void *buf, int version)
{
	struct msqid64_ds ds;

	if (msqid < 0 || cmd < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case MSG_INFO:
		return msgctl_info(cmd, buf);
	case MSG_STAT:
	case MSG_STAT_ANY:
	case IPC_STAT:
		return msgctl_stat(msqid, cmd, buf, version);
	case IPC_SET:
		if (copy_msqid_from_user(&ds, buf, version))
			return -EFAULT;
		return msgctl_down(msqid, cmd, &ds);
	case IPC_RMID:
		return msgctl_down(msqid, cmd, &ds);
	default:
		return -EINVAL;
	}
}

/* The direct call (402) always uses the IPC_64 layouts, as Linux's. */
long sys_msgctl(int msqid, int cmd, void *buf)
{
	return ksys_msgctl(msqid, cmd, buf, IPC_64);
}

void proc_sysvipc_msg_show(struct seq_buf *m, struct task_struct *t)
{
	struct kern_ipc_perm *perm;

	(void)t;
	seq_puts(m, "       key      msqid perms      cbytes       qnum lspid "
		    "lrpid   uid   gid  cuid  cgid      stime      rtime      "
		    "ctime\n");
	down(&msg_ids.rwsem);
	for_each_ipc(perm, &msg_ids) {
		struct msg_queue *msq = msq_of(perm);

		seq_printf(m,
			   "%10d %10d  %4o  %10lu %10lu %5u %5u %5u %5u %5u "
			   "%5u %10u %10u %10u\n",
			   perm->key, perm->id, perm->mode, msq->q_cbytes,
			   msq->q_qnum, msq->q_lspid, msq->q_lrpid, perm->uid,
			   perm->gid, perm->cuid, perm->cgid, msq->q_stime,
			   msq->q_rtime, msq->q_ctime);
	}
	up(&msg_ids.rwsem);
}
