/*
 * kernel/sched/semaphore.c - counting semaphores (see kernel/sched/semaphore.h).
 *
 * The count is tested and changed with interrupts off, so an up() from an
 * interrupt handler is safe.  A woken down() re-tests the count: another
 * task may have taken the unit first, then it sleeps again.
 */
#include "kernel/sched/semaphore.h"
#include "kernel/cpu/io.h"

void __sema_init(struct semaphore *s, int count, const char *name,
		 struct lock_class_key *key)
{
	s->count = count;
	init_waitqueue_head(&s->wait);
	lockdep_init_map(&s->dep_map, count == 1 ? name : NULL, key);
}

static bool try_take(struct semaphore *s)
{
	u32 flags = irq_save();
	bool ok = s->count > 0;

	if (ok)
		s->count--;
	irq_restore(flags);
	return ok;
}

void down(struct semaphore *s)
{
	lock_acquire(&s->dep_map, 0, false, _RET_IP_);
	wait_event(s->wait, try_take(s));
}

int down_trylock(struct semaphore *s)
{
	if (!try_take(s))
		return 1;
	lock_acquire(&s->dep_map, 0, true, _RET_IP_);
	return 0;
}

void up(struct semaphore *s)
{
	u32 flags = irq_save();

	lock_release(&s->dep_map, _RET_IP_);
	s->count++;
	wake_up(&s->wait);
	irq_restore(flags);
}
