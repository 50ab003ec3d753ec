/*
 * fs/anon_inodes.h - files that are not on any file system.
 *
 * An epoll instance is a file (it has a descriptor, is closed, inherited
 * and polled like one) with nothing to name it by.  As in Linux, all such
 * files share one inode of an unmounted file system, mode 0600 with no
 * type bits; each is told apart by its f_op and private_data.
 */
#ifndef FS_ANON_INODES_H
#define FS_ANON_INODES_H

#include "fs/file.h"

void anon_inode_init(void);
/* A new file on the anonymous inode (f_count 1), or NULL for no memory.
 * flags are O_* (O_RDWR, O_NONBLOCK ...); name ("[eventpoll]") is what
 * /proc/PID/fd shows after "anon_inode:", as on Linux. */
struct file *anon_inode_getfile(const char *name,
				const struct file_operations *fops,
				void *priv, unsigned int flags);
/*
 * Give file a descriptor in the caller's table (close-on-exec when
 * cloexec): the descriptor, or an error after dropping the file, whose
 * release then frees what it holds.  Once the file exists it owns its
 * private data, on every path.
 */
int anon_inode_install(struct file *file, bool cloexec);
/* The file at the caller's fd, with a reference, if it is one of fops's
 * kind; else an error pointer: EBADF for a closed fd, EINVAL for another
 * kind of file (what epoll_wait, timerfd_settime and signalfd4 answer). */
struct file *anon_inode_fget(int fd, const struct file_operations *fops);

#endif
