/*
 * fs/pipe.h - pipes and FIFOs.
 *
 * A ring of bytes over nr_pages pages (16, 64 KiB, as Linux's default;
 * F_SETPIPE_SZ changes it), with the counts of open readers and writers.
 * The first page is allocated with the pipe, the others when a write
 * reaches them; a page the reader has left, and every page but the first
 * when the pipe empties, goes back.  Readers sleep while it is empty and a
 * writer exists; writers sleep while it is full and a reader exists.  A read with no writers left returns 0
 * (end of file); a write with no readers left gets SIGPIPE and -EPIPE.
 * Writes of at most PIPE_BUF bytes are atomic.  Anonymous pipes (pipe(2))
 * live on an internal pipefs inode; FIFOs are inodes of their own file
 * system opened through fifo_fops.
 */
#ifndef FS_PIPE_H
#define FS_PIPE_H

#include "fs/file.h"
#include "kernel/sched/wait.h"

struct page;

#define PIPE_BUF 4096
#define PIPE_DEF_PAGES 16
/* /proc/sys/fs/pipe-max-size: the largest F_SETPIPE_SZ without privilege. */
extern unsigned int pipe_max_size;

struct pipe_inode_info {
	wait_queue_head_t wait;	/* readers, writers and pollers */
	/* nr_pages pages, NULL where none is needed; they may be high:
	 * reached through kmap (mm/phys/highmem.h) */
	struct page **bufs;
	unsigned int nr_pages;
	/* The data: ring bytes [start, start + len) modulo the capacity,
	 * byte i in bufs[i / PAGE_SIZE]; start is 0 whenever len is. */
	unsigned int start, len;
	unsigned int readers, writers;
	unsigned int r_counter, w_counter;	/* opens so far, for FIFOs */
};

extern const struct file_operations fifo_fops;

void pipe_init(void);
/* The two ends of a new pipe: res[0] reads, res[1] writes. */
int do_pipe(struct file **res, int flags);
/* Free an inode's pipe (when the inode is destroyed). */
void free_pipe_info(struct inode *inode);
/* Linux's round_pipe_size: at least a page, a power of two, 0 past 2 GiB. */
unsigned long round_pipe_size(unsigned long size);
/* fcntl's F_GETPIPE_SZ and F_SETPIPE_SZ; -EBADF for a file not a pipe. */
long pipe_fcntl(struct file *file, unsigned int cmd, unsigned long arg);
/* An anonymous pipe's inode (named "pipe:[ino]" in /proc/PID/fd). */
bool is_pipefs_inode(struct inode *inode);

#endif
