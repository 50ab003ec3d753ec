/*
 * fs/file.h - struct file, an open file description, and its operations.
 *
 * open() makes one struct file; dup() and fork() share it (f_count), so
 * descriptors that came from one open share f_pos and f_flags, as POSIX
 * says.  The last fput() calls f_op->release and drops the (mnt, inode).
 *
 * Buffers passed to file operations are kernel memory: the system call
 * layer (fs/sys_rw.c) copies user data through a kernel page, so no file
 * system takes a user page fault while it holds a lock.
 */
#ifndef FS_FILE_H
#define FS_FILE_H

#include "fs/mount.h"
#include "fs/stat.h"
#include "kernel/lib/errseq.h"
#include "kernel/list.h"
#include "kernel/types.h"
#include "mm/vm/readahead.h"

struct file;
struct dir_context;
struct vm_area_struct;

/* filldir: one directory entry; returns false when the buffer is full. */
typedef bool (*filldir_t)(struct dir_context *ctx, const char *name,
			  int len, u64 ino, unsigned int d_type);

struct dir_context {
	filldir_t actor;
	loff_t pos;	/* the file system advances it past each entry */
};

/* d_type values of struct linux_dirent64. */
#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12

static inline unsigned int mode_to_dtype(umode_t mode)
{
	return (mode & S_IFMT) >> 12;
}

/* poll(2) events */
#define POLLIN 0x0001
#define POLLPRI 0x0002
#define POLLOUT 0x0004
#define POLLERR 0x0008
#define POLLHUP 0x0010
#define POLLNVAL 0x0020
#define POLLRDNORM 0x0040
#define POLLWRNORM 0x0100

struct wait_queue_head;

struct file_operations {
	int (*open)(struct inode *inode, struct file *file);
	ssize_t (*read)(struct file *file, char *buf, size_t n, loff_t *pos);
	ssize_t (*write)(struct file *file, const char *buf, size_t n,
			 loff_t *pos);
	/* NULL: default_llseek (SEEK_SET/CUR/END against i_size). */
	loff_t (*llseek)(struct file *file, loff_t off, int whence);
	int (*readdir)(struct file *file, struct dir_context *ctx);
	/* arg is a user pointer or value; the driver copies as it needs. */
	int (*ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
	/*
	 * Events ready now (POLLIN, POLLOUT ...); when wq is non-NULL also
	 * the queue a poller sleeps on until that may change.
	 */
	unsigned int (*poll)(struct file *file, struct wait_queue_head **wq);
	/*
	 * NULL: mmap gives the file's VMAs generic_file_vm_ops.  Else called
	 * for a new VMA before it is linked, to set vm_ops of its own (a
	 * SysV shared memory attach, ipc/shm.c); -errno fails the mmap.
	 */
	int (*mmap)(struct file *file, struct vm_area_struct *vma);
	void (*release)(struct inode *inode, struct file *file);
	/* fallocate(2) after the VFS's checks (fs/fallocate.c); NULL:
	 * -EOPNOTSUPP. */
	long (*fallocate)(struct file *file, int mode, loff_t offset,
			  loff_t len);
	/* fsync(2) and fdatasync(2) (fs/sync.c): the file's data, and with
	 * !datasync its inode, on the disk; 0 or -EIO.  NULL: see sync.c. */
	int (*fsync)(struct file *file, bool datasync);
};

#define FMODE_READ 1
#define FMODE_WRITE 2
/* O_PATH: a handle on the name only; no read, write or driver open. */
#define FMODE_PATH 4

struct file {
	unsigned int f_count;
	unsigned int f_flags;	/* O_* as given to open, minus O_CLOEXEC */
	unsigned int f_mode;	/* FMODE_READ | FMODE_WRITE */
	loff_t f_pos;
	struct path f_path;	/* holds a mount and an inode reference */
	struct inode *f_inode;	/* == f_path.inode */
	struct address_space *f_mapping;	/* == f_inode->i_mapping */
	const struct file_operations *f_op;
	void *private_data;	/* the driver's */
	const char *f_anon_name; /* an anonymous file's "[eventfd]", else NULL */
	struct file_ra_state f_ra;	/* this opener's readahead window */
	errseq_t f_sb_err;	/* i_sb->s_wb_err when syncfs last looked */
	/* The epoll items watching this file (compat/eventpoll.c); the last
	 * fput takes it out of every epoll set before it is released. */
	struct list_head f_ep_links;
};

void file_cache_init(void);
/* A file open on path with these O_* flags, f_count 1; takes path refs. */
struct file *alloc_file(struct path *path, unsigned int flags,
			const struct file_operations *fop);
struct file *get_file(struct file *file);
void fput(struct file *file);

#endif
