/*
 * kernel/process/resource.h - resource limits (getrlimit/setrlimit).
 *
 * A limit is a pair: the soft value the kernel checks, and the hard
 * ceiling a process without privilege may lower but never raise.  They
 * belong to the process (the thread group), so they live in its
 * signal_struct beside the other things its threads share: a setrlimit in
 * one thread holds for all of them, and fork copies them to the child.
 * The checks read them through rlimit() (kernel/process/task.h).
 */
#ifndef KERNEL_PROCESS_RESOURCE_H
#define KERNEL_PROCESS_RESOURCE_H

/* Linux's numbers. */
#define RLIMIT_CPU	0
#define RLIMIT_FSIZE	1
#define RLIMIT_DATA	2
#define RLIMIT_STACK	3
#define RLIMIT_CORE	4
#define RLIMIT_RSS	5
#define RLIMIT_NPROC	6
#define RLIMIT_NOFILE	7
#define RLIMIT_MEMLOCK	8
#define RLIMIT_AS	9
#define RLIMIT_SIGPENDING 11
#define RLIMIT_NICE	13
#define RLIMIT_RTPRIO	14
#define RLIM_NLIMITS	16
#define RLIM_INFINITY	(~0UL)
/* The limits a process starts with where they are not infinite (Linux's). */
#define _STK_LIM	(8UL << 20)	/* RLIMIT_STACK soft: 8 MiB */
#define MLOCK_LIMIT	(8UL << 20)	/* RLIMIT_MEMLOCK: 8 MiB */
#define INR_OPEN_CUR	1024		/* RLIMIT_NOFILE soft */
#define INR_OPEN_MAX	4096		/* RLIMIT_NOFILE hard */
/* Linux's fs.nr_open: no RLIMIT_NOFILE may be set above it. */
#define NR_OPEN		(1024 * 1024)

struct rlimit {
	unsigned long rlim_cur;
	unsigned long rlim_max;
};

#endif
