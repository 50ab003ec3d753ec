/*
 * kernel/exec.h - the task side of execve (kernel/sys_exec.c).
 */
#ifndef KERNEL_EXEC_H
#define KERNEL_EXEC_H

/* After a successful do_execve: reset signal handlers, TLS, x87 state,
 * close-on-exec descriptors.  (init.c uses it for pid 1.) */
void exec_reset_task(void);

#endif
