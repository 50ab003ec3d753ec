/*
 * ipc/sem.h - System V semaphores (ipc/sem.c, docs/ipc.md): the limits,
 * the user-space layouts of i386 Linux, and what /proc shows.
 */
#ifndef IPC_SEM_H
#define IPC_SEM_H

#include "kernel/lib/seq_buf.h"
#include "ipc/util.h"
#include "kernel/list.h"
#include "kernel/time/time.h"

/* include/uapi/linux/sem.h */
#define SEMMNI 32000
#define SEMMSL 32000
#define SEMMNS (SEMMNI * SEMMSL)
#define SEMOPM 500
#define SEMVMX 32767
#define SEMAEM SEMVMX
#define SEMUME SEMOPM
#define SEMMNU SEMMNS
#define SEMMAP SEMMNS
#define SEMUSZ 20

#define SEM_UNDO 0x1000 /* sembuf.sem_flg */
#define GETPID 11 /* semctl commands */
#define GETVAL 12
#define GETALL 13
#define GETNCNT 14
#define GETZCNT 15
#define SETVAL 16
#define SETALL 17
#define SEM_STAT 18
#define SEM_INFO 19
#define SEM_STAT_ANY 20

struct sembuf {
	u16 sem_num;
	s16 sem_op;
	s16 sem_flg;
};

/* struct semid64_ds (arch/x86 sembuf.h), i386: 64 bytes. */
struct semid64_ds {
	struct ipc64_perm sem_perm;
	u32 sem_otime, sem_otime_high;
	u32 sem_ctime, sem_ctime_high;
	u32 sem_nsems;
	u32 __unused3, __unused4;
};

/* The old struct semid_ds of calls without IPC_64: 44 bytes. */
struct semid_ds_old {
	struct ipc_perm_old sem_perm;
	s32 sem_otime, sem_ctime;
	u32 sem_base, sem_pending, sem_pending_last, undo;
	u16 sem_nsems;
};

struct seminfo {
	s32 semmap, semmni, semmns, semmnu, semmsl, semopm, semume, semusz,
		semvmx, semaem;
};

/* A process's undo entries: a list of struct sem_undo, one per array
 * it changed with SEM_UNDO, in its signal_struct (shared by its
 * threads); exit_sem applies them when the last thread goes. */
void exit_sem(struct list_head *undo_list);

void sem_init(void);
long sys_semget(s32 key, int nsems, int semflg);
long ksys_semctl(int semid, int semnum, int cmd, unsigned long arg,
		 int version);
long do_semtimedop(int semid, struct sembuf *tsops, unsigned int nsops,
		   const struct timespec64 *timeout);
void proc_sysvipc_sem_show(struct seq_buf *m, struct task_struct *t);
void proc_sys_sem_show(struct seq_buf *m, struct task_struct *t);

#endif
