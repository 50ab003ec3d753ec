/*
 * ipc/msg.h - System V message queues (ipc/msg.c, docs/ipc.md): the
 * limits, the user-space layouts of i386 Linux, and what /proc shows.
 */
#ifndef IPC_MSG_H
#define IPC_MSG_H

#include "kernel/lib/seq_buf.h"
#include "ipc/util.h"

/* include/uapi/linux/msg.h */
#define MSGMNI 32000
#define MSGMAX 8192
#define MSGMNB 16384
#define MSGPOOL (MSGMNI * MSGMNB / 1024)
#define MSGTQL MSGMNB
#define MSGMAP MSGMNB
#define MSGSSZ 16
#define MSGSEG 0xffff

#define MSG_NOERROR 010000 /* msgrcv flags */
#define MSG_EXCEPT 020000
#define MSG_COPY 040000
#define MSG_STAT 11 /* msgctl commands */
#define MSG_INFO 12
#define MSG_STAT_ANY 13

/* struct msqid64_ds (asm-generic/msgbuf.h), i386: 88 bytes. */
struct msqid64_ds {
	struct ipc64_perm msg_perm;
	u32 msg_stime, msg_stime_high;
	u32 msg_rtime, msg_rtime_high;
	u32 msg_ctime, msg_ctime_high;
	u32 msg_cbytes, msg_qnum, msg_qbytes;
	s32 msg_lspid, msg_lrpid;
	u32 __unused4, __unused5;
};

/* The old struct msqid_ds of calls without IPC_64: 56 bytes. */
struct msqid_ds_old {
	struct ipc_perm_old msg_perm;
	u32 msg_first, msg_last;
	s32 msg_stime, msg_rtime, msg_ctime;
	u32 msg_lcbytes, msg_lqbytes;
	u16 msg_cbytes, msg_qnum, msg_qbytes;
	u16 msg_lspid, msg_lrpid;
};

struct msginfo {
	s32 msgpool, msgmap, msgmax, msgmnb, msgmni, msgssz, msgtql;
	u16 msgseg;
};

/* The limits, /proc/sys/kernel/msgmax, msgmnb and msgmni. */
extern unsigned long msg_ctlmax, msg_ctlmnb, msg_ctlmni;

void msg_init(void);
long sys_msgget(s32 key, int msgflg);
long sys_msgsnd(int msqid, void *msgp, unsigned long msgsz, int msgflg);
long sys_msgrcv(int msqid, void *msgp, unsigned long msgsz, long msgtyp,
		int msgflg);
long ksys_msgctl(int msqid, int cmd, void *buf, int version);
void proc_sysvipc_msg_show(struct seq_buf *m, struct task_struct *t);

#endif
