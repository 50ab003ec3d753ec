/*
 * fs/fdtable.h - a process's file descriptor table.
 *
 * fd -> struct file, plus the close-on-exec bit per descriptor.  fork()
 * gives the child a copy of the table (copy_files) whose entries share the
 * parent's open files; exec() closes the FD_CLOEXEC ones
 * (close_on_exec).  The table grows by doubling as descriptors are
 * taken; a descriptor is always below the process's RLIMIT_NOFILE.
 * count > 1 only when tasks share one table (CLONE_FILES).
 */
#ifndef FS_FDTABLE_H
#define FS_FDTABLE_H

#include "fs/file.h"

#define NR_OPEN_DEFAULT 32

struct files_struct {
	unsigned int count;
	unsigned int max_fds;	/* size of fd[] and close_on_exec[] */
	struct file **fd;
	u8 *close_on_exec;	/* one byte per fd: simpler than a bitmap */
};

struct files_struct *files_alloc(void);
struct files_struct *copy_files(struct files_struct *old);
void put_files_struct(struct files_struct *files);
void close_on_exec(struct files_struct *files);

/* Lowest free fd >= start (the table grows to hold it); -EMFILE if there
 * is none below current's RLIMIT_NOFILE, -ENOMEM. */
int get_unused_fd(struct files_struct *files, int start);
void fd_install(struct files_struct *files, int fd, struct file *file,
		bool cloexec);
/* The file at fd with a reference (fput it), or NULL. */
struct file *fget(struct files_struct *files, int fd);
/* Take the file out of fd and fput it; -EBADF if fd is not open. */
int close_fd(struct files_struct *files, int fd);

#define CLOSE_RANGE_UNSHARE 2
#define CLOSE_RANGE_CLOEXEC 4
/*
 * close_range(2): close (or, with CLOSE_RANGE_CLOEXEC, mark close-on-exec)
 * the current task's open descriptors fd..max_fd; CLOSE_RANGE_UNSHARE
 * first gives the task a table of its own.  -EINVAL for fd > max_fd or
 * another flag.
 */
int close_range(unsigned int fd, unsigned int max_fd, unsigned int flags);

/* The running task's table (current->files). */
struct files_struct *current_files(void);

#endif
