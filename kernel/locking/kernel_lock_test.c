/*
 * kernel/locking/kernel_lock_test.c - whose turn it is to take the big
 * kernel lock.
 *
 * The rule (kernel_lock.c) is tried on made-up waiters, since on real
 * CPUs which waiter is halted at the moment of a release is up to the
 * host: the oldest ticket goes first, a halted waiter's turn passes to
 * the CPUs waiting awake until it wakes, a CPU whose ticket is 0 waits no
 * more, and tickets compare across the count's wrap.  That the lock gets
 * through under load, halted waiters and all, is what every smp boot's
 * suite shows (and user/tests/kernel_wait.c, which makes CPUs halt).
 */
#include "kernel/ktest.h"
#include "kernel/locking/kernel_lock.h"

KTEST(bkl_oldest_ticket_goes_first)
{
	u32 tickets[4] = { 7, 5, 9, 0 };

	KEXPECT_FALSE(ticket_is_oldest(7, 0x6, 0, tickets));
	KEXPECT_TRUE(ticket_is_oldest(5, 0x5, 0, tickets));
	KEXPECT_FALSE(ticket_is_oldest(9, 0x3, 0, tickets));
	KEXPECT_TRUE(ticket_is_oldest(7, 0, 0, tickets));
}

KTEST(bkl_halted_waiter_passes_its_turn)
{
	u32 tickets[4] = { 7, 5, 9, 0 };

	/* CPU 1 (ticket 5) halted: CPU 0 (7) goes before CPU 2 (9). */
	KEXPECT_TRUE(ticket_is_oldest(7, 0x6, 0x2, tickets));
	KEXPECT_FALSE(ticket_is_oldest(9, 0x3, 0x2, tickets));
	/* Every other waiter halted: the only one awake goes. */
	KEXPECT_TRUE(ticket_is_oldest(9, 0x3, 0x3, tickets));
}

KTEST(bkl_spent_ticket_waits_no_more)
{
	u32 tickets[4] = { 7, 0, 9, 0 };

	KEXPECT_TRUE(ticket_is_oldest(7, 0x6, 0, tickets));
	KEXPECT_TRUE(ticket_is_oldest(9, 0x8, 0, tickets));
}

KTEST(bkl_tickets_compare_across_the_wrap)
{
	u32 tickets[4] = { 0xfffffffeu, 1, 0, 0 };

	KEXPECT_TRUE(ticket_is_oldest(0xfffffffeu, 0x2, 0, tickets));
	KEXPECT_FALSE(ticket_is_oldest(1, 0x1, 0, tickets));
}
