/*
 * ipc/shm.h - System V shared memory (ipc/shm.c, docs/ipc.md): the
 * limits, the user-space layouts of i386 Linux, and what /proc shows.
 */
#ifndef IPC_SHM_H
#define IPC_SHM_H

#include "kernel/lib/seq_buf.h"
#include "ipc/util.h"

/* include/uapi/linux/shm.h, 32-bit values. */
#define SHMMIN 1
#define SHMMNI 4096
#define SHMMAX (0xffffffffUL - (1UL << 24)) /* bytes */
#define SHMALL (0xffffffffUL - (1UL << 24)) /* pages */
#define SHMLBA 4096

#define SHM_R 0400
#define SHM_W 0200
#define SHM_RDONLY 010000 /* shmat flags */
#define SHM_RND 020000
#define SHM_REMAP 040000
#define SHM_EXEC 0100000
#define SHM_LOCK 11 /* shmctl commands */
#define SHM_UNLOCK 12
#define SHM_STAT 13
#define SHM_INFO 14
#define SHM_STAT_ANY 15
#define SHM_DEST 01000 /* mode: goes away at the last detach */
#define SHM_LOCKED 02000

/* struct shmid64_ds (asm-generic/shmbuf.h), i386: 84 bytes. */
struct shmid64_ds {
	struct ipc64_perm shm_perm;
	u32 shm_segsz;
	u32 shm_atime, shm_atime_high;
	u32 shm_dtime, shm_dtime_high;
	u32 shm_ctime, shm_ctime_high;
	s32 shm_cpid, shm_lpid;
	u32 shm_nattch;
	u32 __unused4, __unused5;
};

/* The old struct shmid_ds of calls without IPC_64: 48 bytes. */
struct shmid_ds_old {
	struct ipc_perm_old shm_perm;
	s32 shm_segsz;
	s32 shm_atime, shm_dtime, shm_ctime;
	u16 shm_cpid, shm_lpid;
	u16 shm_nattch, shm_unused;
	u32 shm_unused2, shm_unused3;
};

struct shminfo64 {
	u32 shmmax, shmmin, shmmni, shmseg, shmall;
	u32 __unused1, __unused2, __unused3, __unused4;
};

struct shminfo_old {
	s32 shmmax, shmmin, shmmni, shmseg, shmall;
};

struct shm_info {
	s32 used_ids;
	u32 shm_tot, shm_rss, shm_swp; /* pages */
	u32 swap_attempts, swap_successes;
};

/* The limits, /proc/sys/kernel/shmmax, shmall and shmmni. */
extern unsigned long shm_ctlmax, shm_ctlall, shm_ctlmni;

void shm_init(void);
long do_shmat(int shmid, unsigned long addr, int shmflg, unsigned long *raddr);
long ksys_shmctl(int shmid, int cmd, void *buf, int version);
long sys_shmget(s32 key, unsigned long size, int shmflg);
long sys_shmdt(unsigned long addr);
void proc_sysvipc_shm_show(struct seq_buf *m, struct task_struct *t);

#endif
