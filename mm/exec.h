/*
 * mm/exec.h - running a new program in the current task (mm/exec.c).
 */
#ifndef MM_EXEC_H
#define MM_EXEC_H

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

#endif
