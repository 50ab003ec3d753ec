/*
 * ipc/proc.h - the System V IPC limits in /proc/sys/kernel (ipc/proc.c),
 * for fs/proc/proc_sysctl.c's table: a show and a write per limit.
 */
#ifndef IPC_PROC_H
#define IPC_PROC_H

#include "fs/proc/procfs.h"

#define IPC_LIMIT_FILE(name)                                          \
	void name##_show(struct seq_buf *m, struct task_struct *t);   \
	ssize_t name##_write(struct task_struct *t, const char *buf, \
			     size_t n)

IPC_LIMIT_FILE(msgmax);
IPC_LIMIT_FILE(msgmnb);
IPC_LIMIT_FILE(msgmni);
IPC_LIMIT_FILE(shmmax);
IPC_LIMIT_FILE(shmall);
IPC_LIMIT_FILE(shmmni);

#endif
