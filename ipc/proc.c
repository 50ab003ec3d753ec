/*
 * ipc/proc.c - System V IPC in /proc, in Linux's formats: /proc/sysvipc
 * (a line per object, ipc/shm.c prints them) and the limits in
 * /proc/sys/kernel (msgmax, msgmnb, msgmni, shmmax, shmall, shmmni),
 * which root may change; fs/proc/proc_sysctl.c lists them in its table.
 */
#include "fs/proc/procfs.h"
#include "ipc/proc.h"
#include "ipc/msg.h"
#include "ipc/sem.h"
#include "ipc/shm.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"

static const struct proc_entry proc_sysvipc_entries[] = {
	PROC_FILE("msg", 0444, proc_sysvipc_msg_show),
	PROC_FILE("sem", 0444, proc_sysvipc_sem_show),
	PROC_FILE("shm", 0444, proc_sysvipc_shm_show),
};

const struct proc_dir proc_sysvipc_dir = { proc_sysvipc_entries,
					   ARRAY_SIZE(proc_sysvipc_entries),
					   NULL, PROC_SYSVIPC_INO, NULL };

/* A decimal number as Linux's sysctls take it: digits, then at most
 * white space.  0, or -EINVAL. */
static int parse_ulong(const char *buf, size_t n, unsigned long *v)
{
	char text[24], *end;

	if (!n || n >= sizeof(text) || buf[0] < '0' || buf[0] > '9')
		return -EINVAL;
	memcpy(text, buf, n);
	text[n] = '\0';
	*v = simple_strtoul(text, &end, 10);
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	return *end ? -EINVAL : 0;
}

/* A limit written as a number no larger than max. */
static ssize_t write_limit(unsigned long *limit, unsigned long max,
			   const char *buf, size_t n)
{
	unsigned long v;

	if (parse_ulong(buf, n, &v) || v > max)
		return -EINVAL;
	*limit = v;
	return (ssize_t)n;
}

#define LIMIT_FILE(name, limit, max)                                        \
	void name##_show(struct seq_buf *m, struct task_struct *t)          \
	{                                                                   \
		(void)t;                                                    \
		seq_printf(m, "%lu\n", limit);                              \
	}                                                                   \
	ssize_t name##_write(struct task_struct *t, const char *buf,        \
			     size_t n)                                      \
	{                                                                   \
		(void)t;                                                    \
		return write_limit(&limit, max, buf, n);                    \
	}

LIMIT_FILE(msgmax, msg_ctlmax, 0x7fffffffUL)
LIMIT_FILE(msgmnb, msg_ctlmnb, 0x7fffffffUL)
LIMIT_FILE(msgmni, msg_ctlmni, IPCMNI)
LIMIT_FILE(shmmax, shm_ctlmax, ~0UL)
LIMIT_FILE(shmall, shm_ctlall, ~0UL)
LIMIT_FILE(shmmni, shm_ctlmni, IPCMNI) /* Linux: the slots a table has */
