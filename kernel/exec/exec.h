/*
 * kernel/exec/exec.h - running a new program in the current task: the
 * address-space part (kernel/exec/exec.c) and the task part
 * (kernel/exec/sys_exec.c).
 */
#ifndef KERNEL_EXEC_EXEC_H
#define KERNEL_EXEC_EXEC_H

#include "kernel/types.h"

struct trapframe;

/*
 * Replace the current task's address space with the program at path.
 * path, argv and envp (NULL-terminated arrays) are kernel memory.  0 on
 * success, with the user trapframe set to enter the program; -errno
 * (ENOENT, EACCES, ENOEXEC, E2BIG, ENOMEM, ELOOP ...) otherwise.
 */
int do_execve(const char *path, char *const argv[], char *const envp[]);
/* The same with argv and envp (and their strings) in user memory; path is
 * a kernel copy.  This is what sys_execve calls. */
int do_execve_user(const char *path, char *const *uargv, char *const *uenvp);

/* Set a user trapframe to start at eip with stack esp. */
void start_thread(struct trapframe *tf, u32 eip, u32 esp);

/* After a successful do_execve: reset signal handlers, TLS, x87 state,
 * close-on-exec descriptors.  (init.c uses it for pid 1.) */
void exec_reset_task(void);

#endif
