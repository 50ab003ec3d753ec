/*
 * kernel/sched/semaphore.c - counting semaphores (see kernel/sched/semaphore.h).
 *
 * The count is tested and changed with interrupts off, so an up() from an
 * interrupt handler is safe.  A woken down() re-tests the count: another
 * task may have taken the unit first, then it sleeps again.
 */
#include "kernel/sched/semaphore.h"
#include "kernel/cpu/io.h"

void sema_init(struct semaphore *s, int count)
{
	s->count = count;
	init_waitqueue_head(&s->wait);
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
	wait_event(s->wait, try_take(s));
}

int down_trylock(struct semaphore *s)
{
	return try_take(s) ? 0 : 1;
}

void up(struct semaphore *s)
{
	u32 flags = irq_save();

	s->count++;
	wake_up(&s->wait);
	irq_restore(flags);
}
