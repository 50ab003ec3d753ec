/*
 * compat/futex.h - fast user-space mutexes: sleeping on a word of user
 * memory (futex(2), Linux's ops and numbers).
 *
 * User space does the locking with atomic instructions on the word and
 * calls the kernel only to sleep while the word still holds what it saw
 * (FUTEX_WAIT) or to wake sleepers after changing it (FUTEX_WAKE).  The
 * kernel keeps only the sleepers, hashed by the word's key
 * (get_futex_key in compat/futex.c).
 */
#ifndef COMPAT_FUTEX_H
#define COMPAT_FUTEX_H

#include "kernel/types.h"

struct task_struct;

#define FUTEX_WAIT		0
#define FUTEX_WAKE		1
#define FUTEX_FD		2
#define FUTEX_REQUEUE		3
#define FUTEX_CMP_REQUEUE	4
#define FUTEX_WAKE_OP		5
#define FUTEX_WAIT_BITSET	9
#define FUTEX_WAKE_BITSET	10
#define FUTEX_PRIVATE_FLAG	128
#define FUTEX_CLOCK_REALTIME	256
#define FUTEX_CMD_MASK		(~(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME))

#define FUTEX_BITSET_MATCH_ANY	0xffffffff

/* The owner word of a robust (or PI) futex. */
#define FUTEX_WAITERS		0x80000000
#define FUTEX_OWNER_DIED	0x40000000
#define FUTEX_TID_MASK		0x3fffffff

/* Wake up to nr sleepers on uaddr whose bitset meets bitset; how many
 * were woken, or -EFAULT/-EINVAL for a bad address. */
long futex_wake(u32 *uaddr, bool shared, int nr, u32 bitset);

/* Thread exit: mark t's robust futexes FUTEX_OWNER_DIED, wake a waiter. */
void exit_robust_list(struct task_struct *t);

#endif
