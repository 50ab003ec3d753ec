/*
 * kernel/drivers/pic_test.c - ktests for the 8259 driver: the mask
 * register reflects what was requested (when the 8259 has the IRQs, not
 * the I/O APIC), and an IRQ 7/15 with nothing in service is recognised as
 * spurious.
 */
#include "kernel/drivers/pic.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"

KTEST(pic_masks_follow_requests)
{
	u8 master = inb(0x21);
	const char *flow;
	int hwirq;

	if (irq_get_chip(0, &hwirq, &flow) != &i8259A_chip) {
		ktest_skip("the timer is on the I/O APIC");
		return;
	}
	KEXPECT_EQ(master & 0x01, 0);	/* IRQ 0: the timer, requested */
	KEXPECT_EQ(master & 0x04, 0);	/* IRQ 2: the cascade, always open */
	pic_disable_irq(0);
	KEXPECT_EQ(inb(0x21) & 0x01, 0x01);
	pic_enable_irq(0);
	KEXPECT_EQ(inb(0x21), master);
}

KTEST(pic_spurious_irq_is_not_acked)
{
	u32 flags = irq_save();
	u32 before = pic_spurious_count;

	/* Outside an interrupt nothing is in service, so both look spurious. */
	KEXPECT_FALSE(pic_ack(7));
	KEXPECT_FALSE(pic_ack(15));
	KEXPECT_EQ(pic_spurious_count - before, 2);
	irq_restore(flags);
}
