/*
 * compat/locks.h - POSIX record locks (fcntl F_GETLK/F_SETLK/F_SETLKW and the
 * 64-bit forms) and flock(2), Linux's fs/locks.c in its 2.6 shape.
 *
 * A lock covers a byte range of an inode for an owner: the process's
 * file table (current->files), as on Linux, so every descriptor the
 * process has on the file shares its locks, a child's table after fork
 * holds none of them, and closing any descriptor of the inode drops all
 * the owner's locks on it (locks_remove_posix from close_fd and from the
 * last put_files_struct at exit).  The F_OFD_* commands take locks owned
 * by the open file instead, which go with its last reference
 * (locks_remove_file from fput).  flock(2) locks belong to the open
 * file too, cover the whole file and meet only each other.
 */
#ifndef COMPAT_LOCKS_H
#define COMPAT_LOCKS_H

#include "fs/file.h"

struct files_struct;

/* The lock commands of fcntl (cmd F_GETLK ... F_SETLKW64, F_OFD_*); arg
 * is the user's struct flock (32-bit commands) or flock64 (the 64-bit
 * ones and F_OFD_*). */
long fcntl_lock(struct file *file, unsigned int cmd, unsigned long arg);
/* flock(2): LOCK_SH, LOCK_EX or LOCK_UN, with LOCK_NB not to wait. */
long sys_flock(unsigned int fd, unsigned int cmd);
/* owner closes a descriptor of file: its locks on the inode go. */
void locks_remove_posix(struct file *file, struct files_struct *owner);
/* The last reference to file goes: its OFD locks go. */
void locks_remove_file(struct file *file);

#endif
