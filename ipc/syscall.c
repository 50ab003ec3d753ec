/*
 * ipc/syscall.c - ipc(2), the one i386 door to System V IPC before Linux
 * 5.1 added a call for each (393..402): musl and glibc on i386 still use
 * it.  call's low 16 bits name the operation, its high 16 bits a version;
 * the ctl calls carry IPC_64 in cmd for the new layouts.  Each operation
 * goes to the same function as its direct call.
 */
#include "ipc/msg.h"
#include "ipc/sem.h"
#include "ipc/shm.h"
#include "kernel/errno.h"
#include "kernel/cpu/uaccess.h"

/* The call numbers (include/uapi/linux/ipc.h). */
#define SEMOP 1
#define SEMGET 2
#define SEMCTL 3
#define SEMTIMEDOP 4
#define MSGSND 11
#define MSGRCV 12
#define MSGGET 13
#define MSGCTL 14
#define SHMAT 21
#define SHMDT 22
#define SHMGET 23
#define SHMCTL 24

/* shmat answers through a pointer: its result may look like an error. */
static long ipc_shmat(int version, int shmid, int shmflg, unsigned long *uraddr,
		      unsigned long addr)
{
	unsigned long raddr;
	long err;

	if (version == 1) /* iBCS2's entry in Linux 2.2: never ours */
		return -EINVAL;
	err = do_shmat(shmid, addr, shmflg, &raddr);
	return err ? err : put_user(raddr, uraddr);
}

/* i386's ipc(SEMTIMEDOP) takes a 32-bit struct timespec. */
static long ipc_semtimedop(int semid, struct sembuf *tsops, unsigned int nsops,
			   const struct old_timespec32 *uts)
{
	struct old_timespec32 t32;
	struct timespec64 ts;

	if (!uts)
		return do_semtimedop(semid, tsops, nsops, NULL);
	if (copy_from_user(&t32, uts, sizeof(t32)))
		return -EFAULT;
	ts.tv_sec = t32.tv_sec;
	ts.tv_nsec = t32.tv_nsec;
	return do_semtimedop(semid, tsops, nsops, &ts);
}

/* semctl's fourth argument is a union semun, passed by address. */
static long ipc_semctl(int semid, int semnum, int cmd, unsigned long *uarg)
{
	unsigned long arg;
	int version;

	if (!uarg)
		return -EINVAL;
	if (get_user(arg, uarg))
		return -EFAULT;
	version = ipc_parse_version(&cmd);
	return ksys_semctl(semid, semnum, cmd, arg, version);
}

/* Version 0 of ipc(MSGRCV) passes { msgp, msgtyp } by address. */
static long ipc_msgrcv(int version, int msqid, unsigned long msgsz, int msgflg,
		       void *ptr, long msgtyp)
{
	struct ipc_kludge {
		void *msgp;
		long msgtyp;
	} tmp;

	if (version)
		return sys_msgrcv(msqid, ptr, msgsz, msgtyp, msgflg);
	if (!ptr)
		return -EINVAL;
	if (copy_from_user(&tmp, ptr, sizeof(tmp)))
		return -EFAULT;
	return sys_msgrcv(msqid, tmp.msgp, msgsz, tmp.msgtyp, msgflg);
}

long sys_ipc(unsigned int call, int first, unsigned long second,
	     unsigned long third, void *ptr, long fifth)
{
	int version = (int)(call >> 16), cmd;

	switch (call & 0xffff) {
	case SEMOP:
		return do_semtimedop(first, ptr, (unsigned int)second, NULL);
	case SEMTIMEDOP:
		return ipc_semtimedop(first, ptr, (unsigned int)second,
				      (const struct old_timespec32 *)fifth);
	case SEMGET:
		return sys_semget(first, (int)second, (int)third);
	case SEMCTL:
		return ipc_semctl(first, (int)second, (int)third, ptr);
	case MSGSND:
		return sys_msgsnd(first, ptr, second, (int)third);
	case MSGRCV:
		return ipc_msgrcv(version, first, second, (int)third, ptr,
				  fifth);
	case MSGGET:
		return sys_msgget(first, (int)second);
	case MSGCTL:
		cmd = (int)second;
		version = ipc_parse_version(&cmd);
		return ksys_msgctl(first, cmd, ptr, version);
	case SHMAT:
		return ipc_shmat(version, first, (int)second,
				 (unsigned long *)third, (unsigned long)ptr);
	case SHMDT:
		return sys_shmdt((unsigned long)ptr);
	case SHMGET:
		return sys_shmget(first, second, (int)third);
	case SHMCTL:
		cmd = (int)second;
		version = ipc_parse_version(&cmd);
		return ksys_shmctl(first, cmd, ptr, version);
	default:
		return -ENOSYS;
	}
}
