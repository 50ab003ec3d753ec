/*
 * kernel/smp/io_apic_test.c - ktests for the I/O APIC's routing: every ISA
 * IRQ's redirection entry read back, each IRQ's chip, the 8259 masked,
 * mask and unmask, and the timer check both ways.  Without an I/O APIC in
 * use (a 486, noapic, nosmp) the ones about it skip.
 */
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/drivers/pic.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/io_apic.h"
#include "kernel/smp/percpu.h"
#include "kernel/time/delay.h"

static bool need_io_apic(void)
{
	if (io_apic_in_use)
		return true;
	ktest_skip("IRQs on the 8259");
	return false;
}

static u32 entry_low(int apic, int pin)
{
	return io_apic_read(apic, IO_APIC_REDTBL(pin));
}

KTEST(io_apic_isa_entries_read_back)
{
	int irq, apic, pin, routed = 0;
	u32 low, high, pins_seen[NR_IRQS];
	u16 flags;

	if (!need_io_apic())
		return;
	for (irq = 0; irq < NR_IRQS; irq++) {
		if (!isa_irq_route(irq, &apic, &pin, &flags))
			continue;
		low = entry_low(apic, pin);
		high = io_apic_read(apic, IO_APIC_REDTBL(pin) + 1);
		KEXPECT_EQ(low & 0xFF, IRQ_BASE + irq);
		KEXPECT_EQ(low & IO_APIC_DM_MASK, 0); /* fixed */
		KEXPECT_EQ(low & IO_APIC_DEST_LOGICAL, 0);
		KEXPECT_EQ(IO_APIC_DEST(high), cpu_area(0)->apicid);
		KEXPECT_EQ(!!(low & IO_APIC_ACTIVE_LOW),
			   (flags & MP_IRQPOL_MASK) == MP_IRQPOL_ACTIVE_LOW);
		KEXPECT_EQ(!!(low & IO_APIC_LEVEL),
			   (flags & MP_IRQTRIG_MASK) == MP_IRQTRIG_LEVEL);
		/* Open exactly when a driver asked for the IRQ. */
		KEXPECT_EQ(!!(low & IO_APIC_MASKED), irq_name(irq) == NULL);
		pins_seen[routed++] = (u32)apic << 8 | pin;
	}
	/* Every ISA IRQ but the cascade, each on a pin of its own. */
	KEXPECT_EQ(routed, NR_IRQS - 1);
	for (irq = 0; irq < routed; irq++)
		for (apic = irq + 1; apic < routed; apic++)
			KEXPECT_NE(pins_seen[irq], pins_seen[apic]);
	KEXPECT_FALSE(isa_irq_route(2, &apic, &pin, &flags));
}

KTEST(io_apic_each_irq_has_the_chip_in_use)
{
	int irq, hwirq, apic, pin;
	const char *flow;
	const struct irq_chip *chip;
	u16 flags;

	for (irq = 0; irq < NR_IRQS; irq++) {
		if (!irq_name(irq))
			continue;
		chip = irq_get_chip(irq, &hwirq, &flow);
		if (io_apic_in_use && isa_irq_route(irq, &apic, &pin, &flags)) {
			KEXPECT_STREQ(chip->name, "IO-APIC");
			KEXPECT_EQ(hwirq, pin);
		} else {
			KEXPECT_TRUE(chip == &i8259A_chip);
			KEXPECT_EQ(hwirq, irq);
		}
	}
	KEXPECT_TRUE(irq_name(0) != NULL);
}

KTEST(io_apic_masks_the_8259_and_lint0)
{
	if (!need_io_apic())
		return;
	KEXPECT_EQ(inb(0x21), 0xFF);
	KEXPECT_EQ(inb(0xA1), 0xFF);
	KEXPECT_TRUE(apic_read(APIC_LVT0) & APIC_LVT_MASKED);
}

KTEST(io_apic_mask_and_unmask_reach_the_entry)
{
	int irq, hwirq, apic, pin;
	const struct irq_chip *chip;
	const char *flow;
	u16 flags;
	u32 f;

	if (!need_io_apic())
		return;
	for (irq = 1; irq < NR_IRQS; irq++)
		if (irq_name(irq) && isa_irq_route(irq, &apic, &pin, &flags))
			break;
	if (!KEXPECT_LT(irq, NR_IRQS))
		return;
	chip = irq_get_chip(irq, &hwirq, &flow);
	f = irq_save();
	KEXPECT_EQ(entry_low(apic, pin) & IO_APIC_MASKED, 0);
	chip->mask(irq);
	KEXPECT_EQ(entry_low(apic, pin) & IO_APIC_MASKED, IO_APIC_MASKED);
	KEXPECT_EQ(entry_low(apic, pin) & 0xFF, IRQ_BASE + irq);
	chip->unmask(irq);
	KEXPECT_EQ(entry_low(apic, pin) & IO_APIC_MASKED, 0);
	irq_restore(f);
}

/* Two ticks are lost to the masked half. */
KTEST(io_apic_timer_check_sees_ticks_only_through_an_open_pin)
{
	int hwirq;
	const char *flow;
	const struct irq_chip *chip = irq_get_chip(0, &hwirq, &flow);
	u32 f;

	if (!need_io_apic())
		return;
	chip->mask(0);
	mdelay(1); /* a tick already on its way is taken here */
	f = irq_save();
	KEXPECT_FALSE(timer_irq_works());
	chip->unmask(0);
	KEXPECT_TRUE(timer_irq_works());
	irq_restore(f);
}
