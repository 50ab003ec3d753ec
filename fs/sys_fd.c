/*
 * fs/sys_fd.c - descriptor calls: dup, dup2, dup3, fcntl, fcntl64, ioctl,
 * pipe.  fcntl's record locks are in compat/locks.c.
 */
#include "fs/syscalls.h"
#include "compat/locks.h"
#include "compat/memfd.h"
#include "fs/pipe.h"
#include "fs/sys_util.h"
#include "kernel/drivers/tty/termios.h"
#include "kernel/errno.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"

/* Flags F_SETFL may change, as Linux. */
#define SETFL_MASK (O_APPEND | O_NONBLOCK | O_NOATIME | O_DIRECT)

static long dup_to(struct file *f, int start, bool cloexec)
{
	struct files_struct *files = current_files();
	int fd = get_unused_fd(files, start);

	if (fd < 0) {
		fput(f);
		return fd;
	}
	fd_install(files, fd, f, cloexec);
	return fd;
}

long sys_dup(unsigned int oldfd)
{
	struct file *f = fget_current_raw(oldfd);

	if (!f)
		return -EBADF;
	return dup_to(f, 0, false);
}

long sys_dup3(unsigned int oldfd, unsigned int newfd, int flags)
{
	struct files_struct *files = current_files();
	struct file *f;
	int fd;

	if (flags & ~O_CLOEXEC)
		return -EINVAL;
	if (oldfd == newfd)
		return -EINVAL;
	if (newfd >= rlimit(RLIMIT_NOFILE))
		return -EBADF;
	f = fget_current_raw(oldfd);
	if (!f)
		return -EBADF;
	/* Make sure the table reaches newfd, then replace what is there. */
	fd = get_unused_fd(files, newfd);
	if (fd < 0 && fd != -EMFILE) {
		fput(f);
		return fd;
	}
	close_fd(files, newfd);
	fd_install(files, newfd, f, flags & O_CLOEXEC);
	return newfd;
}

long sys_dup2(unsigned int oldfd, unsigned int newfd)
{
	struct file *f;

	if (oldfd == newfd) {
		f = fget_current_raw(oldfd);
		if (!f)
			return -EBADF;
		fput(f);
		return newfd;
	}
	return sys_dup3(oldfd, newfd, 0);
}

/* The commands an O_PATH descriptor takes (Linux's check_fcntl_cmd). */
static bool path_fcntl_cmd(unsigned int cmd)
{
	return cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC || cmd == F_GETFD ||
	       cmd == F_SETFD || cmd == F_GETFL;
}

long sys_fcntl64(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct files_struct *files = current_files();
	struct file *f = fget_current_raw(fd);
	long ret = 0;

	if (!f)
		return -EBADF;
	if ((f->f_mode & FMODE_PATH) && !path_fcntl_cmd(cmd)) {
		fput(f);
		return -EBADF;
	}
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		if (arg >= rlimit(RLIMIT_NOFILE)) {
			ret = -EINVAL;
			break;
		}
		return dup_to(f, arg, cmd == F_DUPFD_CLOEXEC);
	case F_GETFD:
		ret = files->close_on_exec[fd] ? FD_CLOEXEC : 0;
		break;
	case F_SETFD:
		files->close_on_exec[fd] = arg & FD_CLOEXEC;
		break;
	case F_GETFL:
		ret = f->f_flags;
		break;
	case F_SETFL:
		f->f_flags = (f->f_flags & ~SETFL_MASK) | (arg & SETFL_MASK);
		break;
	case F_GETLK:
	case F_SETLK:
	case F_SETLKW:
	case F_GETLK64:
	case F_SETLK64:
	case F_SETLKW64:
	case F_OFD_GETLK:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
		ret = fcntl_lock(f, cmd, arg);
		break;
	case F_SETPIPE_SZ:
	case F_GETPIPE_SZ:
		ret = pipe_fcntl(f, cmd, arg);
		break;
	case F_ADD_SEALS:
	case F_GET_SEALS:
		ret = memfd_fcntl(f, cmd, arg);
		break;
	default:
		ret = -EINVAL;
	}
	fput(f);
	return ret;
}


/* fcntl (55) is fcntl64 without the commands that take a struct flock64
 * (the F_OFD_* ones too), as on Linux, where on 32-bit machines only
 * fcntl64 knows them. */
long sys_fcntl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	if (cmd == F_GETLK64 || cmd == F_SETLK64 || cmd == F_SETLKW64 ||
	    cmd == F_OFD_GETLK || cmd == F_OFD_SETLK || cmd == F_OFD_SETLKW) {
		struct file *f = fget_current(fd);

		if (!f)
			return -EBADF;
		fput(f);
		return -EINVAL;
	}
	return sys_fcntl64(fd, cmd, arg);
}

#define FIOCLEX 0x5451
#define FIONCLEX 0x5450

long sys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct files_struct *files = current_files();
	struct file *f = fget_current(fd);
	long ret = 0;
	int on;

	if (!f)
		return -EBADF;
	switch (cmd) {
	case FIOCLEX:
	case FIONCLEX:
		files->close_on_exec[fd] = cmd == FIOCLEX;
		break;
	case FIONBIO:
		if (get_user(on, (int *)arg)) {
			ret = -EFAULT;
			break;
		}
		if (on)
			f->f_flags |= O_NONBLOCK;
		else
			f->f_flags &= ~O_NONBLOCK;
		break;
	default:
		ret = vfs_ioctl(f, cmd, arg);
	}
	fput(f);
	return ret;
}

long sys_pipe2(int *ufds, int flags)
{
	struct files_struct *files = current_files();
	struct file *f[2];
	int fds[2], err;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	err = do_pipe(f, flags);
	if (err)
		return err;
	fds[0] = get_unused_fd(files, 0);
	if (fds[0] >= 0)
		fd_install(files, fds[0], f[0], flags & O_CLOEXEC);
	fds[1] = fds[0] < 0 ? fds[0] : get_unused_fd(files, 0);
	if (fds[1] < 0) {
		err = fds[1];
		if (fds[0] >= 0)
			close_fd(files, fds[0]);
		else
			fput(f[0]);
		fput(f[1]);
		return err;
	}
	fd_install(files, fds[1], f[1], flags & O_CLOEXEC);
	if (copy_to_user(ufds, fds, sizeof(fds))) {
		close_fd(files, fds[0]);
		close_fd(files, fds[1]);
		return -EFAULT;
	}
	return 0;
}

long sys_pipe(int *fds)
{
	return sys_pipe2(fds, 0);
}
