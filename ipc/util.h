/*
 * ipc/util.h - what System V shared memory, semaphores and message queues
 * share: the id table of each kind, keys, permissions, and the structures
 * their system calls copy to and from user space (docs/ipc.md).
 *
 * An object of each kind starts with a struct kern_ipc_perm.  Its id is
 * seq * IPCMNI + idx, as in Linux: idx is its slot in the table, handed
 * out cyclically, and seq grows each time the slots wrap, so a removed
 * object's id is not soon given to a new one.  Each table has one sleeping
 * lock, ids->rwsem (Linux's rwsem, taken as a writer every time); it nests
 * inside mmap_sem, never around it (shm's VMA close takes it under
 * mmap_sem).
 */
#ifndef IPC_UTIL_H
#define IPC_UTIL_H

#include "fs/stat.h"
#include "kernel/list.h"
#include "kernel/sched/semaphore.h"
#include "kernel/types.h"

/* include/uapi/linux/ipc.h */
#define IPC_PRIVATE 0
#define IPC_CREAT 00001000
#define IPC_EXCL 00002000
#define IPC_NOWAIT 00004000
#define IPC_RMID 0
#define IPC_SET 1
#define IPC_STAT 2
#define IPC_INFO 3
#define IPC_OLD 0 /* the version of a ctl call without IPC_64 */
#define IPC_64 0x0100 /* new layouts: set in cmd by libc */

#define IPCMNI 32768 /* slots per table; ids are seq * IPCMNI + idx */
#define IPCMNI_SEQ_MAX (0x7fffffff / IPCMNI)

/* struct ipc64_perm (asm-generic/ipcbuf.h), i386: 36 bytes. */
struct ipc64_perm {
	s32 key;
	u32 uid, gid, cuid, cgid;
	u16 mode;
	u8 __pad1[2];
	u16 seq;
	u16 __pad2;
	u32 __unused1, __unused2;
};

/* The old struct ipc_perm of calls without IPC_64: 16-bit ids. */
struct ipc_perm_old {
	s32 key;
	u16 uid, gid, cuid, cgid;
	u16 mode;
	u16 seq;
};

struct kern_ipc_perm {
	struct list_head list; /* in ipc_ids.list, by idx */
	int id;
	int idx;
	s32 key;
	u32 uid, gid, cuid, cgid;
	unsigned int mode; /* 0777 bits, and the kind's own (SHM_DEST) */
	u16 seq;
	bool deleted; /* out of the table, about to be freed */
};

struct ipc_ids {
	int in_use;
	int max_idx; /* highest idx in use, -1 when empty */
	int last_idx; /* last idx handed out: the cycle goes on after it */
	u16 seq;
	struct list_head list; /* the objects, by idx */
	struct semaphore rwsem;
};

/* What ipcget needs of each kind: shmget, semget and msgget. */
struct ipc_params {
	s32 key;
	int flg;
	unsigned long size; /* shm: bytes; sem: semaphores */
};

struct ipc_ops {
	/* Create the object, add it to the table; its id or -errno. */
	int (*getnew)(struct ipc_params *params);
	/* Another check on an existing object (shm: the size). */
	int (*more_checks)(struct kern_ipc_perm *perm,
			   struct ipc_params *params);
};

void ipc_init(void);
void ipc_init_ids(struct ipc_ids *ids);
/* The get calls: find the key or make a new object, Linux's errors. */
int ipcget(struct ipc_ids *ids, const struct ipc_ops *ops,
	   struct ipc_params *params);
/* Put perm into the table (rwsem held); its idx or -ENOSPC. */
int ipc_addid(struct ipc_ids *ids, struct kern_ipc_perm *perm, int limit);
void ipc_rmid(struct ipc_ids *ids, struct kern_ipc_perm *perm);
/* After IPC_RMID of an object still in use: no key finds it any more. */
void ipc_set_key_private(struct kern_ipc_perm *perm);
/* The object in slot idx, or ERR_PTR(-EINVAL). */
struct kern_ipc_perm *ipc_obtain_object_idr(struct ipc_ids *ids, int idx);
/* The object with this id (slot and sequence), or ERR_PTR(-EINVAL). */
struct kern_ipc_perm *ipc_obtain_object_check(struct ipc_ids *ids, int id);
/* The object for IPC_STAT (by id) or a STAT command (by slot), which the
 * caller may read unless it is a STAT_ANY; else ERR_PTR(-EINVAL or
 * -EACCES). */
struct kern_ipc_perm *ipc_obtain_stat(struct ipc_ids *ids, int id, bool by_slot,
				      bool any);
/* The object for IPC_SET or IPC_RMID: the caller must own or have
 * created it, or be privileged; else ERR_PTR(-EPERM). */
struct kern_ipc_perm *ipcctl_obtain_check(struct ipc_ids *ids, int id);
/* Highest idx in use, for IPC_INFO; -1 when the table is empty. */
int ipc_get_maxidx(struct ipc_ids *ids);
/* 0 when the caller may access perm as flag (S_IRUGO, S_IWUGO ...). */
int ipcperms(struct kern_ipc_perm *perm, int flag);
/* IPC_SET: new owner and permission bits; -EINVAL for an invalid id. */
int ipc_update_perm(const struct ipc64_perm *in, struct kern_ipc_perm *out);
void kernel_to_ipc64_perm(const struct kern_ipc_perm *in,
			  struct ipc64_perm *out);
void ipc64_perm_to_ipc_perm(const struct ipc64_perm *in,
			    struct ipc_perm_old *out);
/* Strip IPC_64 from *cmd: IPC_64 or IPC_OLD, the layout to use. */
int ipc_parse_version(int *cmd);

#define for_each_ipc(perm, ids) list_for_each_entry(perm, &(ids)->list, list)

#endif
