/*
 * compat/pidfd.h - process file descriptors (compat/pidfd.c).
 */
#ifndef COMPAT_PIDFD_H
#define COMPAT_PIDFD_H

#include "kernel/types.h"

struct task_struct;

/* A process's thread group has just ended: wake pidfd pollers. */
void pidfd_notify_exit(void);
/*
 * waitid(P_PIDFD): the pid the descriptor names (-1 if that process is
 * gone and its number may be another's), and whether it was opened
 * PIDFD_NONBLOCK; -EBADF for a descriptor that is not a pidfd.
 */
int pidfd_get_pid(int fd, bool *nonblock);

#endif
