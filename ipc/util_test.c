/*
 * ipc/util_test.c - ktests for the id tables of ipc/util.c, on a table
 * of their own: slots handed out cyclically, the sequence number that
 * keeps a removed id from answering, keys, and the highest slot.
 */
#include "ipc/util.h"
#include "kernel/errno.h"
#include "kernel/ktest.h"

#define NOBJ 4

static int add(struct ipc_ids *ids, struct kern_ipc_perm *perm, s32 key)
{
	perm->key = key;
	perm->mode = 0600;
	return ipc_addid(ids, perm, 32);
}

KTEST(ipc_ids_cycle_and_seq)
{
	struct kern_ipc_perm objs[NOBJ], again;
	struct ipc_ids ids;
	int i, old_id;

	ipc_init_ids(&ids);
	KEXPECT_EQ(ipc_get_maxidx(&ids), -1);
	for (i = 0; i < NOBJ; i++)
		KEXPECT_EQ(add(&ids, &objs[i], 100 + i), i);
	KEXPECT_EQ(ids.in_use, NOBJ);
	KEXPECT_EQ(ipc_get_maxidx(&ids), NOBJ - 1);
	KEXPECT_EQ(objs[2].id, 2);
	KEXPECT_TRUE(ipc_obtain_object_check(&ids, 2) == &objs[2]);

	/* A freed slot is not reused before the cycle comes round. */
	old_id = objs[1].id;
	ipc_rmid(&ids, &objs[1]);
	KEXPECT_TRUE(objs[1].deleted);
	KEXPECT_EQ(add(&ids, &again, 200), NOBJ);
	KEXPECT_EQ(again.id, NOBJ);
	KEXPECT_EQ(PTR_ERR(ipc_obtain_object_check(&ids, old_id)), -EINVAL);
	ipc_rmid(&ids, &again);

	/* Removing the highest slot lowers max_idx to the next in use. */
	ipc_rmid(&ids, &objs[3]);
	KEXPECT_EQ(ipc_get_maxidx(&ids), 2);

	/* Once the cycle wraps, slot 1 comes back with the next sequence,
	 * so the old id still does not find the new object. */
	ids.last_idx = 63;
	KEXPECT_EQ(add(&ids, &again, 300), 1);
	KEXPECT_EQ(again.id, 32768 + 1);
	KEXPECT_EQ(PTR_ERR(ipc_obtain_object_check(&ids, old_id)), -EINVAL);
	KEXPECT_TRUE(ipc_obtain_object_check(&ids, 32768 + 1) == &again);
	KEXPECT_TRUE(ipc_obtain_object_idr(&ids, 1) == &again);
	ipc_rmid(&ids, &again);
	ipc_rmid(&ids, &objs[0]);
	ipc_rmid(&ids, &objs[2]);
	KEXPECT_EQ(ids.in_use, 0);
	KEXPECT_EQ(ipc_get_maxidx(&ids), -1);
}

KTEST(ipc_ids_limit)
{
	struct kern_ipc_perm a, b;
	struct ipc_ids ids;

	ipc_init_ids(&ids);
	a.key = b.key = IPC_PRIVATE;
	KEXPECT_EQ(ipc_addid(&ids, &a, 1), 0);
	KEXPECT_EQ(ipc_addid(&ids, &b, 1), -ENOSPC);
	ipc_rmid(&ids, &a);
}

KTEST(ipc_perms_mode_bits)
{
	struct kern_ipc_perm perm = { .mode = 0400 };
	struct ipc64_perm in = { .uid = 5, .gid = 6, .mode = 0641 | 01000 };

	/* The caller is root: the mode never refuses (CAP_IPC_OWNER). */
	KEXPECT_EQ(ipcperms(&perm, S_IRUGO | S_IWUGO), 0);
	KEXPECT_EQ(ipc_update_perm(&in, &perm), 0);
	KEXPECT_EQ(perm.uid, 5u);
	KEXPECT_EQ(perm.gid, 6u);
	KEXPECT_EQ(perm.mode, 0641u);
	in.uid = (u32)-1;
	KEXPECT_EQ(ipc_update_perm(&in, &perm), -EINVAL);
}
