/*
 * fs/sys_open.c - open, openat, creat, close, close_range.
 */
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"

long sys_openat(int dfd, const char *upath, int flags, int mode)
{
	struct files_struct *files = current_files();
	struct file *dirf, *f;
	struct path *base;
	char *name;
	int fd, err;

	if (!files)
		return -EBADF;
	/* open makes no directory: Linux refuses the pair before the name. */
	if ((flags & (O_CREAT | O_DIRECTORY)) == (O_CREAT | O_DIRECTORY))
		return -EINVAL;
	name = getname(upath);
	if (IS_ERR(name))
		return PTR_ERR(name);
	err = at_base(dfd, name, &dirf, &base);
	if (err)
		goto out;
	fd = get_unused_fd(files, 0);
	if (fd < 0) {
		err = fd;
		goto put;
	}
	err = vfs_open(base, name, flags, mode, &f);
	if (!err) {
		fd_install(files, fd, f, flags & O_CLOEXEC);
		err = fd;
	}
put:
	if (dirf)
		fput(dirf);
out:
	putname(name);
	return err;
}

long sys_open(const char *path, int flags, int mode)
{
	return sys_openat(AT_FDCWD, path, flags, mode);
}

long sys_creat(const char *path, int mode)
{
	return sys_openat(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

long sys_close(unsigned int fd)
{
	return close_fd(current_files(), fd);
}

long sys_close_range(unsigned int fd, unsigned int max_fd, unsigned int flags)
{
	return close_range(fd, max_fd, flags);
}
