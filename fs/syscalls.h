/*
 * fs/syscalls.h - the file system calls fs/ provides for the system call
 * table (kernel/syscalls.def).  Arguments are the Linux i386 ones; a
 * 64-bit offset arrives as two 32-bit halves, low first.  Pointer
 * arguments are user addresses.
 */
#ifndef FS_SYSCALLS_H
#define FS_SYSCALLS_H

#include "fs/stat.h"

struct iovec;
struct pollfd;
struct file;

/* fs/sys_open.c */
long sys_open(const char *path, int flags, int mode);
long sys_openat(int dfd, const char *path, int flags, int mode);
long sys_creat(const char *path, int mode);
long sys_close(unsigned int fd);
long sys_close_range(unsigned int fd, unsigned int max_fd,
		     unsigned int flags);
/* fs/sys_fd.c */
long sys_dup(unsigned int fd);
long sys_dup2(unsigned int oldfd, unsigned int newfd);
long sys_dup3(unsigned int oldfd, unsigned int newfd, int flags);
long sys_fcntl(unsigned int fd, unsigned int cmd, unsigned long arg);
long sys_fcntl64(unsigned int fd, unsigned int cmd, unsigned long arg);
long sys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);
long sys_pipe(int *fds);
long sys_pipe2(int *fds, int flags);
/* fs/sync.c */
long sys_sync(void);
long sys_fsync(unsigned int fd);
long sys_fdatasync(unsigned int fd);
/* fsync of an open file (f_op->fsync, or the in-memory answers). */
int vfs_fsync(struct file *file, bool datasync);
long sys_syncfs(int fd);
/* fs/fallocate.c */
long sys_fallocate(int fd, int mode, u32 off_lo, u32 off_hi, u32 len_lo,
		   u32 len_hi);
/* fs/sys_rw.c */
long sys_read(unsigned int fd, char *buf, size_t count);
long sys_write(unsigned int fd, const char *buf, size_t count);
long sys_readv(unsigned int fd, const struct iovec *iov, int iovcnt);
long sys_writev(unsigned int fd, const struct iovec *iov, int iovcnt);
long sys_preadv(unsigned int fd, const struct iovec *iov, int iovcnt,
		u32 pos_lo, u32 pos_hi);
long sys_pwritev(unsigned int fd, const struct iovec *iov, int iovcnt,
		 u32 pos_lo, u32 pos_hi);
long sys_preadv2(unsigned int fd, const struct iovec *iov, int iovcnt,
		 u32 pos_lo, u32 pos_hi, int flags);
long sys_pwritev2(unsigned int fd, const struct iovec *iov, int iovcnt,
		  u32 pos_lo, u32 pos_hi, int flags);
long sys_pread64(unsigned int fd, char *buf, size_t count, u32 pos_lo,
		 u32 pos_hi);
long sys_pwrite64(unsigned int fd, const char *buf, size_t count,
		  u32 pos_lo, u32 pos_hi);
long sys_sendfile(unsigned int out_fd, unsigned int in_fd, long *offset,
		  size_t count);
long sys_sendfile64(unsigned int out_fd, unsigned int in_fd, loff_t *offset,
		    size_t count);
long sys_copy_file_range(unsigned int fd_in, loff_t *off_in,
			 unsigned int fd_out, loff_t *off_out, size_t len,
			 unsigned int flags);
long sys_lseek(unsigned int fd, long offset, unsigned int whence);
long sys_llseek(unsigned int fd, u32 off_hi, u32 off_lo, loff_t *result,
		unsigned int whence);
/* fs/sys_stat.c */
long sys_stat64(const char *path, struct stat64 *st);
long sys_lstat64(const char *path, struct stat64 *st);
long sys_fstat64(unsigned int fd, struct stat64 *st);
long sys_fstatat64(int dfd, const char *path, struct stat64 *st, int flag);
long sys_statx(int dfd, const char *path, int flags, unsigned int mask,
	       void *buf);
long sys_access(const char *path, int mode);
long sys_faccessat(int dfd, const char *path, int mode);
long sys_faccessat2(int dfd, const char *path, int mode, int flags);
long sys_readlink(const char *path, char *buf, int size);
long sys_readlinkat(int dfd, const char *path, char *buf, int size);
long sys_getdents64(unsigned int fd, void *dirent, unsigned int count);
/* fs/sys_namei.c */
long sys_mkdir(const char *path, int mode);
long sys_mkdirat(int dfd, const char *path, int mode);
long sys_mknod(const char *path, int mode, unsigned int dev);
long sys_mknodat(int dfd, const char *path, int mode, unsigned int dev);
long sys_rmdir(const char *path);
long sys_unlink(const char *path);
long sys_unlinkat(int dfd, const char *path, int flag);
long sys_rename(const char *oldpath, const char *newpath);
long sys_renameat(int olddfd, const char *oldpath, int newdfd,
		  const char *newpath);
long sys_renameat2(int olddfd, const char *oldpath, int newdfd,
		   const char *newpath, unsigned int flags);
