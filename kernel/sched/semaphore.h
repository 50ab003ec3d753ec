/*
 * kernel/sched/semaphore.h - counting semaphores, the sleeping lock.
 *
 * down() takes one unit, sleeping while the count is zero; up() returns
 * one and wakes a sleeper.  sema_init(s, 1) makes a mutex (i_shared_sem,
 * for example).  down_trylock() never sleeps and returns 0 when it got
 * the semaphore, 1 when it did not, as in Linux (so the rmap walks can
 * skip a busy mapping instead of sleeping).
 *
 * A semaphore made as a mutex (a count of 1) is a lock for the validator
 * (kernel/locking/lockdep.h), of the class of its sema_init line or, for
 * DECLARE_MUTEX, of its own; other counts are not locks and are not
 * checked.
 */
#ifndef KERNEL_SCHED_SEMAPHORE_H
#define KERNEL_SCHED_SEMAPHORE_H

#include "kernel/sched/wait.h"
#include "kernel/locking/lockdep.h"

struct semaphore {
	int count;		/* units available; never below zero */
	wait_queue_head_t wait;	/* tasks sleeping in down() */
	struct lockdep_map dep_map;
};

#define __SEMAPHORE_INITIALIZER(name, n)                         \
	{ (n), __WAIT_QUEUE_HEAD_INITIALIZER((name).wait),       \
	  STATIC_LOCKDEP_MAP_INIT((n) == 1 ? #name : NULL) }
#define DECLARE_MUTEX(name) \
	struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)

void __sema_init(struct semaphore *s, int count, const char *name,
		 struct lock_class_key *key);
#define sema_init(s, count)                                 \
	do {                                                \
		static struct lock_class_key __key;         \
		__sema_init((s), (count), #s, &__key);      \
	} while (0)
void down(struct semaphore *s);
/* 0 when acquired, 1 if it would have slept. */
int down_trylock(struct semaphore *s);
void up(struct semaphore *s);

#endif
