/*
 * fs/fdtable.c - descriptor tables: allocation, lookup, fork and exec.
 */
#include "fs/fdtable.h"
#include "compat/locks.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "mm/phys/slab.h"

struct files_struct *current_files(void)
{
	return current ? current->files : NULL;
}

static int resize(struct files_struct *files, unsigned int n)
{
	struct file **fd = kzalloc(n * sizeof(*fd), GFP_KERNEL);
	u8 *cloexec = kzalloc(n, GFP_KERNEL);

	if (!fd || !cloexec) {
		kfree(fd);
		kfree(cloexec);
		return -ENOMEM;
	}
	if (files->fd) {
		memcpy(fd, files->fd, files->max_fds * sizeof(*fd));
		memcpy(cloexec, files->close_on_exec, files->max_fds);
		kfree(files->fd);
		kfree(files->close_on_exec);
	}
	files->fd = fd;
	files->close_on_exec = cloexec;
	files->max_fds = n;
	return 0;
}

struct files_struct *files_alloc(void)
{
	struct files_struct *files = kzalloc(sizeof(*files), GFP_KERNEL);

	if (!files)
		return NULL;
	files->count = 1;
	if (resize(files, NR_OPEN_DEFAULT)) {
		kfree(files);
		return NULL;
	}
	return files;
}

struct files_struct *copy_files(struct files_struct *old)
{
	struct files_struct *files = files_alloc();
	unsigned int i;

	if (!files)
		return NULL;
	if (old->max_fds > files->max_fds && resize(files, old->max_fds)) {
		put_files_struct(files);
		return NULL;
	}
	for (i = 0; i < old->max_fds; i++) {
		if (!old->fd[i])
			continue;
		files->fd[i] = get_file(old->fd[i]);
		files->close_on_exec[i] = old->close_on_exec[i];
	}
	return files;
}

void put_files_struct(struct files_struct *files)
{
	unsigned int i;

	if (--files->count)
		return;
	for (i = 0; i < files->max_fds; i++)
		if (files->fd[i]) {
			locks_remove_posix(files->fd[i], files);
			fput(files->fd[i]);
		}
	kfree(files->fd);
	kfree(files->close_on_exec);
	kfree(files);
}

void close_on_exec(struct files_struct *files)
{
	unsigned int i;

	for (i = 0; i < files->max_fds; i++)
		if (files->fd[i] && files->close_on_exec[i])
			close_fd(files, i);
}

int get_unused_fd(struct files_struct *files, int start)
{
	unsigned long limit =
		min(rlimit(RLIMIT_NOFILE), (unsigned long)NR_OPEN);
	unsigned int fd, n;

	if (start < 0)
		return -EINVAL;
	for (fd = start; fd < files->max_fds && fd < limit; fd++)
		if (!files->fd[fd])
			return fd;
	if (fd >= limit)
		return -EMFILE;
	for (n = files->max_fds; n <= fd; n *= 2)
		;
	if (resize(files, n))
		return -ENOMEM;
	return fd;
}

void fd_install(struct files_struct *files, int fd, struct file *file,
		bool cloexec)
{
	BUG_ON(fd < 0 || (unsigned int)fd >= files->max_fds || files->fd[fd]);
	files->fd[fd] = file;
	files->close_on_exec[fd] = cloexec ? 1 : 0;	/* callers pass O_CLOEXEC bits */
}

struct file *fget(struct files_struct *files, int fd)
{
	if (!files || fd < 0 || (unsigned int)fd >= files->max_fds ||
	    !files->fd[fd])
		return NULL;
	return get_file(files->fd[fd]);
}

int close_fd(struct files_struct *files, int fd)
{
	struct file *f;

	if (!files || fd < 0 || (unsigned int)fd >= files->max_fds ||
	    !files->fd[fd])
		return -EBADF;
	f = files->fd[fd];
	files->fd[fd] = NULL;
	files->close_on_exec[fd] = 0;
	locks_remove_posix(f, files);
	fput(f);
	return 0;
}

int close_range(unsigned int fd, unsigned int max_fd, unsigned int flags)
{
	struct files_struct *files = current_files();
	unsigned int i;

	if (flags & ~(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC))
		return -EINVAL;
	if (fd > max_fd)
		return -EINVAL;
	if (!files)
		return 0;
	/* A table shared with other tasks (CLONE_FILES) is first copied, so
	 * only this task's descriptors close. */
	if ((flags & CLOSE_RANGE_UNSHARE) && files->count > 1) {
		struct files_struct *copy = copy_files(files);

		if (!copy)
			return -ENOMEM;
		current->files = copy;
		put_files_struct(files);
		files = copy;
	}
	for (i = fd; i <= max_fd && i < files->max_fds; i++) {
		if (!files->fd[i])
			continue;
		if (flags & CLOSE_RANGE_CLOEXEC)
			files->close_on_exec[i] = 1;
		else
			close_fd(files, i);
	}
	return 0;
}