long sys_link(const char *oldpath, const char *newpath);
long sys_linkat(int olddfd, const char *oldpath, int newdfd,
		const char *newpath, int flags);
long sys_symlink(const char *target, const char *linkpath);
long sys_symlinkat(const char *target, int newdfd, const char *linkpath);
/* fs/sys_attr.c */
long sys_chmod(const char *path, int mode);
long sys_fchmod(unsigned int fd, int mode);
long sys_fchmodat(int dfd, const char *path, int mode);
long sys_chown32(const char *path, u32 uid, u32 gid);
long sys_lchown32(const char *path, u32 uid, u32 gid);
long sys_fchown32(unsigned int fd, u32 uid, u32 gid);
long sys_fchownat(int dfd, const char *path, u32 uid, u32 gid, int flag);
long sys_truncate(const char *path, long length);
long sys_ftruncate(unsigned int fd, long length);
long sys_truncate64(const char *path, u32 len_lo, u32 len_hi);
long sys_ftruncate64(unsigned int fd, u32 len_lo, u32 len_hi);
long sys_utimensat(int dfd, const char *path, const void *times, int flags);
long sys_utime(const char *path, const s32 *utimbuf);
struct old_timeval32;
long sys_futimesat(int dfd, const char *path, const struct old_timeval32 *tv);
long sys_utimes(const char *path, const struct old_timeval32 *tv);
long sys_utimensat_time64(int dfd, const char *path, const void *times,
			  int flags);
long sys_umask(int mask);
/* fs/sys_dir.c */
long sys_chdir(const char *path);
long sys_fchdir(unsigned int fd);
long sys_chroot(const char *path);
long sys_getcwd(char *buf, unsigned long size);
long sys_mount(const char *dev, const char *dir, const char *type,
	       unsigned long flags, const void *data);
long sys_umount(const char *dir);
long sys_umount2(const char *dir, int flags);
/* fs/sys_poll.c */
struct timespec64;
struct old_timespec32;
struct old_timeval32;
long sys_poll(struct pollfd *fds, unsigned int nfds, int timeout_ms);
struct sigset_argpack;
long sys_ppoll(struct pollfd *fds, unsigned int nfds,
	       struct old_timespec32 *ts, const u64 *sigmask,
	       size_t sigsetsize);
long sys_ppoll_time64(struct pollfd *fds, unsigned int nfds,
		      struct timespec64 *ts, const u64 *sigmask,
		      size_t sigsetsize);
/* _newselect (142) */
long sys_select(int n, u32 *inp, u32 *outp, u32 *exp,
		struct old_timeval32 *tv);
/* pselect6 (308) and pselect6_time64 (413): one body, two time layouts */
long sys_pselect6(int n, u32 *inp, u32 *outp, u32 *exp,
		  struct old_timespec32 *ts,
		  const struct sigset_argpack *sig);
long sys_pselect6_time64(int n, u32 *inp, u32 *outp, u32 *exp,
			 struct timespec64 *ts,
			 const struct sigset_argpack *sig);

/* compat/eventpoll.c */
struct epoll_event;
long sys_epoll_create(int size);
long sys_epoll_create1(int flags);
long sys_epoll_ctl(int epfd, int op, int fd, const struct epoll_event *ev);
long sys_epoll_wait(int epfd, struct epoll_event *events, int maxevents,
		    int timeout);
long sys_epoll_pwait(int epfd, struct epoll_event *events, int maxevents,
		     int timeout, const u64 *sigmask, u32 sigsetsize);
long sys_epoll_pwait2(int epfd, struct epoll_event *events, int maxevents,
		      const struct timespec64 *timeout, const u64 *sigmask,
		      u32 sigsetsize);

/* fs/statfs.c */
struct statfs;
struct statfs64;
long sys_statfs(const char *path, struct statfs *buf);
long sys_fstatfs(unsigned int fd, struct statfs *buf);
long sys_statfs64(const char *path, size_t size, struct statfs64 *buf);
long sys_fstatfs64(unsigned int fd, size_t size, struct statfs64 *buf);

/* compat/xattr.c */
long sys_setxattr(const char *path, const char *name, const void *value,
		  size_t size, int flags);
long sys_lsetxattr(const char *path, const char *name, const void *value,
		   size_t size, int flags);
long sys_fsetxattr(int fd, const char *name, const void *value, size_t size,
		   int flags);
long sys_getxattr(const char *path, const char *name, void *value,
		  size_t size);
long sys_lgetxattr(const char *path, const char *name, void *value,
		   size_t size);
long sys_fgetxattr(int fd, const char *name, void *value, size_t size);
long sys_listxattr(const char *path, char *list, size_t size);
long sys_llistxattr(const char *path, char *list, size_t size);
long sys_flistxattr(int fd, char *list, size_t size);
long sys_removexattr(const char *path, const char *name);
long sys_lremovexattr(const char *path, const char *name);
long sys_fremovexattr(int fd, const char *name);

#endif
