/*
 * ipc/util.c - the id tables, keys and permissions that shared memory
 * (ipc/shm.c), semaphores (ipc/sem.c) and message queues (ipc/msg.c)
 * share, as Linux's ipc/util.c (see ipc/util.h).
 *
 * A table is a list of objects sorted by slot.  Linux keeps an IDR and a
 * hash of keys; a list gives the same answers, and the number of objects
 * a test or a program makes is small.
 */
#include "ipc/util.h"
#include "kernel/process/cred.h"
#include "ipc/msg.h"
#include "ipc/sem.h"
#include "ipc/shm.h"
#include "kernel/errno.h"
#include "kernel/panic.h"

/* Linux hands out slots below max(in_use * 3 / 2, 64), cyclically. */
#define IPC_MIN_CYCLE 64

void ipc_init_ids(struct ipc_ids *ids)
{
	ids->in_use = 0;
	ids->max_idx = -1;
	ids->last_idx = -1;
	ids->seq = 0;
	INIT_LIST_HEAD(&ids->list);
	sema_init(&ids->rwsem, 1);
}

void ipc_init(void)
{
	shm_init();
	sem_init();
	msg_init();
}

static struct kern_ipc_perm *ipc_findkey(struct ipc_ids *ids, s32 key)
{
	struct kern_ipc_perm *perm;

	for_each_ipc(perm, ids) {
		if (perm->key == key)
			return perm;
	}
	return NULL;
}

int ipcperms(struct kern_ipc_perm *perm, int flag)
{
	u32 euid = current_cred()->euid;
	int requested = (flag >> 6) | (flag >> 3) | flag;
	int granted = perm->mode;

	if (euid == perm->cuid || euid == perm->uid)
		granted >>= 6;
	else if (in_group_p(perm->cgid) || in_group_p(perm->gid))
		granted >>= 3;
	if ((requested & ~granted & 0007) && !capable(CAP_IPC_OWNER))
		return -1;
	return 0;
}

/* An existing key: Linux's order of checks; the id when all pass. */
static int ipc_check_existing(struct kern_ipc_perm *perm,
			      const struct ipc_ops *ops,
			      struct ipc_params *params)
{
	int err;

	if ((params->flg & IPC_CREAT) && (params->flg & IPC_EXCL))
		return -EEXIST;
	if (ops->more_checks) {
		err = ops->more_checks(perm, params);
		if (err)
			return err;
	}
	if (ipcperms(perm, params->flg))
		return -EACCES;
	return perm->id;
}

int ipcget(struct ipc_ids *ids, const struct ipc_ops *ops,
	   struct ipc_params *params)
{
	struct kern_ipc_perm *perm;
	int err;

	down(&ids->rwsem);
	if (params->key == IPC_PRIVATE) {
		err = ops->getnew(params);
	} else {
		perm = ipc_findkey(ids, params->key);
		if (perm)
			err = ipc_check_existing(perm, ops, params);
		else if (params->flg & IPC_CREAT)
			err = ops->getnew(params);
		else
			err = -ENOENT;
	}
	up(&ids->rwsem);
	return err;
}

/*
 * The first free slot at or after start and below end, or -1; *before is
 * the object the new one goes in front of (the list head: at the end).
 */
static int free_slot(struct ipc_ids *ids, int start, int end,
		     struct list_head **before)
{
	struct kern_ipc_perm *perm;
	int idx = start;

	for_each_ipc(perm, ids) {
		if (perm->idx < idx)
			continue;
		if (perm->idx > idx)
			break;
		idx++;
	}
	*before = &perm->list;
	return idx < end ? idx : -1;
}

int ipc_addid(struct ipc_ids *ids, struct kern_ipc_perm *perm, int limit)
{
	int end = ids->in_use * 3 / 2, idx;
	struct list_head *before;

	if (limit > IPCMNI)
		limit = IPCMNI;
	if (ids->in_use >= limit)
		return -ENOSPC;
	if (end < IPC_MIN_CYCLE)
		end = IPC_MIN_CYCLE;
	if (end > IPCMNI)
		end = IPCMNI;
	idx = free_slot(ids, ids->last_idx + 1, end, &before);
	if (idx < 0)
		idx = free_slot(ids, 0, end, &before);
	if (idx < 0)
		return -ENOSPC;
	if (idx <= ids->last_idx && ++ids->seq >= IPCMNI_SEQ_MAX)
		ids->seq = 0;
	ids->last_idx = idx;
	perm->idx = idx;
	perm->seq = ids->seq;
	perm->id = ids->seq * IPCMNI + idx;
	perm->cuid = perm->uid = current_cred()->euid;
	perm->cgid = perm->gid = current_cred()->egid;
	perm->deleted = false;
	list_add_tail(&perm->list, before);
	ids->in_use++;
	if (idx > ids->max_idx)
		ids->max_idx = idx;
	return idx;
}

