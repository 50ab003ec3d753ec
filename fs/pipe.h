/*
 * fs/pipe.h - pipes and FIFOs.
 *
 * One page of buffer, a ring, with the counts of open readers and writers.
 * Readers sleep while it is empty and a writer exists; writers sleep while
 * it is full and a reader exists.  A read with no writers left returns 0
 * (end of file); a write with no readers left gets SIGPIPE and -EPIPE.
 * Writes of at most PIPE_BUF bytes are atomic.  Anonymous pipes (pipe(2))
 * live on an internal pipefs inode; FIFOs are inodes of their own file
 * system opened through fifo_fops.
 */
#ifndef FS_PIPE_H
#define FS_PIPE_H

#include "fs/file.h"
#include "kernel/wait.h"

#define PIPE_BUF 4096

struct pipe_inode_info {
	wait_queue_head_t wait;	/* readers, writers and pollers */
	char *buf;	/* PIPE_BUF bytes */
	unsigned int start, len;	/* ring: data at buf[start..start+len) */
	unsigned int readers, writers;
	unsigned int r_counter, w_counter;	/* opens so far, for FIFOs */
};

extern const struct file_operations fifo_fops;

void pipe_init(void);
/* The two ends of a new pipe: res[0] reads, res[1] writes. */
int do_pipe(struct file **res, int flags);
/* Free an inode's pipe (when the inode is destroyed). */
void free_pipe_info(struct inode *inode);
/* An anonymous pipe's inode (named "pipe:[ino]" in /proc/PID/fd). */
bool is_pipefs_inode(struct inode *inode);

#endif
