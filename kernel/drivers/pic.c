/*
 * kernel/drivers/pic.c - program the 8259A pair.
 *
 * The BIOS leaves IRQ 0-7 on vectors 8-15, on top of the CPU exceptions,
 * so pic_init() re-runs the initialisation sequence with new offsets.
 * ISA lines are edge-triggered.  An IRQ that goes away before the CPU's
 * acknowledge cycle shows up as IRQ 7 (or 15 on the slave) with nothing
 * in service; pic_ack() recognises it by reading the in-service register.
 */
#include "kernel/drivers/pic.h"
#include "kernel/cpu/io.h"

#define PIC1_CMD 0x20
#define PIC1_DATA 0x21
#define PIC2_CMD 0xA0
#define PIC2_DATA 0xA1

#define ICW1_INIT_ICW4 0x11	/* edge-triggered, cascade, ICW4 follows */
#define ICW4_8086 0x01
#define OCW3_READ_ISR 0x0B
#define PIC_EOI 0x20
#define CASCADE_IRQ 2

u32 pic_spurious_count;
static u16 irq_mask;	/* bit n set: IRQ n masked */

static void pic_write_mask(void)
{
	outb(PIC1_DATA, irq_mask & 0xFF);
	outb(PIC2_DATA, irq_mask >> 8);
}

void pic_init(void)
{
	outb(PIC1_CMD, ICW1_INIT_ICW4);
	io_delay();
	outb(PIC2_CMD, ICW1_INIT_ICW4);
	io_delay();
	outb(PIC1_DATA, 0x20);		/* ICW2: vector offsets */
	io_delay();
	outb(PIC2_DATA, 0x28);
	io_delay();
	outb(PIC1_DATA, 1 << CASCADE_IRQ);	/* ICW3: slave on IRQ 2 */
	io_delay();
	outb(PIC2_DATA, CASCADE_IRQ);		/* ICW3: slave identity */
	io_delay();
	outb(PIC1_DATA, ICW4_8086);
	io_delay();
	outb(PIC2_DATA, ICW4_8086);
	io_delay();
	irq_mask = 0xFFFF & ~(1 << CASCADE_IRQ);
	pic_write_mask();
}

void pic_enable_irq(int irq)
{
	u32 flags = irq_save();

	irq_mask &= ~(1 << irq);
	if (irq >= 8)
		irq_mask &= ~(1 << CASCADE_IRQ);
	pic_write_mask();
	irq_restore(flags);
}

void pic_disable_irq(int irq)
{
	u32 flags = irq_save();

	irq_mask |= 1 << irq;
	pic_write_mask();
	irq_restore(flags);
}

void pic_mask_all(void)
{
	u32 flags = irq_save();

	irq_mask = 0xFFFF;
	pic_write_mask();
	irq_restore(flags);
}

static bool in_service(u16 cmd_port, int bit)
{
	outb(cmd_port, OCW3_READ_ISR);
	return inb(cmd_port) & (1 << bit);
}

bool pic_ack(int irq)
{
	if (irq == 7 && !in_service(PIC1_CMD, 7)) {
		pic_spurious_count++;
		return false;
	}
	if (irq == 15 && !in_service(PIC2_CMD, 7)) {
		/* The master did see a real IRQ 2 from the slave. */
		outb(PIC1_CMD, PIC_EOI);
		pic_spurious_count++;
		return false;
	}
	if (irq >= 8)
		outb(PIC2_CMD, PIC_EOI);
	outb(PIC1_CMD, PIC_EOI);
	return true;
}

const struct irq_chip i8259A_chip = {
	.name = "XT-PIC",
	.unmask = pic_enable_irq,
	.mask = pic_disable_irq,
	.ack = pic_ack,
};