void ipc_rmid(struct ipc_ids *ids, struct kern_ipc_perm *perm)
{
	struct kern_ipc_perm *last;

	list_del(&perm->list);
	perm->deleted = true;
	ids->in_use--;
	if (list_empty(&ids->list)) {
		ids->max_idx = -1;
	} else if (perm->idx == ids->max_idx) {
		/* The list is in slot order: its last is the highest. */
		last = list_last_entry(&ids->list, struct kern_ipc_perm, list);
		ids->max_idx = last->idx;
	}
}

void ipc_set_key_private(struct kern_ipc_perm *perm)
{
	perm->key = IPC_PRIVATE;
}

struct kern_ipc_perm *ipc_obtain_object_idr(struct ipc_ids *ids, int idx)
{
	struct kern_ipc_perm *perm;

	for_each_ipc(perm, ids) {
		if (perm->idx == idx)
			return perm;
		if (perm->idx > idx)
			break;
	}
	return ERR_PTR(-EINVAL);
}

struct kern_ipc_perm *ipc_obtain_object_check(struct ipc_ids *ids, int id)
{
	struct kern_ipc_perm *perm;

	if (id < 0)
		return ERR_PTR(-EINVAL);
	perm = ipc_obtain_object_idr(ids, id % IPCMNI);
	if (!IS_ERR(perm) && perm->seq != id / IPCMNI)
		return ERR_PTR(-EINVAL);
	return perm;
}

struct kern_ipc_perm *ipc_obtain_stat(struct ipc_ids *ids, int id, bool by_slot,
				      bool any)
{
	struct kern_ipc_perm *perm = by_slot ? ipc_obtain_object_idr(ids, id) :
					       ipc_obtain_object_check(ids, id);

	if (!IS_ERR(perm) && !any && ipcperms(perm, S_IRUGO))
		return ERR_PTR(-EACCES);
	return perm;
}

struct kern_ipc_perm *ipcctl_obtain_check(struct ipc_ids *ids, int id)
{
	struct kern_ipc_perm *perm = ipc_obtain_object_check(ids, id);
	u32 euid = current_cred()->euid;

	if (IS_ERR(perm))
		return perm;
	if (euid == perm->cuid || euid == perm->uid || capable(CAP_SYS_ADMIN))
		return perm;
	return ERR_PTR(-EPERM);
}

int ipc_get_maxidx(struct ipc_ids *ids)
{
	return ids->in_use ? ids->max_idx : -1;
}

int ipc_update_perm(const struct ipc64_perm *in, struct kern_ipc_perm *out)
{
	if (in->uid == (u32)-1 || in->gid == (u32)-1)
		return -EINVAL;
	out->uid = in->uid;
	out->gid = in->gid;
	out->mode = (out->mode & ~S_IRWXUGO) | (in->mode & S_IRWXUGO);
	return 0;
}

void kernel_to_ipc64_perm(const struct kern_ipc_perm *in,
			  struct ipc64_perm *out)
{
	out->key = in->key;
	out->uid = in->uid;
	out->gid = in->gid;
	out->cuid = in->cuid;
	out->cgid = in->cgid;
	out->mode = (u16)in->mode;
	out->seq = in->seq;
}

/* Linux's high2lowuid: an id that does not fit 16 bits reads 65534. */
static u16 low_id(u32 id)
{
	return id > 0xffff ? 65534 : (u16)id;
}

void ipc64_perm_to_ipc_perm(const struct ipc64_perm *in,
			    struct ipc_perm_old *out)
{
	out->key = in->key;
	out->uid = low_id(in->uid);
	out->gid = low_id(in->gid);
	out->cuid = low_id(in->cuid);
	out->cgid = low_id(in->cgid);
	out->mode = in->mode;
	out->seq = in->seq;
}

int ipc_parse_version(int *cmd)
{
	if (*cmd & IPC_64) {
		*cmd ^= IPC_64;
		return IPC_64;
	}
	return IPC_OLD;
}
